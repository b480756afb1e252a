#pragma once
// What every brain (the herd's, the spectators', befriending's) is made of: a stick as a pad gives it, a
// free place for a body, and asking the registered actions whether one fits the way ahead. Below the
// brains, so none of them includes another to share these.
#include <cstdint>

#include "game/play/sim_state.h"

namespace cf {

struct BrainCall;

// A stick value in a pad's 16-bit steps, so a brain drives exactly like a player.
std::int16_t pad_stick(float v);

// Whether a body of species sp at p with heading h keeps clear of walls and fences (by the room a
// placed creature keeps), stays on movable ground and keeps apart from every creature already there.
bool place_is_free(const SimState& s, const SimContext& ctx, const Species& sp, glm::vec3 p, float h);

// Asks the registered actions whether one fits the brain's call; the first that does is requested (as
// a player would) and the creature waits 'cooldown' ticks before it asks again.
void ask_brain_actions(const ActionRegistry& actions, const BrainCall& call, std::uint32_t cooldown, CreatureState* c,
                       CreatureCommand* cmd);

}  // namespace cf
