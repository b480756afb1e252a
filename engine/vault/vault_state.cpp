// The vault's per-tick state: start, step, land, hash.
#include "vault/vault_state.h"

#include <algorithm>

#include "vault/vault_contacts.h"
#include "vault/vault_pose.h"

namespace cf {

const char* to_string(VaultPhase p) {
  switch (p) {
    case VaultPhase::kIdle: return "idle";
    case VaultPhase::kPlaying: return "playing";
    case VaultPhase::kLanded: return "landed";
    case VaultPhase::kRefused: return "refused";
  }
  return "idle";
}

void hash_vault_state(const VaultState& s, StateHasher* h) {
  h->i32(static_cast<int>(s.phase));
  h->i32(s.fence);
  h->i32(s.tick);
  h->i32(s.ticks);
  h->u8(s.mirrored ? 1 : 0);
  h->f32(s.max_penetration_m);
  h->f32(s.landed_ws.x);
  h->f32(s.landed_ws.y);
  h->f32(s.landed_ws.z);
  h->f32(s.landed_heading_rad);
  h->i32(s.since_landed);
}

void start_vault(const VaultPlan& plan, VaultState* s) {
  *s = VaultState{};
  s->fence = plan.decision.place.fence;
  s->mirrored = plan.decision.mirrored;
  s->ticks = plan.ticks;
  s->tick = plan.entry_tick;
  s->phase = plan.decision.refused || plan.ticks <= 0 ? VaultPhase::kRefused : VaultPhase::kPlaying;
  s->landed_heading_rad = plan.landed_heading_rad;
}

bool advance_vault(const VaultPlan& plan, const Rig& rig, const Level& level, const CreaturePose& posed,
                   VaultState* s) {
  if (s->phase != VaultPhase::kPlaying || s->tick >= s->ticks) return false;
  s->max_penetration_m = std::max(s->max_penetration_m, pose_penetration(level, rig, posed).depth);
  if (++s->tick >= s->ticks) {
    s->phase = VaultPhase::kLanded;
    s->landed_ws = plan.landed_ws;
  }
  return true;
}

bool step_vault(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, VaultState* s,
                CreaturePose* pose) {
  if (s->phase != VaultPhase::kPlaying || s->tick >= s->ticks) return false;
  VaultPoseJob job;
  job.plan = &plan;
  job.motion = &vm;
  job.rig = &rig;
  job.level = &level;
  job.tick = vault_tick_to_pose(*s);
  job.out = pose;
  if (!job.run()) return false;
  return advance_vault(plan, rig, level, *pose, s);
}

}  // namespace cf
