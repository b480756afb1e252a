#pragma once
// Scalar helpers shared by the simulation, camera, editor and the vault.
#include <algorithm>

namespace cf {

// v moved towards target by at most max_delta (>= 0), never past it.
inline float approach(float v, float target, float max_delta) {
  return v < target ? std::min(v + max_delta, target) : std::max(v - max_delta, target);
}

// Smoothstep of x clamped to [0, 1]: 0 at 0, 1 at 1, flat at both ends.
inline float smooth01(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}

}  // namespace cf
