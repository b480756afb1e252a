#include "game/view/creature_lod.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cf {

namespace {

float distance_to_segment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b) {
  const glm::vec3 ab = b - a;
  const float len2 = glm::dot(ab, ab);
  const float t = len2 > 0.0f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
  return glm::length(p - (a + ab * t));
}

}  // namespace

float flesh_reach_m(const Skeleton& sk, const std::vector<glm::vec3>& positions_ms) {
  float reach = 0.0f;
  for (const glm::vec3& p : positions_ms) {
    float nearest = std::numeric_limits<float>::max();
    for (std::size_t b = 0; b < sk.head_ms.size() && b < sk.tail_ms.size(); ++b) {
      nearest = std::min(nearest, distance_to_segment(p, sk.head_ms[b], sk.tail_ms[b]));
    }
    if (nearest < std::numeric_limits<float>::max()) reach = std::max(reach, nearest);
  }
  return reach;
}

CreatureBounds creature_bounds(const CreaturePose& pose, float reach_m) {
  CreatureBounds out;
  if (pose.head_ws.empty()) {
    out.centre_ws = glm::vec3(pose.model_to_world[3]);
    out.radius_m = reach_m;
    return out;
  }
  glm::vec3 lo = pose.head_ws.front(), hi = lo;
  for (std::size_t b = 0; b < pose.head_ws.size(); ++b) {
    lo = glm::min(lo, glm::min(pose.head_ws[b], pose.tail_ws[b]));
    hi = glm::max(hi, glm::max(pose.head_ws[b], pose.tail_ws[b]));
  }
  out.centre_ws = (lo + hi) * 0.5f;
  out.radius_m = glm::length(hi - lo) * 0.5f + reach_m;
  return out;
}

float projected_diameter_px(const CreatureBounds& b, const glm::mat4& view, float fov_y_rad, int target_height_px) {
  // Distance rather than depth: turning the camera alone never changes a creature's detail.
  const float dist = glm::length(glm::vec3(view * glm::vec4(b.centre_ws, 1.0f)));
  if (dist <= b.radius_m) return std::numeric_limits<float>::max();  // the camera is inside it
  return b.radius_m * static_cast<float>(target_height_px) / (dist * std::tan(fov_y_rad * 0.5f));
}

bool sphere_in_view(const CreatureBounds& b, const glm::mat4& m) {
  // The six planes (Gribb and Hartmann): row 3 plus or minus rows 0..2 of the clip matrix.
  const glm::vec4 r0(m[0][0], m[1][0], m[2][0], m[3][0]), r1(m[0][1], m[1][1], m[2][1], m[3][1]);
  const glm::vec4 r2(m[0][2], m[1][2], m[2][2], m[3][2]), r3(m[0][3], m[1][3], m[2][3], m[3][3]);
  const glm::vec4 planes[6] = {r3 + r0, r3 - r0, r3 + r1, r3 - r1, r3 + r2, r3 - r2};
  for (const glm::vec4& p : planes) {
    const float len = glm::length(glm::vec3(p));
    if (len <= 0.0f) continue;
    if (glm::dot(glm::vec3(p), b.centre_ws) + p.w < -b.radius_m * len) return false;
  }
  return true;
}

FleshDetail choose_detail(FleshDetail previous, float diameter_px, const FleshLodOptions& o) {
  const float d = diameter_px;
  switch (previous) {
    case FleshDetail::kFull:
      return d >= o.low_below_px ? FleshDetail::kFull : d < o.far_below_px ? FleshDetail::kFar : FleshDetail::kLow;
    case FleshDetail::kLow:
      return d > o.full_above_px ? FleshDetail::kFull : d < o.far_below_px ? FleshDetail::kFar : FleshDetail::kLow;
    case FleshDetail::kFar:
      return d > o.full_above_px ? FleshDetail::kFull : d > o.far_to_low_px ? FleshDetail::kLow : FleshDetail::kFar;
    case FleshDetail::kNone: break;
  }
  if (d >= 0.5f * (o.low_below_px + o.full_above_px)) return FleshDetail::kFull;
  return d >= 0.5f * (o.far_below_px + o.far_to_low_px) ? FleshDetail::kLow : FleshDetail::kFar;
}

}  // namespace cf
