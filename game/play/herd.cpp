#include "game/play/herd.h"
#include "game/play/population.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "game/play/action.h"
#include "game/play/befriend.h"
#include "game/play/spectators.h"
#include "math/angles.h"
#include "world/clearance.h"
#include "world/level.h"

namespace cf {

namespace {

constexpr int kGoalTicksMin = 240, kGoalTicksMax = 600;  // a new goal every 4-10 s
constexpr std::uint32_t kActionCooldownTicks = 360;      // ticks between requested actions (vaults)
constexpr float kPersonalSpace = 0.5f;                   // metres between two bodies: steer apart
constexpr int kRestShare = 25, kRunShare = 20;           // of new goals, percent: a rest first; run there
constexpr int kRestTicksMin = 180, kRestTicksMax = 480;  // a rest lasts 3-8 s
constexpr std::uint32_t kGreetRestTicks = 150;           // stopping to greet the player
constexpr std::uint32_t kGreetMood = 3;                  // a rest's mood that is none of the named ones (only near the player)
constexpr float kNoticePlayerM = 2.5f;                   // the player this close is greeted

float body_radius(const SimContext& ctx, const CreatureState& c) {
  const Species* sp = ctx.species_of(c.species);
  return sp ? sp->body_radius_m : 0.3f;
}

// A free spot on the ground for a circle of radius r (a body of any heading): inside the movable
// regions, out of walls and fences, clear of every creature already placed. False when none was found
// in 'tries' draws.
bool find_free_spot(SimState* s, const SimContext& ctx, float r, int tries, glm::vec3* out) {
  const Level& lv = *ctx.level;
  const float lim = std::max(0.5f, lv.ground_half_size - r - 0.5f);
  for (int t = 0; t < tries; ++t) {
    // One draw per statement: argument order is unspecified (GCC drew z first, Clang x); GCC's order.
    const float z = static_cast<float>(s->rng.uniform(-lim, lim));
    const float x = static_cast<float>(s->rng.uniform(-lim, lim));
    glm::vec3 p(x, lv.ground_y, z);
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

// A free place for a body of species sp: a spot and heading inside the movable regions where the body
// keeps clear of walls, fences and every creature already placed. False when none was found in
// 'tries' draws (each draws x, z, heading).
bool find_free_place(SimState* s, const SimContext& ctx, const Species& sp, int tries, glm::vec3* out, float* heading) {
  const Level& lv = *ctx.level;
  const float lim = std::max(0.5f, lv.ground_half_size - body_bound(sp) - 0.5f);
  for (int t = 0; t < tries; ++t) {
    const float z = static_cast<float>(s->rng.uniform(-lim, lim));  // z before x, as above
    const float x = static_cast<float>(s->rng.uniform(-lim, lim));
    const glm::vec3 p(x, lv.ground_y, z);
    const float h = static_cast<float>(s->rng.uniform(-kPi, kPi));
    if (place_is_free(*s, ctx, sp, p, h)) {
      *out = p;
      *heading = h;
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
  // Sometimes it rests before it goes (standing it idles; its mood may sit, dance or roar), sometimes it runs.
  const int roll = s->rng.range(0, 99);
  c->wander.pace = roll >= kRestShare && roll < kRestShare + kRunShare ? 1 : 0;
  if (roll < kRestShare) {
    c->wander.rest_ticks = static_cast<std::uint32_t>(s->rng.range(kRestTicksMin, kRestTicksMax));
    c->wander.mood = static_cast<std::uint32_t>(s->rng.range(0, 1 << 20));
  }
}


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
  float heading = 0.0f;
  if (!find_free_place(s, ctx, *sp, 200, &p, &heading)) return -1;
  const int i = add_creature(s, ctx, species, p, heading);
  if (i < 0) return -1;
  CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
  c.wanders = true;
  new_goal(s, ctx, &c);
  return i;
}

CreatureCommand herd_brain(SimState* s, const SimContext& ctx, int i) {
  CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
  if (c.wander.spectator) return spectator_brain(s, ctx, i);
  CreatureCommand cmd;
  if (befriend_brain(s, ctx, i, &cmd)) return cmd;  // a challenge, a friend following, coming over
  const ActionRegistry& actions = ctx.registry();
  const bool resting = c.wander.rest_ticks > 0;
  if (resting) --c.wander.rest_ticks;
  if (actions.current(c) != kLocomotion) {
    // The rest is over: the stick asks to go on, as a player's would (a sit stands up; one-shots ignore it).
    if (!resting) cmd.move_y = InputFrame::axis(pad_stick(0.65f));
    return cmd;
  }
  if (c.wander.action_cooldown > 0) --c.wander.action_cooldown;
  const Species* sp = ctx.species_of(c.species);
  if (!sp) return cmd;
  const glm::vec3& player = s->creatures[0].root_ws;
  const float to_player = i > 0 ? glm::length(glm::vec2(player.x - c.root_ws.x, player.z - c.root_ws.z)) : 1e9f;
  if (!resting && c.wander.action_cooldown == 0 && to_player < kNoticePlayerM) {  // stop to greet the player
    c.wander.rest_ticks = kGreetRestTicks;
    c.wander.mood = kGreetMood;
  }
  if (c.wander.rest_ticks > 0) {
    if (c.wander.action_cooldown == 0) {
      BrainCall call{c, *sp, ctx, 0.0f};
      call.player_distance_m = to_player;
      call.resting = true;
      call.mood = c.wander.mood;
      ask_brain_actions(actions, call, kActionCooldownTicks, &c, &cmd);
    }
    return cmd;  // standing: the idle plays
  }
  glm::vec2 to_goal = c.wander.goal_xz - glm::vec2(c.root_ws.x, c.root_ws.z);
  if (c.wander.goal_ticks == 0 || --c.wander.goal_ticks == 0 || glm::dot(to_goal, to_goal) < 0.25f ||
      c.blocked_ticks > 30) {
    new_goal(s, ctx, &c);
    to_goal = c.wander.goal_xz - glm::vec2(c.root_ws.x, c.root_ws.z);
  }
  // Steer: towards the goal, away from the nearest part of any body within personal space of its own.
  glm::vec2 want = glm::length(to_goal) > 1e-4f ? glm::normalize(to_goal) : glm::vec2(0.0f);
  const PlacedFootprint me = place_body(*sp, c.root_ws, c.heading_rad);
  for (int j = 0; j < s->creature_count; ++j) {
    const CreatureState& o = s->creatures[static_cast<std::size_t>(j)];
    const Species* osp = ctx.species_of(o.species);
    if (j == i || !osp) continue;
    const glm::vec2 d(o.root_ws.x - c.root_ws.x, o.root_ws.z - c.root_ws.z);
    const float near = me.bound_m + body_bound(*osp) + kPersonalSpace;
    if (glm::dot(d, d) >= near * near) continue;  // broad phase before placing the other body
    const FootprintGap g = footprint_gap(me, place_body(*osp, o.root_ws, o.heading_rad), kPersonalSpace);
    if (g.gap_m < kPersonalSpace) want -= g.normal_ab * (2.0f * (kPersonalSpace - std::max(g.gap_m, 0.0f)) / kPersonalSpace);
  }
  if (glm::dot(want, want) < 1e-8f) return cmd;
  const float err = wrap_angle(std::atan2(want.x, want.y) - c.heading_rad);
  // As a pad would give them (the stick's 16-bit steps), so a brain drives exactly like a player.
  cmd.move_x = InputFrame::axis(pad_stick(-err * 1.5f));  // stick right turns right (negative yaw)
  const float pace = c.wander.pace == 1 ? 1.0f : 0.65f;  // full stick runs
  cmd.move_y = InputFrame::axis(pad_stick(pace * std::max(0.0f, std::cos(err))));
  // An action that fits the way ahead (a fence to vault), asked for as a player would.
  if (c.wander.action_cooldown == 0) {
    BrainCall call{c, *sp, ctx, err};
    call.player_distance_m = to_player;
    ask_brain_actions(actions, call, kActionCooldownTicks, &c, &cmd);
  }
  return cmd;
}

}  // namespace cf
