// The per-tick retargeting job: body, torso and limb targets from the clip, then IK and bone frames.
#include "retarget/retarget.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtx/quaternion.hpp>

#include "math/geometry.h"
#include "retarget/ik.h"

namespace cf {

namespace {


bool finite_mat(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      if (!std::isfinite(m[c][r])) return false;
  return true;
}

glm::quat rotation_between(const glm::vec3& from_unit, const glm::vec3& to_unit) {
  return glm::rotation(from_unit, to_unit);
}

glm::quat weighted(const glm::quat& q, float w) {
  return w >= 1.0f ? q : glm::slerp(glm::quat(1.0f, 0.0f, 0.0f, 0.0f), q, w);
}

// Stage 1 on a validated job (see retarget_targets).
void pose_body_and_targets(const RetargetJob& job) {
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
  if (!job.samples_held) sample_clip(clip, job.time_s, &pose.samples[0]);
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
          if (!job.samples_held) sample_clip(clip, t, &pose.samples[slot]);
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
}

// The foot's bone 'end' (level with the body at bind) turned into the ground's plane of normal n (model
// space), its length kept; the ground's tilt is followed up to 40 degrees.
glm::vec3 foot_along_ground(const glm::vec3& end, glm::vec3 n) {
  constexpr float kCosFootTiltMax = 0.766f;  // 40 degrees
  if (n.y < kCosFootTiltMax) {  // steeper: the plane tilted only as far as the ankle turns
    const float s = std::sqrt(n.x * n.x + n.z * n.z);
    if (s > 1e-6f) {
      const float k = std::sqrt(1.0f - kCosFootTiltMax * kCosFootTiltMax) / s;
      n = glm::vec3(n.x * k, kCosFootTiltMax, n.z * k);
    }
  }
  const float len = glm::length(end);
  const glm::vec3 along = end - n * glm::dot(end, n);
  const float a = glm::length(along);
  return a > 1e-6f ? along * (len / a) : end;
}

// The foot's bone from ankle c (model space) on a tilted body: level in the world and along the ground
// under the target, its toe kept on the floor (the ground less reach_down) as on level ground. Returns
// the bone in model space.
glm::vec3 tilted_foot(const RetargetJob& job, const glm::vec3& target_ms, const glm::vec3& c, const glm::vec3& end,
                      float reach_down) {
  const glm::mat4& m = job.model_to_world;
  const glm::mat3 r = glm::mat3(m);
  const float l3 = glm::length(end);
  glm::vec3 e = r * end;
  const glm::vec3 flat(e.x, 0.0f, e.z);
  if (glm::length(flat) > 1e-6f) e = flat * (l3 / glm::length(flat));
  const glm::vec3 c_ws = glm::vec3(m * glm::vec4(c, 1.0f));
  float floor = 0.0f;
  if (job.ground) {
    const glm::vec3 t_ws = glm::vec3(m * glm::vec4(target_ms, 1.0f));
    const GroundPoint g = job.ground->at(t_ws.x, t_ws.z);
    if (g.normal.y < 1.0f) e = foot_along_ground(e, g.normal);
    const glm::vec3 toe = c_ws + e;
    floor = std::min(g.y, job.ground->at(toe.x, toe.z).y);
  }
  floor -= reach_down;
  if (c_ws.y + e.y < floor) {
    const glm::vec3 horiz = unit_or(glm::vec3(e.x, 0.0f, e.z), glm::vec3(r[2].x, 0.0f, r[2].z));
    const float sin_b = l3 > 1e-6f ? std::clamp((c_ws.y - floor) / l3, 0.0f, 1.0f) : 0.0f;
    e = l3 * (horiz * std::sqrt(1.0f - sin_b * sin_b) - kWorldUp * sin_b);
  }
  return glm::transpose(r) * e;
}

// The body's flesh kept above uneven ground: when a body bone's flesh (torso, neck, head, tail) would go
// more than 2 mm below the ground under it (a sit's belly on a rise, a tail across a slope), the body and
// its limbs' roots rise along the world's up until it does not; the legs then reach down to their
// footholds. m2w: the placement raised by the sole height.
void lift_body_above_ground(const RetargetJob& job, const glm::mat4& m2w, const glm::vec3& up_ms) {
  constexpr float kAllowed_m = 0.002f;
  CreaturePose& pose = *job.out;
  const Skeleton& sk = job.rig->skeleton;
  float deepest = 0.0f;
  for (int b = 0; b < sk.size(); ++b) {
    if (pose.bone_limb[b] >= 0) continue;
    const glm::vec3 a = glm::vec3(m2w * glm::vec4(pose.head_ms[b], 1.0f));
    const glm::vec3 t = glm::vec3(m2w * glm::vec4(pose.tail_ms[b], 1.0f));
    for (int k = 0; k <= 2; ++k) {
      const glm::vec3 p = glm::mix(a, t, 0.5f * float(k));
      deepest = std::max(deepest, job.ground->at(p.x, p.z).y - (p.y - sk.radius[b]));
    }
  }
  if (!(deepest > kAllowed_m)) return;
  const glm::vec3 lift = up_ms * (deepest - kAllowed_m);
  for (int b = 0; b < sk.size(); ++b) {
    if (pose.bone_limb[b] >= 0) continue;
    pose.head_ms[b] += lift;
    pose.tail_ms[b] += lift;
  }
  pose.cog_ms += lift;
  for (LimbPose& l : pose.limbs) l.root_ms += lift;
}

// Stage 2 on a validated job (see retarget_solve).
void solve_limbs(const RetargetJob& job) {
  const Rig& rig = *job.rig;
  const Skeleton& sk = rig.skeleton;
  CreaturePose& pose = *job.out;
  // Placement is a rotation about Y plus a translation, so world heights are model heights here, unless
  // the body is tilted to follow the ground (then feet are settled in world axes, tilted_foot).
  // Contacts are solved on the bone line at the ground; the pose shown is raised by the sole height so
  // the feet's flesh rests on the ground. Each foot keeps above the ground under its own target.
  const float flat_ground_ms = -job.model_to_world[3].y;
  const bool tilted = job.model_to_world[1][0] != 0.0f || job.model_to_world[1][2] != 0.0f;
  const glm::vec3 up_ms = tilted ? glm::normalize(glm::transpose(glm::mat3(job.model_to_world)) * kWorldUp) : kWorldUp;
  const glm::mat4 m2w = glm::translate(glm::mat4(1.0f), kWorldUp * rig.sole_height) * job.model_to_world;

  if (job.ground && !job.ground->flat()) lift_body_above_ground(job, m2w, up_ms);
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
    ik.target = lp.target_ms - up_ms * reach_down;
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
    if (l.tag == PartTag::kLeg && tilted) {
      d = c + tilted_foot(job, lp.target_ms, c, end, reach_down);
    } else if (l.tag == PartTag::kLeg) {
      float ground_ms = flat_ground_ms;
      if (job.ground) {
        const glm::vec3 t_ws = glm::vec3(job.model_to_world * glm::vec4(lp.target_ms, 1.0f));
        const GroundPoint g = job.ground->at(t_ws.x, t_ws.z);
        ground_ms = g.y - job.model_to_world[3].y;
        // On sloping ground the foot lies along it (the ankle turned toward the ground's normal), so
        // its toe neither digs into a rise nor hangs over a fall. Placement is a yaw: its inverse is
        // its transpose.
        if (g.normal.y < 1.0f) {
          const glm::vec3 n_ms = glm::transpose(glm::mat3(job.model_to_world)) * g.normal;
          end = foot_along_ground(end, n_ms);
          const glm::vec3 toe_ws = glm::vec3(job.model_to_world * glm::vec4(c + end, 1.0f));
          ground_ms = std::min(ground_ms, job.ground->at(toe_ws.x, toe_ws.z).y - job.model_to_world[3].y);
        }
      }
      d = c + end;
      const float floor_ms = ground_ms - reach_down;
      if (d.y < floor_ms) {
        float l3 = glm::length(end);
        glm::vec3 horiz = unit_or(glm::vec3(end.x, 0.0f, end.z), glm::vec3(0, 0, 1));
        float drop = c.y - floor_ms;
        float sin_b = l3 > 1e-6f ? std::clamp(drop / l3, 0.0f, 1.0f) : 0.0f;
        d = c + l3 * (horiz * std::sqrt(1.0f - sin_b * sin_b) - kWorldUp * sin_b);
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
}

}  // namespace

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

bool RetargetJob::run() const {
  if (!validate()) return false;
  pose_body_and_targets(*this);
  solve_limbs(*this);
  return true;
}

bool retarget_targets(const RetargetJob& job) {
  if (!job.validate()) return false;
  pose_body_and_targets(job);
  return true;
}

bool retarget_solve(const RetargetJob& job) {
  if (!job.validate()) return false;
  solve_limbs(job);
  return true;
}

}  // namespace cf
