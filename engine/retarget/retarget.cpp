// The per-tick retargeting job: body, torso and limb targets from the clip, then IK and bone frames.
#include "retarget/retarget.h"

#include <algorithm>
#include <cmath>

#include <glm/gtx/quaternion.hpp>

#include "retarget/ik.h"

namespace cf {

namespace {

const glm::vec3 kUp(0.0f, 1.0f, 0.0f);

bool finite_mat(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      if (!std::isfinite(m[c][r])) return false;
  return true;
}

glm::vec3 unit_or(const glm::vec3& v, const glm::vec3& fallback) {
  float l = glm::length(v);
  return l > 1e-6f && std::isfinite(l) ? v / l : fallback;
}

// Unit vector perpendicular to unit x: the world axis least aligned with x, made orthogonal.
glm::vec3 perpendicular(const glm::vec3& x) {
  float ax = std::abs(x.x), ay = std::abs(x.y), az = std::abs(x.z);
  glm::vec3 axis = ay <= ax && ay <= az ? kUp : (az <= ax ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0));
  return glm::normalize(axis - x * glm::dot(axis, x));
}

// Bend direction of a chain A, B, C: B's offset from line AC; the pole (made perpendicular to AC)
// when the chain is straight.
glm::vec3 bend_direction(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& pole) {
  glm::vec3 axis = unit_or(c - a, unit_or(b - a, glm::vec3(0, -1, 0)));
  glm::vec3 v = b - a;
  glm::vec3 p = v - axis * glm::dot(v, axis);
  float len = glm::length(p);
  if (len > 1e-5f * (glm::length(v) + 1e-6f) && len > 1e-7f) return p / len;
  glm::vec3 q = pole - axis * glm::dot(pole, axis);
  float ql = glm::length(q);
  return ql > 1e-6f ? q / ql : perpendicular(axis);
}

// Frame of a limb bone: column 2 is the limb's hinge axis (normal of the bend plane, the axis the
// knee or elbow turns about) made perpendicular to the bone, so the roll follows the bend and the
// foot/hand bone (which points along the bend direction) never falls into a degenerate hint.
glm::mat4 limb_bone_frame(const glm::vec3& head, const glm::vec3& tail, const glm::vec3& a, const glm::vec3& c,
                          const glm::vec3& bend) {
  glm::vec3 hinge = glm::cross(unit_or(c - a, perpendicular(bend)), bend);
  glm::vec3 x = unit_or(tail - head, glm::vec3(0, 0, 1));
  return bone_frame(head, tail, glm::cross(hinge, x));
}

glm::quat rotation_between(const glm::vec3& from_unit, const glm::vec3& to_unit) {
  return glm::rotation(from_unit, to_unit);
}

glm::quat weighted(const glm::quat& q, float w) {
  return w >= 1.0f ? q : glm::slerp(glm::quat(1.0f, 0.0f, 0.0f, 0.0f), q, w);
}

}  // namespace

glm::mat4 bone_frame(const glm::vec3& head, const glm::vec3& tail, const glm::vec3& roll_hint) {
  glm::vec3 x = unit_or(tail - head, glm::vec3(0, 0, 1));
  // z from a cross product and y = z x x: orthonormal to rounding even for a hint near the bone.
  glm::vec3 z = glm::cross(x, roll_hint);
  float zl = glm::length(z), hl = glm::length(roll_hint);
  z = zl > 1e-3f * hl && std::isfinite(zl) ? z / zl : glm::normalize(glm::cross(x, perpendicular(x)));
  glm::vec3 y = glm::cross(z, x);
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(x, 0.0f);
  m[1] = glm::vec4(y, 0.0f);
  m[2] = glm::vec4(z, 0.0f);
  m[3] = glm::vec4(head, 1.0f);
  return m;
}

void bind_pose_matrices(const Rig& rig, std::vector<glm::mat4>* out) {
  const Skeleton& sk = rig.skeleton;
  out->resize(sk.size());
  for (int b = 0; b < sk.size(); ++b) (*out)[b] = bone_frame(sk.head_ms[b], sk.tail_ms[b], kUp);
  for (const LimbChain& l : rig.limbs) {
    glm::vec3 bend = bend_direction(l.nodes[0], l.nodes[1], l.nodes[2], l.pole);
    for (int b : l.bones)
      if (b >= 0 && b < sk.size())
        (*out)[b] = limb_bone_frame(sk.head_ms[b], sk.tail_ms[b], l.nodes[0], l.nodes[2], bend);
  }
}

