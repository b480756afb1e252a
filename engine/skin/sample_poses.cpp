#include "skin/sample_poses.h"

#include <cmath>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

namespace cf {

void skeleton_bone_frames(const Skeleton& sk, SkinSpan<glm::mat4> out) {
  for (int b = 0; b < sk.size() && static_cast<std::size_t>(b) < out.size; ++b) {
    glm::vec3 x = sk.tail_ms[b] - sk.head_ms[b];
    float len = glm::length(x);
    x = len > 1e-9f ? x / len : glm::vec3(0, 1, 0);
    glm::vec3 ref = std::fabs(x.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(0, 0, 1);
    glm::vec3 z = glm::normalize(glm::cross(x, ref));
    glm::vec3 y = glm::cross(z, x);
    out[b] = glm::mat4(glm::vec4(x, 0), glm::vec4(y, 0), glm::vec4(z, 0), glm::vec4(sk.head_ms[b], 1));
  }
}

void random_articulated_pose(const Skeleton& sk, SkinSpan<const glm::mat4> bind_ms, Rng& rng, float max_angle_rad,
                             float max_shift_m, SkinSpan<glm::mat4> out) {
  const int n = sk.size();
  std::vector<glm::mat4> delta(n);
  // One draw per statement, z then y then x: argument order is unspecified (that is GCC's order, so
  // GCC builds draw the poses they always did and Clang builds draw the same).
  auto draw3 = [&rng] {
    const float z = static_cast<float>(rng.uniform(-1, 1));
    const float y = static_cast<float>(rng.uniform(-1, 1));
    const float x = static_cast<float>(rng.uniform(-1, 1));
    return glm::vec3(x, y, z);
  };
  const glm::vec3 shift = draw3();
  glm::mat4 root = glm::translate(glm::mat4(1.0f), shift * max_shift_m);
  for (int b = 0; b < n; ++b) {
    glm::vec3 axis;
    do {
      axis = draw3();
    } while (glm::dot(axis, axis) < 0.01f || glm::dot(axis, axis) > 1.0f);
    float angle = static_cast<float>(rng.uniform(-1, 1)) * max_angle_rad;
    const glm::vec3 h = sk.head_ms[b];
    glm::mat4 local = glm::translate(glm::mat4(1.0f), h) * glm::rotate(glm::mat4(1.0f), angle, glm::normalize(axis)) *
                      glm::translate(glm::mat4(1.0f), -h);
    const int p = sk.parents[b];
    delta[b] = (p >= 0 && p < b ? delta[p] : root) * local;
    if (static_cast<std::size_t>(b) < out.size && static_cast<std::size_t>(b) < bind_ms.size)
      out[b] = delta[b] * bind_ms[b];
  }
}

}  // namespace cf
