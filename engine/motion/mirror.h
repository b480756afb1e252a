#pragma once
// Mirroring a clip across a vertical plane (the vault swung to the other side).
#include <glm/glm.hpp>

#include "motion/motion_clip.h"

namespace cf {

// Reflects every position, pole, offset and orientation of 'in' across the plane through plane_point
// with unit normal plane_normal (horizontal: its y is ignored and it is renormalized), swaps the
// left/right channels (arms, legs, foot and hand contacts, limb lengths) and toggles 'mirrored'.
// Rotations become R' = S R S (S the reflection), kept unit. Mirroring twice gives the original.
// Returns false (out untouched) when the normal has no horizontal length. 'out' may alias 'in'.
bool mirror_clip(const MotionClip& in, const glm::vec3& plane_point, const glm::vec3& plane_normal,
                 MotionClip* out);

}  // namespace cf