void write_limb_bones(const Rig& rig, int limb, const LimbPoints& p, const glm::vec3& pole_ms,
                      const glm::mat4* model_to_world, CreaturePose* pose) {
  const LimbChain& l = rig.limbs[static_cast<std::size_t>(limb)];
  const glm::vec3 bend = bend_direction(p.root, p.joint, p.tip, pole_ms);
  const glm::vec3 heads[3] = {p.root, p.joint, p.tip}, tails[3] = {p.joint, p.tip, p.end};
  for (int k = 0; k < 3; ++k) {
    const int bone = l.bones[static_cast<std::size_t>(k)];
    if (bone < 0 || bone >= rig.skeleton.size()) continue;
    const auto i = static_cast<std::size_t>(bone);
    pose->head_ms[i] = heads[k];
    pose->tail_ms[i] = tails[k];
    pose->bone_ms[i] = limb_bone_frame(heads[k], tails[k], p.root, p.tip, bend);
    pose->rotation_ms[i] =
        glm::quat_cast(glm::mat3(pose->bone_ms[i]) * glm::transpose(glm::mat3(pose->bind_ms[i])));
    if (model_to_world) {
      pose->head_ws[i] = glm::vec3(*model_to_world * glm::vec4(heads[k], 1.0f));
      pose->tail_ws[i] = glm::vec3(*model_to_world * glm::vec4(tails[k], 1.0f));
    }
  }
}

glm::mat4 placement(const glm::vec3& position_ws, float heading_rad) {
  glm::mat4 m = glm::rotate(glm::mat4(1.0f), heading_rad, kUp);
  m[3] = glm::vec4(position_ws, 1.0f);
  return m;
}

