#include "game/sound/rumble.h"

#include <algorithm>
#include <cmath>

namespace cf {

namespace {
constexpr float kLowDecay = 0.86f, kHighDecay = 0.78f;  // per tick
constexpr float kFloor = 0.03f;                         // weaker than this is not sent
std::uint16_t motor(float v) { return static_cast<std::uint16_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 65535.0f)); }
}  // namespace

void Rumble::set_strength(float s) { strength_ = std::isfinite(s) ? std::clamp(s, 0.0f, 1.0f) : 0.0f; }

bool Rumble::tick(const SoundEvents& events, RumbleCommand* out) {
  low_ *= kLowDecay;
  high_ *= kHighDecay;
  bool kick = false;
  for (const SoundEvent& e : events) {
    if (e.creature != 0) continue;
    float low = 0.0f, high = 0.0f;
    switch (e.kind) {
      case SoundKind::kLanding: low = e.loudness, high = 0.5f * e.loudness; break;
      case SoundKind::kFootstep: low = std::max(0.0f, (e.loudness - 0.4f) * 1.5f); break;  // big creatures only
      case SoundKind::kHandPlant: high = 0.3f * e.loudness; break;
      case SoundKind::kRefused: high = 0.45f; break;
      default: break;
    }
    if (low > low_ + 0.01f || high > high_ + 0.01f) kick = true;
    low_ = std::max(low_, low);
    high_ = std::max(high_, high);
  }
  ++since_sent_;
  if (strength_ <= 0.0f || std::max(low_, high_) < kFloor) return false;
  if (!kick && since_sent_ < kResendTicks) return false;
  since_sent_ = 0;
  *out = RumbleCommand{motor(low_ * strength_), motor(high_ * strength_), kDurationMs};
  return true;
}

}  // namespace cf
