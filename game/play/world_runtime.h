#pragma once
// What the simulation derives from its state and keeps beside it, never in it: each creature's pose
// (this tick's and the last one's, for drawing between ticks) and its vault plan. Rebuilt from the
// state when needed (a restored state re-plans its vault), so SimState stays plain data.
#include <cstdint>
#include <vector>

#include "core/worker_pool.h"
#include "game/play/sim.h"
#include "game/play/stage_times.h"
#include "retarget/retarget.h"
#include "vault/vault_play.h"

namespace cf {

class WorldRuntime {
 public:
  // Room for every creature slot (no allocation later but sizing a pose for a new creature's rig).
  WorldRuntime();

  // The pose of a creature after the last tick (world and model space), and the one before it.
  const CreaturePose& pose(int creature) const { return slot(creature).pose; }
  const CreaturePose& previous_pose(int creature) const { return slot(creature).prev; }
  // Poses made for this creature since the runtime was created (the posing stage makes one a tick).
  std::uint64_t poses_made(int creature) const { return slot(creature).poses; }

  // The vault plan of the creature's current vault record; rebuilt when the record is not the one
  // the runtime holds (after a state was restored). Null when the creature has no vault decided.
  const VaultPlan* plan(int creature, const CreatureState& c, const SimContext& ctx);
  // The plan held for record 'serial', or null (read-only: the view draws its reference line).
  const VaultPlan* held_plan(int creature, std::uint32_t serial) const {
    const Slot& s = slot(creature);
    return serial != 0 && s.plan_serial == serial ? &s.plan : nullptr;
  }
  // Stores a plan just made for the creature's record 'serial'.
  void set_plan(int creature, VaultPlan plan, std::uint32_t serial);

  // The posing stage: every creature of 's' posed once (its vault's current tick while vaulting, else
  // its walker, else its bind pose at its root) into pose(); the previous pose moves to previous_pose().
  // Creatures are posed across the pool's threads (each writes only its own slot: same result).
  void pose_creatures(const SimState& s, const SimContext& ctx);
  // Threads for the posing stage (null: the calling thread alone). The pool must outlive the runtime.
  void set_pool(WorkerPool* pool) { pool_ = pool; }

  // Poses a restored state as it was shown when it was live (debug rewind): pose() as after the
  // tick that made 's' (a playing vault shows its frame vault.tick - 1; on the landing tick, the
  // vault's last frame) and previous_pose() as after the tick that made 'before' (s.tick - 1), whose
  // own predecessor is 'before2' (pass the state itself when unknown: a landing tick then shows the
  // walker). Rebuilds vault plans from the records as needed.
  void pose_as_shown(const SimState& s, const SimState& before, const SimState& before2, const SimContext& ctx);

  // Times the posing stage with 'now' (debug panel); posing_s() is the last stage's duration.
  void set_clock(NowFn now) { now_ = now; }
  double posing_s() const { return posing_s_; }

 private:
  struct Slot {
    CreaturePose pose, prev;
    CreaturePose scratch;  // the other side of a walk <-> vault hand-over
    VaultPlan plan;
    std::uint32_t plan_serial = 0;  // 0: no plan held
    std::uint64_t poses = 0;
  };
  std::vector<Slot> slots_;
  WorkerPool* pool_ = nullptr;
  void pose_one(const SimState& s, const SimContext& ctx, int i);
  void blend_from_walker(const CreatureState& c, const Species& sp, float w, Slot* s);
  SimState shown_;  // scratch for pose_as_shown (a state copies without allocating)
  NowFn now_ = nullptr;
  double posing_s_ = 0.0;
  void pose_all(const SimState& s, const SimContext& ctx);
  Slot& slot(int i) { return slots_[static_cast<std::size_t>(i)]; }
  const Slot& slot(int i) const { return slots_[static_cast<std::size_t>(i)]; }
};

// The plan of a decided vault (decide_vault); a plan that fails, or would touch a wall or fence,
// becomes a refusal with the reason. Allocates (made once per vault).
VaultPlan make_vault_plan(const Level& level, const Species& species, VaultDecision decision);

}  // namespace cf
