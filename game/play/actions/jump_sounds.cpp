// The jump's sounds, derived after each tick from its state: the take-off on the first tick in the
// air and the landing's thump on the first tick on the ground again (louder for a longer, higher
// jump and a heavier body). A hop (no legs) sounds the same way.
#include <algorithm>

#include "game/play/actions/jump_action.h"
#include "game/play/creature_size.h"

namespace cf {

void JumpAction::sounds(const SoundCall& call, SoundEvents* out) const {
  const State& was = state_of<State>(call.before);
  const State& now = state_of<State>(call.after);
  if (now.ticks <= 0 || now.jumps == 0) return;
  const std::int32_t from = was.jumps == now.jumps ? was.tick : 0;  // a new jump counts from its start
  const bool took_off = from < now.takeoff_tick && now.tick >= now.takeoff_tick;
  const bool landed = from < now.touchdown_tick && now.tick >= now.touchdown_tick;
  if (!took_off && !landed) return;
  const CreatureSize size = creature_size(*call.species.rig);
  SoundEvent e;
  e.position_ws = call.after.root_ws;
  e.pitch = size.pitch();
  e.creature = static_cast<std::int16_t>(call.index);
  if (took_off) {
    e.kind = SoundKind::kTakeoff;
    e.loudness = std::clamp(0.3f * size.weight(), 0.05f, 1.0f);
    out->push(e);
  }
  if (landed) {
    e.kind = SoundKind::kLanding;
    e.loudness = std::clamp((0.5f + 0.3f * std::min(1.5f, now.distance_m)) * size.weight(), 0.05f, 1.0f);
    out->push(e);
  }
}

}  // namespace cf
