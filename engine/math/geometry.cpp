#include "math/geometry.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace cf {

glm::vec3 unit_or(const glm::vec3& v, const glm::vec3& fallback) {
  float l = glm::length(v);
  return l > 1e-6f && std::isfinite(l) ? v / l : fallback;
}

float closest_param_on_segment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b) {
  glm::vec3 ab = b - a;
  float len2 = glm::dot(ab, ab);
  if (len2 <= 1e-20f) return 0.0f;
  return std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f);
}

float distance2_to_segment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b) {
  float t = closest_param_on_segment(p, a, b);
  glm::vec3 d = p - (a + t * (b - a));
  return glm::dot(d, d);
}

float polyline_length(const std::vector<glm::vec3>& pts) {
  float s = 0.0f;
  for (std::size_t i = 1; i < pts.size(); ++i) s += glm::length(pts[i] - pts[i - 1]);
  return s;
}

glm::vec3 polyline_point_at(const std::vector<glm::vec3>& pts, float s) {
  if (pts.empty()) return glm::vec3(0.0f);
  if (s <= 0.0f) return pts.front();
  for (std::size_t i = 1; i < pts.size(); ++i) {
    float seg = glm::length(pts[i] - pts[i - 1]);
    if (s <= seg) return seg > 0.0f ? pts[i - 1] + (pts[i] - pts[i - 1]) * (s / seg) : pts[i];
    s -= seg;
  }
  return pts.back();
}

PolylinePoint polyline_closest(const std::vector<glm::vec3>& pts, const glm::vec3& p) {
  PolylinePoint best;
  if (pts.empty()) return best;
  best.position = pts.front();
  if (pts.size() == 1) return best;
  float best_d2 = -1.0f;
  float arc = 0.0f;
  for (std::size_t i = 1; i < pts.size(); ++i) {
    float t = closest_param_on_segment(p, pts[i - 1], pts[i]);
    glm::vec3 q = pts[i - 1] + t * (pts[i] - pts[i - 1]);
    float d2 = glm::dot(p - q, p - q);
    float seg = glm::length(pts[i] - pts[i - 1]);
    if (best_d2 < 0.0f || d2 < best_d2) {
      best_d2 = d2;
      best = PolylinePoint{i - 1, t, arc + t * seg, q};
    }
    arc += seg;
  }
  return best;
}

bool segment_meets_rect(glm::vec2 a, glm::vec2 b, glm::vec2 lo, glm::vec2 hi) {
  float t0 = 0.0f, t1 = 1.0f;
  for (int k = 0; k < 2; ++k) {
    const float d = b[k] - a[k];
    if (std::fabs(d) < 1e-9f) {
      if (a[k] < lo[k] || a[k] > hi[k]) return false;
      continue;
    }
    float u = (lo[k] - a[k]) / d, v = (hi[k] - a[k]) / d;
    if (u > v) std::swap(u, v);
    t0 = std::max(t0, u);
    t1 = std::min(t1, v);
    if (t0 > t1) return false;
  }
  return true;
}

}  // namespace cf
