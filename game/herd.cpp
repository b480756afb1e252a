#include "game/herd.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "math/angles.h"
#include "world/clearance.h"
#include "world/level.h"

namespace cf {

namespace {

constexpr int kGoalTicksMin = 240, kGoalTicksMax = 600;  // a new goal every 4-10 s
constexpr float kFenceLookAhead = 1.4f;                  // metres: a fence this close ahead is vaulted
constexpr std::uint32_t kVaultCooldown = 360;            // ticks between vault attempts
constexpr float kPersonalSpace = 0.6f;                   // metres beyond the bodies' radii: steer apart

float body_radius(const SimContext& ctx, const CreatureState& c) {
  const Species* sp = ctx.species_of(c.species);
  return sp ? sp->body_radius_m : 0.3f;
}

// A free spot on the ground for a body of radius r: inside the movable regions, out of walls and
// fences, clear of every creature already placed. False when none was found in 'tries' draws.
bool find_free_spot(SimState* s, const SimContext& ctx, float r, int tries, glm::vec3* out) {
  const Level& lv = *ctx.level;
  const float lim = std::max(0.5f, lv.ground_half_size - r - 0.5f);
  for (int t = 0; t < tries; ++t) {
    glm::vec3 p(static_cast<float>(s->rng.uniform(-lim, lim)), lv.ground_y,
                static_cast<float>(s->rng.uniform(-lim, lim)));
    glm::vec3 q = p;
    if (resolve_circle_collisions(lv, r + 0.2f, &q) || !in_regions(lv, p)) continue;
    bool clear = true;
    for (int i = 0; i < s->creature_count && clear; ++i) {
      const CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
      const glm::vec2 d(c.root_ws.x - p.x, c.root_ws.z - p.z);
      const float need = r + body_radius(ctx, c) + 0.3f;
      clear = glm::dot(d, d) > need * need;
    }
    if (clear) {
      *out = p;
      return true;
    }
  }
  return false;
}

void new_goal(SimState* s, const SimContext& ctx, CreatureState* c) {
  glm::vec3 p;
  if (!find_free_spot(s, ctx, body_radius(ctx, *c), 16, &p)) p = c->root_ws;
  c->wander.goal_xz = glm::vec2(p.x, p.z);
  c->wander.goal_ticks = static_cast<std::uint32_t>(s->rng.range(kGoalTicksMin, kGoalTicksMax));
}

std::int16_t stick(float v) { return static_cast<std::int16_t>(std::clamp(v, -1.0f, 1.0f) * 32767.0f); }

}  // namespace

Result<std::vector<HerdKind>> pick_herd(int n, std::uint64_t seed, const std::string& creatures_dir) {
  std::vector<HerdKind> out;
  if (n <= 0) return out;
  if (n > kMaxHerd) return Error{"", "--herd", "at most " + std::to_string(kMaxHerd) + " creatures"};
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(creatures_dir, ec)) {
    if (e.is_regular_file(ec) && e.path().extension() == ".json") files.push_back(e.path().string());
  }
  if (ec) return Error{creatures_dir, "", "cannot list the creatures: " + ec.message()};
  if (files.empty()) return Error{creatures_dir, "", "no creature files to pick a herd from"};
  std::sort(files.begin(), files.end());
  std::vector<Json> loaded(files.size());
  Rng rng = Rng::from_seed(seed, 77u);  // its own stream: the pick does not shift the world's RNG
  for (int k = 0; k < n; ++k) {
    const auto f = static_cast<std::size_t>(rng.range(0, static_cast<int>(files.size()) - 1));
    if (loaded[f].is_null()) {
      Result<Json> j = load_json_file(files[f]);
      if (!j) return j.error();
      loaded[f] = std::move(*j);
    }
    out.push_back(HerdKind{files[f], loaded[f]});
  }
  return out;
}

int place_herd_creature(SimState* s, const SimContext& ctx, int species) {
  const Species* sp = ctx.species_of(species);
  if (!sp || !ctx.level) return -1;
  glm::vec3 p;
  if (!find_free_spot(s, ctx, sp->body_radius_m, 200, &p)) return -1;
  const float heading = static_cast<float>(s->rng.uniform(-kPi, kPi));
  const int i = add_creature(s, ctx, species, p, heading);
  if (i < 0) return -1;
  CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
  c.wanders = true;
  new_goal(s, ctx, &c);
  return i;
}

