#include "audio/reverb.h"

#include <algorithm>
#include <cmath>

namespace cf {

namespace {
// Freeverb's tunings (at 44.1 kHz), shortened: a small room, not a hall.
constexpr int kCombLengths[4] = {1116, 1188, 1277, 1356};
constexpr int kAllpassLengths[2] = {556, 441};
constexpr int kStereoSpread = 23;
constexpr float kTiny = 1e-12f;  // -240 dB: silence
constexpr float kFeedback = 0.72f, kDamping = 0.3f, kAllpassFeedback = 0.5f, kWet = 0.25f;
}  // namespace

Reverb::Reverb(int sample_rate) {
  const double scale = std::clamp(sample_rate, 8000, 192000) / 44100.0 * 0.6;  // 0.6: smaller room
  for (int side = 0; side < 2; ++side) {
    for (int i = 0; i < kCombs; ++i)
      combs_[side][i].buffer.assign(
          static_cast<std::size_t>(std::max(1.0, (kCombLengths[i] + side * kStereoSpread) * scale)), 0.0f);
    for (int i = 0; i < kAllpasses; ++i)
      allpasses_[side][i].buffer.assign(
          static_cast<std::size_t>(std::max(1.0, (kAllpassLengths[i] + side * kStereoSpread) * scale)), 0.0f);
  }
}

void Reverb::process(const float* send, float* out, int frames) {
  for (int side = 0; side < 2; ++side) {
    for (int f = 0; f < frames; ++f) {
      const float in = send[f] * 0.2f;
      float acc = 0.0f;
      for (Delay& c : combs_[side]) {
        float& slot = c.buffer[static_cast<std::size_t>(c.pos)];
        const float y = slot;
        c.filter = y * (1.0f - kDamping) + c.filter * kDamping;
        if (std::fabs(c.filter) < kTiny) c.filter = 0.0f;  // a dying tail never reaches denormals (slow)
        slot = in + c.filter * kFeedback;
        if (++c.pos == static_cast<int>(c.buffer.size())) c.pos = 0;
        acc += y;
      }
      for (Delay& a : allpasses_[side]) {
        float& slot = a.buffer[static_cast<std::size_t>(a.pos)];
        const float b = slot;
        slot = acc + b * kAllpassFeedback;
        if (std::fabs(slot) < kTiny) slot = 0.0f;
        acc = b - acc;
        if (++a.pos == static_cast<int>(a.buffer.size())) a.pos = 0;
      }
      out[2 * f + side] += acc * kWet;
    }
  }
}

float Reverb::energy() const {
  float e = 0.0f;
  for (const auto& side : combs_)
    for (const Delay& c : side)
      for (float v : c.buffer) e += std::fabs(v);
  return e;
}

}  // namespace cf
