#include "audio/spatial.h"

#include <algorithm>
#include <cmath>

namespace cf {

Placement place_sound(const Listener& listener, const glm::vec3& source_ws, const Attenuation& a) {
  const glm::vec3 d = source_ws - listener.position_ws;
  const float dist = glm::length(d);
  if (!std::isfinite(dist)) return Placement{0.0f, 0.0f};
  const float ref = a.reference_m > 0.0f ? a.reference_m : 4.0f;
  const float rolloff = a.rolloff > 0.0f ? a.rolloff : 1.0f;
  const float max_m = a.max_m > 0.0f ? a.max_m : 60.0f;
  Placement p;
  if (dist >= max_m) return Placement{0.0f, 0.0f};
  p.gain = dist <= ref ? 1.0f : ref / (ref + rolloff * (dist - ref));
  // Fade to nothing over the last fifth before max_m (no step at the edge).
  const float edge = 0.8f * max_m;
  if (dist > edge) p.gain *= (max_m - dist) / (max_m - edge);
  // Near the ear the direction means little: the pan eases to the centre.
  const float side = dist > 1e-4f ? glm::dot(d, listener.right_ws) / dist : 0.0f;
  p.pan = std::clamp(side, -1.0f, 1.0f) * std::min(1.0f, dist / 1.0f);
  return p;
}

void pan_gains(float pan, float* left, float* right) {
  const float p = std::isfinite(pan) ? std::clamp(pan, -1.0f, 1.0f) : 0.0f;
  const float angle = (p + 1.0f) * 0.25f * 3.14159265f;
  *left = std::cos(angle);
  *right = std::sin(angle);
}

}  // namespace cf
