#include "game/play/creature_size.h"

#include <algorithm>
#include <cmath>

namespace cf {

float CreatureSize::pitch() const {
  const float leg = leg_m > 0.05f ? leg_m : 0.3f;
  return std::clamp(std::sqrt(0.45f / leg), 0.55f, 1.8f);
}

float CreatureSize::weight() const { return std::clamp(std::cbrt(volume_m3 / 0.03f), 0.25f, 2.5f); }

float CreatureSize::voice_pitch() const {
  return std::clamp(std::pow(weight(), -0.5f) * std::sqrt(0.3f / (0.08f + neck_m)), 0.4f, 2.5f);
}

CreatureSize creature_size(const Rig& rig) {
  CreatureSize s;
  int legs = 0;
  for (const LimbChain& l : rig.limbs) {
    if (l.tag != PartTag::kLeg) continue;
    s.leg_m += l.l1 + l.l2;
    ++legs;
  }
  if (legs > 0) s.leg_m /= static_cast<float>(legs);
  const Skeleton& sk = rig.skeleton;
  for (int b = 0; b < sk.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    const float r = sk.radius[i];
    s.volume_m3 += 3.14159265f * r * r * glm::length(sk.tail_ms[i] - sk.head_ms[i]);
    if (sk.classes[i] == BoneClass::kHead) s.neck_m += glm::length(sk.tail_ms[i] - sk.head_ms[i]);
  }
  return s;
}

}  // namespace cf
