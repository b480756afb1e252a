#include "game/play/stages.h"

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

}  // namespace cf
