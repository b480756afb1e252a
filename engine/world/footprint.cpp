#include "world/footprint.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "math/geometry.h"
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
  fp.bound_m = footprint_bound(fp);
  return fp;
}

float footprint_bound(const Footprint& fp) {
  float b = 0.0f;
  for (int i = 0; i < fp.count; ++i) {
    const FootprintCircle& c = fp.circles[static_cast<std::size_t>(i)];
    b = std::max(b, glm::length(c.offset_ms) + c.radius);
  }
  return b;
}

PlacedFootprint place_footprint(const Footprint& fp, glm::vec2 origin_ws, float heading_rad) {
  const float c = std::cos(heading_rad), s = std::sin(heading_rad);
  PlacedFootprint out;
  out.origin_ws = origin_ws;
  out.bound_m = fp.bound_m;
  out.count = fp.count;
  for (int i = 0; i < fp.count; ++i) {
    const FootprintCircle& fc = fp.circles[static_cast<std::size_t>(i)];
    out.circles[static_cast<std::size_t>(i)] = {to_world(c, s, fc.offset_ms), fc.radius};
  }
  return out;
}

FootprintGap footprint_gap(const PlacedFootprint& a, const PlacedFootprint& b, float within_m) {
  const glm::vec2 ab = b.origin_ws - a.origin_ws;
  const float ab_len = glm::length(ab);
  const glm::vec2 origins_n = ab_len > 1e-6f ? ab / ab_len : glm::vec2(1.0f, 0.0f);
  FootprintGap best;
  best.normal_ab = origins_n;
  within_m = std::max(within_m, 0.0f);
  best.gap_m = ab_len - a.bound_m - b.bound_m;
  if (best.gap_m > within_m) return best;  // broad phase: the bounds do not come near
  best.gap_m = std::max(best.gap_m, within_m) + 1.0f;  // above within_m until a pair is closer
  for (int i = 0; i < a.count; ++i) {
    const PlacedCircle& ca = a.circles[static_cast<std::size_t>(i)];
    const glm::vec2 pa = a.origin_ws + ca.offset_ws;
    // This circle against b's bound: no pair of it can beat the best so far.
    const glm::vec2 to_b = b.origin_ws - pa;
    const float reach = ca.radius + b.bound_m + std::min(best.gap_m, within_m);
    if (glm::dot(to_b, to_b) > reach * reach) continue;
    for (int j = 0; j < b.count; ++j) {
      const PlacedCircle& cb = b.circles[static_cast<std::size_t>(j)];
      const glm::vec2 d = b.origin_ws + cb.offset_ws - pa;
      const float lim = ca.radius + cb.radius + std::min(best.gap_m, within_m);
      const float len2 = glm::dot(d, d);
      if (len2 >= lim * lim) continue;
      const float len = std::sqrt(len2);
      const float gap = len - ca.radius - cb.radius;
      if (gap < best.gap_m) {
        best.gap_m = gap;
        best.normal_ab = len > 1e-6f ? d / len : origins_n;  // coincident centres part along the origins
      }
    }
  }
  return best;
}

namespace {

// Pipes along a wall (drain pipes, conduits: both ends this close to its footprint) stop bodies like
// the wall; a pipe reaching out across open ground is not a collision shape.
constexpr float kOnWall_m = 0.3f;

}  // namespace

bool resolve_footprint_collisions(const Level& level, const Footprint& fp, float heading_rad, glm::vec3* p,
                                  bool gaps, bool edges) {
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
      if (edges)
        for (const Box& e : level.edges) m |= push_circle_out_of_box(e, fc.radius, &centre);
      for (const Wall& w : level.walls) {
        m |= push_circle_out_of_box(w.box, fc.radius, &centre);
        for (const Pipe& pipe : w.pipes)
          if (distance_to_footprint(w.box, pipe.a) <= kOnWall_m && distance_to_footprint(w.box, pipe.b) <= kOnWall_m)
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
    if (gaps)  // a gap stops the body's centre, not its reach: the legs may stand at the edge
      for (const Box& g : level.gaps) moved |= push_circle_out_of_box(g, kGapEdge_m, p);
    hit |= moved;
    if (!moved) break;
  }
  p->y = y;
  return hit;
}

