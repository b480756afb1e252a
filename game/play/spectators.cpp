#include "game/play/spectators.h"
#include "game/play/population.h"

#include <cmath>

#include "core/hash.h"
#include "game/play/action.h"
#include "game/play/brain_kit.h"
#include "world/level.h"

namespace cf {

namespace {

constexpr int kPlaceTries = 300;
constexpr float kFacingJitterRad = 0.35f;      // not all square to the course
constexpr float kCheerReach_m = 8.0f;          // the player this close is cheered
constexpr std::uint32_t kNearOdds = 25;        // a cheer about once in this many ticks while the player is near
constexpr std::uint32_t kFarOdds = 900;        // and now and then (about every 15 s) without
constexpr std::uint32_t kCheerCooldown = 240;  // at least 4 s between one spectator's cheers
constexpr std::uint32_t kPlayfulMood = 1, kBoldMood = 2;  // rest moods that read as playful, bold (rest_moods)

// A number of the tick and the creature: the brain draws nothing from the world's RNG (the player's
// idle look-around draws from it), so spectators leave the player's run as it was.
std::uint32_t mix(std::uint64_t tick, int i) {
  return mix32(static_cast<std::uint32_t>(tick) * 0x9e3779b1u ^ static_cast<std::uint32_t>(i + 1) * 0x85ebca77u);
}

}  // namespace

int place_spectator(SimState* s, const SimContext& ctx, int species, Rng* rng) {
  const Species* sp = ctx.species_of(species);
  if (!sp || !ctx.level || ctx.level->spectators.areas.empty()) return -1;
  const Level& lv = *ctx.level;
  const auto& areas = lv.spectators.areas;
  for (int t = 0; t < kPlaceTries; ++t) {
    // One draw per statement (argument order is unspecified): area, z, x, jitter.
    const SpectatorArea& a = areas[static_cast<std::size_t>(rng->range(0, static_cast<int>(areas.size()) - 1))];
    const float z = a.centre_xz.y + static_cast<float>(rng->uniform(-a.half_extents.y, a.half_extents.y));
    const float x = a.centre_xz.x + static_cast<float>(rng->uniform(-a.half_extents.x, a.half_extents.x));
    const float jitter = static_cast<float>(rng->uniform(-kFacingJitterRad, kFacingJitterRad));
    const glm::vec2 course = nearest_on_course(lv.trial, glm::vec2(x, z));
    const float heading = std::atan2(course.x - x, course.y - z) + jitter;  // 0 faces +Z
    const glm::vec3 p(x, lv.ground_y, z);
    if (!place_is_free(*s, ctx, *sp, p, heading)) continue;
    const int i = add_creature(s, ctx, species, p, heading);
    if (i < 0) return -1;
    CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
    c.wanders = true;
    c.wander.spectator = 1;
    c.wander.goal_xz = glm::vec2(x, z);  // where it stands
    c.wander.action_cooldown = kCheerCooldown / 2 + mix(0, i) % kCheerCooldown;  // not all at once
    return i;
  }
  return -1;
}

CreatureCommand spectator_brain(SimState* s, const SimContext& ctx, int i) {
  CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
  CreatureCommand cmd;  // the stick at rest: it stands where it was placed, idling
  const ActionRegistry& actions = ctx.registry();
  if (actions.current(c) != kLocomotion) return cmd;  // a cheer plays out and ends on its own
  if (c.wander.action_cooldown > 0) {
    --c.wander.action_cooldown;
    return cmd;
  }
  const Species* sp = ctx.species_of(c.species);
  if (!sp) return cmd;
  const glm::vec3& player = s->creatures[0].root_ws;
  const float to_player = glm::length(glm::vec2(player.x - c.root_ws.x, player.z - c.root_ws.z));
  const std::uint32_t roll = mix(s->tick, i);
  if (roll % (to_player < kCheerReach_m ? kNearOdds : kFarOdds) != 0) return cmd;
  BrainCall call{c, *sp, ctx, 0.0f};
  call.player_distance_m = to_player;
  call.resting = true;
  call.mood = (roll >> 16) % 3 == 0 ? kBoldMood : kPlayfulMood;
  ask_brain_actions(actions, call, kCheerCooldown + (roll >> 8) % kCheerCooldown, &c, &cmd);
  return cmd;
}

}  // namespace cf
