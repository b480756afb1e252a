#include "world/footprint.h"

#include <algorithm>
#include <cmath>

#include "world/clearance.h"

namespace cf {

namespace {

// Model x, z rotated by the heading into world x, z (like glm::rotate about +Y).
glm::vec2 to_world(float c, float s, glm::vec2 v) { return {c * v.x + s * v.y, -s * v.x + c * v.y}; }

}  // namespace

Footprint fit_footprint(const FootprintStroke* strokes, int stroke_count, glm::vec2 origin_xz) {
  // Total flesh length decides the spacing, so any body fits in the fixed number of circles.
  float length = 0.0f;
  for (int i = 0; i < stroke_count; ++i) {
    const FootprintStroke& st = strokes[i];
    for (int k = 0; k + 1 < st.count; ++k) {
      const glm::vec3 d = st.points[k + 1] - st.points[k];
      length += std::sqrt(d.x * d.x + d.z * d.z);
    }
  }
  Footprint fp;
  if (stroke_count <= 0) return fp;
  const int budget = kMaxFootprintCircles - stroke_count;  // every stroke keeps its end circle
  const float spacing = std::max(length / static_cast<float>(std::max(budget, 1)), 1e-3f);
  auto add = [&](const glm::vec3& p, float r) {
    if (fp.count < kMaxFootprintCircles) fp.circles[static_cast<std::size_t>(fp.count++)] = {glm::vec2(p.x, p.z) - origin_xz, r};
  };
  for (int i = 0; i < stroke_count; ++i) {
    const FootprintStroke& st = strokes[i];
    if (st.count <= 0) continue;
    float since = spacing;  // distance walked since the last circle
    for (int k = 0; k < st.count; ++k) {
      if (k > 0) {
        const glm::vec3 d = st.points[k] - st.points[k - 1];
        since += std::sqrt(d.x * d.x + d.z * d.z);
      }
      const bool last = k + 1 == st.count;
      if (since >= spacing || last) {
        add(st.points[k], st.radius);
        since = 0.0f;
      }
    }
  }
  // Circles sampled more sparsely than their radius leave gaps: widen them to cover the stroke.
  for (int i = 0; i < fp.count; ++i) {
    FootprintCircle& c = fp.circles[static_cast<std::size_t>(i)];
    c.radius = std::max(c.radius, std::min(0.5f * spacing, 0.15f));
  }
  return fp;
}

namespace {

// Pipes along a wall (drain pipes, conduits: both ends this close to its footprint) stop bodies like
// the wall; a pipe reaching out across open ground is not a collision shape.
constexpr float kOnWallM = 0.3f;

// A pipe seen from above: its axis projected on the ground, widened by its radius (vertical drain
// pipes are circles, conduits along a wall thin strips). Pushes the circle out sideways.
bool push_circle_out_of_pipe(const Pipe& pipe, float radius, glm::vec3* centre) {
  const glm::vec2 a(pipe.a.x, pipe.a.z), b(pipe.b.x, pipe.b.z), q(centre->x, centre->z);
  const glm::vec2 ab = b - a;
  const float len2 = glm::dot(ab, ab);
  const float t = len2 > 1e-12f ? std::clamp(glm::dot(q - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
  const glm::vec2 d = q - (a + ab * t);
  const float dist = glm::length(d), need = radius + pipe.radius;
  if (dist >= need) return false;
  const glm::vec2 n = dist > 1e-6f ? d / dist : glm::vec2(1.0f, 0.0f);
  centre->x += n.x * (need - dist);
  centre->z += n.y * (need - dist);
  return true;
}

}  // namespace

bool resolve_footprint_collisions(const Level& level, const Footprint& fp, float heading_rad, glm::vec3* p) {
  const float c = std::cos(heading_rad), s = std::sin(heading_rad);
  bool hit = false;
  const float y = p->y;
  for (int pass = 0; pass < 4; ++pass) {
    bool moved = false;
    for (int i = 0; i < fp.count; ++i) {
      const FootprintCircle& fc = fp.circles[static_cast<std::size_t>(i)];
      const glm::vec2 off = to_world(c, s, fc.offset_ms);
      glm::vec3 centre(p->x + off.x, y, p->z + off.y);
      const glm::vec3 before = centre;
      bool m = false;
      for (const Box& f : level.fences) m |= push_circle_out_of_box(f, fc.radius, &centre);
      for (const Wall& w : level.walls) {
        m |= push_circle_out_of_box(w.box, fc.radius, &centre);
        for (const Pipe& pipe : w.pipes)
          if (distance_to_footprint(w.box, pipe.a) <= kOnWallM && distance_to_footprint(w.box, pipe.b) <= kOnWallM)
            m |= push_circle_out_of_pipe(pipe, fc.radius, &centre);
      }
      const float lim = level.ground_half_size - fc.radius;
      if (std::fabs(centre.x) > lim || std::fabs(centre.z) > lim) {
        centre.x = std::clamp(centre.x, -lim, lim);
        centre.z = std::clamp(centre.z, -lim, lim);
        m = true;
      }
      if (m) {
        p->x += centre.x - before.x;
        p->z += centre.z - before.z;
        moved = true;
      }
    }
    hit |= moved;
    if (!moved) break;
  }
  p->y = y;
  return hit;
}

}  // namespace cf