bool resolve_footprint_out_of_ledges(const Level& level, const Footprint& fp, float heading_rad, float top_y,
                                     glm::vec3* p) {
  bool any = false;
  for (const Box& b : level.platforms) any = any || b.top_y() > top_y;
  if (!any) return false;
  const float c = std::cos(heading_rad), s = std::sin(heading_rad);
  bool hit = false;
  for (int pass = 0; pass < 4; ++pass) {
    bool moved = false;
    for (int i = 0; i < fp.count; ++i) {
      const FootprintCircle& fc = fp.circles[static_cast<std::size_t>(i)];
      const glm::vec2 off = to_world(c, s, fc.offset_ms);
      glm::vec3 centre(p->x + off.x, p->y, p->z + off.y);
      const glm::vec3 before = centre;
      bool m = false;
      for (const Box& b : level.platforms)
        if (b.top_y() > top_y) m |= push_circle_out_of_box(b, fc.radius, &centre);
      if (m) {
        p->x += centre.x - before.x;
        p->z += centre.z - before.z;
        moved = true;
      }
    }
    hit |= moved;
    if (!moved) break;
  }
  return hit;
}

namespace {

// Whether the segment a-b (world x, z) enters the box's footprint, in the box's frame.
bool segment_enters_box(const Box& box, glm::vec2 a, glm::vec2 b) {
  const glm::vec3 la = box.to_local(glm::vec3(a.x, box.centre.y, a.y));
  const glm::vec3 lb = box.to_local(glm::vec3(b.x, box.centre.y, b.y));
  const glm::vec2 half(box.half_extents.x, box.half_extents.z);
  return segment_meets_rect(glm::vec2(la.x, la.z), glm::vec2(lb.x, lb.z), -half, half);
}

}  // namespace

namespace {

// The deepest any circle of the footprint (placed at p, facing heading_rad) is in the level's walls and their
// pipes on the wall ('walls'), its fences ('fences') and the regions' edge rail ('edges'), metres: the
// length of the push that would clear that circle alone.
float deepest_circle(const Level& level, const Footprint& fp, float heading_rad, glm::vec3 p, bool walls, bool fences,
                     bool edges) {
  const float c = std::cos(heading_rad), s = std::sin(heading_rad);
  float deepest = 0.0f;
  auto measure = [&](const glm::vec3& before, const glm::vec3& after) {
    const float dx = after.x - before.x, dz = after.z - before.z;
    deepest = std::max(deepest, std::sqrt(dx * dx + dz * dz));
  };
  auto boxes = [&](const std::vector<Box>& list, const glm::vec3& at, float r) {
    for (const Box& b : list) {
      glm::vec3 q = at;
      if (push_circle_out_of_box(b, r, &q)) measure(at, q);
    }
  };
  for (int i = 0; i < fp.count; ++i) {
    const FootprintCircle& fc = fp.circles[static_cast<std::size_t>(i)];
    const glm::vec2 off = to_world(c, s, fc.offset_ms);
    const glm::vec3 at(p.x + off.x, p.y, p.z + off.y);
    if (fences) boxes(level.fences, at, fc.radius);
    if (edges) boxes(level.edges, at, fc.radius);
    if (!walls) continue;
    for (const Wall& w : level.walls) {
      glm::vec3 q = at;
      if (push_circle_out_of_box(w.box, fc.radius, &q)) measure(at, q);
      for (const Pipe& pipe : w.pipes) {
        q = at;
        if (distance_to_footprint(w.box, pipe.a) <= kOnWall_m && distance_to_footprint(w.box, pipe.b) <= kOnWall_m &&
            push_circle_out_of_pipe(pipe, fc.radius, &q))
          measure(at, q);
      }
    }
  }
  return deepest;
}

}  // namespace

float footprint_depth(const Level& level, const Footprint& fp, float heading_rad, glm::vec3 p, bool edges) {
  return deepest_circle(level, fp, heading_rad, p, true, true, edges);
}

float footprint_edge_depth(const Level& level, const Footprint& fp, float heading_rad, glm::vec3 p) {
  return level.edges.empty() ? 0.0f : deepest_circle(level, fp, heading_rad, p, false, false, true);
}

bool footprint_swept_through(const Level& level, const Footprint& fp, glm::vec3 p0, float heading0, glm::vec3 p1,
                             float heading1, bool edges) {
  const float c0 = std::cos(heading0), s0 = std::sin(heading0), c1 = std::cos(heading1), s1 = std::sin(heading1);
  for (int i = 0; i < fp.count; ++i) {
    const glm::vec2 off = fp.circles[static_cast<std::size_t>(i)].offset_ms;
    const glm::vec2 a = glm::vec2(p0.x, p0.z) + to_world(c0, s0, off);
    const glm::vec2 b = glm::vec2(p1.x, p1.z) + to_world(c1, s1, off);
    for (const Box& f : level.fences)
      if (segment_enters_box(f, a, b)) return true;
    for (const Wall& w : level.walls)
      if (segment_enters_box(w.box, a, b)) return true;
    if (edges)
      for (const Box& e : level.edges)
        if (segment_enters_box(e, a, b)) return true;
  }
  return false;
}

