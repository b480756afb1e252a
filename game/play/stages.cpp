#include "game/play/stages.h"

#include <algorithm>

#include <glm/gtc/quaternion.hpp>

#include "retarget/bone_frames.h"
#include "retarget/ik.h"

#include "vault/knee_turns.h"
#include "vault/vault_contacts.h"
#include "world/clearance.h"
#include "world/ground_query.h"
#include "world/penetration.h"

namespace cf {

float flesh_depth(const Level& level, const Rig& rig, const CreaturePose& pose) {
  float deepest = 0.0f;
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    const Capsule c{pose.head_ws[i], pose.tail_ws[i], rig.skeleton.radius[i]};
    deepest = std::max(deepest, level_penetration(level, c).depth);
  }
  return deepest;
}

bool flesh_touches(const Level& level, const Rig& rig, const CreaturePose& pose) {
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    if (level_touches(level, Capsule{pose.head_ws[i], pose.tail_ws[i], rig.skeleton.radius[i]})) return true;
  }
  return false;
}

namespace {

// A limb's three bones as they are, to put back when a new solve is refused.
struct LimbBones {
  int bone[3] = {-1, -1, -1};
  glm::vec3 head_ms[3], tail_ms[3], head_ws[3], tail_ws[3];
  glm::mat4 bone_ms[3];
  glm::quat rotation_ms[3];
  void save(const LimbChain& limb, const CreaturePose& p) {
    for (int k = 0; k < 3; ++k) {
      bone[k] = limb.bones[k];
      if (bone[k] < 0) continue;
      const auto i = static_cast<std::size_t>(bone[k]);
      head_ms[k] = p.head_ms[i], tail_ms[k] = p.tail_ms[i], head_ws[k] = p.head_ws[i], tail_ws[k] = p.tail_ws[i];
      bone_ms[k] = p.bone_ms[i], rotation_ms[k] = p.rotation_ms[i];
    }
  }
  void restore(CreaturePose* p) const {
    for (int k = 0; k < 3; ++k) {
      if (bone[k] < 0) continue;
      const auto i = static_cast<std::size_t>(bone[k]);
      p->head_ms[i] = head_ms[k], p->tail_ms[i] = tail_ms[k], p->head_ws[i] = head_ws[k], p->tail_ws[i] = tail_ws[k];
      p->bone_ms[i] = bone_ms[k], p->rotation_ms[i] = rotation_ms[k];
    }
  }
};

// Moves limb i's end (its ankle or wrist, and what it carries) by move_ws (world metres): the limb solved
// again from its root, its knee or elbow kept to the side it bent. Refused, the limb left as it was, when
// the end is out of reach or accept(pose) says no to the limb moved.
template <class Accept>
bool move_limb_end(const Rig& rig, std::size_t i, const glm::vec3& move_ws, CreaturePose* pose, const Accept& accept) {
  const LimbChain& limb = rig.limbs[i];
  if (limb.bones[0] < 0 || limb.bones[1] < 0 || limb.bones[2] < 0) return false;
  const auto b0 = static_cast<std::size_t>(limb.bones[0]), b1 = static_cast<std::size_t>(limb.bones[1]),
             b2 = static_cast<std::size_t>(limb.bones[2]);
  const glm::mat4& m2w = pose->model_to_world;
  const glm::vec3 move = glm::transpose(glm::mat3(m2w)) * move_ws;  // into model space (a rigid placement)
  const glm::vec3 root = pose->head_ms[b0], joint = pose->tail_ms[b0], end = pose->tail_ms[b1];
  const glm::vec3 axis = end - root;
  const float alen = glm::length(axis);
  glm::vec3 bend = alen > 1e-6f ? joint - (root + axis * (glm::dot(joint - root, axis) / (alen * alen))) : glm::vec3(0.0f);
  if (!(glm::length(bend) > 1e-5f)) bend = pose->limbs[i].pole_ms;
  TwoBoneResult<float> r;
  TwoBoneIk job;
  job.root = root;
  job.target = end + move;
  job.pole = bend;
  job.l1 = glm::length(joint - root);
  job.l2 = glm::length(end - joint);
  job.out = &r;
  if (!job.run() || !r.reached) return false;
  LimbBones before;
  before.save(limb, *pose);
  write_limb_bones(rig, static_cast<int>(i), LimbPoints{root, r.joint, r.tip, pose->tail_ms[b2] + move},
                   pose->limbs[i].pole_ms, &m2w, pose);
  if (!accept(*pose)) {
    before.restore(pose);
    return false;
  }
  return true;
}

// How deep limb i's flesh goes into the level's walls (their pipes included) and fences.
float limb_wall_depth(const Level& level, const Rig& rig, std::size_t i, const CreaturePose& pose) {
  float deepest = 0.0f;
  for (int b : rig.limbs[i].bones) {
    if (b < 0) continue;
    const auto k = static_cast<std::size_t>(b);
    deepest = std::max(deepest, level_penetration(level, Capsule{pose.head_ws[k], pose.tail_ws[k], rig.skeleton.radius[k]}).depth);
  }
  return deepest;
}

// The way out of a box for a point near or in it, horizontal: through the nearest side when inside its
// footprint, else straight away from the footprint.
glm::vec3 out_of_box(const Box& box, const glm::vec3& p_ws) {
  const glm::vec3 l = box.to_local(p_ws);
  const float hx = box.half_extents.x, hz = box.half_extents.z;
  glm::vec3 out_local(0.0f);
  if (std::fabs(l.x) <= hx && std::fabs(l.z) <= hz) {
    if (hx - std::fabs(l.x) < hz - std::fabs(l.z)) out_local.x = l.x < 0.0f ? -1.0f : 1.0f;
    else out_local.z = l.z < 0.0f ? -1.0f : 1.0f;
  } else {
    out_local = glm::vec3(l.x - std::clamp(l.x, -hx, hx), 0.0f, l.z - std::clamp(l.z, -hz, hz));
  }
  glm::vec3 w = box.to_world(out_local) - box.to_world(glm::vec3(0.0f));
  w.y = 0.0f;
  const float len = glm::length(w);
  return len > 1e-6f ? w / len : glm::vec3(0.0f);
}

// How deep limb i's flesh goes under the ground.
float limb_depth(const Level& level, const Rig& rig, std::size_t i, const CreaturePose& pose) {
  float deepest = 0.0f;
  for (int b : rig.limbs[i].bones) {
    if (b < 0) continue;
    const auto k = static_cast<std::size_t>(b);
    deepest = std::max(deepest, depth_below_ground(level, pose.head_ws[k], pose.tail_ws[k], rig.skeleton.radius[k], nullptr));
  }
  return deepest;
}

// Whether limb i's knee (or elbow) lies on the far side of its hip->ankle line from its pole: bent backwards.
bool bent_backwards(const Rig& rig, std::size_t i, const CreaturePose& pose) {
  const LimbChain& l = rig.limbs[i];
  const glm::vec3 a = pose.head_ws[static_cast<std::size_t>(l.bones[0])], b = pose.tail_ws[static_cast<std::size_t>(l.bones[0])];
  const glm::vec3 c = pose.tail_ws[static_cast<std::size_t>(l.bones[1])];
  const glm::vec3 pole = glm::vec3(pose.model_to_world * glm::vec4(pose.limbs[i].pole_ms, 0.0f));
  const glm::vec3 ac = c - a;
  const float len2 = glm::dot(ac, ac);
  const glm::vec3 on_line = a + (len2 > 1e-12f ? glm::dot(b - a, ac) / len2 : 0.0f) * ac;
  return glm::dot(b - on_line, pole) < 0.0f;
}

// Moves the whole pose by 'by' (world metres), but for the footholds of the planted legs (which stay).
void move_pose(const glm::vec3& by, CreaturePose* pose) {
  for (glm::vec3& p : pose->head_ws) p += by;
  for (glm::vec3& p : pose->tail_ws) p += by;
  for (LimbPose& l : pose->limbs)
    if (!l.contact) l.target_ws += by;
  pose->cog_ws += by;
  pose->model_to_world[3] += glm::vec4(by, 0.0f);
}

// A planted leg a motion left out of reach of its foothold (an emote raising a one-legged body on a
// slope) pulls the body down until it reaches, as far as the rest of its flesh stays above the ground;
// each planted leg is then solved to its foothold.
void lower_to_planted_feet(const Level& level, const Rig& rig, float allowed_m, CreaturePose* pose) {
  constexpr float kShort_m = 0.01f;  // a foot this near its foothold is on it
  constexpr float kReach = 0.995f;   // a leg not quite straight, so the knee keeps its bend
  float sink = 0.0f;
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& limb = rig.limbs[i];
    if (!pose->limbs[i].contact || limb.tag != PartTag::kLeg || limb.bones[0] < 0 || limb.bones[1] < 0) continue;
    const glm::vec3 ankle = pose->tail_ws[static_cast<std::size_t>(limb.bones[1])], goal = pose->limbs[i].target_ws;
    if (!(glm::length(ankle - goal) > kShort_m)) continue;
    const glm::vec3 hip = pose->head_ws[static_cast<std::size_t>(limb.bones[0])];
    const float reach = kReach * (limb.l1 + limb.l2);
    const float across = glm::length(glm::vec2(hip.x - goal.x, hip.z - goal.z));
    if (!(across < reach)) continue;  // no height reaches it
    sink = std::max(sink, hip.y - goal.y - std::sqrt(reach * reach - across * across));
  }
  if (!(sink > kShort_m)) return;
  // The room below the rest of the flesh.
  auto in_planted_leg = [&](int b) {
    for (std::size_t i = 0; i < rig.limbs.size(); ++i)
      if (pose->limbs[i].contact && rig.limbs[i].tag == PartTag::kLeg)
        for (int lb : rig.limbs[i].bones)
          if (lb == b) return true;
    return false;
  };
  float room = 1e30f;
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    if (in_planted_leg(b)) continue;
    const auto k = static_cast<std::size_t>(b);
    room = std::min(room, -depth_below_ground(level, pose->head_ws[k], pose->tail_ws[k], rig.skeleton.radius[k], nullptr));
  }
  sink = std::min(sink, room + allowed_m);
  if (!(sink > kShort_m)) return;
  move_pose(glm::vec3(0.0f, -sink, 0.0f), pose);
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& limb = rig.limbs[i];
    if (!pose->limbs[i].contact || limb.tag != PartTag::kLeg || limb.bones[1] < 0) continue;
    const glm::vec3 ankle = pose->tail_ws[static_cast<std::size_t>(limb.bones[1])];
    move_limb_end(rig, i, pose->limbs[i].target_ws - ankle, pose,
                  [&](const CreaturePose& p) { return limb_depth(level, rig, i, p) <= allowed_m; });
  }
}

