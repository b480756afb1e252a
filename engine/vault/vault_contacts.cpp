// Vault contacts: limbs against walls and the fence, planted hands on the fence top.
#include "vault/vault_contacts.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "retarget/ik.h"

namespace cf {

Penetration pose_penetration(const Level& level, const Rig& rig, const CreaturePose& pose,
                             const PenetrationOptions& options) {
  Penetration deepest;
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    Capsule bone{pose.head_ws[b], pose.tail_ws[b], rig.skeleton.radius[b]};
    Penetration p = level_penetration(level, bone, options);
    if (p.depth > deepest.depth) deepest = p;
  }
  return deepest;
}

bool pose_touches(const Level& level, const Rig& rig, const CreaturePose& pose, const PenetrationOptions& options) {
  for (int b = 0; b < rig.skeleton.size(); ++b)
    if (level_touches(level, Capsule{pose.head_ws[b], pose.tail_ws[b], rig.skeleton.radius[b]}, options)) return true;
  return false;
}

float limb_radius(const Rig& rig, const LimbChain& limb) {
  float radius = 0.0f;
  for (int b : limb.bones)
    if (b >= 0 && b < rig.skeleton.size()) radius = std::max(radius, rig.skeleton.radius[b]);
  return radius;
}

Plane wall_face(const Wall& wall, const glm::vec3& point_ws) {
  if (wall.has_virtual_plane) return Plane::from_point_normal(wall.plane_point, wall.plane_normal);
  const Box& box = wall.box;
  const glm::vec3 local = box.to_local(point_ws);
  const float past_x = std::fabs(local.x) - box.half_extents.x, past_z = std::fabs(local.z) - box.half_extents.z;
  const glm::vec3 normal = past_x >= past_z ? box.axis_x() * (local.x >= 0.0f ? 1.0f : -1.0f)
                                            : box.axis_z() * (local.z >= 0.0f ? 1.0f : -1.0f);
  float out = past_x >= past_z ? box.half_extents.x : box.half_extents.z;
  for (const Pipe& pipe : wall.pipes) {
    out = std::max(out, glm::dot(pipe.a - box.centre, normal) + pipe.radius);
    out = std::max(out, glm::dot(pipe.b - box.centre, normal) + pipe.radius);
  }
  return Plane::from_point_normal(box.centre + normal * out, normal);
}

Plane plane_to_model(const Plane& plane_ws, const glm::mat4& model_to_world) {
  const glm::mat4 world_to_model = glm::inverse(model_to_world);
  const glm::vec3 point = glm::vec3(world_to_model * glm::vec4(plane_ws.n * plane_ws.d, 1.0f));
  const glm::vec3 normal = glm::normalize(glm::vec3(world_to_model * glm::vec4(plane_ws.n, 0.0f)));
  return Plane::from_point_normal(point, normal);
}

// The margin keeps rounding in the exact tests from ever seeing a touch. Planning a vault asks this
// for every limb, wall and tick of the vault.
bool limb_far_from_wall(const Rig& rig, const LimbChain& limb, const CreaturePose& pose, const Wall& wall) {
  constexpr float kApartMargin_m = 1e-3f;
  glm::vec3 lo(1e30f), hi(-1e30f);
  for (int b : limb.bones) {
    if (b < 0 || b >= rig.skeleton.size()) continue;
    const glm::vec3 r(rig.skeleton.radius[b]);
    lo = glm::min(lo, glm::min(pose.head_ws[b], pose.tail_ws[b]) - r);
    hi = glm::max(hi, glm::max(pose.head_ws[b], pose.tail_ws[b]) + r);
  }
  const Box& box = wall.box;
  const glm::vec3 ax = box.axis_x(), az = box.axis_z(), he = box.half_extents;
  const glm::vec3 extent(std::fabs(ax.x) * he.x + std::fabs(az.x) * he.z, he.y,
                         std::fabs(ax.z) * he.x + std::fabs(az.z) * he.z);
  glm::vec3 wall_lo = box.centre - extent, wall_hi = box.centre + extent;
  for (const Pipe& pipe : wall.pipes) {
    wall_lo = glm::min(wall_lo, glm::min(pipe.a, pipe.b) - glm::vec3(pipe.radius));
    wall_hi = glm::max(wall_hi, glm::max(pipe.a, pipe.b) + glm::vec3(pipe.radius));
  }
  for (int k = 0; k < 3; ++k) {
    if (hi[k] + kApartMargin_m < wall_lo[k] || lo[k] - kApartMargin_m > wall_hi[k]) return true;
  }
  return false;
}

