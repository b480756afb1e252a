// Movement collision: circles on the ground pushed out of fence, wall and gap footprints.
#include "world/movement_collision.h"

#include <algorithm>
#include <cmath>

namespace cf {

bool push_circle_out_of_box(const Box& box, float r, glm::vec3* p) {
  const glm::vec3 local = box.to_local(*p);
  const float cx = std::clamp(local.x, -box.half_extents.x, box.half_extents.x);
  const float cz = std::clamp(local.z, -box.half_extents.z, box.half_extents.z);
  const float dx = local.x - cx, dz = local.z - cz;
  const float d2 = dx * dx + dz * dz;
  if (d2 >= r * r) return false;
  glm::vec3 out = local;
  if (d2 > 1e-12f) {
    const float d = std::sqrt(d2);
    out.x = cx + dx / d * r;
    out.z = cz + dz / d * r;
  } else {
    // Centre inside the footprint: leave through the nearest face.
    const float px = box.half_extents.x - std::fabs(local.x);
    const float pz = box.half_extents.z - std::fabs(local.z);
    if (px < pz) {
      out.x = (local.x >= 0.0f ? 1.0f : -1.0f) * (box.half_extents.x + r);
    } else {
      out.z = (local.z >= 0.0f ? 1.0f : -1.0f) * (box.half_extents.z + r);
    }
  }
  *p = box.to_world(out);
  return true;
}

bool resolve_circle_collisions(const Level& level, float r, glm::vec3* p, bool gaps) {
  bool hit = false;
  const float y = p->y;
  for (int pass = 0; pass < 3; ++pass) {
    bool moved = false;
    for (const Box& f : level.fences) moved |= push_circle_out_of_box(f, r, p);
    for (const Wall& w : level.walls) moved |= push_circle_out_of_box(w.box, r, p);
    if (gaps)
      for (const Box& g : level.gaps) moved |= push_circle_out_of_box(g, kGapEdge_m, p);
    p->y = y;
    hit |= moved;
    if (!moved) break;
  }
  const float lim = level.ground_half_size - r;
  if (std::fabs(p->x) > lim || std::fabs(p->z) > lim) {
    p->x = std::clamp(p->x, -lim, lim);
    p->z = std::clamp(p->z, -lim, lim);
    hit = true;
  }
  return hit;
}

bool push_circle_out_of_pipe(const Pipe& pipe, float r, glm::vec3* p_ws) {
  const glm::vec2 a(pipe.a.x, pipe.a.z), b(pipe.b.x, pipe.b.z), q(p_ws->x, p_ws->z);
  const glm::vec2 ab = b - a;
  const float len2 = glm::dot(ab, ab);
  const float t = len2 > 1e-12f ? std::clamp(glm::dot(q - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
  const glm::vec2 d = q - (a + ab * t);
  const float dist = glm::length(d), need = r + pipe.radius;
  if (dist >= need) return false;
  const glm::vec2 n = dist > 1e-6f ? d / dist : glm::vec2(1.0f, 0.0f);
  p_ws->x += n.x * (need - dist);
  p_ws->z += n.y * (need - dist);
  return true;
}

}  // namespace cf