FootprintMove move_footprint(const Level& level, const Footprint& fp, float heading_before, float* heading,
                             glm::vec3* p, float max_push_m, bool edges) {
  FootprintMove out;
  const glm::vec3 wanted = *p;
  // Cleared: pushed out, and a second resolve finds nothing left to push, and no circle is left in a
  // fence or wall (a jam between two walls can push both ways and leave the body where it was).
  auto settle = [&](float h, glm::vec3* q) {
    const glm::vec3 start = *q;
    const bool hit = resolve_footprint_collisions(level, fp, h, q, true, edges);
    glm::vec3 again = *q;
    resolve_footprint_collisions(level, fp, h, &again, true, edges);
    const float dx = again.x - q->x, dz = again.z - q->z, px = q->x - start.x, pz = q->z - start.z;
    const bool clear = dx * dx + dz * dz < 1e-6f && px * px + pz * pz <= max_push_m * max_push_m &&
                       (!hit || footprint_depth(level, fp, h, *q, edges) < 1e-3f);
    return std::pair<bool, bool>(hit, clear);
  };
  glm::vec3 q = wanted;
  auto [hit, clear] = settle(*heading, &q);
  // A circle pushed out of a thin wall's far side has passed through it: the turn is not clear.
  if (clear && hit) clear = !footprint_swept_through(level, fp, wanted, heading_before, q, *heading, edges);
  if (clear || *heading == heading_before) {
    *p = q;
    out.hit = hit;
    return out;
  }
  glm::vec3 r = wanted;
  settle(heading_before, &r);
  *p = r;
  *heading = heading_before;
  out.hit = true;
  out.turn_undone = true;
  return out;
}

FootprintPush footprint_push(const PlacedFootprint& a, const PlacedFootprint& b) {
  FootprintPush out;
  const glm::vec2 ab = b.origin_ws - a.origin_ws;
  const float reach = a.bound_m + b.bound_m;
  if (glm::dot(ab, ab) >= reach * reach) return out;
  const float ab_len = glm::length(ab);
  const glm::vec2 origins_n = ab_len > 1e-6f ? ab / ab_len : glm::vec2(1.0f, 0.0f);
  // Two sweeps over the overlapping pairs: the direction, then the distance along it.
  glm::vec2 sum(0.0f);
  float depths = 0.0f;
  auto each_overlap = [&](auto&& f) {
    for (int i = 0; i < a.count; ++i) {
      const PlacedCircle& ca = a.circles[static_cast<std::size_t>(i)];
      const glm::vec2 pa = a.origin_ws + ca.offset_ws;
      const glm::vec2 to_b = b.origin_ws - pa;
      if (glm::dot(to_b, to_b) >= (ca.radius + b.bound_m) * (ca.radius + b.bound_m)) continue;
      for (int j = 0; j < b.count; ++j) {
        const PlacedCircle& cb = b.circles[static_cast<std::size_t>(j)];
        const glm::vec2 q = b.origin_ws + cb.offset_ws - pa;  // b's circle from a's
        const float r = ca.radius + cb.radius;
        if (glm::dot(q, q) < r * r) f(q, r);
      }
    }
  };
  each_overlap([&](glm::vec2 q, float r) {
    const float len = glm::length(q);
    sum += (len > 1e-6f ? q / len : origins_n) * (r - len);
    depths += r - len;
  });
  if (depths <= 0.0f) return out;
  const float sum_len = glm::length(sum);
  out.direction_ab = sum_len >= 0.5f * depths ? sum / sum_len : origins_n;
  // Moving b by t along d clears a pair when |q + t d| >= r: t = -q.d + sqrt((q.d)^2 + r^2 - |q|^2).
  const glm::vec2 d = out.direction_ab;
  each_overlap([&](glm::vec2 q, float r) {
    const float qd = glm::dot(q, d);
    out.distance_m = std::max(out.distance_m, -qd + std::sqrt(qd * qd + r * r - glm::dot(q, q)));
  });
  return out;
}

}  // namespace cf