float limb_wall_depth(const Rig& rig, const LimbChain& limb, const CreaturePose& pose, const Wall& wall) {
  if (limb_far_from_wall(rig, limb, pose, wall)) return 0.0f;
  float depth = 0.0f;
  for (int b : limb.bones) {
    if (b < 0 || b >= rig.skeleton.size()) continue;
    Capsule bone{pose.head_ws[b], pose.tail_ws[b], rig.skeleton.radius[b]};
    depth = std::max(depth, penetration_capsule_box(bone, wall.box));
    for (const Pipe& pipe : wall.pipes) depth = std::max(depth, penetration_capsule_pipe(bone, pipe));
  }
  return depth;
}

bool limb_wall_touches(const Rig& rig, const LimbChain& limb, const CreaturePose& pose, const Wall& wall) {
  if (limb_far_from_wall(rig, limb, pose, wall)) return false;
  constexpr float kAny = std::numeric_limits<float>::min();
  for (int b : limb.bones) {
    if (b < 0 || b >= rig.skeleton.size()) continue;
    Capsule bone{pose.head_ws[b], pose.tail_ws[b], rig.skeleton.radius[b]};
    if (penetration_capsule_box(bone, wall.box, kAny) > 0.0f) return true;
    for (const Pipe& pipe : wall.pipes)
      if (penetration_capsule_pipe(bone, pipe, kAny) > 0.0f) return true;
  }
  return false;
}

void resolve_limb_clamped(const Rig& rig, int limb, const Plane& plane_ms, float margin_m,
                          const glm::mat4& model_to_world, CreaturePose* pose) {
  const LimbChain& chain = rig.limbs[static_cast<std::size_t>(limb)];
  LimbPose& limb_pose = pose->limbs[static_cast<std::size_t>(limb)];
  TwoBoneIk job;
  job.root = limb_pose.root_ms;
  job.target = limb_pose.target_ms;
  job.pole = limb_pose.pole_ms;
  job.l1 = chain.l1;
  job.l2 = chain.l2;
  ClampedSolve solved = solve_two_bone_clamped(job, plane_ms, margin_m);
  const int end_bone = chain.bones[2];
  const glm::vec3 end = end_bone >= 0 ? pose->tail_ms[end_bone] - pose->head_ms[end_bone] : glm::vec3(0.0f);
  const glm::vec3 root = solved.chain.root, joint = solved.chain.joint, tip = solved.chain.tip;
  glm::vec3 end_tip = tip + end;
  if (plane_ms.signed_distance(end_tip) < margin_m)
    end_tip += plane_ms.n * (margin_m - plane_ms.signed_distance(end_tip));
  write_limb_bones(rig, limb, LimbPoints{root, joint, tip, end_tip}, limb_pose.pole_ms, &model_to_world, pose);
  limb_pose.target_ms = solved.target;
  limb_pose.target_ws = glm::vec3(model_to_world * glm::vec4(solved.target, 1.0f));
  limb_pose.reached = solved.chain.reached;
  limb_pose.ik_error_m = solved.chain.error;
}

Plane separating_face(const Box& box, const glm::vec3& root_ws, const glm::vec3& target_ws, float* clearance_m) {
  Plane best;
  *clearance_m = -1e30f;
  const glm::vec3 normals[5] = {box.axis_x(), -box.axis_x(), box.axis_z(), -box.axis_z(), glm::vec3(0.0f, 1.0f, 0.0f)};
  const float extents[5] = {box.half_extents.x, box.half_extents.x, box.half_extents.z, box.half_extents.z,
                            box.half_extents.y};
  for (int f = 0; f < 5; ++f) {
    Plane face = Plane::from_point_normal(box.centre + normals[f] * extents[f], normals[f]);
    float clearance = std::min(face.signed_distance(root_ws), face.signed_distance(target_ws));
    if (clearance > *clearance_m) *clearance_m = clearance, best = face;
  }
  return best;
}

void flatten_planted_hands(const Rig& rig, const std::vector<char>& plants, const glm::mat4& model_to_world,
                           CreaturePose* pose) {
  const glm::mat4 world_to_model = glm::inverse(model_to_world);
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const int hand = rig.limbs[i].bones[2];
    if (!plants[i] || !pose->limbs[i].contact || hand < 0 || hand >= rig.skeleton.size()) continue;
    const glm::vec3 head = pose->head_ws[hand], along = pose->tail_ws[hand] - head;
    const float length = glm::length(along);
    glm::vec3 flat(along.x, 0.0f, along.z);
    const float flat_length = glm::length(flat);
    flat = flat_length > 1e-6f ? flat / flat_length : glm::vec3(model_to_world * glm::vec4(0.0f, 0.0f, 1.0f, 0.0f));
    pose->tail_ws[hand] = head + flat * length;
    pose->tail_ms[hand] = glm::vec3(world_to_model * glm::vec4(pose->tail_ws[hand], 1.0f));
    pose->bone_ms[hand] = bone_frame(pose->head_ms[hand], pose->tail_ms[hand], glm::vec3(pose->bone_ms[hand][1]));
  }
}

}  // namespace cf
