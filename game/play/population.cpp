#include "game/play/population.h"

#include "game/play/action.h"
#include "game/play/actions/locomotion.h"
#include "game/play/camera.h"
#include "math/angles.h"
#include "world/ground_query.h"
#include "world/level.h"

namespace cf {

namespace {

// A creature of its species standing at position_ws: actions as new, the walker on the ground there.
void stand(const SimContext& ctx, const Species& sp, const glm::vec3& position_ws, float heading_rad, CreatureState* c) {
  const ActionRegistry& actions = ctx.registry();
  for (ActionId a = 0; a < actions.size(); ++a) actions[a].init(*c);
  c->root_ws = position_ws;
  c->heading_rad = wrap_angle(heading_rad);
  if (sp.walks()) {
    const LevelGround ground(ctx.level);
    c->walker = make_walker(*sp.walk_setup, *sp.rig, glm::vec3(position_ws.x, 0.0f, position_ws.z), c->heading_rad,
                            &ground);
    if (ctx.level) stand_feet_clear(*ctx.level, *sp.rig, &c->walker);
    c->root_ws = c->walker.position_ws;
  }
}

}  // namespace

void place_again(SimState* s, const SimContext& ctx, int i, const glm::vec3& position_ws, float heading_rad) {
  if (i < 0 || i >= s->creature_count) return;
  CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
  const Species* sp = ctx.species_of(c.species);
  if (!sp || !sp->rig) return;
  CreatureState again{};
  again.species = c.species;
  again.wanders = c.wanders;
  again.next_look_tick = c.next_look_tick;
  again.wander = c.wander;
  stand(ctx, *sp, position_ws, heading_rad, &again);
  c = again;
}

int add_creature(SimState* s, const SimContext& ctx, int species, const glm::vec3& position_ws, float heading_rad) {
  const Species* sp = ctx.species_of(species);
  if (!sp || !sp->rig || s->creature_count >= kMaxCreatures) return -1;
  const int index = s->creature_count++;
  CreatureState& c = s->creatures[static_cast<std::size_t>(index)];
  c = CreatureState{};
  c.species = species;
  stand(ctx, *sp, position_ws, heading_rad, &c);
  c.next_look_tick = 90u + static_cast<std::uint32_t>(s->rng.range(0, 120));
  return index;
}

SimState initial_state(const SimContext& ctx, std::uint64_t seed) {
  SimState s;
  s.scene_id = ctx.scene_id;
  s.rng = Rng::from_seed(seed);
  glm::vec3 spawn(0.0f);
  float heading = 0.0f;
  if (ctx.level) {
    spawn = ctx.level->spawn;
    spawn.y = ctx.level->ground_y;
    heading = ctx.level->spawn_heading_deg * kDegToRad;
  }
  add_creature(&s, ctx, 0, spawn, heading);
  if (const Species* sp = ctx.species_of(0)) s.camera_distance_m = camera_far_m(sp->frame_m);
  return s;
}

}  // namespace cf
