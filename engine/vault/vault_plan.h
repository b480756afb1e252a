#pragma once
// The vault plan: made once when a vault starts, by playing every tick of it once. Where the body is
// raised over the fence and carried forward each tick, where the hands plant on the fence top, how far
// each knee turns to stay out of it, and where the creature lands. A touch anywhere refuses the vault.
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "core/result.h"
#include "motion/motion_clip.h"
#include "retarget/retarget.h"
#include "vault/knee_turns.h"
#include "vault/vault_decision.h"
#include "vault/vault_fit.h"
#include "world/clearance.h"
#include "world/level.h"

namespace cf {

class WorkerPool;

struct VaultPlan {
  VaultDecision decision;
  int ticks = 0;                     // poses planned: tick 0 .. ticks-1 (kTick_s apart)
  int entry_tick = 0;                // the first tick played (VaultFit::entry_tick); the ones before are walked
  std::vector<float> lift_m;         // per tick: body raised (model +Y) to clear the fence, metres
  std::vector<float> forward_m;      // per tick: extra travel (model +Z) beyond the clip's, metres
  std::vector<glm::vec3> plant_ws;   // per limb: where a planted hand rests on the fence, world space
  std::vector<char> plants;          // per limb: 1 when the limb is a hand the clip plants
  // Per tick and limb (tick * limbs + limb): how far a knee or elbow that would enter the fence turns
  // about its root->tip line, radians (0 = not turned); found in tick order and eased in and out.
  std::vector<float> turn_rad;
  std::vector<float> cog_y;          // per tick: the posed centre of gravity's height, world y, metres
  float max_penetration_m = 0.0f;    // deepest flesh goes into any wall or fence over the plan, metres
  HitKind deepest = HitKind::kNone;
  glm::vec3 landed_ws{0.0f};         // ground point under the waist after the vault (y = lowest foot)
  float landed_heading_rad = 0.0f;
  glm::vec3 end_position_ws{0.0f};   // where the walker continues: model origin after the vault
};

// Plans the decided vault (checks it by playing every tick once). When the decision is refused the
// plan has ticks == 0. When the played motion would still touch something (max_penetration_m > 0),
// the decision is turned into a refusal with a reason: a vault is never played into a wall.
Result<VaultPlan> plan_vault(const Level& level, const Rig& rig, const VaultMotion& vm, const VaultDecision& decision);

// Where the walker continues after the decided vault (VaultPlan::end_position_ws of its plan, unless
// the plan refuses it), found without planning: the plan's travel and the clip's waist at its last
// tick decide it, and the lift raises the body without moving it along the ground. 'scratch' is any
// pose (sized for the rig here when it is not).
glm::vec3 vault_end_position(const Level& level, const Rig& rig, const VaultMotion& vm, const VaultDecision& decision,
                             CreaturePose* scratch);

// The same plan made a piece at a time, so a game can spread it over the ticks a creature walks to
// the vault's start: advance() poses a budget of ticks (one pose at a time), take()
// finishes what is left. The plan is exactly plan_vault's, however it was spread. Holds its inputs by
// reference; they must outlive it. Allocates while planning (once per vault), never otherwise.
class VaultPlanner {
 public:
  void start(const Level& level, const Rig& rig, const VaultMotion& vm, const VaultDecision& decision);
  // Plans on until about 'pose_budget' more ticks were posed (< 0: to the end). True when done.
  bool advance(int pose_budget);
  bool done() const { return stage_ == Stage::kDone; }
  // Finishes and hands the plan over (plan_vault's result); start() again before the next. With a pool
  // of 2 or more threads, the passes whose ticks do not depend on each other (the lift rounds and the
  // check) spread their ticks over it: the same plan, bit for bit, sooner (a vault asked for on its
  // start has no approach ticks to plan over).
  Result<VaultPlan> take(WorkerPool* pool = nullptr);
  // Ticks posed so far for this plan (the unit of advance's budget).
  std::uint64_t poses() const { return poses_; }
  const VaultDecision& decision() const { return plan_.decision; }

 private:
  enum class Stage { kPlants, kLift, kKneesFind, kKneesSettle, kCheck, kDone };
  enum class Search { kStart, kDouble, kHalve };  // a tick's lift search: its start, doubling, bisection
  void step();
  bool pose_at(int tick, TurnTrack* track);
  bool touches_at(int tick, float lift);
  void next_lift_round();
  void end_lift_round();
  void start_knees();
  void end_check();
  void plant_hand(std::size_t limb, const glm::vec3& target_ws);
  // The lift search of one tick from scratch (the kLift stage's steps for it, run in one go): its need
  // (none: keeps the earlier rounds'), whether it touched, the poses it took.
  struct TickLift {
    float need = 0.0f;
    bool touched = false;
    std::uint32_t poses = 0;
  };
  TickLift search_tick(int tick, CreaturePose* pose, int* sampled);
  void finish_on(WorkerPool& pool);
  const Level* level_ = nullptr;
  const Rig* rig_ = nullptr;
  const VaultMotion* vm_ = nullptr;
  VaultPlan plan_;
  std::optional<Error> error_;
  Stage stage_ = Stage::kDone;
  int k_ = 0, round_ = 0, sampled_ = -1;
  Search search_ = Search::kStart;
  float lo_ = 0.0f, hi_ = 0.0f;
  int halvings_ = 0;
  bool any_ = false;
  std::uint64_t poses_ = 0;
  CreaturePose pose_, before_;
  Level fence_only_;  // the vaulted fence alone (the lift asks only whether flesh enters it)
  std::vector<float> need_, widened_, base_, hold_, needed_, settled_;
  TurnTrack track_;
  // The parallel finish: a pose per thread, and per tick what the lift search or the check found.
  std::vector<CreaturePose> thread_poses_;
  std::vector<TickLift> tick_lift_;
  std::vector<float> tick_depth_;
  std::vector<HitKind> tick_kind_;
  std::vector<char> tick_ok_, tick_contact_;
  std::vector<glm::vec3> tick_target_;
};

// The clip and setup the decision plays (the mirror or the authored one).
const MotionClip& chosen_clip(const VaultPlan& plan, const VaultMotion& vm);
const RetargetSetup& chosen_setup(const VaultPlan& plan, const VaultMotion& vm);
// Clip time of a tick, seconds (held at the clip's end).
double vault_tick_time_s(const MotionClip& clip, int tick);
// The tick's placement: the decision's placement raised by the tick's lift and carried by its travel.
glm::mat4 vault_tick_placement(const VaultPlan& plan, int tick);

}  // namespace cf
