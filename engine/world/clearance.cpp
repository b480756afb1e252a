// Clearance queries: 2D rays over object footprints (lref) and 3D capsule penetration depths.
#include "world/clearance.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "math/geometry.h"

namespace cf {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

glm::vec2 xz(const glm::vec3& v) { return glm::vec2(v.x, v.z); }

// Ray o + t d (d unit) against the rectangle centred at c with unit axes u, v and half sizes hu, hv.
// Returns 0 when o is inside, +inf when missed.
float ray_rect(glm::vec2 o, glm::vec2 d, glm::vec2 c, glm::vec2 u, glm::vec2 v, float hu, float hv) {
  glm::vec2 m = o - c;
  float ol[2] = {glm::dot(m, u), glm::dot(m, v)};
  float dl[2] = {glm::dot(d, u), glm::dot(d, v)};
  float h[2] = {hu, hv};
  float tmin = -kInf, tmax = kInf;
  for (int k = 0; k < 2; ++k) {
    if (std::fabs(dl[k]) < 1e-12f) {
      if (std::fabs(ol[k]) > h[k]) return kInf;
      continue;
    }
    float t1 = (-h[k] - ol[k]) / dl[k], t2 = (h[k] - ol[k]) / dl[k];
    if (t1 > t2) std::swap(t1, t2);
    tmin = std::max(tmin, t1);
    tmax = std::min(tmax, t2);
  }
  if (tmax < std::max(tmin, 0.0f)) return kInf;
  return std::max(tmin, 0.0f);
}

float ray_circle(glm::vec2 o, glm::vec2 d, glm::vec2 c, float r) {
  glm::vec2 m = o - c;
  float b = glm::dot(m, d);
  float cc = glm::dot(m, m) - r * r;
  if (cc <= 0.0f) return 0.0f;
  if (b > 0.0f) return kInf;
  float disc = b * b - cc;
  if (disc < 0.0f) return kInf;
  return std::max(0.0f, -b - std::sqrt(disc));
}

// The footprint of a capsule (pipe) on the ground: a stadium.
float ray_stadium(glm::vec2 o, glm::vec2 d, glm::vec2 a, glm::vec2 b, float r) {
  float t = std::min(ray_circle(o, d, a, r), ray_circle(o, d, b, r));
  glm::vec2 ab = b - a;
  float len = glm::length(ab);
  if (len > 1e-6f) {
    glm::vec2 u = ab / len;
    t = std::min(t, ray_rect(o, d, (a + b) * 0.5f, u, glm::vec2(-u.y, u.x), len * 0.5f, r));
  }
  return t;
}

float ray_box(glm::vec2 o, glm::vec2 d, const Box& b) {
  return ray_rect(o, d, xz(b.centre), xz(b.axis_x()), xz(b.axis_z()), b.half_extents.x, b.half_extents.z);
}

void wall_y_span(const Wall& w, float* lo, float* hi) {
  *lo = w.box.bottom_y();
  *hi = w.box.top_y();
  for (const Pipe& p : w.pipes) {
    *lo = std::min({*lo, p.a.y - p.radius, p.b.y - p.radius});
    *hi = std::max({*hi, p.a.y + p.radius, p.b.y + p.radius});
  }
}

// A wall with a virtual plane stands for the rectangle behind the plane covering the wall's lateral
// span (box corners and pipes projected on the plane) and its depth.
float ray_virtual_plane(glm::vec2 o, glm::vec2 d, const Wall& w) {
  glm::vec2 n = glm::normalize(xz(w.plane_normal));
  glm::vec2 t(-n.y, n.x);
  glm::vec2 p = xz(w.plane_point);
  float smin = kInf, smax = -kInf, nmin = 0.0f;
  auto add = [&](glm::vec2 q, float r) {
    float s = glm::dot(q - p, t), depth = glm::dot(q - p, n);
    smin = std::min(smin, s - r);
    smax = std::max(smax, s + r);
    nmin = std::min(nmin, depth - r);
  };
  const Box& b = w.box;
  for (int sx = -1; sx <= 1; sx += 2)
    for (int sz = -1; sz <= 1; sz += 2) add(xz(b.to_world(glm::vec3(sx * b.half_extents.x, 0.0f, sz * b.half_extents.z))), 0.0f);
  for (const Pipe& pp : w.pipes) {
    add(xz(pp.a), pp.radius);
    add(xz(pp.b), pp.radius);
  }
  float hv = std::max(-nmin * 0.5f, 1e-4f);
  glm::vec2 c = p + t * ((smin + smax) * 0.5f) - n * hv;
  return ray_rect(o, d, c, t, n, (smax - smin) * 0.5f, hv);
}

// Edge e of a convex polygon: outward normal (unnormalized) for either winding.
glm::vec2 outward(const Region& r, std::size_t e, float orient) {
  const glm::vec2& a = r.points_xz[e];
  const glm::vec2& b = r.points_xz[(e + 1) % r.points_xz.size()];
  glm::vec2 ab = b - a;
  return orient * glm::vec2(ab.y, -ab.x);  // right normal is outward for counter-clockwise (x, z) order
}

float region_orientation(const Region& r) {
  double a = 0;
  for (std::size_t i = 0; i < r.points_xz.size(); ++i) {
    const glm::vec2& p0 = r.points_xz[i];
    const glm::vec2& p1 = r.points_xz[(i + 1) % r.points_xz.size()];
    a += double(p0.x) * p1.y - double(p1.x) * p0.y;
  }
  return a >= 0 ? 1.0f : -1.0f;
}

bool region_contains(const Region& r, glm::vec2 p, float eps) {
  float orient = region_orientation(r);
  for (std::size_t e = 0; e < r.points_xz.size(); ++e) {
    glm::vec2 n = outward(r, e, orient);
    float len = glm::length(n);
    if (len < 1e-12f) continue;
    if (glm::dot(n / len, p - r.points_xz[e]) > eps) return false;
  }
  return true;
}

// Distance from p (inside) along d to where the ray leaves the convex region.
float region_exit(const Region& r, glm::vec2 p, glm::vec2 d) {
  float orient = region_orientation(r);
  float best = kInf;
  for (std::size_t e = 0; e < r.points_xz.size(); ++e) {
    glm::vec2 n = outward(r, e, orient);
    float dn = glm::dot(n, d);
    if (dn <= 1e-12f) continue;
    best = std::min(best, std::max(0.0f, glm::dot(n, r.points_xz[e] - p) / dn));
  }
  return best;
}

// Minimum over t in [0, 1] of a convex function along a segment (golden-section search).
template <class F>
float min_along_segment(const glm::vec3& a, const glm::vec3& b, F f) {
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

// A box with its axes precomputed, for many distance evaluations.
struct BoxFrame {
  glm::vec3 c, ax, az, h;
  explicit BoxFrame(const Box& b) : c(b.centre), ax(b.axis_x()), az(b.axis_z()), h(b.half_extents) {}
  float sdf(const glm::vec3& p) const {
    glm::vec3 m = p - c;
    glm::vec3 q(std::fabs(glm::dot(m, ax)), std::fabs(m.y), std::fabs(glm::dot(m, az)));
    glm::vec3 d = q - h;
    float outside = glm::length(glm::max(d, glm::vec3(0.0f)));
    float inside = std::min(std::max({d.x, d.y, d.z}), 0.0f);
    return outside + inside;
  }
};

}  // namespace

const char* to_string(HitKind k) {
  switch (k) {
    case HitKind::kNone: return "none";
    case HitKind::kWallBox: return "wall";
    case HitKind::kWallPlane: return "wall_plane";
    case HitKind::kPipe: return "pipe";
    case HitKind::kFence: return "fence";
    case HitKind::kRegionBoundary: return "region_boundary";
  }
  return "none";
}

RayHit ray_clearance(const Level& level, const ClearanceQuery& q) {
  RayHit hit;
  hit.distance = q.max_distance;
  glm::vec2 d = xz(q.dir_ws);
  float len = glm::length(d);
  if (!(len > 1e-9f) || !std::isfinite(len)) return hit;
  d /= len;
  glm::vec2 o = xz(q.origin_ws);
  auto consider = [&](float t, HitKind kind, int index) {
    if (t < hit.distance) hit = RayHit{t, kind, index};
  };
  auto overlaps = [&](float lo, float hi) { return hi >= q.y_min && lo <= q.y_max; };

  for (std::size_t i = 0; i < level.fences.size(); ++i) {
    const Box& f = level.fences[i];
    if (int(i) == q.skip_fence || !overlaps(f.bottom_y(), f.top_y())) continue;
    consider(ray_box(o, d, f), HitKind::kFence, int(i));
  }
  for (std::size_t i = 0; i < level.walls.size(); ++i) {
    const Wall& w = level.walls[i];
    float lo, hi;
    wall_y_span(w, &lo, &hi);
    if (!overlaps(lo, hi)) continue;
    if (w.has_virtual_plane) {
      consider(ray_virtual_plane(o, d, w), HitKind::kWallPlane, int(i));
      continue;
    }
    consider(ray_box(o, d, w.box), HitKind::kWallBox, int(i));
    for (const Pipe& p : w.pipes) {
      if (!overlaps(std::min(p.a.y, p.b.y) - p.radius, std::max(p.a.y, p.b.y) + p.radius)) continue;
      consider(ray_stadium(o, d, xz(p.a), xz(p.b), p.radius), HitKind::kPipe, int(i));
    }
  }
  if (!level.regions.empty()) {
    // Walk through the union of regions: leave one, continue if another region holds the exit point.
    float t = 0.0f;
    int last = -1;
    for (std::size_t iter = 0; iter <= level.regions.size(); ++iter) {
      glm::vec2 p = o + d * t;
      float next = t;
      for (std::size_t r = 0; r < level.regions.size(); ++r) {
        if (!region_contains(level.regions[r], p, 1e-5f)) continue;
        float e = t + region_exit(level.regions[r], p, d);
        if (e > next) next = e, last = int(r);
      }
      if (!(next > t + 1e-6f)) break;
      t = next;
    }
    consider(t, HitKind::kRegionBoundary, last);
  }
  return hit;
}

float box_signed_distance(const Box& box, const glm::vec3& p) { return BoxFrame(box).sdf(p); }

namespace {

// The distances are 1-Lipschitz, so no point of the segment is nearer than the nearer end less half
// its length: a capsule that far away cannot touch, and the search is skipped (same result).
bool surely_apart(float da, float db, const Capsule& c) {
  return std::min(da, db) - 0.5f * glm::length(c.b - c.a) > c.radius + 1e-5f;
}

// The same bound from the quarter points too (no point is farther than an eighth of the length from
// one of the five): settles most near misses with three distances instead of the search's fifty.
template <class F>
bool surely_apart_sampled(float da, float db, const Capsule& c, F dist) {
  float m = std::min(da, db);
  for (float t : {0.25f, 0.5f, 0.75f}) m = std::min(m, dist(c.a + t * (c.b - c.a)));
  return m - 0.125f * glm::length(c.b - c.a) > c.radius + 1e-5f;
}

}  // namespace

// The search's minimum is never above the nearer end's distance (it starts from both ends), so an end
// that goes 'enough' deep bounds the answer from below.
template <class F>
float penetration_along(const Capsule& c, F dist, float enough) {
  const float da = dist(c.a), db = dist(c.b);
  const float at_ends = c.radius - std::min(da, db);
  if (at_ends >= enough) return at_ends;
  if (surely_apart(da, db, c) || surely_apart_sampled(da, db, c, dist)) return 0.0f;
  float m = min_along_segment(c.a, c.b, dist);
  return std::max(0.0f, c.radius - m);
}

float penetration_capsule_box(const Capsule& c, const Box& box, float enough) {
  BoxFrame bf(box);
  return penetration_along(c, [&](const glm::vec3& p) { return bf.sdf(p); }, enough);
}

float penetration_capsule_pipe(const Capsule& c, const Pipe& pipe, float enough) {
  auto dist = [&](const glm::vec3& p) { return std::sqrt(distance2_to_segment(p, pipe.a, pipe.b)) - pipe.radius; };
  return penetration_along(c, dist, enough);
}

float penetration_capsule_box(const Capsule& c, const Box& box) {
  return penetration_capsule_box(c, box, std::numeric_limits<float>::infinity());
}

float penetration_capsule_pipe(const Capsule& c, const Pipe& pipe) {
  return penetration_capsule_pipe(c, pipe, std::numeric_limits<float>::infinity());
}

namespace {

// Bounds more than a millimetre apart along x or z: the exact test would give 0 (the margin keeps its
// rounding from ever seeing a touch). Planning a vault asks for every bone on every tick of the vault.
constexpr float kApartMargin = 1e-3f;
bool apart_xz(const glm::vec3& lo, const glm::vec3& hi, const glm::vec3& olo, const glm::vec3& ohi) {
  return hi.x + kApartMargin < olo.x || lo.x - kApartMargin > ohi.x || hi.z + kApartMargin < olo.z ||
         lo.z - kApartMargin > ohi.z;
}
bool apart_from_box(const glm::vec3& lo, const glm::vec3& hi, const Box& b) {
  const glm::vec3 ax = b.axis_x(), az = b.axis_z(), he = b.half_extents;
  const glm::vec3 ext(std::fabs(ax.x) * he.x + std::fabs(az.x) * he.z, he.y,
                      std::fabs(ax.z) * he.x + std::fabs(az.z) * he.z);
  return apart_xz(lo, hi, b.centre - ext, b.centre + ext);
}
bool apart_from_pipe(const glm::vec3& lo, const glm::vec3& hi, const Pipe& p) {
  const glm::vec3 r(p.radius);
  const glm::vec3 plo = glm::min(p.a, p.b) - r, phi = glm::max(p.a, p.b) + r;
  return apart_xz(lo, hi, plo, phi) || hi.y + kApartMargin < plo.y || lo.y - kApartMargin > phi.y;
}

}  // namespace

Penetration level_penetration(const Level& level, const Capsule& c, const PenetrationOptions& opt) {
  Penetration out;
  auto consider = [&](float depth, HitKind kind, int index) {
    if (depth > out.depth) out = Penetration{depth, kind, index};
  };
  // Cheap bounding tests first: the capsule's vertical span against each object's, then its bounds.
  float cy_lo = std::min(c.a.y, c.b.y) - c.radius, cy_hi = std::max(c.a.y, c.b.y) + c.radius;
  const glm::vec3 lo = glm::min(c.a, c.b) - glm::vec3(c.radius), hi = glm::max(c.a, c.b) + glm::vec3(c.radius);
  if (opt.fences)
    for (std::size_t i = 0; i < level.fences.size(); ++i) {
      const Box& f = level.fences[i];
      if (int(i) == opt.skip_fence || cy_hi < f.bottom_y() || cy_lo > f.top_y() || apart_from_box(lo, hi, f)) continue;
      consider(penetration_capsule_box(c, f), HitKind::kFence, int(i));
    }
  if (opt.walls)
    for (std::size_t i = 0; i < level.walls.size(); ++i) {
      const Wall& w = level.walls[i];
      if (!(cy_hi < w.box.bottom_y() || cy_lo > w.box.top_y() || apart_from_box(lo, hi, w.box)))
        consider(penetration_capsule_box(c, w.box), HitKind::kWallBox, int(i));
      for (const Pipe& p : w.pipes) {
        if (!apart_from_pipe(lo, hi, p)) consider(penetration_capsule_pipe(c, p), HitKind::kPipe, int(i));
      }
    }
  if (opt.ground) consider(level.ground_y - cy_lo, HitKind::kNone, -1);
  return out;
}

bool in_regions(const Level& level, const glm::vec3& p) {
  if (level.regions.empty()) return true;
  for (const Region& r : level.regions)
    if (p.y <= level.ground_y + r.height && region_contains(r, xz(p), 1e-6f)) return true;
  return false;
}

float distance_to_footprint(const Box& box, const glm::vec3& p) {
  glm::vec3 l = box.to_local(p);
  float dx = std::max(std::fabs(l.x) - box.half_extents.x, 0.0f);
  float dz = std::max(std::fabs(l.z) - box.half_extents.z, 0.0f);
  return std::sqrt(dx * dx + dz * dz);
}

int fence_in_reach(const Level& level, const glm::vec3& pos, const glm::vec3& forward, float max_distance) {
  glm::vec2 f = xz(forward);
  float fl = glm::length(f);
  if (!(fl > 1e-9f)) return -1;
  f /= fl;
  int best = -1;
  float best_d = kInf;
  for (std::size_t i = 0; i < level.fences.size(); ++i) {
    const Box& b = level.fences[i];
    float dist = distance_to_footprint(b, pos);
    if (dist > max_distance || dist >= best_d) continue;
    if (dist > 1e-6f) {
      // Direction to the closest footprint point must be within 60 degrees of forward.
      glm::vec3 l = b.to_local(pos);
      glm::vec3 cl(std::clamp(l.x, -b.half_extents.x, b.half_extents.x), 0.0f,
                   std::clamp(l.z, -b.half_extents.z, b.half_extents.z));
      glm::vec2 to = xz(b.to_world(cl)) - xz(pos);
      if (glm::dot(to / glm::length(to), f) < 0.5f) continue;
    }
    best = int(i);
    best_d = dist;
  }
  return best;
}

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

bool resolve_circle_collisions(const Level& level, float r, glm::vec3* p) {
  bool hit = false;
  const float y = p->y;
  for (int pass = 0; pass < 3; ++pass) {
    bool moved = false;
    for (const Box& f : level.fences) moved |= push_circle_out_of_box(f, r, p);
    for (const Wall& w : level.walls) moved |= push_circle_out_of_box(w.box, r, p);
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

}  // namespace cf
