#pragma once
// Key reduction: the fewest keys (by greedy insertion) whose spline stays within an error bound of
// densely sampled values. Used by the BVH import; works on any MotionClip channel.
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "math/spline.h"
#include "motion/motion_clip.h"

namespace cf {

// Frame indices to keep (sorted) so sample_curve over the kept keys is within max_error (metres) of
// values[i] at times[i] for every i. 'forced' indices are always kept (contact boundaries).
std::vector<int> decimate_vec3(const std::vector<float>& times, const std::vector<glm::vec3>& values,
                               const CurveParams& params, float max_error, const std::vector<int>& forced);
// The same for unit quaternions; the error is the rotation angle (radians) times 'lever' metres.
std::vector<int> decimate_quat(const std::vector<float>& times, const std::vector<glm::quat>& values,
                               const CurveParams& params, float max_error, float lever);

// A channel of the kept frames ('keep', from decimate_vec3) of densely sampled values.
Vec3Channel keyed(const std::vector<float>& times, const std::vector<glm::vec3>& values, const std::vector<int>& keep);
// Closes a cycle sampled one frame past its end: the mismatch between that last frame and the first
// (plus the cycle's travel 'offset') is spread linearly over the cycle, then the last frame is dropped.
// Returns the mismatch's length (metres).
float close_loop(std::vector<glm::vec3>* values, const glm::vec3& offset);

}  // namespace cf
