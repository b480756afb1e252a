#pragma once
// Bone frames and test poses made from the skeleton alone: for tests, benchmarks and for tools when no
// retargeted motion is at hand. A bone frame is a model matrix: column 0 the unit head->tail
// direction, columns 1-2 an orthonormal frame, column 3 the bone head (the retarget module's
// convention, so either source gives valid skinning matrices).
#include <glm/glm.hpp>

#include "core/rng.h"
#include "skeleton/skeleton.h"
#include "skin/skin_types.h"

namespace cf {

// Bind-pose bone frames of a skeleton (zero-length bones point along +Y).
void skeleton_bone_frames(const Skeleton& skeleton, SkinSpan<glm::mat4> out_bind_ms);

// An articulated random pose: every bone turns about its own head by a random rotation of at most
// max_angle_rad and carries its children with it (parents precede children), and the whole body moves
// by up to max_shift_m. out_bone_ms[b] = delta[b] * bind_ms[b].
void random_articulated_pose(const Skeleton& skeleton, SkinSpan<const glm::mat4> bind_ms, Rng& rng,
                             float max_angle_rad, float max_shift_m, SkinSpan<glm::mat4> out_bone_ms);

}  // namespace cf
