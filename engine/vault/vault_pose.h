#pragma once
// Posing one tick of a planned vault: the chosen clip (authored or mirrored) retargeted at the tick's
// placement, planted hands ON the fence top, feet kept from folding the knee flat, limb targets clamped
// against wall planes and joints kept in front of them (IK clamping from engine/retarget), knees turned
// as planned, so nothing enters a wall or the fence.
#include "retarget/retarget.h"
#include "vault/vault_fit.h"
#include "vault/vault_plan.h"
#include "world/level.h"

namespace cf {

struct TurnTrack;

// Poses one tick of a planned vault. Job style: non-owning inputs, validate() lists the failure cases,
// run() validates first and never allocates or throws.
struct VaultPoseJob {
  const VaultPlan* plan = nullptr;    // a played plan: ticks > 0, made for rig, motion and level
  const VaultMotion* motion = nullptr;
  const Rig* rig = nullptr;
  const Level* level = nullptr;
  int tick = 0;                       // [0, plan->ticks)
  CreaturePose* out = nullptr;        // sized for rig; every bone written, model and world space
  bool validate() const;
  bool run() const;
};

// The same without the plan-range checks (plan_vault poses ticks of a plan it is still making).
bool pose_vault_tick(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, int tick,
                     CreaturePose* pose);

// The same with the planner's knee-turn pass ('track', may be null: then as pose_vault_tick).
bool pose_vault_tick_tracked(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level,
                             int tick, TurnTrack* track, CreaturePose* pose);
// Whether the tick's pose (pose_vault_tick) puts flesh into 'fence_only' (a level of the vaulted fence
// alone): pose_touches on the posed tick, answered before the knee turns when the body already touches.
// *pose is left scratch. For the lift search: 'samples_held' when the last pose into *pose was of
// this tick (its clip samples are reused).
bool vault_tick_touches(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, int tick,
                        const Level& fence_only, bool samples_held, CreaturePose* pose);

}  // namespace cf
