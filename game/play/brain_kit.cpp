#include "game/play/brain_kit.h"

#include <algorithm>

#include "game/play/action.h"
#include "game/play/body_contact.h"
#include "world/clearance.h"
#include "world/level.h"
#include "world/movement_collision.h"

namespace cf {

namespace {

constexpr float kPlacedApartM = 0.3f;     // a new creature's body this far from the others'
constexpr float kPlacedOffWallsM = 0.2f;  // and from walls and fences

}  // namespace

std::int16_t pad_stick(float v) { return static_cast<std::int16_t>(std::clamp(v, -1.0f, 1.0f) * 32767.0f); }

bool place_is_free(const SimState& s, const SimContext& ctx, const Species& sp, glm::vec3 p, float h) {
  const Level& lv = *ctx.level;
  Footprint wide = sp.footprint;  // the body grown by the room it keeps from walls
  for (int k = 0; k < wide.count; ++k) wide.circles[static_cast<std::size_t>(k)].radius += kPlacedOffWallsM;
  glm::vec3 q = p;
  const bool in_wall = wide.count > 0 ? resolve_footprint_collisions(lv, wide, h, &q)
                                      : resolve_circle_collisions(lv, sp.body_radius_m + kPlacedOffWallsM, &q);
  if (in_wall || !in_regions(lv, p)) return false;
  const PlacedFootprint body = place_body(sp, p, h);
  for (int i = 0; i < s.creature_count; ++i) {
    const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
    const Species* other = ctx.species_of(c.species);
    if (other && footprint_gap(body, place_body(*other, c.root_ws, c.heading_rad), kPlacedApartM).gap_m <= kPlacedApartM)
      return false;
  }
  return true;
}

void ask_brain_actions(const ActionRegistry& actions, const BrainCall& call, std::uint32_t cooldown, CreatureState* c,
                       CreatureCommand* cmd) {
  for (ActionId a = 1; a < actions.size(); ++a) {
    if (a == actions.current(*c) || !actions[a].brain_wants(call)) continue;  // asked again, a sit would end
    cmd->request = a;
    cmd->motion = call.motion;
    c->wander.action_cooldown = cooldown;
    return;
  }
}

}  // namespace cf
