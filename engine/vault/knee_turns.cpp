// Knee turns: searching a knee's circle about its limb's root->tip line for a turn clear of the fence.
#include "vault/knee_turns.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "math/angles.h"
#include "math/scalar.h"
#include "vault/vault_contacts.h"
#include "world/clearance.h"

namespace cf {

LimbTurn::LimbTurn(const Rig& rig, int limb, const Box& fence, const Level& level, const glm::mat4& model_to_world,
                   const CreaturePose& pose)
    : rig_(rig), limb_(rig.limbs[static_cast<std::size_t>(limb)]), fence_(fence), model_to_world_(model_to_world) {
  root_ms_ = pose.head_ms[limb_.bones[0]];
  tip_ms_ = pose.tail_ms[limb_.bones[1]];
  const glm::vec3 knee = pose.tail_ms[limb_.bones[0]];
  const glm::vec3 axis = tip_ms_ - root_ms_;
  const float length = glm::length(axis);
  if (length < 1e-6f) return;
  const glm::vec3 along = axis / length;
  centre_ms_ = root_ms_ + along * glm::dot(knee - root_ms_, along);
  const glm::vec3 radial = knee - centre_ms_;
  circle_radius_m_ = glm::length(radial);
  if (circle_radius_m_ < 1e-5f) return;
  outwards_ = radial / circle_radius_m_;
  sideways_ = glm::cross(along, outwards_);
  upper_radius_m_ = rig.skeleton.radius[limb_.bones[0]] + kContactGap_m;
  lower_radius_m_ = rig.skeleton.radius[limb_.bones[1]] + kContactGap_m;
  // Only walls within the limb's reach can be touched.
  const glm::vec3 root_ws = glm::vec3(model_to_world * glm::vec4(root_ms_, 1.0f));
  const float reach = limb_.l1 + limb_.l2 + std::max(upper_radius_m_, lower_radius_m_);
  for (std::size_t w = 0; w < level.walls.size() && near_wall_count_ < kMaxNearWalls; ++w)
    if (distance_to_footprint(level.walls[w].box, root_ws) <= reach) near_walls_[near_wall_count_++] = &level.walls[w];
  valid_ = true;
}

float LimbTurn::depth(float turn_rad) const {
  const glm::vec3 knee_ms = joint(turn_rad);
  const glm::vec3 root = glm::vec3(model_to_world_ * glm::vec4(root_ms_, 1.0f)),
                  knee = glm::vec3(model_to_world_ * glm::vec4(knee_ms, 1.0f)),
                  tip = glm::vec3(model_to_world_ * glm::vec4(tip_ms_, 1.0f));
  const Capsule upper{root, knee, upper_radius_m_}, lower{knee, tip, lower_radius_m_};
  float d = std::max(penetration_capsule_box(upper, fence_), penetration_capsule_box(lower, fence_));
  for (int i = 0; i < near_wall_count_; ++i) {
    const Wall& wall = *near_walls_[i];
    d = std::max({d, penetration_capsule_box(upper, wall.box), penetration_capsule_box(lower, wall.box)});
    for (const Pipe& pipe : wall.pipes)
      d = std::max({d, penetration_capsule_pipe(upper, pipe), penetration_capsule_pipe(lower, pipe)});
  }
  return d;
}

float LimbTurn::depth_under(float turn_rad, float cap) const {
  const glm::vec3 knee_ms = joint(turn_rad);
  const glm::vec3 root = glm::vec3(model_to_world_ * glm::vec4(root_ms_, 1.0f)),
                  knee = glm::vec3(model_to_world_ * glm::vec4(knee_ms, 1.0f)),
                  tip = glm::vec3(model_to_world_ * glm::vec4(tip_ms_, 1.0f));
  const Capsule upper{root, knee, upper_radius_m_}, lower{knee, tip, lower_radius_m_};
  float d = 0.0f;
  auto reaches = [&](float part) { return (d = std::max(d, part)) >= cap; };
  if (reaches(penetration_capsule_box(upper, fence_, cap)) || reaches(penetration_capsule_box(lower, fence_, cap)))
    return d;
  for (int i = 0; i < near_wall_count_; ++i) {
    const Wall& wall = *near_walls_[i];
    if (reaches(penetration_capsule_box(upper, wall.box, cap)) || reaches(penetration_capsule_box(lower, wall.box, cap)))
      return d;
    for (const Pipe& pipe : wall.pipes)
      if (reaches(penetration_capsule_pipe(upper, pipe, cap)) || reaches(penetration_capsule_pipe(lower, pipe, cap)))
        return d;
  }
  return d;
}

bool LimbTurn::blocked(float turn_rad) const {
  return depth_under(turn_rad, std::numeric_limits<float>::min()) > 0.0f;
}

float LimbTurn::nearest_clear(float from_rad, float sign) const {
  const float step = kPi / kStepsPerHalfTurn;
  for (int k = 1; k <= kStepsPerHalfTurn; ++k) {
    for (float dir : {1.0f, -1.0f}) {
      const float s = sign != 0.0f ? sign : dir;
      if (sign != 0.0f && dir < 0.0f) continue;
      if (blocked(from_rad + s * step * static_cast<float>(k))) continue;
      float lo = step * static_cast<float>(k - 1), hi = step * static_cast<float>(k);
      for (int it = 0; it < 8; ++it) {
        const float mid = 0.5f * (lo + hi);
        (blocked(from_rad + s * mid) ? lo : hi) = mid;
      }
      return from_rad + s * hi;
    }
  }
  return std::nanf("");
}

float LimbTurn::shallowest(float from_rad) const {
  const float step = kPi / kStepsPerHalfTurn;
  float best = from_rad, best_depth = depth(from_rad);
  for (int k = 1; k <= kStepsPerHalfTurn; ++k) {
    for (float dir : {1.0f, -1.0f}) {
      const float turn = from_rad + dir * step * static_cast<float>(k), d = depth_under(turn, best_depth);
      if (d < best_depth) best = turn, best_depth = d;
    }
  }
  return best;
}

float LimbTurn::outward() const {
  const float side = root_ms_.x - rig_.cog.x;
  return glm::dot(sideways_, glm::vec3(side >= 0.0f ? 1.0f : -1.0f, 0.0f, 0.0f)) >= 0.0f ? 1.0f : -1.0f;
}

void LimbTurn::apply(float turn_rad, int limb, CreaturePose* pose) const {
  const glm::vec3 knee = joint(turn_rad);
  const glm::vec3 end = pose->tail_ms[limb_.bones[2]];
  write_limb_bones(rig_, limb, LimbPoints{root_ms_, knee, tip_ms_, end}, glm::normalize(knee - centre_ms_),
                   &model_to_world_, pose);
}

namespace {

// The first pass's hold: a knee the IK swings round in one tick is held where it was and eased back
// (track->hold, applied to the pose). False when the limb cannot turn.
bool hold_knee_from_flipping(const Rig& rig, const Box& fence, const Level& level, const glm::mat4& model_to_world,
                             std::size_t limb, TurnTrack* track, CreaturePose* pose) {
  track->hold[limb] = track->needed[limb] = 0.0f;
  const LimbTurn natural(rig, static_cast<int>(limb), fence, level, model_to_world, *pose);
  if (!natural.valid()) return false;
  TurnTrack::Knee& knee = track->knees[limb];
  const float ease = 1.0f - smooth01(static_cast<float>(++knee.since) / kKneeFlipEaseTicks);
  float hold = knee.flip_rad * ease;
  if (knee.seen) {  // the way to where the knee was held last tick, from where it would be now
    const glm::vec3 was = glm::vec3(glm::inverse(model_to_world) * glm::vec4(knee.held_ws, 1.0f));
    const float swing = std::remainder(natural.angle_to(was - natural.centre()) - hold, kTwoPi);
    // Held the short way round: a whole turn more or less is the same knee.
    if (std::fabs(swing) > kKneeFlip_rad) knee.flip_rad = hold = std::remainder(swing + hold, kTwoPi), knee.since = 0;
  }
  track->hold[limb] = hold;
  knee.held_ws = glm::vec3(model_to_world * glm::vec4(natural.joint(hold), 1.0f));
  knee.seen = true;
  if (hold != 0.0f) natural.apply(hold, static_cast<int>(limb), pose);
  return true;
}

// The first pass's choice for a knee touching the fence with no planned turn: of the nearest clear turns
// outwards and inwards, the one keeping the knee nearest where it was last tick; on the first tick the
// smaller turn, outwards unless inwards is clearly smaller.
float fresh_turn(const LimbTurn& turn, const LimbChain& limb, const glm::mat4& model_to_world,
                 const TurnTrack& track) {
  const float out = turn.outward();
  const float turn_out = turn.nearest_clear(0.0f, out), turn_in = turn.nearest_clear(0.0f, -out);
  if (std::isnan(turn_out) && std::isnan(turn_in)) return turn.shallowest(0.0f);
  if (std::isnan(turn_out)) return turn_in;
  if (std::isnan(turn_in)) return turn_out;
  if (track.previous) {
    const glm::vec3 was =
        glm::vec3(glm::inverse(model_to_world) * glm::vec4(track.previous->tail_ws[limb.bones[0]], 1.0f));
    return glm::length(turn.joint(turn_in) - was) < glm::length(turn.joint(turn_out) - was) ? turn_in : turn_out;
  }
  return std::fabs(turn_in) + 1e-3f < std::fabs(turn_out) ? turn_in : turn_out;
}

}  // namespace

void turn_limbs_clear_of_fence(const Rig& rig, const Box& fence, const Level& level, const glm::mat4& model_to_world,
                               const float* planned, TurnTrack* track, CreaturePose* pose) {
  Wall as_wall;
  as_wall.box = fence;
  const bool settling = track && track->settling;
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& limb = rig.limbs[i];
    if (limb.bones[0] < 0 || limb.bones[1] < 0 || limb.bones[2] < 0) continue;
    // A foot or hand in the fence: its target is moved out onto the fence face that separates the
    // limb's root and target (a few centimetres), and the limb solved again, before any knee turn.
    const int end = limb.bones[2];
    const Capsule end_bone{pose->head_ws[end], pose->tail_ws[end], rig.skeleton.radius[end]};
    if (penetration_capsule_box(end_bone, fence, std::numeric_limits<float>::min()) > 0.0f) {
      float clearance = 0.0f;
      const glm::vec3 root_ws = glm::vec3(model_to_world * glm::vec4(pose->limbs[i].root_ms, 1.0f));
      const glm::vec3 target_ws = glm::vec3(model_to_world * glm::vec4(pose->limbs[i].target_ms, 1.0f));
      const Plane face = separating_face(fence, root_ws, target_ws, &clearance);
      if (clearance > 0.0f)
        resolve_limb_clamped(rig, static_cast<int>(i), plane_to_model(face, model_to_world),
                             limb_radius(rig, limb) + kContactGap_m, model_to_world, pose);
    }
    if (track && !settling && !hold_knee_from_flipping(rig, fence, level, model_to_world, i, track, pose)) continue;
    const float want = planned ? planned[i] : 0.0f;
    const bool easing = settling && (track->last[i] != 0.0f || track->hold[i] != 0.0f);
    if (settling) track->settled[i] = 0.0f;
    if (want == 0.0f && !easing && !limb_wall_touches(rig, limb, *pose, as_wall)) {
      if (settling) track->last[i] = 0.0f;
      continue;
    }
    const LimbTurn turn(rig, static_cast<int>(i), fence, level, model_to_world, *pose);
    if (!turn.valid()) {
      if (settling) track->last[i] = 0.0f;
      continue;
    }
    float turn_rad = std::nanf("");
    if (settling) {  // 'want' is the fence's part; the hold is followed at once
      const float last = track->last[i], hold = track->hold[i];
      const float aim = hold + std::clamp(want, last - kTurnPerTick_rad, last + kTurnPerTick_rad);
      turn_rad = turn.blocked(aim) ? turn.nearest_clear(aim, 0.0f) : aim;
      if (std::isnan(turn_rad)) turn_rad = turn.shallowest(aim);
      track->settled[i] = turn_rad;
      track->last[i] = turn_rad - hold;
      turn_rad = turn_rad == 0.0f ? std::nanf("") : turn_rad;
    } else if (want != 0.0f) {
      turn_rad = turn.blocked(want) ? turn.nearest_clear(want, 0.0f) : want;
      if (std::isnan(turn_rad)) turn_rad = turn.shallowest(want);
    } else if (!track) {  // planning the lift: any clear turn will do, the nearer the better
      turn_rad = turn.blocked(0.0f) ? turn.nearest_clear(0.0f, 0.0f) : 0.0f;
      if (std::isnan(turn_rad)) turn_rad = turn.shallowest(0.0f);
    } else if (turn.blocked(0.0f)) {
      turn_rad = fresh_turn(turn, limb, model_to_world, *track);
    }
    if (std::isnan(turn_rad) || turn_rad == 0.0f) continue;
    turn.apply(turn_rad, static_cast<int>(i), pose);
    if (track && !settling) track->needed[i] = turn_rad;
  }
}

