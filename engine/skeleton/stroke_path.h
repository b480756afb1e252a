#pragma once
// A drawn stroke parametrised by arc length, so nodes can move "along what the player drew".
#include <vector>

#include <glm/glm.hpp>

namespace cf {

struct StrokePath {
  std::vector<glm::vec3> points;  // distinct consecutive points, model space
  std::vector<float> arc;         // arc length from the start to each point, metres
  float length = 0.0f;            // total arc length, metres

  // Builds from a stroke with repeated points already removed (see clean_stroke).
  static StrokePath from_points(std::vector<glm::vec3> pts);
  // Point at arc length s, clamped to [0, length].
  glm::vec3 at(float s) const;
  // Distance from p to the polyline, metres.
  float distance_to(const glm::vec3& p) const;
};

}  // namespace cf
