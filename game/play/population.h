#pragma once
// Who is in the world: the state at tick 0 and creatures added to it (the player's, a herd's, a trial's
// spectators). Apart from the tick (sim.h), so the brains that place creatures need not know the tick.
#include <cstdint>

#include <glm/glm.hpp>

#include "game/play/sim_state.h"

namespace cf {

// The state at tick 0: the player's creature (species 0) at the level's spawn, standing, seeded.
SimState initial_state(const SimContext& ctx, std::uint64_t seed);

// Adds a creature of 'species' standing at position_ws facing heading_rad; its index, or -1 when
// the world is full or the species unknown.
int add_creature(SimState* s, const SimContext& ctx, int species, const glm::vec3& position_ws, float heading_rad);

// Stands creature i (its kind, brain and wander state kept) at position_ws facing heading_rad, its
// actions as new: a lost friend brought back near the player. Draws nothing from the world's RNG.
void place_again(SimState* s, const SimContext& ctx, int i, const glm::vec3& position_ws, float heading_rad);

}  // namespace cf