// A foot whose toe pokes into a rise or a step's face (the ankle clear) turns about its ankle, the nearest
// way out first: round the upright (along the face) by up to a quarter turn, else its toe raised. The
// ankle, and so the foothold, stays.
void turn_foot_clear(const Level& level, const Rig& rig, std::size_t i, float allowed_m, CreaturePose* pose) {
  const LimbChain& limb = rig.limbs[i];
  if (limb.bones[0] < 0 || limb.bones[1] < 0 || limb.bones[2] < 0) return;
  const auto b0 = static_cast<std::size_t>(limb.bones[0]), b1 = static_cast<std::size_t>(limb.bones[1]),
             b2 = static_cast<std::size_t>(limb.bones[2]);
  const float r = rig.skeleton.radius[b2];
  auto foot_depth = [&] { return depth_below_ground(level, pose->head_ws[b2], pose->tail_ws[b2], r, nullptr); };
  if (!(foot_depth() > allowed_m)) return;
  const glm::vec3 ankle = pose->tail_ms[b1], toe = pose->tail_ms[b2];
  const glm::mat3 to_ms = glm::transpose(glm::mat3(pose->model_to_world));  // a rigid placement
  const glm::vec3 up_ms = to_ms * glm::vec3(0.0f, 1.0f, 0.0f);
  LimbBones before;
  before.save(limb, *pose);
  auto try_end = [&](const glm::vec3& end_ms) {
    write_limb_bones(rig, static_cast<int>(i), LimbPoints{pose->head_ms[b0], pose->tail_ms[b0], ankle, end_ms},
                     pose->limbs[i].pole_ms, &pose->model_to_world, pose);
    if (foot_depth() <= allowed_m) return true;
    before.restore(pose);
    return false;
  };
  constexpr int kSteps = 6;  // of a quarter turn
  for (int k = 1; k <= kSteps; ++k) {
    const float a = 1.5707963f * static_cast<float>(k) / kSteps;
    for (float sign : {1.0f, -1.0f})
      if (try_end(ankle + glm::angleAxis(sign * a, up_ms) * (toe - ankle))) return;
    const glm::vec3 side = glm::cross(toe - ankle, up_ms);
    if (glm::length(side) > 1e-6f && try_end(ankle + glm::angleAxis(a, glm::normalize(side)) * (toe - ankle))) return;
  }
}

