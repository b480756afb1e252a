#pragma once
// Each tick's sound events, derived after the tick from the two states and the poses: every action
// of every creature says what it made (Action::sounds), and a new HUD message is a refusal's buzz.
// Pure: the same replay gives the same events tick for tick, and nothing here writes the simulation.
#include <string>

#include "game/play/action.h"
#include "game/play/world_runtime.h"

namespace cf {

// The events of the tick that made 'after' from 'before' (after.tick == before.tick + 1, else none);
// 'runtime' holds the poses of 'after' (and of 'before' as its previous poses). Clears 'out' first.
void derive_sound_events(const SimState& before, const SimState& after, const SimContext& ctx,
                         const WorldRuntime& runtime, SoundEvents* out);

// One JSON line for --print-sound-events: {"sound":"footstep","tick":12,"creature":0,"limb":1,
// "position":[x,y,z],"loudness":0.4,"pitch":1.1}.
std::string sound_event_json(std::uint64_t tick, const SoundEvent& e);

}  // namespace cf
