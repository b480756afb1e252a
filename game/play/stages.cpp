#include "game/play/stages.h"

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

float keep_flesh_above_ground(const Level& level, const Rig& rig, CreaturePose* pose) {
  if (!level.terrain.present() && level.platforms.empty()) return 0.0f;
  constexpr float kAllowed_m = 0.002f;
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
  return lift;
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