// A leg whose shin or thigh still cuts through a platform's edge (a foot set down just under a step's face
// with the hip above its top) steps its foot out from the face until the leg clears it, a planted foot's
// foothold with it: a foot a few centimetres off is better than the body raised over the step.
void step_legs_out_of_platforms(const Level& level, const Rig& rig, float allowed_m, CreaturePose* pose) {
  constexpr float kMargin_m = 0.005f;
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& limb = rig.limbs[i];
    if (limb.tag != PartTag::kLeg || limb.bones[1] < 0) continue;
    const float before = limb_depth(level, rig, i, *pose);
    if (!(before > allowed_m)) continue;
    float deepest = 0.0f;
    const Box* in = nullptr;  // the platform the leg is deepest in
    for (const Box& box : level.platforms)
      for (int b : limb.bones) {
        if (b < 0) continue;
        const auto k = static_cast<std::size_t>(b);
        const float d = penetration_capsule_box(Capsule{pose->head_ws[k], pose->tail_ws[k], rig.skeleton.radius[k]}, box);
        if (d > deepest) deepest = d, in = &box;
      }
    if (!in) continue;
    const glm::vec3 ankle = pose->tail_ws[static_cast<std::size_t>(limb.bones[1])];
    const glm::vec3 out = out_of_box(*in, ankle);
    if (glm::length(out) == 0.0f) continue;
    // The shortest step that clears, from 2 cm up to half the leg: out from the face, else up onto the top
    // and in (a hip over the top puts its foot there).
    const glm::vec3 up(0.0f, in->top_y() - LevelGround(&level).at(ankle.x, ankle.z).y, 0.0f);
    auto clears = [&](const CreaturePose& p) { return limb_depth(level, rig, i, p) <= allowed_m; };
    for (float d = 0.02f; d <= 0.5f * (limb.l1 + limb.l2); d *= 1.5f) {
      const glm::vec3 out_move = out * (d + kMargin_m), up_move = up - out * (d + kMargin_m);
      const glm::vec3 on = ankle + up_move;  // (on the top, not beside it)
      const bool on_top = up.y > 0.0f && LevelGround(&level).at(on.x, on.z).y >= in->top_y() - 0.005f;
      const glm::vec3* moved = move_limb_end(rig, i, out_move, pose, clears)               ? &out_move
                               : on_top && move_limb_end(rig, i, up_move, pose, clears) ? &up_move
                                                                                        : nullptr;
      if (moved) {
        if (pose->limbs[i].contact) pose->limbs[i].target_ws += *moved;
        break;
      }
    }
  }
}

}  // namespace

