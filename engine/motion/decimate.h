#pragma once
// Key reduction: the fewest keys (by greedy insertion) whose spline stays within an error bound of
// densely sampled values. Used by the BVH import; works on any MotionClip channel.
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "math/spline.h"

namespace cf {

// Frame indices to keep (sorted) so sample_curve over the kept keys is within max_error (metres) of
// values[i] at times[i] for every i. 'forced' indices are always kept (contact boundaries).
std::vector<int> decimate_vec3(const std::vector<float>& times, const std::vector<glm::vec3>& values,
                               const CurveParams& params, float max_error, const std::vector<int>& forced);
// The same for unit quaternions; the error is the rotation angle (radians) times 'lever' metres.
std::vector<int> decimate_quat(const std::vector<float>& times, const std::vector<glm::quat>& values,
                               const CurveParams& params, float max_error, float lever);

}  // namespace cf
