#pragma once
// Thin helpers over GLM: planes, segments and polylines in metres.
#include <cstddef>
#include <vector>

#include <glm/glm.hpp>

namespace cf {

// World and model space are Y-up.
inline const glm::vec3 kWorldUp(0.0f, 1.0f, 0.0f);

// Plane n.x = d with unit normal n; the positive side is "in front".
struct Plane {
  glm::vec3 n{0.0f, 1.0f, 0.0f};
  float d = 0.0f;
  float signed_distance(const glm::vec3& p) const { return glm::dot(n, p) - d; }
  static Plane from_point_normal(const glm::vec3& p, const glm::vec3& n_unit) {
    return Plane{n_unit, glm::dot(n_unit, p)};
  }
};

// v / |v|, or 'fallback' when v is (nearly) zero or not finite.
glm::vec3 unit_or(const glm::vec3& v, const glm::vec3& fallback);

// Parameter t in [0, 1] of the point on segment ab closest to p (0 for a degenerate segment).
float closest_param_on_segment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b);
// Squared distance from p to segment ab.
float distance2_to_segment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b);

// Whether segment ab (2D) meets the axis-aligned rectangle [lo, hi] (slab clipping; its edge counts).
bool segment_meets_rect(glm::vec2 a, glm::vec2 b, glm::vec2 lo, glm::vec2 hi);

// A point on a polyline found by arc length.
struct PolylinePoint {
  std::size_t segment = 0;  // index of the segment's first point
  float t = 0.0f;           // parameter along that segment
  float arc = 0.0f;         // arc length from the start, metres
  glm::vec3 position{0.0f};
};

float polyline_length(const std::vector<glm::vec3>& pts);
// Point at arc length s (clamped to [0, length]).
glm::vec3 polyline_point_at(const std::vector<glm::vec3>& pts, float s);
// Closest point on the polyline to p.
PolylinePoint polyline_closest(const std::vector<glm::vec3>& pts, const glm::vec3& p);

}  // namespace cf
