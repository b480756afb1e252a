#pragma once
// The ground a body stands on, asked point by point: no motion assumes a flat floor. The world answers
// the height and normal under any (x, z) in world space (terrain, platform tops); no ground given means
// the flat ground y = 0.
#include <glm/glm.hpp>

namespace cf {

struct GroundPoint {
  float y = 0.0f;                       // world height, metres
  glm::vec3 normal{0.0f, 1.0f, 0.0f};  // unit, pointing up out of the ground
};

class Ground {
 public:
  virtual ~Ground() = default;
  virtual GroundPoint at(float x, float z) const = 0;
  // True when the ground is one level plane everywhere (then the motions' own floors hold, as they did
  // before the ground could have height, and flat-ground runs compute what they always have).
  virtual bool flat() const { return false; }
};

// The height under (x, z): 0 when there is no ground to ask (the flat ground).
inline float ground_height(const Ground* g, float x, float z) { return g ? g->at(x, z).y : 0.0f; }

}  // namespace cf
