#pragma once
// The level's ground as every motion asks for it: the terrain's height and normal under a point, or a
// platform's top when one is under it and higher, else the flat ground. Holds a pointer to the level:
// made on the stack where it is needed, it allocates nothing.
#include "math/ground.h"
#include "world/level.h"

namespace cf {

class LevelGround final : public Ground {
 public:
  explicit LevelGround(const Level* level) : level_(level) {}  // null: the flat ground y = 0
  GroundPoint at(float x, float z) const override;
  bool flat() const override { return !level_ || (!level_->terrain.present() && level_->platforms.empty()); }

 private:
  const Level* level_;
};

// The terrain alone at (x, z); false outside its grid (then *out is untouched).
bool terrain_at(const Terrain& terrain, float x, float z, GroundPoint* out);

// How deep a capsule (segment a-b, radius r) goes below the level's ground, metres (negative: above
// it), and where its deepest point is. On flat ground the lower end's flesh; with terrain or platforms
// the deepest of points along the segment, each against the ground under it.
float depth_below_ground(const Level& level, const glm::vec3& a, const glm::vec3& b, float r, glm::vec3* deepest);

// Ground points of the level the creature's body may not stand on: too steep (normal's y below
// cos of max_slope) or a step up of more than max_step from 'from_y'. The walls of a world with height.
bool ground_blocks(const Ground& ground, glm::vec2 to_xz, float from_y, float max_step_m, float max_slope_deg);
// Whether the ground drops more than max_drop from under from_xz to under to_xz (a ledge's edge: climbed
// down, not walked off).
bool ground_drops(const Ground& ground, glm::vec2 from_xz, glm::vec2 to_xz, float max_drop_m);

}  // namespace cf
