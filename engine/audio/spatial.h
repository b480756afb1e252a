#pragma once
// Where a sound is heard from: distance attenuation and stereo pan from a listener (the camera).
#include <glm/glm.hpp>

namespace cf {

struct Listener {
  glm::vec3 position_ws{0.0f};  // the ear (the camera's eye), world space
  glm::vec3 right_ws{1.0f, 0.0f, 0.0f};  // unit: the listener's right, world space
};

// Zero means default.
struct Attenuation {
  float reference_m = 0.0f;  // full level up to this distance; 0 -> 4 m
  float rolloff = 0.0f;      // inverse-distance rolloff beyond it; 0 -> 1
  float max_m = 0.0f;        // silent beyond this distance; 0 -> 60 m
};

struct Placement {
  float gain = 1.0f;  // distance attenuation, 0..1
  float pan = 0.0f;   // -1 left .. +1 right
};

// The attenuation and pan of a sound at source_ws. A source at the ear is centred at full level;
// non-finite input gives silence.
Placement place_sound(const Listener& listener, const glm::vec3& source_ws, const Attenuation& a = {});

// Equal-power stereo gains of a pan (-1..1): left^2 + right^2 == 1.
void pan_gains(float pan, float* left, float* right);

}  // namespace cf
