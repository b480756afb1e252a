#pragma once
// The pad's rumble from the player's sound events: a landing (by the drop and the body's weight, the
// event's loudness), heavy footsteps of a big creature, hands on the fence, and a refusal's short buzz.
// The strength decays each tick and is re-sent every few ticks while it lasts (each command runs a
// little longer than the gap, so the motors never stop between two).
#include <cstdint>

#include "game/play/sound_event.h"

namespace cf {

struct RumbleCommand {
  std::uint16_t low = 0, high = 0;  // motor strengths, 0..65535 (low: the heavy motor)
  std::uint32_t duration_ms = 0;
};

class Rumble {
 public:
  static constexpr int kResendTicks = 4;
  static constexpr std::uint32_t kDurationMs = 100;

  // 0..1 (0: off, nothing is ever sent).
  void set_strength(float s);
  float strength() const { return strength_; }
  // One tick of events (only creature 0's count). True, with *out filled, when a command is due now.
  bool tick(const SoundEvents& events, RumbleCommand* out);
  float low() const { return low_; }
  float high() const { return high_; }

 private:
  float strength_ = 1.0f;
  float low_ = 0.0f, high_ = 0.0f;  // 0..1 before strength
  int since_sent_ = 0;
};

}  // namespace cf
