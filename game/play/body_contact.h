#pragma once
// Creatures collide with each other as bodies: each creature's footprint (Species::footprint, circles
// fitted to its strokes) placed at its root and heading. Two creatures touch where their bodies would
// overlap, not where the circles as wide as their longest reach do, so a long quadruped and a biped
// pass side by side where their bodies fit.
#include <glm/glm.hpp>

#include "game/play/sim_state.h"
#include "world/footprint.h"

namespace cf {

// A body standing at root_ws facing heading_rad: the species' footprint, or one circle of
// body_radius_m for a species without one.
PlacedFootprint place_body(const Species& sp, const glm::vec3& root_ws, float heading_rad);

// The farthest the species' body reaches from its root (the broad phase's bound), metres.
float body_bound(const Species& sp);

// Keeps the body (placed at *p facing heading_rad) out of walls and fences; true when it moved.
bool keep_body_out_of_walls(const Level& level, const Species& sp, float heading_rad, glm::vec3* p);

// Pushes creatures apart until no footprint circle of one lies inside one of another's (pairs in
// index order, repeated while a push was needed). Vaulting creatures hold their path; the others
// share each push. Each push keeps the body out of walls and fences and on the movable regions.
// Allocates nothing.
void separate_creatures(SimState* s, const SimContext& ctx);

}  // namespace cf
