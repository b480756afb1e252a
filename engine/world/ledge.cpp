#include "world/ledge.h"

#include <algorithm>
#include <cmath>

#include "world/ground_query.h"
#include "world/penetration.h"

namespace cf {

namespace {

constexpr float kInside_m = 0.03f;  // the top and the ground beyond are read this far past the edge

// Where the ray p + t d (box-local x, z) crosses the box's footprint: entry and exit t and the axis (0: x,
// 1: z) each crosses on. False when it misses.
bool cross_footprint(const Box& b, glm::vec2 p, glm::vec2 d, float* t_in, float* t_out, int* axis_in, int* axis_out) {
  float lo = -1e30f, hi = 1e30f;
  int a_lo = -1, a_hi = -1;
  const float half[2] = {b.half_extents.x, b.half_extents.z};
  for (int k = 0; k < 2; ++k) {
    if (std::fabs(d[k]) < 1e-6f) {
      if (std::fabs(p[k]) > half[k]) return false;
      continue;
    }
    float t0 = (-half[k] - p[k]) / d[k], t1 = (half[k] - p[k]) / d[k];
    if (t0 > t1) std::swap(t0, t1);
    if (t0 > lo) lo = t0, a_lo = k;
    if (t1 < hi) hi = t1, a_hi = k;
  }
  if (lo > hi) return false;
  *t_in = lo, *t_out = hi, *axis_in = a_lo, *axis_out = a_hi;
  return true;
}

// The world normal of the box face on 'axis' that the local point lies on (outward), and how far the edge
// runs either side of the point along that face (the shorter side).
void face_at(const Box& b, int axis, glm::vec2 at, glm::vec3* out_ws, float* half_span) {
  const float half[2] = {b.half_extents.x, b.half_extents.z};
  const float s = at[axis] < 0.0f ? -1.0f : 1.0f;
  *out_ws = axis == 0 ? b.axis_x() * s : b.axis_z() * s;
  const int other = 1 - axis;
  *half_span = std::max(0.0f, half[other] - std::fabs(at[other]));
}

}  // namespace

bool find_ledge(const Level& level, const glm::vec3& p_ws, const glm::vec3& forward_ws, float reach_m,
                float min_height_m, float max_slant_deg, Ledge* out) {
  const LevelGround ground(&level);
  const float here_y = ground.at(p_ws.x, p_ws.z).y;
  const float square = std::cos(max_slant_deg * 0.017453292519943295f);
  bool found = false;
  for (std::size_t i = 0; i < level.platforms.size(); ++i) {
    const Box& b = level.platforms[i];
    const glm::vec3 l = b.to_local(p_ws);
    const glm::vec2 p(l.x, l.z), d(glm::dot(forward_ws, b.axis_x()), glm::dot(forward_ws, b.axis_z()));
    float t_in = 0.0f, t_out = 0.0f;
    int a_in = -1, a_out = -1;
    if (!cross_footprint(b, p, d, &t_in, &t_out, &a_in, &a_out)) continue;
    const bool inside = std::fabs(p.x) <= b.half_extents.x && std::fabs(p.y) <= b.half_extents.z;
    Ledge c;
    c.platform = static_cast<int>(i);
    c.down = inside;
    if (inside) {  // on it: where the way ahead leaves it
      if (std::fabs(here_y - b.top_y()) > 0.01f || a_out < 0) continue;
      c.distance_m = t_out;
      face_at(b, a_out, p + d * t_out, &c.out_ws, &c.half_span_m);
    } else {
      if (t_in < 0.0f || a_in < 0) continue;
      c.distance_m = t_in;
      face_at(b, a_in, p + d * t_in, &c.out_ws, &c.half_span_m);
    }
    if (c.distance_m > reach_m || (found && c.distance_m >= out->distance_m)) continue;
    // Met square enough: up, into the face (against its normal); down, out over it (along it).
    if ((inside ? glm::dot(forward_ws, c.out_ws) : -glm::dot(forward_ws, c.out_ws)) < square) continue;
    const glm::vec3 at = p_ws + forward_ws * c.distance_m;
    if (inside) {
      const glm::vec3 beyond = at + c.out_ws * kInside_m;
      c.top_y = here_y;
      c.low_y = ground.at(beyond.x, beyond.z).y;
    } else {
      const glm::vec3 on = at - c.out_ws * kInside_m;
      c.top_y = ground.at(on.x, on.z).y;
      c.low_y = here_y;
      if (std::fabs(c.top_y - b.top_y()) > 0.01f) continue;  // another platform covers this edge
    }
    if (!(c.height() > min_height_m)) continue;
    c.lip_ws = glm::vec3(at.x, c.top_y, at.z);
    *out = c;
    found = true;
  }
  return found;
}

float lip_region_depth(const Level& level, const Ledge& ledge, const glm::vec3& a, const glm::vec3& b, float radius,
                       float margin_m) {
  if (ledge.platform < 0 || ledge.platform >= static_cast<int>(level.platforms.size())) return 0.0f;
  Box grown = level.platforms[static_cast<std::size_t>(ledge.platform)];
  grown.half_extents.x += margin_m;
  grown.half_extents.z += margin_m;
  grown.half_extents.y += 0.5f * margin_m;  // up by the margin, the bottom where it was
  grown.centre.y += 0.5f * margin_m;
  return penetration_capsule_box(Capsule{a, b, radius}, grown);
}

}  // namespace cf