float keep_flesh_above_ground(const Level& level, const Rig& rig, CreaturePose* pose) {
  if (!level.terrain.present() && level.platforms.empty()) return 0.0f;
  constexpr float kAllowed_m = 0.002f;
  // A free hand swung into a rise is lifted out of it by its own arm, not by raising the body.
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    if (pose->limbs[i].contact || rig.limbs[i].tag != PartTag::kArm) continue;
    const float d = limb_depth(level, rig, i, *pose);
    if (d > kAllowed_m)
      move_limb_end(rig, i, glm::vec3(0.0f, d, 0.0f), pose,
                    [&](const CreaturePose& p) { return limb_depth(level, rig, i, p) <= kAllowed_m; });
  }
  lower_to_planted_feet(level, rig, kAllowed_m, pose);
  // A leg's own knee in the ground (a leg folded tight over a rise, a long leg's knee swung into a ledge's
  // side) turns about its hip->ankle line, the nearest way out first, never round behind the line; the
  // foot stays.
  static const Box kNoFence{glm::vec3(1e6f), glm::vec3(0.01f), 0.0f};
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    if (rig.limbs[i].tag != PartTag::kLeg) continue;
    if (!(limb_depth(level, rig, i, *pose) > kAllowed_m)) continue;
    const LimbTurn turn(rig, static_cast<int>(i), kNoFence, level, pose->model_to_world, *pose);
    if (!turn.valid()) continue;
    LimbBones before;
    before.save(rig.limbs[i], *pose);
    const bool was_backwards = bent_backwards(rig, i, *pose);
    constexpr int kSteps = 24;  // of half a turn each way
    float clear_rad = 0.0f;
    for (int k = 1; k <= kSteps && clear_rad == 0.0f; ++k) {
      for (float sign : {1.0f, -1.0f}) {
        const float a = sign * 3.14159265f * static_cast<float>(k) / kSteps;
        turn.apply(a, static_cast<int>(i), pose);
        // Clear, and the knee still bends forward of its line (never turned round behind it).
        const bool clear = limb_depth(level, rig, i, *pose) <= kAllowed_m && (was_backwards || !bent_backwards(rig, i, *pose));
        before.restore(pose);
        if (clear) {
          clear_rad = a;
          break;
        }
      }
    }
    if (clear_rad != 0.0f) turn.apply(clear_rad, static_cast<int>(i), pose);
  }
  // A foot's toe in a step's face or a rise (its ankle clear) turns out of it about the ankle.
  for (std::size_t i = 0; i < rig.limbs.size(); ++i)
    if (rig.limbs[i].tag == PartTag::kLeg) turn_foot_clear(level, rig, i, kAllowed_m, pose);
  if (!level.platforms.empty()) step_legs_out_of_platforms(level, rig, kAllowed_m, pose);
  float deepest = 0.0f;
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    deepest = std::max(deepest, depth_below_ground(level, pose->head_ws[i], pose->tail_ws[i], rig.skeleton.radius[i], nullptr));
  }
  if (!(deepest > kAllowed_m)) return 0.0f;
  const float lift = deepest - kAllowed_m;
  const glm::vec3 up(0.0f, lift, 0.0f);
  for (glm::vec3& p : pose->head_ws) p += up;
  for (glm::vec3& p : pose->tail_ws) p += up;
  for (LimbPose& l : pose->limbs) l.target_ws += up;
  pose->cog_ws += up;
  pose->model_to_world[3] += glm::vec4(up, 0.0f);
  // A planted foot stays where it stood (a sit on a slope raised off its uphill belly keeps its downhill
  // feet down): the leg unfolds by the lift.
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    if (!pose->limbs[i].contact || rig.limbs[i].tag != PartTag::kLeg) continue;
    if (move_limb_end(rig, i, -up, pose, [&](const CreaturePose& p) { return limb_depth(level, rig, i, p) <= kAllowed_m; }))
      pose->limbs[i].target_ws -= up;
  }
  return lift;
}

