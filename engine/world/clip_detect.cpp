// Clip detector: capsule-versus-obstacle depths with the deepest flesh point.
#include "world/clip_detect.h"

#include <algorithm>
#include <cmath>

#include "world/clearance.h"
#include "world/ground_query.h"

namespace cf {
namespace {

// Minimum of a convex function along segment ab (golden section): the point and its value.
template <class F>
float min_on_segment(const glm::vec3& a, const glm::vec3& b, F f, glm::vec3* at_ws) {
  float fa = f(a), fb = f(b);
  float best = fa;
  *at_ws = a;
  if (fb < best) best = fb, *at_ws = b;
  if (glm::dot(b - a, b - a) < 1e-16f) return best;
  const float g = 0.618034f;
  float lo = 0.0f, hi = 1.0f;
  float x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  auto p = [&](float t) { return a + t * (b - a); };
  float f1 = f(p(x1)), f2 = f(p(x2));
  for (int i = 0; i < 32; ++i) {
    if (f1 <= f2) {
      hi = x2, x2 = x1, f2 = f1;
      x1 = hi - g * (hi - lo), f1 = f(p(x1));
    } else {
      lo = x1, x1 = x2, f1 = f2;
      x2 = lo + g * (hi - lo), f2 = f(p(x2));
    }
  }
  const float t = f1 <= f2 ? x1 : x2;
  const float ft = std::min(f1, f2);
  if (ft < best) best = ft, *at_ws = p(t);
  return best;
}

// Outward unit direction of a signed distance field at p (central differences).
template <class F>
glm::vec3 outward(F f, const glm::vec3& p) {
  const float e = 1e-3f;
  glm::vec3 g(f(p + glm::vec3(e, 0, 0)) - f(p - glm::vec3(e, 0, 0)), f(p + glm::vec3(0, e, 0)) - f(p - glm::vec3(0, e, 0)),
              f(p + glm::vec3(0, 0, e)) - f(p - glm::vec3(0, 0, e)));
  const float len = glm::length(g);
  return len > 1e-9f ? g / len : glm::vec3(0, 1, 0);
}

struct Bounds {
  glm::vec3 lo, hi;
  bool overlaps(const Bounds& o) const {
    return lo.x <= o.hi.x && hi.x >= o.lo.x && lo.y <= o.hi.y && hi.y >= o.lo.y && lo.z <= o.hi.z && hi.z >= o.lo.z;
  }
};

Bounds box_bounds(const Box& b) {
  const glm::vec3 ax = b.axis_x() * b.half_extents.x, az = b.axis_z() * b.half_extents.z;
  const glm::vec3 h(std::fabs(ax.x) + std::fabs(az.x), b.half_extents.y, std::fabs(ax.z) + std::fabs(az.z));
  return Bounds{b.centre - h, b.centre + h};
}

float distance_to_segment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b, glm::vec3* closest) {
  const glm::vec3 ab = b - a;
  const float len2 = glm::dot(ab, ab);
  const float t = len2 > 1e-16f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
  *closest = a + t * ab;
  return glm::length(p - *closest);
}

}  // namespace

const char* to_string(ObstacleKind o) {
  switch (o) {
    case ObstacleKind::kGround: return "ground";
    case ObstacleKind::kWall: return "wall";
    case ObstacleKind::kPipe: return "pipe";
    case ObstacleKind::kFence: return "fence";
  }
  return "ground";
}

bool ClipDetectJob::validate() const {
  if (!level || !out || bones < 0) return false;
  if (bones > 0 && (!head_ws || !tail_ws || !radius_m)) return false;
  if (out->capacity < 0 || out->count < 0 || out->count > out->capacity) return false;
  if (out->capacity > 0 && !out->events) return false;
  return std::isfinite(min_depth_m) && min_depth_m >= 0.0f;
}

bool ClipDetectJob::run() const {
  if (!validate()) return false;
  const float threshold = min_depth_m > 0.0f ? min_depth_m : kClipDefaultDepthM;
  const Level& lv = *level;
  for (int b = 0; b < bones; ++b) {
    const glm::vec3 a = head_ws[b], t = tail_ws[b];
    const float r = std::max(0.0f, radius_m[b]);
    if (!std::isfinite(a.x + a.y + a.z + t.x + t.y + t.z + r)) continue;  // a broken pose is not a clip
    const Bounds cb{glm::min(a, t) - glm::vec3(r), glm::max(a, t) + glm::vec3(r)};
    auto emit = [&](ObstacleKind kind, int index, int pipe, float depth, const glm::vec3& point) {
      if (!(depth > threshold)) return;
      if (out->count >= out->capacity) {
        ++out->dropped;
        return;
      }
      out->events[out->count++] = ClipEvent{tick, creature, b, kind, index, pipe, depth, point};
    };
    // Boxes (walls, fences): the bone axis point deepest in (or nearest) the box; flesh reaches r further.
    auto check_box = [&](const Box& box, ObstacleKind kind, int index) {
      if (!cb.overlaps(box_bounds(box))) return;
      auto sdf = [&](const glm::vec3& p) { return box_signed_distance(box, p); };
      glm::vec3 p;
      const float d = min_on_segment(a, t, sdf, &p);
      emit(kind, index, -1, r - d, p - outward(sdf, p) * r);
    };
    for (std::size_t i = 0; i < lv.walls.size(); ++i) {
      const Wall& w = lv.walls[i];
      check_box(w.box, ObstacleKind::kWall, static_cast<int>(i));
      for (std::size_t k = 0; k < w.pipes.size(); ++k) {
        const Pipe& pipe = w.pipes[k];
        const Bounds pb{glm::min(pipe.a, pipe.b) - glm::vec3(pipe.radius), glm::max(pipe.a, pipe.b) + glm::vec3(pipe.radius)};
        if (!cb.overlaps(pb)) continue;
        auto sdf = [&](const glm::vec3& p) {
          glm::vec3 c;
          return distance_to_segment(p, pipe.a, pipe.b, &c) - pipe.radius;
        };
        glm::vec3 p;
        const float d = min_on_segment(a, t, sdf, &p);
        emit(ObstacleKind::kPipe, static_cast<int>(i), static_cast<int>(k), r - d, p - outward(sdf, p) * r);
      }
    }
    for (std::size_t i = 0; i < lv.fences.size(); ++i) {
      if (contact && contact[b] && static_cast<int>(i) == contact_fence) continue;
      check_box(lv.fences[i], ObstacleKind::kFence, static_cast<int>(i));
    }
    if (ground) {
      glm::vec3 low;
      const float depth = depth_below_ground(lv, a, t, r, &low);
      emit(ObstacleKind::kGround, -1, -1, depth, low);
    }
  }
  return true;
}

}  // namespace cf
