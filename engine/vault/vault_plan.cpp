// Vault planning: forward travel, hand plants, lift over the fence, knee turns, the safety check and
// the landing, each found by posing the vault's ticks in order.
#include "vault/vault_plan.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "core/tick.h"
#include "math/scalar.h"
#include "vault/knee_turns.h"
#include "vault/vault_contacts.h"
#include "vault/vault_pose.h"

namespace cf {
namespace {

constexpr int kLiftSmoothTicks = 8;        // half width of the window the lift is widened and averaged over
constexpr int kLiftRounds = 4;             // lift searches, each from the last round's smoothed lift
constexpr float kLiftFirstStep_m = 0.05f;  // first raise tried above a tick's starting lift
constexpr float kLiftMax_m = 8.0f;         // the raise is doubled until clear or this far above the start
constexpr int kLiftBisections = 14;
constexpr float kLiftSpare_m = 0.001f;     // added to the least clear raise found

Error cannot_pose() { return Error{"", "pose", "the motion could not be posed"}; }

// Extra travel while no clip foot is planted, so feet never slide: the placement's extra distance,
// eased in over the airborne ticks (the middle third when the clip never leaves the ground).
void plan_forward_travel(const MotionClip& clip, VaultPlan* plan) {
  int airborne_first = -1, airborne_last = -1;
  MotionPose sample;
  for (int k = 0; k < plan->ticks; ++k) {
    sample_clip(clip, vault_tick_time_s(clip, k), &sample);
    if (sample.contact[0] < 0.5f && sample.contact[1] < 0.5f) {
      if (airborne_first < 0) airborne_first = k;
      airborne_last = k;
    }
  }
  if (airborne_first < 0 || airborne_last <= airborne_first)
    airborne_first = plan->ticks / 3, airborne_last = 2 * plan->ticks / 3;
  for (int k = 0; k < plan->ticks; ++k)
    plan->forward_m[static_cast<std::size_t>(k)] =
        plan->decision.place.extra_forward_m *
        smooth01(float(k - airborne_first) / float(std::max(1, airborne_last - airborne_first)));
}

// Hand plants: where each of the clip's planted hands first touches down, moved onto the fence top
// (within its length, inset by the hand's flesh). Later ticks aim the hand there.
bool plan_hand_plants(const Level& level, const Rig& rig, const VaultMotion& vm, const Box& fence, VaultPlan* plan,
                      CreaturePose* pose) {
  const std::size_t limbs = rig.limbs.size();
  for (int k = 0; k < plan->ticks; ++k) {
    if (!pose_vault_tick(*plan, vm, rig, level, k, pose)) return false;
    for (std::size_t i = 0; i < limbs; ++i) {
      if (rig.limbs[i].tag != PartTag::kArm || plan->plants[i] || !pose->limbs[i].contact) continue;
      const float radius = limb_radius(rig, rig.limbs[i]);
      glm::vec3 local = fence.to_local(pose->limbs[i].target_ws);
      const float half_x = std::max(0.0f, fence.half_extents.x - radius);
      local.x = std::clamp(local.x, -half_x, half_x);
      local.z = std::clamp(local.z, -fence.half_extents.z, fence.half_extents.z);
      glm::vec3 on_top = fence.to_world(local);
      on_top.y = fence.top_y() + radius + kContactGap_m;
      plan->plant_ws[i] = on_top;
      plan->plants[i] = 1;
    }
  }
  return true;
}

// Lift: per tick, the least raise that keeps all flesh out of the vaulted fence (bisection), then
// widened and smoothed so it is >= the need at every tick; repeated until every tick is clear.
void plan_lift(const Level& level, const Rig& rig, const VaultMotion& vm, const Box& fence, VaultPlan* plan,
               CreaturePose* pose) {
  const std::size_t tick_count = static_cast<std::size_t>(plan->ticks);
  Level fence_only;
  fence_only.fences.push_back(fence);
  std::vector<float> need(tick_count, 0.0f), widened(tick_count, 0.0f);
  // Only whether flesh enters the fence counts here, not how deep. A tick posed again straight after
  // itself keeps its clip samples.
  int sampled = -1;
  auto touches_at = [&](int k, float lift) {
    plan->lift_m[static_cast<std::size_t>(k)] = lift;
    const bool held = sampled == k;
    sampled = k;
    return vault_tick_touches(*plan, vm, rig, level, k, fence_only, held, pose);
  };
  const int ticks = plan->ticks;
  for (int round = 0; round < kLiftRounds; ++round) {
    std::vector<float> base = plan->lift_m;
    bool any = false;
    for (int k = 0; k < ticks; ++k) {
      const float start = base[static_cast<std::size_t>(k)];
      if (!touches_at(k, start)) continue;  // keeps its need from the earlier rounds
      any = true;
      float lo = start, hi = start + kLiftFirstStep_m;
      while (touches_at(k, hi) && hi < start + kLiftMax_m) lo = hi, hi = start + 2.0f * (hi - start);
      for (int it = 0; it < kLiftBisections; ++it) {
        float mid = 0.5f * (lo + hi);
        (touches_at(k, mid) ? lo : hi) = mid;
      }
      need[static_cast<std::size_t>(k)] = hi + kLiftSpare_m;
    }
    plan->lift_m = base;
    if (!any) break;
    for (int k = 0; k < ticks; ++k) {
      float most = 0.0f;
      for (int j = std::max(0, k - kLiftSmoothTicks); j <= std::min(ticks - 1, k + kLiftSmoothTicks); ++j)
        most = std::max(most, need[static_cast<std::size_t>(j)]);
      widened[static_cast<std::size_t>(k)] = most;
    }
    for (int k = 0; k < ticks; ++k) {
      float sum = 0.0f;
      int count = 0;
      for (int j = k - kLiftSmoothTicks; j <= k + kLiftSmoothTicks; ++j, ++count)
        sum += widened[static_cast<std::size_t>(std::clamp(j, 0, ticks - 1))];
      plan->lift_m[static_cast<std::size_t>(k)] = std::max(need[static_cast<std::size_t>(k)], sum / float(count));
    }
  }
}

// Knee turns, in tick order: a knee the IK swings round is held and eased back, a knee touching the
// fence turns the way that keeps it nearest where it was; the fence turns are eased in and out. Then
// settled, in tick order: the knees follow the holds at once and the fence turns at a limited rate,
// never into the fence.
bool plan_knee_turns(const Level& level, const Rig& rig, const VaultMotion& vm, VaultPlan* plan, CreaturePose* pose) {
  const std::size_t limbs = rig.limbs.size();
  const std::size_t per_plan = static_cast<std::size_t>(plan->ticks) * limbs;
  std::vector<float> hold(per_plan, 0.0f), needed(per_plan, 0.0f);
  TurnTrack track;
  track.knees.resize(limbs);
  CreaturePose before = *pose;
  for (int k = 0; k < plan->ticks; ++k) {
    track.previous = k > 0 ? &before : nullptr;
    track.hold = hold.data() + static_cast<std::size_t>(k) * limbs;
    track.needed = needed.data() + static_cast<std::size_t>(k) * limbs;
    if (!pose_vault_tick_tracked(*plan, vm, rig, level, k, &track, pose)) return false;
    before = *pose;
  }
  plan->turn_rad = smooth_turns(needed, plan->ticks, limbs);
  std::vector<float> settled(per_plan, 0.0f);
  track.settling = true;
  track.last.assign(limbs, 0.0f);
  for (int k = 0; k < plan->ticks; ++k) {
    track.hold = hold.data() + static_cast<std::size_t>(k) * limbs;
    track.settled = settled.data() + static_cast<std::size_t>(k) * limbs;
    if (!pose_vault_tick_tracked(*plan, vm, rig, level, k, &track, pose)) return false;
  }
  plan->turn_rad = std::move(settled);
  return true;
}

// Where the vault ends, from the last tick's pose: the ground point under the waist (y = the lowest
// sole of any foot, ankle or toe less the foot's radius) and the walker's new model origin.
void plan_landing(const Level& level, const Rig& rig, const VaultFit& fit, const CreaturePose& last_pose,
                  VaultPlan* plan) {
  float lowest = 1e30f;
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const int foot = rig.limbs[i].bones[2];
    if (rig.limbs[i].tag != PartTag::kLeg || foot < 0) continue;
    const float radius = foot_radius(rig, rig.limbs[i]);
    lowest = std::min({lowest, last_pose.head_ws[foot].y - radius, last_pose.tail_ws[foot].y - radius});
  }
  plan->landed_ws = glm::vec3(last_pose.cog_ws.x, lowest < 1e29f ? lowest : level.ground_y, last_pose.cog_ws.z);
  plan->landed_heading_rad = plan->decision.place.heading_rad;
  const glm::mat4 end = vault_tick_placement(*plan, plan->ticks - 1);
  const glm::vec3 cog_shift = last_pose.cog_ms - fit.ref_start_ms;
  plan->end_position_ws = glm::vec3(end * glm::vec4(cog_shift.x, 0.0f, cog_shift.z, 1.0f));
  plan->end_position_ws.y = level.ground_y;
}

}  // namespace