void CreaturePose::resize(const Rig& rig) {
  const int n = rig.skeleton.size();
  head_ms = rig.skeleton.head_ms;
  tail_ms = rig.skeleton.tail_ms;
  head_ws = head_ms;
  tail_ws = tail_ms;
  rotation_ms.assign(n, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  bind_pose_matrices(rig, &bind_ms);
  bone_ms = bind_ms;
  limbs.assign(rig.limbs.size(), LimbPose{});
  bone_limb.assign(n, -1);
  for (int i = 0; i < static_cast<int>(rig.limbs.size()); ++i)
    for (int b : rig.limbs[i].bones)
      if (b >= 0 && b < n) bone_limb[b] = i;
  spine_rank.assign(n, -1);
  for (int k = 0; k < static_cast<int>(rig.spine_bones.size()); ++k) {
    int b = rig.spine_bones[k];
    if (b >= 0 && b < n) spine_rank[b] = k;
  }
  cog_ms = cog_ws = rig.cog;
}

bool CreaturePose::sized_for(const Rig& rig) const {
  const std::size_t n = static_cast<std::size_t>(rig.skeleton.size());
  return head_ms.size() == n && tail_ms.size() == n && head_ws.size() == n && tail_ws.size() == n &&
         bone_ms.size() == n && rotation_ms.size() == n && bind_ms.size() == n && bone_limb.size() == n &&
         spine_rank.size() == n && limbs.size() == rig.limbs.size();
}

bool RetargetJob::validate() const {
  if (!setup || !rig || !clip || !out) return false;
  if (!out->sized_for(*rig) || setup->limbs.size() != rig->limbs.size()) return false;
  const Skeleton& sk = rig->skeleton;
  const std::size_t n = static_cast<std::size_t>(sk.size());
  if (sk.parents.size() != n || sk.classes.size() != n || sk.tail_ms.size() != n || sk.head_ms.size() != n)
    return false;
  if (!(clip->duration_s > 0.0)) return false;
  return std::isfinite(time_s) && std::isfinite(motion_weight) && finite_mat(model_to_world);
}

bool retarget_targets(const RetargetJob& job) {
  if (!job.validate()) return false;
  const RetargetSetup& setup = *job.setup;
  const Rig& rig = *job.rig;
  const Skeleton& sk = rig.skeleton;
  const MotionClip& clip = *job.clip;
  CreaturePose& pose = *job.out;
  const bool in_place =
      job.root_motion == RootMotion::kInPlace || (job.root_motion == RootMotion::kAuto && clip.loop);
  const float w = std::clamp(job.motion_weight, 0.0f, 1.0f);
  const glm::vec3 vel = in_place ? setup.root_velocity_ms : glm::vec3(0.0f);

  // Body: waist translation scaled by s about the rig's cog, rotation as it is.
  sample_clip(clip, job.time_s, &pose.samples[0]);
  const MotionPose& mp = pose.samples[0];
  glm::vec3 waist = mp[MotionPart::kWaist].reference - vel * static_cast<float>(job.time_s);
  pose.cog_ms = rig.cog + setup.s * w * (waist - setup.waist_rest_ms) - glm::vec3(0.0f, setup.crouch_m, 0.0f);
  glm::quat q_waist = weighted(glm::normalize(mp.waist_orientation), w);
  glm::vec3 chest_dir =
      unit_or(mp[MotionPart::kChest].control - mp[MotionPart::kChest].reference, setup.chest_rest_dir);
  glm::vec3 head_dir = unit_or(mp[MotionPart::kHead].control - mp[MotionPart::kHead].reference, setup.head_rest_dir);
  glm::quat q_chest = weighted(rotation_between(setup.chest_rest_dir, chest_dir), w);
  glm::quat q_head = weighted(rotation_between(setup.head_rest_dir, head_dir), w);

  // Model-space rotation per bone (spine blends from the waist's to the chest's), then rigid FK.
  const int spine_n = static_cast<int>(rig.spine_bones.size());
  for (int b = 0; b < sk.size(); ++b) {
    const int p = sk.parents[b];
    glm::quat parent_rot = p >= 0 && p < b ? pose.rotation_ms[p] : q_waist;
    glm::quat rot = parent_rot;
    if (p < 0 || b == rig.cog_bone) {
      rot = q_waist;
    } else if (pose.spine_rank[b] >= 0) {
      float f = static_cast<float>(pose.spine_rank[b] + 1) / static_cast<float>(spine_n);
      rot = glm::slerp(q_waist, q_chest * q_waist, f);
    } else if (sk.classes[b] == BoneClass::kHead) {
      rot = q_head * q_waist;
    }
    pose.rotation_ms[b] = rot;
    if (p < 0 || p >= b) {
      pose.head_ms[b] = pose.cog_ms + rot * (sk.head_ms[b] - rig.cog);
    } else {
      pose.head_ms[b] = pose.head_ms[p] + parent_rot * (sk.head_ms[b] - sk.head_ms[p]);
    }
    pose.tail_ms[b] = pose.head_ms[b] + rot * (sk.tail_ms[b] - sk.head_ms[b]);
  }

  // Limbs: posed roots and poles, then targets from the clip at each limb's phase.
  std::array<float, 4> slot_phase{0.0f, -1.0f, -1.0f, -1.0f};
  int next_slot = 1;
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& l = rig.limbs[i];
    const LimbSetup& ls = setup.limbs[i];
    LimbPose& lp = pose.limbs[i];
    const int b0 = l.bones[0];
    const bool have_bone = b0 >= 0 && b0 < sk.size();
    const glm::quat root_rot = have_bone ? pose.rotation_ms[b0] : q_waist;
    lp.root_ms = have_bone ? pose.head_ms[b0] : pose.cog_ms + q_waist * (l.nodes[0] - rig.cog);
    lp.pole_ms = unit_or(root_rot * l.pole, glm::vec3(0, 0, 1));
    if (ls.tag == PartTag::kLeg) {
      const double t = job.time_s + static_cast<double>(ls.phase) * setup.cycle_s;
      int slot = 0;
      if (ls.phase != 0.0f) {
        slot = -1;
        for (int k = 1; k < 4; ++k)
          if (slot_phase[k] == ls.phase) slot = k;
        if (slot < 0) {
          slot = next_slot;
          next_slot = next_slot < 3 ? next_slot + 1 : 3;
          slot_phase[slot] = ls.phase;
          sample_clip(clip, t, &pose.samples[slot]);
        }
      }
      const MotionPose& sp = pose.samples[slot];
      const ReferenceLegGait& g = setup.ref_legs[ls.ref_side];
      glm::vec3 ctrl = sp[ls.ref_part].control - vel * static_cast<float>(t);
      glm::vec3 rel(ctrl.x - g.ground_ms.x, ctrl.y - g.floor_y, ctrl.z - g.ground_ms.z);
      lp.target_ms = ls.foothold_ms + (w * ls.scale) * rel;
      lp.contact = sp.contact[ls.ref_side] >= 0.5f;
      double ph = t / setup.cycle_s;
      lp.phase = static_cast<float>(ph - std::floor(ph));
    } else {
      const PartSample& arm = mp[ls.ref_part];
      glm::vec3 clip_target = lp.root_ms + ls.scale * (arm.control - arm.reference);
      glm::vec3 bind_target = lp.root_ms + root_rot * (l.nodes[2] - l.nodes[0]);
      lp.target_ms = glm::mix(bind_target, clip_target, w);
      lp.contact = mp.hand_contact[ls.ref_side] >= 0.5f;
      double ph = job.time_s / setup.cycle_s;
      lp.phase = static_cast<float>(ph - std::floor(ph));
    }
  }
  pose.model_to_world = job.model_to_world;
  return true;
}

