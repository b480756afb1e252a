// Clearance queries: 2D rays over object footprints (lref), movable regions, the fence in reach.
#include "world/clearance.h"

#include <algorithm>
#include <cmath>
#include <limits>

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

bool in_regions(const Level& level, const glm::vec3& p) {
  if (level.regions.empty()) return true;
  for (const Region& r : level.regions)
    if (p.y <= level.ground_y + r.height && region_contains(r, xz(p), 1e-6f)) return true;
  return false;
}

std::vector<Box> region_edges(const Level& level) {
  std::vector<Box> out;
  std::size_t points = 0;
  for (const Region& r : level.regions) points += r.points_xz.size();
  if (level.regions.empty() || points > kRegionEdgeMaxPoints) return out;
  constexpr int kMaxPieces = 64;       // per edge: pieces tested for ground on one side only
  constexpr float kPiece_m = 0.25f, kProbe_m = 0.05f, kOverlap_m = 0.02f;
  for (const Region& r : level.regions) {
    const std::size_t n = r.points_xz.size();
    for (std::size_t i = 0; i < n; ++i) {
      const glm::vec2 a = r.points_xz[i], b = r.points_xz[(i + 1) % n];
      const float len = glm::length(b - a);
      if (!(len > 1e-4f)) continue;
      const glm::vec2 u = (b - a) / len, side(-u.y, u.x);
      const int pieces = std::clamp(static_cast<int>(std::ceil(len / kPiece_m)), 1, kMaxPieces);
      // Runs of pieces with movable ground on one side only, each a box on the other side.
      int run_from = -1;
      float run_out = 0.0f;  // +1: the outside is on 'side', -1: opposite
      auto close_run = [&](int to) {
        if (run_from < 0) return;
        const float t0 = len * static_cast<float>(run_from) / pieces - kOverlap_m;
        const float t1 = len * static_cast<float>(to) / pieces + kOverlap_m;
        const glm::vec2 out_dir = side * run_out;
        const glm::vec2 mid = a + u * (0.5f * (t0 + t1)) + out_dir * (0.5f * kRegionEdgeDepth_m);
        Box box;  // its local +z points away from the movable ground: its -z face is the edge's line
        box.centre = glm::vec3(mid.x, level.ground_y + 0.5f * r.height, mid.y);
        box.half_extents = glm::vec3(0.5f * (t1 - t0), 0.5f * r.height, 0.5f * kRegionEdgeDepth_m);
        box.yaw_deg = glm::degrees(std::atan2(out_dir.x, out_dir.y));
        out.push_back(box);
        run_from = -1;
      };
      for (int k = 0; k < pieces; ++k) {
        const glm::vec2 mid = a + u * (len * (static_cast<float>(k) + 0.5f) / pieces);
        const glm::vec2 l = mid + side * kProbe_m, rr = mid - side * kProbe_m;
        const bool in_l = in_regions(level, glm::vec3(l.x, level.ground_y, l.y));
        const bool in_r = in_regions(level, glm::vec3(rr.x, level.ground_y, rr.y));
        const float out_side = in_l == in_r ? 0.0f : (in_l ? -1.0f : 1.0f);
        if (out_side != run_out || out_side == 0.0f) close_run(k);
        if (out_side != 0.0f && run_from < 0) run_from = k, run_out = out_side;
      }
      close_run(pieces);
    }
  }
  return out;
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

}  // namespace cf
