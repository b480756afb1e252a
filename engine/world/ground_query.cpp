#include "world/ground_query.h"

#include <algorithm>
#include <cmath>

namespace cf {

bool terrain_at(const Terrain& t, float x, float z, GroundPoint* out) {
  if (!t.present() || !(t.cell_m > 0.0f)) return false;
  const float u = (x - t.origin_xz.x) / t.cell_m, v = (z - t.origin_xz.y) / t.cell_m;
  if (!(u >= 0.0f && v >= 0.0f && u <= float(t.columns - 1) && v <= float(t.rows - 1))) return false;
  const int c = std::min(static_cast<int>(u), t.columns - 2), r = std::min(static_cast<int>(v), t.rows - 2);
  const float fu = u - float(c), fv = v - float(r);
  const float h00 = t.sample(c, r), h10 = t.sample(c + 1, r), h01 = t.sample(c, r + 1), h11 = t.sample(c + 1, r + 1);
  out->y = (h00 * (1.0f - fu) + h10 * fu) * (1.0f - fv) + (h01 * (1.0f - fu) + h11 * fu) * fv;
  // The bilinear patch's slope at the point: dy/dx and dy/dz.
  const float dx = ((h10 - h00) * (1.0f - fv) + (h11 - h01) * fv) / t.cell_m;
  const float dz = ((h01 - h00) * (1.0f - fu) + (h11 - h10) * fu) / t.cell_m;
  out->normal = glm::normalize(glm::vec3(-dx, 1.0f, -dz));
  return true;
}

GroundPoint LevelGround::at(float x, float z) const {
  GroundPoint g;
  if (!level_) return g;
  g.y = level_->ground_y;
  terrain_at(level_->terrain, x, z, &g);
  for (const Box& b : level_->platforms) {
    const glm::vec3 l = b.to_local(glm::vec3(x, b.centre.y, z));
    if (std::fabs(l.x) <= b.half_extents.x && std::fabs(l.z) <= b.half_extents.z && b.top_y() > g.y) {
      g.y = b.top_y();
      g.normal = glm::vec3(0.0f, 1.0f, 0.0f);
    }
  }
  return g;
}

float depth_below_ground(const Level& level, const glm::vec3& a, const glm::vec3& b, float r, glm::vec3* deepest) {
  if (!level.terrain.present() && level.platforms.empty()) {
    const glm::vec3 low = a.y <= b.y ? a : b;
    if (deepest) *deepest = glm::vec3(low.x, low.y - r, low.z);
    return level.ground_y - (low.y - r);
  }
  const LevelGround ground(&level);
  constexpr int kSteps = 4;
  float depth = -1e30f;
  for (int k = 0; k <= kSteps; ++k) {
    const glm::vec3 p = glm::mix(a, b, float(k) / float(kSteps));
    const float d = ground.at(p.x, p.z).y - (p.y - r);
    if (d > depth) {
      depth = d;
      if (deepest) *deepest = glm::vec3(p.x, p.y - r, p.z);
    }
  }
  return depth;
}

bool ground_blocks(const Ground& ground, glm::vec2 to_xz, float from_y, float max_step_m, float max_slope_deg) {
  const GroundPoint g = ground.at(to_xz.x, to_xz.y);
  if (g.y - from_y > max_step_m) return true;
  return g.normal.y < std::cos(max_slope_deg * 0.017453292519943295f) && g.y > from_y;
}

bool ground_drops(const Ground& ground, glm::vec2 from_xz, glm::vec2 to_xz, float max_drop_m) {
  return ground.at(from_xz.x, from_xz.y).y - ground.at(to_xz.x, to_xz.y).y > max_drop_m;
}

}  // namespace cf