bool retarget_solve(const RetargetJob& job) {
  if (!job.validate()) return false;
  const Rig& rig = *job.rig;
  const Skeleton& sk = rig.skeleton;
  CreaturePose& pose = *job.out;
  // Placement is a rotation about Y plus a translation, so the ground (world y = 0) is level here.
  // Contacts are solved on the bone line at the ground; the pose shown is raised by the sole height so
  // the feet's flesh rests on the ground.
  const float ground_ms = -job.model_to_world[3].y;
  const glm::mat4 m2w = glm::translate(glm::mat4(1.0f), kUp * rig.sole_height) * job.model_to_world;

  for (int b = 0; b < sk.size(); ++b) {
    if (pose.bone_limb[b] >= 0) continue;
    glm::mat3 r = glm::mat3_cast(pose.rotation_ms[b]) * glm::mat3(pose.bind_ms[b]);
    pose.bone_ms[b] = glm::mat4(r);
    pose.bone_ms[b][3] = glm::vec4(pose.head_ms[b], 1.0f);
  }

  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& l = rig.limbs[i];
    LimbPose& lp = pose.limbs[i];
    TwoBoneResult<float> r;
    TwoBoneIk ik;
    ik.root = lp.root_ms;
    // A leg thinner than the thickest reaches down the difference, so its sole touches the ground too.
    const float reach_down = l.tag == PartTag::kLeg ? rig.sole_height - foot_radius(rig, l) : 0.0f;
    ik.target = lp.target_ms - kUp * reach_down;
    ik.pole = lp.pole_ms;
    ik.l1 = l.l1;
    ik.l2 = l.l2;
    ik.out = &r;
    ik.run();
    lp.reached = r.reached;
    lp.ik_error_m = r.error;
    const glm::vec3 a = r.root, b = r.joint, c = r.tip;
    // End bone: a foot keeps its bind direction (level with the body) and never dips below the
    // ground; a hand keeps its bind angle to the forearm.
    glm::vec3 end = l.nodes[3] - l.nodes[2];
    glm::vec3 d;
    if (l.tag == PartTag::kLeg) {
      d = c + end;
      const float floor_ms = ground_ms - reach_down;
      if (d.y < floor_ms) {
        float l3 = glm::length(end);
        glm::vec3 horiz = unit_or(glm::vec3(end.x, 0.0f, end.z), glm::vec3(0, 0, 1));
        float drop = c.y - floor_ms;
        float sin_b = l3 > 1e-6f ? std::clamp(drop / l3, 0.0f, 1.0f) : 0.0f;
        d = c + l3 * (horiz * std::sqrt(1.0f - sin_b * sin_b) - kUp * sin_b);
      }
    } else {
      glm::vec3 bind_fore = unit_or(l.nodes[2] - l.nodes[1], glm::vec3(0, -1, 0));
      glm::vec3 fore = unit_or(c - b, bind_fore);
      d = c + rotation_between(bind_fore, fore) * end;
    }
    write_limb_bones(rig, static_cast<int>(i), LimbPoints{a, b, c, d}, lp.pole_ms, nullptr, &pose);
    lp.target_ws = glm::vec3(m2w * glm::vec4(ik.target, 1.0f));
  }

  for (int b = 0; b < sk.size(); ++b) {
    pose.head_ws[b] = glm::vec3(m2w * glm::vec4(pose.head_ms[b], 1.0f));
    pose.tail_ws[b] = glm::vec3(m2w * glm::vec4(pose.tail_ms[b], 1.0f));
  }
  pose.cog_ws = glm::vec3(m2w * glm::vec4(pose.cog_ms, 1.0f));
  pose.model_to_world = m2w;
  return true;
}

bool retarget_pose(const RetargetJob& job) { return retarget_targets(job) && retarget_solve(job); }

}  // namespace cf
