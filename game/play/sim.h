#pragma once
// The simulation: SimState (game/play/sim_state.h) advanced by fixed 1/60 s ticks from each creature's
// CreatureCommand only. No SDL, no GL, no wall clock, no buttons: the same commands give the same state
// (and hash) on every build.
//
// One tick, in stage order: the camera's orbit steering and the HUD, then each creature's controls (its
// current action steps, or a requested action starts, or locomotion walks), bodies pushed apart, the
// posing stage (every creature posed once into the runtime's pose buffers), what reads the poses (a
// one-shot's contacts and landing), the idle look-around, then the camera.
#include <cstdint>

#include <glm/glm.hpp>

#include "game/play/population.h"
#include "game/play/sim_state.h"

namespace cf {

class WorldRuntime;

// The commands of one tick: the player's creature and camera, and the others' (null: herd creatures
// follow their brains, the rest stand still).
struct TickInput {
  CreatureCommand player;
  float camera_x = 0.0f;                   // [-3, 3]: the orbit swings (+ right; past 1 with a raised camera speed)
  float camera_y = 0.0f;                   // [-3, 3]: the orbit rises
  const CreatureCommand* others = nullptr;  // creature_count - 1 entries, for creatures 1..n-1
};

// Advances one tick; the runtime's poses then hold every creature's pose of the new state. Never
// throws; allocates only while an action plans (a vault's decision and the ticks its plan is made in).
void step(SimState& s, const TickInput& in, const SimContext& ctx, WorldRuntime& runtime);

// The plans being made (Action::plan_ahead) advanced for about 'seconds' on every thread of the
// runtime's pool, the ones needed soonest first. Part of step(); derived data only.
void plan_ahead(const SimState& s, const SimContext& ctx, WorldRuntime& runtime, double seconds);

// The posing stage on its own (step runs it; a session poses the state it starts or restores):
// every creature of 's' posed once (the current action's tick when that action poses, else its
// walker, else its bind pose at its root) into runtime.pose(); the previous pose moves to
// previous_pose(). Creatures are posed across the runtime's pool (each writes only its own slot).
void pose_creatures(const SimState& s, const SimContext& ctx, WorldRuntime& runtime);

// 64-bit hash over a canonical serialization of every field of the world and every creature
// (each action's state in registration order).
std::uint64_t hash_state(const SimState& s, const ActionRegistry& actions);
std::uint64_t hash_state(const SimState& s);  // with game_actions()


}  // namespace cf
