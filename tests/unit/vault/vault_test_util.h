#pragma once
// Shared by the vault tests: shipped assets, random creatures, and an independent lref.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "creature/creature_io.h"
#include "motion/motion_clip.h"
#include "skeleton/rig_builder.h"
#include "vault/vault_play.h"
#include "world/level.h"

namespace cf::test {

inline std::string asset(const std::string& rel) { return std::string(CF_ASSETS_DIR) + "/" + rel; }

inline const std::vector<std::string>& shipped_creatures() {
  static const std::vector<std::string> n = {"biped", "biped_arms_tail", "quadruped", "hexapod",
                                             "octopod", "strider", "stubby"};
  return n;
}
inline const std::vector<std::string>& shipped_levels() {
  static const std::vector<std::string> n = {"default", "fence_wall_left", "fence_wall_right", "fence_walls_both",
                                             "wall_pipes_virtual_plane", "open_ground", "fence_region"};
  return n;
}

inline const MotionClip& vault_clip() {
  static const MotionClip clip = [] {
    auto m = load_motion(asset("motions/vault.json"));
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().to_string());
    return m.ok() ? *m : MotionClip{};
  }();
  return clip;
}

inline Rig rig_of(const Creature& c) {
  auto r = build_rig(c);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  return r.ok() ? *r : Rig{};
}

inline Rig shipped_rig(const std::string& name) {
  auto c = load_creature(asset("creatures/" + name + ".json"));
  EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().to_string());
  return c.ok() ? rig_of(*c) : Rig{};
}

inline Level shipped_level(const std::string& name) {
  auto l = load_level(asset("levels/" + name + ".json"));
  EXPECT_TRUE(l.ok()) << (l.ok() ? "" : l.error().to_string());
  return l.ok() ? *l : Level{};
}

// A random creature: torso at a random height (upright or long), a head, 2-8 legs standing on the
// ground, 0-2 arms hanging from the front of the torso.
inline Creature random_creature(Rng& rng) {
  auto u = [&](double lo, double hi) { return static_cast<float>(rng.uniform(lo, hi)); };
  Creature c;
  c.name = "random";
  const float hip = u(0.3, 1.1);
  const bool upright = rng.uniform() < 0.5;
  const float len = u(0.3, 0.8);
  const float r = u(0.06, 0.16);
  Part torso;
  torso.tag = PartTag::kTorso;
  torso.radius = r;
  glm::vec3 a(0.0f, hip, upright ? 0.0f : -0.5f * len), b = upright ? glm::vec3(0, hip + len, 0.02f)
                                                                    : glm::vec3(0, hip + 0.1f, 0.5f * len);
  torso.stroke = {a, 0.5f * (a + b), b};
  c.parts.push_back(torso);
  Part head;
  head.tag = PartTag::kHead;
  head.radius = 0.7f * r;
  head.stroke = {b + glm::vec3(0, 0.03f, 0.02f), b + glm::vec3(0, 0.15f, 0.08f), b + glm::vec3(0, 0.25f, 0.12f)};
  c.parts.push_back(head);
  const int pairs = rng.range(1, 4);
  const float spread = r * u(0.5, 1.0);
  for (int p = 0; p < pairs; ++p) {
    float z = pairs == 1 ? 0.0f : (upright ? 0.15f : 0.8f * len) * (0.5f - float(p) / float(pairs - 1));
    float leg_r = u(0.03, 0.08);
    for (float side : {1.0f, -1.0f}) {
      Part leg;
      leg.tag = PartTag::kLeg;
      leg.side = side > 0 ? Side::kLeft : Side::kRight;
      leg.side_given = true;
      leg.radius = leg_r;
      float x = side * spread;
      leg.stroke = {{x, hip, z}, {x * 1.1f, 0.5f * hip, z + 0.08f * hip}, {x * 1.1f, 0.0f, z}, {x * 1.1f, 0.0f, z + 0.15f}};
      c.parts.push_back(leg);
    }
  }
  const int arms = rng.range(0, 1) * 2;
  for (int k = 0; k < arms; ++k) {
    float side = k == 0 ? 1.0f : -1.0f;
    Part arm;
    arm.tag = PartTag::kArm;
    arm.side = side > 0 ? Side::kLeft : Side::kRight;
    arm.side_given = true;
    arm.radius = u(0.03, 0.06);
    glm::vec3 s = b + glm::vec3(side * (r + 0.02f), -0.08f, 0.0f);
    float al = u(0.3, 0.6);
    arm.stroke = {s, s + glm::vec3(side * 0.05f, -0.45f * al, -0.05f), s + glm::vec3(side * 0.06f, -0.9f * al, 0.02f),
                  s + glm::vec3(side * 0.06f, -1.0f * al, 0.06f)};
    c.parts.push_back(arm);
  }
  return c;
}

