#include "skeleton/stroke_path.h"

#include <algorithm>
#include <cmath>

#include "math/geometry.h"

namespace cf {

StrokePath StrokePath::from_points(std::vector<glm::vec3> pts) {
  StrokePath p;
  p.points = std::move(pts);
  p.arc.resize(p.points.size(), 0.0f);
  for (std::size_t i = 1; i < p.points.size(); ++i)
    p.arc[i] = p.arc[i - 1] + glm::length(p.points[i] - p.points[i - 1]);
  p.length = p.arc.empty() ? 0.0f : p.arc.back();
  return p;
}

glm::vec3 StrokePath::at(float s) const {
  if (points.empty()) return glm::vec3(0.0f);
  if (!(s > 0.0f)) return points.front();
  if (s >= length) return points.back();
  // First point with arc > s; the segment before it holds s.
  auto it = std::upper_bound(arc.begin(), arc.end(), s);
  std::size_t i = static_cast<std::size_t>(it - arc.begin());
  if (i == 0) return points.front();
  if (i >= points.size()) return points.back();
  float seg = arc[i] - arc[i - 1];
  float t = seg > 0.0f ? (s - arc[i - 1]) / seg : 0.0f;
  return points[i - 1] + (points[i] - points[i - 1]) * t;
}

float StrokePath::distance_to(const glm::vec3& p) const {
  if (points.empty()) return 0.0f;
  if (points.size() == 1) return glm::length(p - points[0]);
  float best = -1.0f;
  for (std::size_t i = 1; i < points.size(); ++i) {
    float d2 = distance2_to_segment(p, points[i - 1], points[i]);
    if (best < 0.0f || d2 < best) best = d2;
  }
  return std::sqrt(best);
}

}  // namespace cf
