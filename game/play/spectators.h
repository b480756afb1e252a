#pragma once
// A trial's spectators: herd creatures the level asks for ("spectators"), placed with the seed only
// inside its areas behind the barriers, facing the course. Their brain never moves the stick: they
// stand (so they idle and look about), and now and then cheer with an emote (a dance or a roar),
// more often while the player passes near. All through CreatureCommands, as the herd's brain.
#include "core/rng.h"
#include "game/play/sim_state.h"

namespace cf {

// Adds a spectator of 'species' at a free spot of one of the level's spectator areas (its own RNG
// 'rng', so the world's stream is the same with and without them), facing the course. Its index, or -1
// when no area has room.
int place_spectator(SimState* s, const SimContext& ctx, int species, Rng* rng);

// The command spectator i gives this tick: the stick at rest, and now and then a cheer.
CreatureCommand spectator_brain(SimState* s, const SimContext& ctx, int i);

}  // namespace cf