// --- Independent lref: march along the ray in 2 mm steps until the point is inside an object's
// footprint (containment tests written here, not the engine's ray code).
inline glm::vec2 xz(const glm::vec3& v) { return {v.x, v.z}; }

inline bool in_rect(const Box& b, glm::vec2 p) {
  float c = std::cos(glm::radians(b.yaw_deg)), s = std::sin(glm::radians(b.yaw_deg));
  glm::vec2 d = p - xz(b.centre);
  float lx = d.x * c - d.y * s;  // onto the box's local x = (cos, -sin)
  float lz = d.x * s + d.y * c;  // onto local z = (sin, cos)
  return std::fabs(lx) <= b.half_extents.x && std::fabs(lz) <= b.half_extents.z;
}

inline bool in_stadium(glm::vec2 p, glm::vec2 a, glm::vec2 b, float r) {
  glm::vec2 ab = b - a;
  float t = glm::dot(ab, ab) > 0 ? std::clamp(glm::dot(p - a, ab) / glm::dot(ab, ab), 0.0f, 1.0f) : 0.0f;
  return glm::length(p - (a + t * ab)) <= r;
}

// A wall with a virtual plane occupies what is behind the plane, within the wall's span along it.
inline bool in_plane_region(const Wall& w, glm::vec2 p) {
  glm::vec2 n = glm::normalize(xz(w.plane_normal)), t(-n.y, n.x), o = xz(w.plane_point);
  std::vector<std::pair<glm::vec2, float>> pts;
  float c = std::cos(glm::radians(w.box.yaw_deg)), s = std::sin(glm::radians(w.box.yaw_deg));
  glm::vec2 ax(c, -s), az(s, c);
  for (float sx : {-1.0f, 1.0f})
    for (float sz : {-1.0f, 1.0f})
      pts.push_back({xz(w.box.centre) + ax * (sx * w.box.half_extents.x) + az * (sz * w.box.half_extents.z), 0.0f});
  for (const Pipe& pp : w.pipes) pts.push_back({xz(pp.a), pp.radius}), pts.push_back({xz(pp.b), pp.radius});
  float lo = 1e9f, hi = -1e9f, deep = 0.0f;
  for (auto& [q, r] : pts) {
    lo = std::min(lo, glm::dot(q - o, t) - r);
    hi = std::max(hi, glm::dot(q - o, t) + r);
    deep = std::min(deep, glm::dot(q - o, n) - r);
  }
  float along = glm::dot(p - o, t), depth = glm::dot(p - o, n);
  return depth <= 0.0f && depth >= deep && along >= lo && along <= hi;
}

inline bool in_convex(const Region& r, glm::vec2 p) {
  int sign = 0;
  for (std::size_t i = 0; i < r.points_xz.size(); ++i) {
    glm::vec2 a = r.points_xz[i], b = r.points_xz[(i + 1) % r.points_xz.size()];
    float cr = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    int sg = cr > 1e-7f ? 1 : cr < -1e-7f ? -1 : 0;
    if (sg == 0) continue;
    if (sign != 0 && sg != sign) return false;
    sign = sg;
  }
  return true;
}

inline bool blocked(const Level& lv, int skip_fence, glm::vec2 p) {
  for (std::size_t i = 0; i < lv.fences.size(); ++i)
    if (int(i) != skip_fence && in_rect(lv.fences[i], p)) return true;
  for (const Wall& w : lv.walls) {
    if (w.has_virtual_plane) {
      if (in_plane_region(w, p)) return true;
      continue;
    }
    if (in_rect(w.box, p)) return true;
    for (const Pipe& pp : w.pipes)
      if (in_stadium(p, xz(pp.a), xz(pp.b), pp.radius)) return true;
  }
  if (!lv.regions.empty()) {
    bool inside = false;
    for (const Region& r : lv.regions) inside = inside || in_convex(r, p);
    if (!inside) return true;
  }
  return false;
}

// Minimum over the path positions of the marched distance to the first blocked point (cap 'cap').
inline float marched_room(const Level& lv, const VaultPlacement& pl, float side, float cap = 3.0f) {
  const float step = 0.002f;
  float room = cap;
  glm::vec2 dir = xz(side * pl.left_ws);
  const int n = static_cast<int>(std::ceil(std::max(0.0f, pl.path_end_ms - pl.path_start_ms) / 0.02f)) + 1;
  for (int i = 0; i < n; ++i) {
    float z = std::min(pl.path_start_ms + 0.02f * float(i), pl.path_end_ms);
    glm::vec2 o = xz(glm::vec3(pl.model_to_world * glm::vec4(pl.ref_x_ms, 0.0f, z, 1.0f)));
    for (float d = 0.0f; d < room; d += step)
      if (blocked(lv, pl.fence, o + dir * d)) {
        room = d;
        break;
      }
  }
  return room;
}

}  // namespace cf::test