void keep_hands_out_of_walls(const Level& level, const Rig& rig, CreaturePose* pose) {
  if (level.walls.empty() && level.fences.empty()) return;
  constexpr float kMargin_m = 0.005f;
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& limb = rig.limbs[i];
    // Free limbs only: a planted foot or hand moved would skate.
    if (pose->limbs[i].contact || limb.bones[1] < 0 || limb.bones[2] < 0) continue;
    // The wall or fence the hand or forearm (a swinging foot or shin) is in, and how deep.
    const auto b1 = static_cast<std::size_t>(limb.bones[1]), b2 = static_cast<std::size_t>(limb.bones[2]);
    const float ground_before = std::max(limb_depth(level, rig, i, *pose), 0.002f);
    // Out along the way out from the deepest bone's end nearest the box (a toe in a wall's corner is
    // pushed out of the corner, not along its ankle's way out); a corner may take a second push.
    for (int pass = 0; pass < 2; ++pass) {
      float deepest = 0.0f;
      const Box* in = nullptr;
      std::size_t in_bone = b1;
      auto measure = [&](const Box& box) {
        for (std::size_t b : {b1, b2}) {
          const float d = penetration_capsule_box(Capsule{pose->head_ws[b], pose->tail_ws[b], rig.skeleton.radius[b]}, box);
          if (d > deepest) deepest = d, in = &box, in_bone = b;
        }
      };
      for (const Wall& w : level.walls) measure(w.box);
      for (const Box& f : level.fences) measure(f);
      if (!in) break;
      const float before = limb_wall_depth(level, rig, i, *pose);
      const glm::vec3& head = pose->head_ws[in_bone];
      const glm::vec3& tail = pose->tail_ws[in_bone];
      const glm::vec3 out = out_of_box(*in, distance_to_footprint(*in, head) < distance_to_footprint(*in, tail) ? head : tail);
      if (glm::length(out) == 0.0f) break;
      if (!move_limb_end(rig, i, out * (deepest + kMargin_m), pose, [&](const CreaturePose& p) {
            return limb_wall_depth(level, rig, i, p) < before && limb_depth(level, rig, i, p) <= ground_before;
          }))
        break;
    }
  }
}

