// One tick of a planned vault: retarget, planted hands, knee bends, walls, knee turns.
#include "vault/vault_pose.h"

#include <algorithm>
#include <cmath>

#include "math/scalar.h"
#include "retarget/ik.h"
#include "vault/knee_turns.h"
#include "vault/vault_contacts.h"

namespace cf {
namespace {

constexpr float kTightestKnee_rad = 0.6f;  // about 35 degrees between thigh and shin
constexpr float kWallNear_m = 0.5f;        // walls this much beyond a limb's reach are not clamped against
constexpr int kHandRaisePasses = 3;        // planted hands raised out of the fence top at most this often
// A leg whose standing hip is this much of its length above the fence top (or more) is long for the fence:
// the clip's tuck (feet pulled up to the hips, a human's) is scaled to it from kLongLegFrom, in full
// from kLongLegFull.
constexpr float kLongLegFrom = 0.45f;
constexpr float kLongLegFull = 0.6f;
constexpr float kFootOverFence = 0.2f;     // a long leg's foot rises to this much of its length over the top

// Moves a leg's target out from its root to where the knee bends no tighter than kTightestKnee_rad.
void keep_knee_bend(const LimbChain& leg, LimbPose* leg_pose) {
  const float nearest = std::sqrt(std::max(
      0.0f, leg.l1 * leg.l1 + leg.l2 * leg.l2 - 2.0f * leg.l1 * leg.l2 * std::cos(kTightestKnee_rad)));
  const glm::vec3 to_target = leg_pose->target_ms - leg_pose->root_ms;
  const float length = glm::length(to_target);
  if (length >= nearest) return;
  const glm::vec3 dir = length > 1e-6f ? to_target / length : glm::vec3(0.0f, -1.0f, 0.0f);
  leg_pose->target_ms = leg_pose->root_ms + dir * nearest;
}

// A long leg lifts its foot over the fence, not up to the hip: the clip's foot is held no higher than
// the fence top plus a part of the leg's length (the knee folds, the foot hangs under the body), and
// follows the clip again as it comes down to reach for the landing. Heights are those of the unlifted
// placement, so the plan's lift raises the foot with the body.
void fold_long_leg(const LimbChain& leg, float fence_top_ms, float radius, LimbPose* leg_pose) {
  const float length = leg.l1 + leg.l2;
  if (length <= 0.0f) return;
  const float over = (leg.nodes[0].y - fence_top_ms) / length;
  const float weight = smooth01((over - kLongLegFrom) / (kLongLegFull - kLongLegFrom));
  const float highest = fence_top_ms + radius + kFootOverFence * length;
  if (weight <= 0.0f || leg_pose->target_ms.y <= highest) return;
  leg_pose->target_ms.y += weight * (highest - leg_pose->target_ms.y);
}

// Planted hands rest ON the fence: a hand whose flesh still dips into the fence top is raised by its
// depth and the limbs solved again, a few times.
void raise_planted_hands(const RetargetJob& job, const Rig& rig, const VaultPlan& plan, const Box& fence,
                         const glm::mat4& world_to_model, const glm::mat4& shown, CreaturePose* pose) {
  const std::size_t limbs = rig.limbs.size();
  for (int pass = 0; pass < kHandRaisePasses; ++pass) {
    bool moved = false;
    for (std::size_t i = 0; i < limbs; ++i) {
      if (!plan.plants[i] || !pose->limbs[i].contact) continue;
      float depth = 0.0f;
      for (int b : rig.limbs[i].bones) {
        if (b < 0) continue;
        depth = std::max(depth, penetration_capsule_box(
                                    Capsule{pose->head_ws[b], pose->tail_ws[b], rig.skeleton.radius[b]}, fence));
      }
      if (depth > 0.0f) {
        pose->limbs[i].target_ms += glm::vec3(world_to_model * glm::vec4(0.0f, depth + kContactGap_m, 0.0f, 0.0f));
        moved = true;
      }
    }
    if (!moved || !retarget_solve(job)) break;
    flatten_planted_hands(rig, plan.plants, shown, pose);
  }
}

// True when a bone outside every limb (posed once by the solve; the knee turns and wall clamps only
// re-solve limbs) puts flesh into the fence: then the finished pose touches it too.
bool body_touches(const Rig& rig, const Level& fence_only, const CreaturePose& pose) {
  PenetrationOptions only_fence;
  only_fence.walls = false;
  for (int b = 0; b < rig.skeleton.size(); ++b)
    if (pose.bone_limb[static_cast<std::size_t>(b)] < 0 &&
        level_touches(fence_only, Capsule{pose.head_ws[b], pose.tail_ws[b], rig.skeleton.radius[b]}, only_fence))
      return true;
  return false;
}

// The tick's pose; with 'fence_only' (the vaulted fence alone), stops early and sets *touched when the
// body already touches it (the rest of the pose is then left unfinished).
bool pose_tick(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, int tick,
               TurnTrack* track, CreaturePose* pose, const Level* fence_only, bool* touched, bool samples_held) {
  const MotionClip& clip = chosen_clip(plan, vm);
  const glm::mat4 model_to_world = vault_tick_placement(plan, tick);
  const glm::mat4 world_to_model = glm::inverse(model_to_world);
  RetargetJob job;
  job.setup = &chosen_setup(plan, vm);
  job.rig = &rig;
  job.clip = &clip;
  job.time_s = vault_tick_time_s(clip, tick);
  job.model_to_world = model_to_world;
  job.root_motion = RootMotion::kFromClip;
  job.out = pose;
  job.samples_held = samples_held;
  if (!retarget_targets(job)) return false;
  const std::size_t limbs = rig.limbs.size();
  const bool have_plants = plan.plants.size() == limbs && plan.plant_ws.size() == limbs;
  const int fence_index = plan.decision.place.fence;
  const bool have_fence = fence_index >= 0 && static_cast<std::size_t>(fence_index) < level.fences.size();
  // The fence top in the unlifted model space the leg targets are in (a foot's target is its ankle's,
  // the pose then raised by the sole height).
  const float fence_top_ms =
      have_fence ? level.fences[static_cast<std::size_t>(fence_index)].top_y() -
                       plan.decision.place.model_to_world[3].y - rig.sole_height
                 : 0.0f;
  for (std::size_t i = 0; i < limbs; ++i) {
    LimbPose& limb_pose = pose->limbs[i];
    const LimbChain& limb = rig.limbs[i];
    // The pose is raised by the sole height after solving (feet rest on the ground), so a hand planted
    // on the fence aims that much lower.
    if (have_plants && plan.plants[i] && limb_pose.contact)
      limb_pose.target_ms =
          glm::vec3(world_to_model * glm::vec4(plan.plant_ws[i] - glm::vec3(0.0f, rig.sole_height, 0.0f), 1.0f));
    // A leg in the air that is long for the fence lifts its foot just over it (a planted foot stays put).
    if (limb.tag == PartTag::kLeg && have_fence && !limb_pose.contact)
      fold_long_leg(limb, fence_top_ms, limb_radius(rig, limb), &limb_pose);
    // A tucked leg keeps a knee: its foot comes no nearer the hip than the knee's tightest bend allows
    // (the clip, scaled to a short or many-legged body, would fold some legs flat).
    if (limb.tag == PartTag::kLeg) keep_knee_bend(limb, &limb_pose);
    // Clamp the control point against the nearest wall's surface (flesh radius as margin).
    const glm::vec3 root_ws = glm::vec3(model_to_world * glm::vec4(limb_pose.root_ms, 1.0f));
    const float reach = limb.l1 + limb.l2 + limb.l3 + limb_radius(rig, limb);
    for (const Wall& wall : level.walls) {
      if (distance_to_footprint(wall.box, root_ws) > reach + kWallNear_m) continue;
      Plane face = plane_to_model(wall_face(wall, root_ws), model_to_world);
      clamp_to_plane(face, limb_radius(rig, limb) + kContactGap_m, &limb_pose.target_ms);
    }
  }
  if (!retarget_solve(job)) return false;
  const glm::mat4 shown = pose->model_to_world;  // the placement raised by the sole height
  if (have_plants) flatten_planted_hands(rig, plan.plants, shown, pose);
  if (have_plants && have_fence)
    raise_planted_hands(job, rig, plan, level.fences[static_cast<std::size_t>(fence_index)], world_to_model, shown,
                        pose);
  if (fence_only && body_touches(rig, *fence_only, *pose)) return *touched = true;
  // Knees and elbows kept out of the vaulted fence: turned about the limb's root->tip line.
  if (have_fence) {
    const std::size_t at = static_cast<std::size_t>(tick) * limbs;
    const float* planned = plan.turn_rad.size() >= at + limbs ? plan.turn_rad.data() + at : nullptr;
    turn_limbs_clear_of_fence(rig, level.fences[static_cast<std::size_t>(fence_index)], level, shown, planned, track,
                              pose);
  }
  // Joints (knees, elbows) kept in front of walls: IK clamping re-solves a limb that touches one.
  for (std::size_t i = 0; i < limbs; ++i) {
    const LimbChain& limb = rig.limbs[i];
    for (const Wall& wall : level.walls) {
      if (!limb_wall_touches(rig, limb, *pose, wall)) continue;
      const glm::vec3 root_ws = glm::vec3(shown * glm::vec4(pose->limbs[i].root_ms, 1.0f));
      resolve_limb_clamped(rig, static_cast<int>(i), plane_to_model(wall_face(wall, root_ws), shown),
                           limb_radius(rig, limb) + kContactGap_m, shown, pose);
    }
  }
  return true;
}

}  // namespace

bool pose_vault_tick_tracked(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level,
                             int tick, TurnTrack* track, CreaturePose* pose) {
  return pose_tick(plan, vm, rig, level, tick, track, pose, nullptr, nullptr, false);
}

bool vault_tick_touches(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, int tick,
                        const Level& fence_only, bool samples_held, CreaturePose* pose) {
  bool touched = false;
  pose_tick(plan, vm, rig, level, tick, nullptr, pose, &fence_only, &touched, samples_held);
  if (touched) return true;
  PenetrationOptions only_fence;
  only_fence.walls = false;
  return pose_touches(fence_only, rig, *pose, only_fence);
}

bool pose_vault_tick(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, int tick,
                     CreaturePose* pose) {
  return pose_vault_tick_tracked(plan, vm, rig, level, tick, nullptr, pose);
}

bool VaultPoseJob::validate() const {
  return plan && motion && rig && level && out && plan->ticks > 0 && tick >= 0 && tick < plan->ticks &&
         plan->lift_m.size() == static_cast<std::size_t>(plan->ticks) && out->sized_for(*rig);
}

bool VaultPoseJob::run() const { return validate() && pose_vault_tick(*plan, *motion, *rig, *level, tick, out); }

}  // namespace cf
