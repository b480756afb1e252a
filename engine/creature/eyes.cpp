#include "creature/eyes.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <glm/gtc/quaternion.hpp>

#include "core/hash.h"

namespace cf {

namespace {

std::uint32_t fnv(std::uint32_t h, const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 16777619u;
  return h;
}

// A creature's rhythm: its blink period (2-5 s), each blink's length and, per period, where in it the
// blink falls and whether a second one follows.
struct Rhythm {
  std::uint64_t period;
  int length;
};

Rhythm rhythm(std::uint32_t seed) {
  const std::uint32_t h = mix32(seed);
  return Rhythm{120u + h % 181u, kBlinkMinTicks + static_cast<int>((h >> 12) % (kBlinkMaxTicks - kBlinkMinTicks + 1))};
}

// The blinks of period k: the first's start within the period (its first quarter), and the second's (0: none).
void blinks_in(std::uint32_t seed, const Rhythm& r, std::uint64_t k, std::uint64_t* first, std::uint64_t* second) {
  const std::uint32_t h = mix32(seed ^ mix32(static_cast<std::uint32_t>(k) * 0x9e3779b9u + 1u));
  *first = h % (r.period / 4);
  const bool twice = (h >> 20) % 4u == 0u;  // about one blink in four is a double
  *second = twice ? *first + static_cast<std::uint64_t>(r.length) + 4u + (h >> 24) % 5u : 0u;
}

// Lids over one blink, t ticks into it: closing, shut for a tick or two, opening.
float lid(int t, int length) {
  if (t < 0 || t >= length) return 0.0f;
  const float x = (static_cast<float>(t) + 0.5f) / (0.5f * static_cast<float>(length)) - 1.0f;
  return std::min(1.0f, 1.5f * (1.0f - std::fabs(x)));
}

}  // namespace

std::uint32_t eye_seed(const Creature& c) {
  std::uint32_t h = 2166136261u;
  for (const Part& p : c.parts) {
    const int tag = static_cast<int>(p.tag);
    h = fnv(h, &tag, sizeof tag);
    h = fnv(h, &p.radius, sizeof p.radius);
    for (const glm::vec3& q : p.stroke) h = fnv(h, &q, sizeof q);
    h = fnv(h, &p.paint.base, sizeof p.paint.base);
    h = fnv(h, &p.paint.second, sizeof p.paint.second);
  }
  h = fnv(h, &c.eyes, sizeof c.eyes);
  return mix32(h);
}

std::uint32_t eye_seed(std::uint32_t species_seed, int slot) {
  return mix32(species_seed ^ (static_cast<std::uint32_t>(slot) + 1u) * 0x85ebca6bu);
}

float blink_closure(std::uint32_t seed, std::uint64_t tick) {
  const Rhythm r = rhythm(seed);
  const std::uint64_t k = tick / r.period, at = tick % r.period;
  std::uint64_t first = 0, second = 0;
  blinks_in(seed, r, k, &first, &second);
  if (at >= first && at < first + static_cast<std::uint64_t>(r.length)) return lid(static_cast<int>(at - first), r.length);
  if (second && at >= second && at < second + static_cast<std::uint64_t>(r.length))
    return lid(static_cast<int>(at - second), r.length);
  return 0.0f;
}

std::uint64_t next_blink(std::uint32_t seed, std::uint64_t from) {
  const Rhythm r = rhythm(seed);
  for (std::uint64_t k = from / r.period;; ++k) {  // at most two periods: every period has a blink
    std::uint64_t first = 0, second = 0;
    blinks_in(seed, r, k, &first, &second);
    if (k * r.period + first >= from) return k * r.period + first;
    if (second && k * r.period + second >= from) return k * r.period + second;
  }
}

glm::vec2 pupil_offset(const EyeLook& look, float side) {
  const float yaw = std::clamp(std::isfinite(look.yaw) ? look.yaw : 0.0f, -1.0f, 1.0f);
  const float pitch = std::clamp(std::isfinite(look.pitch) ? look.pitch : 0.0f, -1.0f, 1.0f);
  constexpr float kAhead = 0.15f;
  glm::vec2 o;
  if (side == 0.0f) {  // on top: looking left moves it left, looking up moves it back
    o = glm::vec2(kAhead - 0.3f * pitch, 0.4f * yaw);
  } else {  // turning left swings the left flank's pupil back and the right flank's forward
    o = glm::vec2(kAhead - (side > 0.0f ? 1.0f : -1.0f) * 0.4f * yaw, 0.3f * pitch);
  }
  return glm::clamp(o, glm::vec2(-kMaxPupilOffset), glm::vec2(kMaxPupilOffset));
}

EyeLook look_from_head(const glm::quat& rotation_ms, float turn_rate_rps) {
  EyeLook look;
  const glm::vec3 f = rotation_ms * glm::vec3(0.0f, 0.0f, 1.0f);
  if (!std::isfinite(f.x) || !std::isfinite(f.y) || !std::isfinite(f.z)) return look;
  constexpr float kFullRad = 0.35f;  // a head turned this far has the pupils at their furthest
  const float yaw = std::atan2(f.x, std::max(f.z, 1e-3f));
  const float pitch = std::asin(std::clamp(f.y, -1.0f, 1.0f));
  const float turn = std::isfinite(turn_rate_rps) ? turn_rate_rps : 0.0f;
  look.yaw = std::clamp(yaw / kFullRad + 0.5f * turn, -1.0f, 1.0f);
  look.pitch = std::clamp(pitch / kFullRad, -1.0f, 1.0f);
  return look;
}

}  // namespace cf
