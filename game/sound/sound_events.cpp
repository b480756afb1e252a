#include "game/sound/sound_events.h"

#include "core/json_util.h"
#include "core/json.h"
#include "game/play/befriend.h"

namespace cf {

void derive_sound_events(const SimState& before, const SimState& after, const SimContext& ctx,
                         const WorldRuntime& runtime, SoundEvents* out) {
  out->clear();
  if (after.tick != before.tick + 1) return;
  const ActionRegistry& actions = ctx.registry();
  for (int i = 0; i < after.creature_count && i < before.creature_count; ++i) {
    const CreatureState& now = after.creatures[static_cast<std::size_t>(i)];
    const Species* sp = ctx.species_of(now.species);
    if (!sp || !sp->rig) continue;
    const SoundCall call{before.creatures[static_cast<std::size_t>(i)], now, i, *sp, ctx, runtime};
    // Locomotion and the actions the tick called, before or after it (a dormant one made no sound).
    const CreatureState& was = call.before;
    std::uint32_t bits = 1u | actions.awake(was) | actions.awake(now) | (1u << was.current_action) |
                         (1u << now.current_action);
    for (; bits != 0; bits &= bits - 1) actions[static_cast<ActionId>(lowest_bit(bits))].sounds(call, out);
  }
  // A herd creature befriended this tick: its chime (pitched by nothing: the same for every body).
  for (int i = 1; i < after.creature_count && i < before.creature_count; ++i) {
    const CreatureState& now = after.creatures[static_cast<std::size_t>(i)];
    if (now.wander.bond != kBondFriend || before.creatures[static_cast<std::size_t>(i)].wander.bond == kBondFriend) continue;
    SoundEvent e;
    e.kind = SoundKind::kBefriended;
    e.position_ws = now.root_ws;
    e.creature = static_cast<std::int16_t>(i);
    out->push(e);
  }
  // A HUD message shown this tick (it starts at kHudTicks) that warns (a refusal): the buzz. A message
  // saying what plays (a motion's variant, "Greet: waves an arm") is not an error and makes no buzz.
  ActionId owner = kNoAction;
  int code = 0;
  const bool warns = after.hud != kHudNone && actions.hud_owner(after.hud, &owner, &code) && actions[owner].hud_warns(code);
  if (warns && after.hud_ticks == kHudTicks && after.creature_count > 0) {
    SoundEvent e;
    e.kind = SoundKind::kRefused;
    e.position_ws = after.player().root_ws;
    e.loudness = 0.6f;
    e.creature = 0;
    out->push(e);
  }
}

std::string sound_event_json(std::uint64_t tick, const SoundEvent& e) {
  Json j;
  j["sound"] = to_string(e.kind);
  j["tick"] = tick;
  j["creature"] = e.creature;
  if (e.limb >= 0) j["limb"] = e.limb;
  if (!is_interface(e.kind)) j["position"] = {e.position_ws.x, e.position_ws.y, e.position_ws.z};
  j["loudness"] = e.loudness;
  j["pitch"] = e.pitch;
  return j.dump();
}

}  // namespace cf
