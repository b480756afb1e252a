#include "game/play/stages.h"

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

}  // namespace cf