const MotionClip& chosen_clip(const VaultPlan& plan, const VaultMotion& vm) {
  return plan.decision.mirrored ? vm.mirrored : vm.clip;
}

const RetargetSetup& chosen_setup(const VaultPlan& plan, const VaultMotion& vm) {
  return plan.decision.mirrored ? vm.setup_mirrored : vm.setup;
}

double vault_tick_time_s(const MotionClip& clip, int tick) { return std::min(tick * kTick_s, clip.duration_s); }

glm::mat4 vault_tick_placement(const VaultPlan& plan, int tick) {
  const std::size_t k = static_cast<std::size_t>(tick);
  float lift = k < plan.lift_m.size() ? plan.lift_m[k] : 0.0f;
  float forward = k < plan.forward_m.size() ? plan.forward_m[k] : 0.0f;
  return plan.decision.place.model_to_world * glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, lift, forward));
}

Result<VaultPlan> plan_vault(const Level& level, const Rig& rig, const VaultMotion& vm, const VaultDecision& decision) {
  VaultPlan plan;
  plan.decision = decision;
  if (decision.refused) return plan;
  const int fence_index = decision.place.fence;
  if (fence_index < 0 || static_cast<std::size_t>(fence_index) >= level.fences.size())
    return Error{"", "fence", "the decision names no fence of this level"};
  const VaultFit& fit = decision.mirrored ? vm.fit_mirrored : vm.fit;
  plan.ticks = fit.ticks;
  const std::size_t tick_count = static_cast<std::size_t>(plan.ticks);
  plan.lift_m.assign(tick_count, 0.0f);
  plan.forward_m.assign(tick_count, 0.0f);
  const std::size_t limbs = rig.limbs.size();
  plan.plants.assign(limbs, 0);
  plan.plant_ws.assign(limbs, glm::vec3(0.0f));

  plan_forward_travel(chosen_clip(plan, vm), &plan);
  CreaturePose pose;
  pose.resize(rig);
  const Box& fence = level.fences[static_cast<std::size_t>(fence_index)];
  if (!plan_hand_plants(level, rig, vm, fence, &plan, &pose)) return cannot_pose();
  plan_lift(level, rig, vm, fence, &plan, &pose);
  if (!plan_knee_turns(level, rig, vm, &plan, &pose)) return cannot_pose();
  // Check the whole vault once: nothing may enter a wall or fence.
  plan.cog_y.assign(static_cast<std::size_t>(plan.ticks), 0.0f);
  for (int k = 0; k < plan.ticks; ++k) {
    if (!pose_vault_tick(plan, vm, rig, level, k, &pose)) return cannot_pose();
    plan.cog_y[static_cast<std::size_t>(k)] = pose.cog_ws.y;
    Penetration p = pose_penetration(level, rig, pose);
    if (p.depth > plan.max_penetration_m) plan.max_penetration_m = p.depth, plan.deepest = p.kind;
  }
  plan_landing(level, rig, fit, pose, &plan);
  if (plan.max_penetration_m > 0.0f) {
    plan.decision.refused = true;
    plan.decision.reason = std::string("the creature would touch a ") + to_string(plan.deepest);
    plan.ticks = 0;
  }
  return plan;
}

}  // namespace cf
