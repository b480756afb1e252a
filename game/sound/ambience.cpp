#include "game/sound/ambience.h"

#include <algorithm>
#include <cmath>

namespace cf {

namespace {
// The loudest the bed gets (a gain on samples peaking at ~0.5): about -40 dBFS of wind.
constexpr float kBedGain = 0.12f;
std::uint32_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return static_cast<std::uint32_t>(x);
}
}  // namespace

AmbienceBed ambience_bed(LevelStyle style) {
  switch (style) {
    case LevelStyle::kMeadow: return AmbienceBed{0.8f, 0.0f, 0.7f, 0.8f};  // open ground: insects and birds
    case LevelStyle::kFields: return AmbienceBed{0.7f, 0.9f, 0.3f, 0.7f};  // by the fences a stream runs
    case LevelStyle::kYard: return AmbienceBed{1.0f, 0.0f, 0.0f, 0.35f};   // walls: wind round the bricks
  }
  return AmbienceBed{};
}

int Ambience::commands(std::uint64_t tick, const Listener& listener, LevelStyle style, float level,
                       const SoundLibrary& lib, PlayCommand* out) {
  int n = 0;
  const AmbienceBed bed = ambience_bed(style);
  const float g = std::clamp(std::isfinite(level) ? level : 0.0f, 0.0f, 1.0f) * kBedGain;
  const bool on = g > 0.0f;
  // Birds: a call on about one tick in 40, from a side picked by the tick's hash, 6-20 m away.
  const std::uint32_t h = mix(tick * 0x9e3779b97f4a7c15ull + 17);
  if (on && bed.birds > 0.0f && h % 40 == 0) {
    PlayCommand b;
    b.sound = static_cast<std::uint16_t>(lib.first_bird + (h >> 8) % SoundLibrary::kBirdCalls);
    const float side = static_cast<float>((h >> 12) % 2001) / 1000.0f - 1.0f;
    const float dist = 6.0f + static_cast<float>((h >> 4) % 15);
    b.gain = g * bed.birds * 1.4f * 6.0f / dist;
    b.pan = side;
    b.pitch = 0.9f + static_cast<float>((h >> 20) % 21) / 100.0f;
    b.reverb = 0.5f;
    b.bus = Bus::kAmbience;
    out[n++] = b;
  }
  if (!on && !sounding_) return n;
  if (on && sounding_ && tick % kResendTicks != 0) return n;
  sounding_ = on;
  auto loop = [&](std::uint16_t sound, std::uint8_t hold, float gain, float pan, float pitch) {
    PlayCommand c;
    c.sound = sound;
    c.hold = hold;
    c.gain = on ? gain : 0.0f;  // 0 releases it
    c.pan = pan;
    c.pitch = pitch;
    c.bus = Bus::kAmbience;
    out[n++] = c;
  };
  // Wind: gusts over a slow 11 s swell, drifting from side to side.
  const double t = static_cast<double>(tick) / 60.0;
  const float swell = static_cast<float>(0.75 + 0.25 * std::sin(t * 0.57));
  loop(lib.wind, kHoldWind, g * bed.wind * swell, static_cast<float>(0.5 * std::sin(t * 0.23)), 1.0f);
  // The stream and the crickets at fixed spots of the level: heard from where they are.
  if (bed.stream > 0.0f) {
    const Placement p = place_sound(listener, glm::vec3(-14.0f, 0.0f, 9.0f), Attenuation{8.0f, 1.0f, 90.0f});
    loop(lib.stream, kHoldStream, g * bed.stream * (0.35f + 0.65f * p.gain), p.pan, 1.0f);
  }
  if (bed.crickets > 0.0f) {
    const Placement p = place_sound(listener, glm::vec3(12.0f, 0.0f, -6.0f), Attenuation{8.0f, 1.0f, 90.0f});
    loop(lib.crickets, kHoldCrickets, g * bed.crickets * 0.5f * (0.4f + 0.6f * p.gain), p.pan, 1.0f);
  }
  return n;
}

}  // namespace cf
