#pragma once
// The capsule depth search as it was before its early outs: the whole 48-step golden-section search
// with the same cheap bounds first. Tests compare the shipped functions against it.
#include <algorithm>
#include <cmath>

#include "math/geometry.h"
#include "world/penetration.h"

namespace cf {
namespace ref {

// The reference: the whole 48-step golden-section search, with the same cheap bounds first.
template <class F>
inline float ref_min_along_segment(const glm::vec3& a, const glm::vec3& b, F f) {
  float best = std::min(f(a), f(b));
  if (glm::dot(b - a, b - a) < 1e-16f) return best;
  const double g = 0.6180339887498949;
  double lo = 0.0, hi = 1.0;
  double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  auto at = [&](double t) { return f(a + float(t) * (b - a)); };
  float f1 = at(x1), f2 = at(x2);
  for (int i = 0; i < 48; ++i) {
    if (f1 <= f2) {
      hi = x2, x2 = x1, f2 = f1;
      x1 = hi - g * (hi - lo), f1 = at(x1);
    } else {
      lo = x1, x1 = x2, f1 = f2;
      x2 = lo + g * (hi - lo), f2 = at(x2);
    }
  }
  return std::min({best, f1, f2});
}

template <class F>
inline float ref_penetration_along(const Capsule& c, F dist, float enough) {
  const float da = dist(c.a), db = dist(c.b);
  const float at_ends = c.radius - std::min(da, db);
  if (at_ends >= enough) return at_ends;
  if (std::min(da, db) - 0.5f * glm::length(c.b - c.a) > c.radius + 1e-5f) return 0.0f;
  float m = std::min(da, db);
  for (float t : {0.25f, 0.5f, 0.75f}) m = std::min(m, dist(c.a + t * (c.b - c.a)));
  if (m - 0.125f * glm::length(c.b - c.a) > c.radius + 1e-5f) return 0.0f;
  return std::max(0.0f, c.radius - ref_min_along_segment(c.a, c.b, dist));
}

inline float ref_box_sdf(const Box& b, const glm::vec3& p) {
  const glm::vec3 c = b.centre, ax = b.axis_x(), az = b.axis_z(), h = b.half_extents;
  glm::vec3 m = p - c;
  glm::vec3 q(std::fabs(glm::dot(m, ax)), std::fabs(m.y), std::fabs(glm::dot(m, az)));
  glm::vec3 d = q - h;
  float outside = glm::length(glm::max(d, glm::vec3(0.0f)));
  float inside = std::min(std::max({d.x, d.y, d.z}), 0.0f);
  return outside + inside;
}

inline float ref_box(const Capsule& c, const Box& box, float enough) {
  return ref_penetration_along(c, [&](const glm::vec3& p) { return ref_box_sdf(box, p); }, enough);
}
inline float ref_pipe(const Capsule& c, const Pipe& pipe, float enough) {
  return ref_penetration_along(
      c, [&](const glm::vec3& p) { return std::sqrt(distance2_to_segment(p, pipe.a, pipe.b)) - pipe.radius; }, enough);
}

}  // namespace ref
}  // namespace cf
