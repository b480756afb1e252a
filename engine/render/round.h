#pragma once
// std::lround for floats, inline: the geometry stage rounds several values per vertex, and lroundf is
// an out-of-line libm call. Same result as std::lround (halves away from zero) for |x| < 2^23.
#include <cstdint>

namespace cf {

inline std::int32_t round_half_away(float x) {
  const auto i = static_cast<std::int32_t>(x);     // truncates toward zero
  const float frac = x - static_cast<float>(i);    // exact: x and its truncation are this close
  return i + (frac >= 0.5f ? 1 : 0) - (frac <= -0.5f ? 1 : 0);
}

// A 0..1 value as a byte, rounded (NaN and negatives give 0, above 1 gives 255).
inline std::uint8_t unit_to_byte(float v) {
  if (!(v > 0.0f)) return 0;  // also NaN
  v = v < 1.0f ? v : 1.0f;
  return static_cast<std::uint8_t>(round_half_away(v * 255.0f));
}

}  // namespace cf