// The knee stage. A leg whose thigh or shin would be in a wall, a pipe or a fence beside it (a long thigh's knee swings
// out, a pipe stands out from its wall) turns its knee about the hip->ankle line by the smallest turn
// that clears, either way: the foot stays where the walk put it. Legs clear of everything are untouched.
void turn_knees_clear(const Level& level, const Rig& rig, CreaturePose* pose) {
  static const Box kNowhere{glm::vec3(1e6f), glm::vec3(0.01f), 0.0f};  // a level without fences
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& limb = rig.limbs[i];
    if (limb.tag != PartTag::kLeg || limb.bones[0] < 0 || limb.bones[1] < 0 || limb.bones[2] < 0) continue;
    const glm::vec3 hip = pose->head_ws[static_cast<std::size_t>(limb.bones[0])];
    const Box* fence = &kNowhere;
    float touching = 0.0f, nearest = 1e30f;
    for (const Box& f : level.fences) {
      Wall as_wall;
      as_wall.box = f;
      const float d = limb_wall_depth(rig, limb, *pose, as_wall);
      const float far = distance_to_footprint(f, hip);
      if (d > 0.0f || (touching == 0.0f && far < nearest)) fence = &f, nearest = far;
      touching = std::max(touching, d);
    }
    for (const Wall& w : level.walls) touching = std::max(touching, limb_wall_depth(rig, limb, *pose, w));
    if (touching <= 0.0f) continue;
    const LimbTurn turn(rig, static_cast<int>(i), *fence, level, pose->model_to_world, *pose);
    if (!turn.valid() || !turn.blocked(0.0f)) continue;
    float turn_rad = turn.nearest_clear(0.0f, 0.0f);
    if (std::isnan(turn_rad)) turn_rad = turn.shallowest(0.0f);
    if (turn_rad != 0.0f) turn.apply(turn_rad, static_cast<int>(i), pose);
  }
}

}  // namespace cf
