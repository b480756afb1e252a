// Capsule penetration: depths along a bone found by a bounded golden-section search, with cheap
// bounds first (most capsules are nowhere near most objects).
#include "world/penetration.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "math/geometry.h"
#include "world/ground_query.h"

namespace cf {
namespace {

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

// Depth of the capsule from its distance function: max(0, radius - m), m the least of the ends and a
// 48-step golden-section search along the bone. The search's lower point never rises, so:
// - once it is 'enough' deep, that depth (<= the whole depth, >= enough) is the answer;
// - once the bracket is so narrow that no point left in it can come within the radius (1-Lipschitz,
//   with 'margin' for rounding), the depth is 0. Both give what the whole search gives.
template <class F>
float penetration_along(const Capsule& c, F dist, float enough, float margin) {
  const float da = dist(c.a), db = dist(c.b);
  const float best = std::min(da, db);
  const float at_ends = c.radius - best;
  if (at_ends >= enough) return at_ends;
  if (surely_apart(da, db, c) || surely_apart_sampled(da, db, c, dist)) return 0.0f;
  const glm::vec3 ab = c.b - c.a;
  if (glm::dot(ab, ab) < 1e-16f) return std::max(0.0f, at_ends);
  const float length = glm::length(ab);
  const bool ends_clear = best >= c.radius;
  const double g = 0.6180339887498949;
  double lo = 0.0, hi = 1.0;
  double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  auto at = [&](double t) { return dist(c.a + float(t) * ab); };
  float f1 = at(x1), f2 = at(x2);
  for (int i = 0; i < 48; ++i) {
    const float low = std::min(f1, f2);
    if (c.radius - low >= enough) return c.radius - low;
    // Every later sample is within half the bracket of x1 or x2.
    if (ends_clear && low - 0.5f * float(hi - lo) * length > c.radius + margin) return 0.0f;
    if (f1 <= f2) {
      hi = x2, x2 = x1, f2 = f1;
      x1 = hi - g * (hi - lo), f1 = at(x1);
    } else {
      lo = x1, x1 = x2, f1 = f2;
      x2 = lo + g * (hi - lo), f2 = at(x2);
    }
  }
  return std::max(0.0f, c.radius - std::min({best, f1, f2}));
}

// Rounding of one distance: a few float steps of the largest coordinate involved, and a floor.
float rounding_margin(const glm::vec3& a, const glm::vec3& b, const glm::vec3& o1, const glm::vec3& o2) {
  float m = 0.0f;
  for (const glm::vec3& v : {a, b, o1, o2}) m = std::max({m, std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)});
  return 1e-4f + 4e-6f * m;
}

// Bounds more than a millimetre apart along x or z: the exact test would give 0 (the margin keeps its
// rounding from ever seeing a touch). Planning a vault asks for every bone on every tick of the vault.
constexpr float kApartMargin_m = 1e-3f;
bool apart_xz(const glm::vec3& lo, const glm::vec3& hi, const glm::vec3& olo, const glm::vec3& ohi) {
  return hi.x + kApartMargin_m < olo.x || lo.x - kApartMargin_m > ohi.x || hi.z + kApartMargin_m < olo.z ||
         lo.z - kApartMargin_m > ohi.z;
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
  return apart_xz(lo, hi, plo, phi) || hi.y + kApartMargin_m < plo.y || lo.y - kApartMargin_m > phi.y;
}

}  // namespace

float box_signed_distance(const Box& box, const glm::vec3& p) { return BoxFrame(box).sdf(p); }

float penetration_capsule_box(const Capsule& c, const Box& box, float enough) {
  BoxFrame bf(box);
  return penetration_along(c, [&](const glm::vec3& p) { return bf.sdf(p); }, enough,
                           rounding_margin(c.a, c.b, box.centre, box.half_extents));
}

float penetration_capsule_pipe(const Capsule& c, const Pipe& pipe, float enough) {
  auto dist = [&](const glm::vec3& p) { return std::sqrt(distance2_to_segment(p, pipe.a, pipe.b)) - pipe.radius; };
  return penetration_along(c, dist, enough, rounding_margin(c.a, c.b, pipe.a, pipe.b));
}

float penetration_capsule_box(const Capsule& c, const Box& box) {
  return penetration_capsule_box(c, box, std::numeric_limits<float>::infinity());
}

float penetration_capsule_pipe(const Capsule& c, const Pipe& pipe) {
  return penetration_capsule_pipe(c, pipe, std::numeric_limits<float>::infinity());
}

namespace {

// The fences, wall boxes and pipes the capsule may reach (cheap tests first: its vertical span against
// each object's, then its bounds), in level order: visit(kind, index, box, pipe) with one of box and
// pipe set; it returns true to stop. Returns whether a visit stopped it.
template <class Visit>
bool visit_near(const Level& level, const Capsule& c, const PenetrationOptions& opt, Visit visit) {
  const float cy_lo = std::min(c.a.y, c.b.y) - c.radius, cy_hi = std::max(c.a.y, c.b.y) + c.radius;
  const glm::vec3 lo = glm::min(c.a, c.b) - glm::vec3(c.radius), hi = glm::max(c.a, c.b) + glm::vec3(c.radius);
  if (opt.fences)
    for (std::size_t i = 0; i < level.fences.size(); ++i) {
      const Box& f = level.fences[i];
      if (int(i) == opt.skip_fence || cy_hi < f.bottom_y() || cy_lo > f.top_y() || apart_from_box(lo, hi, f)) continue;
      if (visit(HitKind::kFence, int(i), &f, nullptr)) return true;
    }
  if (opt.walls)
    for (std::size_t i = 0; i < level.walls.size(); ++i) {
      const Wall& w = level.walls[i];
      if (!(cy_hi < w.box.bottom_y() || cy_lo > w.box.top_y() || apart_from_box(lo, hi, w.box)) &&
          visit(HitKind::kWallBox, int(i), &w.box, nullptr))
        return true;
      for (const Pipe& p : w.pipes)
        if (!apart_from_pipe(lo, hi, p) && visit(HitKind::kPipe, int(i), nullptr, &p)) return true;
    }
  return false;
}

}  // namespace

Penetration level_penetration(const Level& level, const Capsule& c, const PenetrationOptions& opt) {
  Penetration out;
  auto consider = [&](float depth, HitKind kind, int index) {
    if (depth > out.depth) out = Penetration{depth, kind, index};
  };
  visit_near(level, c, opt, [&](HitKind kind, int index, const Box* box, const Pipe* pipe) {
    consider(box ? penetration_capsule_box(c, *box) : penetration_capsule_pipe(c, *pipe), kind, index);
    return false;
  });
  if (opt.ground) consider(depth_below_ground(level, c.a, c.b, c.radius, nullptr), HitKind::kNone, -1);
  return out;
}

bool level_touches(const Level& level, const Capsule& c, const PenetrationOptions& opt) {
  // The same objects as level_penetration; any depth above 0 answers.
  constexpr float kAny = std::numeric_limits<float>::min();
  const bool touches = visit_near(level, c, opt, [&](HitKind, int, const Box* box, const Pipe* pipe) {
    return (box ? penetration_capsule_box(c, *box, kAny) : penetration_capsule_pipe(c, *pipe, kAny)) > 0.0f;
  });
  return touches || (opt.ground && depth_below_ground(level, c.a, c.b, c.radius, nullptr) > 0.0f);
}

}  // namespace cf