InputFrame herd_brain(SimState* s, const SimContext& ctx, int i) {
  CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
  InputFrame in;
  if (c.vaulting() || c.approaching) return in;
  if (c.wander.vault_cooldown > 0) --c.wander.vault_cooldown;
  glm::vec2 to_goal = c.wander.goal_xz - glm::vec2(c.root_ws.x, c.root_ws.z);
  if (c.wander.goal_ticks == 0 || --c.wander.goal_ticks == 0 || glm::dot(to_goal, to_goal) < 0.25f ||
      c.blocked_ticks > 30) {
    new_goal(s, ctx, &c);
    to_goal = c.wander.goal_xz - glm::vec2(c.root_ws.x, c.root_ws.z);
  }
  // Steer: towards the goal, away from creatures inside each other's personal space.
  glm::vec2 want = glm::length(to_goal) > 1e-4f ? glm::normalize(to_goal) : glm::vec2(0.0f);
  const float r = body_radius(ctx, c);
  for (int j = 0; j < s->creature_count; ++j) {
    if (j == i) continue;
    const CreatureState& o = s->creatures[static_cast<std::size_t>(j)];
    const glm::vec2 away(c.root_ws.x - o.root_ws.x, c.root_ws.z - o.root_ws.z);
    const float d = glm::length(away), space = r + body_radius(ctx, o) + kPersonalSpace;
    if (d > 1e-4f && d < space) want += away / d * (2.0f * (space - d) / space);
  }
  if (glm::dot(want, want) < 1e-8f) return in;
  const float err = wrap_angle(std::atan2(want.x, want.y) - c.heading_rad);
  in.left_x = stick(-err * 1.5f);  // stick right turns right (negative yaw)
  in.left_y = stick(0.65f * std::max(0.0f, std::cos(err)));
  // A fence just ahead on the way: vault it, as a player would with A.
  const Species* sp = ctx.species_of(c.species);
  if (sp && sp->vault && c.wander.vault_cooldown == 0 && std::fabs(err) < 0.5f &&
      fence_in_reach(*ctx.level, c.root_ws, heading_forward(c.heading_rad), kFenceLookAhead) >= 0) {
    in.buttons = in.pressed = kButtonA;
    c.wander.vault_cooldown = kVaultCooldown;
  }
  return in;
}

void separate_creatures(SimState* s, const SimContext& ctx) {
  const Level& lv = *ctx.level;
  for (int i = 0; i < s->creature_count; ++i) {
    CreatureState& a = s->creatures[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < s->creature_count; ++j) {
      CreatureState& b = s->creatures[static_cast<std::size_t>(j)];
      const glm::vec2 d(b.root_ws.x - a.root_ws.x, b.root_ws.z - a.root_ws.z);
      const float need = body_radius(ctx, a) + body_radius(ctx, b);
      const float len2 = glm::dot(d, d);
      if (len2 >= need * need) continue;
      const bool move_a = !a.vaulting() && !a.approaching, move_b = !b.vaulting() && !b.approaching;
      if (!move_a && !move_b) continue;
      const float len = std::sqrt(len2);
      const glm::vec2 n = len > 1e-5f ? d / len : glm::vec2(1.0f, 0.0f);
      const float push = (need - len) / static_cast<float>((move_a ? 1 : 0) + (move_b ? 1 : 0));
      auto shove = [&](CreatureState& c, float sign) {
        glm::vec3 p = c.root_ws + glm::vec3(n.x, 0.0f, n.y) * (sign * push);
        resolve_circle_collisions(lv, body_radius(ctx, c), &p);
        if (!in_regions(lv, p)) return;
        c.root_ws = p;
        c.walker.position_ws = glm::vec3(p.x, c.walker.position_ws.y, p.z);
      };
      if (move_a) shove(a, -1.0f);
      if (move_b) shove(b, 1.0f);
    }
  }
}

}  // namespace cf
