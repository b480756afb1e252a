#pragma once
// Scalar helpers shared by the simulation, camera and editor.
#include <algorithm>

namespace cf {

// v moved towards target by at most max_delta (>= 0), never past it.
inline float approach(float v, float target, float max_delta) {
  return v < target ? std::min(v + max_delta, target) : std::max(v - max_delta, target);
}

}  // namespace cf