std::vector<float> smooth_turns(const std::vector<float>& needed, int ticks, std::size_t limbs) {
  std::vector<float> held(needed.size(), 0.0f), out(needed.size(), 0.0f);
  auto at = [&](int k, std::size_t i) { return static_cast<std::size_t>(std::clamp(k, 0, ticks - 1)) * limbs + i; };
  std::vector<float> need = needed;
  for (std::size_t i = 0; i < limbs; ++i) {
    // A turn found the other way round (+3.1 after -3.1 rad) is the same knee: keep the angles continuous.
    for (int k = 1; k < ticks; ++k) {
      const float was = need[at(k - 1, i)];
      float& now = need[at(k, i)];
      if (was != 0.0f && now != 0.0f) now += kTwoPi * std::round((was - now) / kTwoPi);
    }
    for (int k = 0; k < ticks; ++k) {
      float widest = 0.0f;
      for (int j = k - kTurnSmoothTicks; j <= k + kTurnSmoothTicks; ++j)
        if (j >= 0 && j < ticks && std::fabs(need[at(j, i)]) > std::fabs(widest)) widest = need[at(j, i)];
      held[at(k, i)] = widest;
    }
    for (int k = 0; k < ticks; ++k) {
      float sum = 0.0f;
      for (int j = k - kTurnSmoothTicks; j <= k + kTurnSmoothTicks; ++j) sum += held[at(j, i)];
      const float average = sum / static_cast<float>(2 * kTurnSmoothTicks + 1), now = need[at(k, i)];
      const bool enough = now == 0.0f || (average * now > 0.0f && std::fabs(average) >= std::fabs(now));
      out[at(k, i)] = enough ? average : now;
    }
  }
  return out;
}

}  // namespace cf
