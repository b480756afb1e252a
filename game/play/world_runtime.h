#pragma once
// What the simulation derives from its state and keeps beside it, never in it: each creature's pose
// (this tick's and the last one's, for drawing between ticks) and its actions' derived data (plans).
// Rebuilt from the state when needed (a restored state re-plans its vault), so SimState stays plain data.
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/worker_pool.h"
#include "game/play/sim_state.h"
#include "game/play/stage_times.h"
#include "retarget/retarget.h"
#include "game/play/action.h"

namespace cf {

struct TickInput;

class WorldRuntime {
 public:
  // Room for every creature slot (no allocation later but sizing a pose for a new creature's rig).
  WorldRuntime();

  // The pose of a creature after the last tick (world and model space), and the one before it.
  const CreaturePose& pose(int creature) const { return slot(creature).pose; }
  const CreaturePose& previous_pose(int creature) const { return slot(creature).prev; }
  // Poses made for this creature since the runtime was created (the posing stage makes one a tick).
  std::uint64_t poses_made(int creature) const { return slot(creature).poses; }

  // An action's derived data for the creature (its plan), made on first use; and the one held, or null
  // (read-only: the view and the debug panel).
  ActionRuntime* action_runtime(int creature, const Action& action);
  const ActionRuntime* held_runtime(int creature, ActionId action) const {
    return action < kMaxActions ? slot(creature).runtimes[action].get() : nullptr;
  }

  // Threads for the posing stage and the plans (null: the calling thread alone). The pool must outlive
  // the runtime. Free while the actions step (they run on the tick's thread).
  void set_pool(WorkerPool* pool) { pool_ = pool; }
  WorkerPool* pool() const { return pool_; }

  // The time a tick may take with plans being made in it (a vault's, on the way to its start),
  // seconds: plans run until the tick has this much left for what follows them (as long as that took
  // last tick). 0: each plan is made whole when its vault starts. Never changes the state, only when
  // plans are made.
  void set_tick_budget_s(double s) { tick_budget_s_ = s; }
  double tick_budget_s() const { return tick_budget_s_; }

  // Poses a restored state as it was shown when it was live (debug rewind): pose() as after the
  // tick that made 's' (each action steps its state back to the frame it posed, Action::as_posed)
  // and previous_pose() as after the tick that made 'before' (s.tick - 1), whose own predecessor is
  // 'before2' (pass the state itself when unknown). Rebuilds action plans from the states as needed.
  void pose_as_shown(const SimState& s, const SimState& before, const SimState& before2, const SimContext& ctx);

  // Times the posing stage (pose_creatures in sim.h) with 'now' for the debug panel;
  // posing_s() is the last stage's duration, shared_stages_s() the part of it every creature spent in the
  // shared stages after its pose (knees, flesh above the ground), summed over creatures.
  void set_clock(NowFn now) { now_ = now; }
  double posing_s() const { return posing_s_; }
  double shared_stages_s() const { return shared_stages_s_; }
  // Where the last tick's time went (steady clock, read by the tick whether or not a clock is set): the
  // controls (every creature's command, its action's step, collisions, bodies pushed apart), the plans
  // made ahead (vaults on their way), posing, and what follows it (the camera, the actions' reading).
  struct TickParts {
    double controls_s = 0.0, plans_s = 0.0, posing_s = 0.0, after_s = 0.0;
    // The creature whose controls took longest (its brain, its action's step, its collisions) and the
    // action it was in after them.
    int slowest_creature = -1;
    double slowest_creature_s = 0.0;
    const char* slowest_action = "";
  };
  const TickParts& last_tick_parts() const { return parts_; }

 private:
  // The posing stage (sim.cpp) writes each creature's poses.
  friend void pose_creatures(const SimState& s, const SimContext& ctx, WorldRuntime& runtime);
  friend void plan_ahead(const SimState& s, const SimContext& ctx, WorldRuntime& runtime, double seconds);
  friend void step(SimState& s, const TickInput& in, const SimContext& ctx, WorldRuntime& runtime);
  struct Slot {
    CreaturePose pose, prev;
    CreaturePose scratch;  // the other side of a hand-over between actions
    std::array<std::unique_ptr<ActionRuntime>, kMaxActions> runtimes;  // per ActionId, made on first use
    std::uint64_t poses = 0;
    double shared_stages_s = 0.0;  // this tick's time in the shared stages (timed only with a clock)
  };
  std::vector<Slot> slots_;
  WorkerPool* pool_ = nullptr;
  double tick_budget_s_ = 3.0e-3;
  double after_plans_s_ = 1e-3;  // the last tick's time after its plans (posing, the actions' reading)
  SimState shown_;  // scratch for pose_as_shown (a state copies without allocating)
  NowFn now_ = nullptr;
  double posing_s_ = 0.0;
  double shared_stages_s_ = 0.0;
  TickParts parts_;
  Slot& slot(int i) { return slots_[static_cast<std::size_t>(i)]; }
  const Slot& slot(int i) const { return slots_[static_cast<std::size_t>(i)]; }
};

}  // namespace cf
