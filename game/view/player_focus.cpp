#include "game/view/player_focus.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "math/geometry.h"

namespace cf {

namespace {
constexpr int kRingSegments = 24;
constexpr float kInnerRadius = 0.72f;  // of the ring's outer radius 1
}  // namespace

MeshData make_player_marker_mesh() {
  MeshData m;
  const auto add = [&](glm::vec3 p) {
    m.positions_ms.push_back(p);
    m.normals_ms.emplace_back(0.0f, 1.0f, 0.0f);
    m.uvs.emplace_back(0.0f, 0.0f);
    return static_cast<std::uint32_t>(m.positions_ms.size() - 1);
  };
  const float step = 6.2831853f / kRingSegments;
  for (int i = 0; i < kRingSegments; ++i) {
    const float a = step * static_cast<float>(i);
    const glm::vec3 dir(std::sin(a), 0.0f, std::cos(a));
    add(dir * kInnerRadius);
    add(dir);
  }
  for (int i = 0; i < kRingSegments; ++i) {
    const auto in0 = static_cast<std::uint32_t>(2 * i), out0 = in0 + 1;
    const auto in1 = static_cast<std::uint32_t>(2 * ((i + 1) % kRingSegments)), out1 = in1 + 1;
    // Seen from above the angle grows counter-clockwise (+Z towards +X), so in0 -> out0 -> out1 faces +Y.
    m.indices.insert(m.indices.end(), {in0, out0, out1, in0, out1, in1});
  }
  // The arrow head just beyond the ring, pointing forward.
  const std::uint32_t tip = add({0.0f, 0.0f, 1.45f}), left = add({0.28f, 0.0f, 1.08f}), right = add({-0.28f, 0.0f, 1.08f});
  m.indices.insert(m.indices.end(), {right, tip, left});
  return m;
}

MeshData make_heart_mesh() {
  MeshData m;
  constexpr int kSegments = 28;
  m.positions_ms.emplace_back(0.0f, 0.05f, 0.0f);
  m.normals_ms.emplace_back(0.0f, 0.0f, 1.0f);
  m.uvs.emplace_back(0.0f, 0.0f);
  for (int i = 0; i < kSegments; ++i) {
    // The classic heart curve, centred: star-shaped about the fan's middle.
    const float t = 6.2831853f * static_cast<float>(i) / kSegments;
    const float s = std::sin(t);
    const float x = 16.0f * s * s * s;
    const float y = 13.0f * std::cos(t) - 5.0f * std::cos(2.0f * t) - 2.0f * std::cos(3.0f * t) - std::cos(4.0f * t);
    m.positions_ms.emplace_back(x / 17.0f, (y + 2.0f) / 17.0f, 0.0f);
    m.normals_ms.emplace_back(0.0f, 0.0f, 1.0f);
    m.uvs.emplace_back(0.0f, 0.0f);
  }
  for (int i = 0; i < kSegments; ++i) {
    const auto a = static_cast<std::uint32_t>(1 + i), b = static_cast<std::uint32_t>(1 + (i + 1) % kSegments);
    m.indices.insert(m.indices.end(), {0u, b, a});
  }
  return m;
}

glm::mat4 heart_transform(const glm::vec3& top_ws, float age, const glm::vec3& eye_ws) {
  const float a = std::clamp(age, 0.0f, 1.0f);
  const glm::vec3 at = top_ws + glm::vec3(0.0f, 0.3f + 0.5f * a, 0.0f);
  const float yaw = std::atan2(eye_ws.x - at.x, eye_ws.z - at.z);
  // Pops up to full size, holds, then shrinks away.
  const float size = 0.16f * std::min(1.0f, a * 8.0f) * (a > 0.8f ? (1.0f - a) * 5.0f : 1.0f);
  glm::mat4 m = glm::translate(glm::mat4(1.0f), at);
  m = glm::rotate(m, yaw, glm::vec3(0.0f, 1.0f, 0.0f));
  return glm::scale(m, glm::vec3(std::max(size, 1e-3f)));
}

float player_marker_radius(float body_radius_m) { return std::clamp(body_radius_m * 1.15f, 0.35f, 1.5f); }

glm::mat4 player_marker_transform(const glm::vec3& cog_ws, float heading_rad, float body_radius_m, float ground_y,
                                  const glm::vec3& ground_normal) {
  const float r = player_marker_radius(body_radius_m);
  glm::mat4 m = glm::translate(glm::mat4(1.0f), glm::vec3(cog_ws.x, ground_y + 0.01f, cog_ws.z));
  const glm::vec3 up(0.0f, 1.0f, 0.0f);
  const float n_len = glm::length(ground_normal);
  if (n_len > 1e-6f && ground_normal.y > 0.0f) {
    const glm::vec3 n = ground_normal / n_len;
    const glm::vec3 axis = glm::cross(up, n);
    const float s = glm::length(axis);
    if (s > 1e-6f) m = glm::rotate(m, std::atan2(s, n.y), axis / s);  // +Y onto the slope's normal
  }
  m = glm::rotate(m, heading_rad, up);
  return glm::scale(m, glm::vec3(r));
}

bool hides_player(const CreaturePose& creature, float reach_m, const glm::vec3* player_points_ws, int point_count,
                  const glm::vec3& eye_ws) {
  const float reach2 = reach_m * reach_m;
  for (int i = 0; i < point_count; ++i) {
    const glm::vec3 q = player_points_ws[i];
    for (std::size_t b = 0; b < creature.head_ws.size() && b < creature.tail_ws.size(); ++b) {
      for (int k = 0; k <= 4; ++k) {  // five points along the bone: none is longer than a few reaches
        const glm::vec3 p = creature.head_ws[b] + (creature.tail_ws[b] - creature.head_ws[b]) * (0.25f * k);
        const float t = closest_param_on_segment(p, eye_ws, q);
        if (t > 0.0f && t < 0.97f && distance2_to_segment(p, eye_ws, q) < reach2) return true;
      }
    }
  }
  return false;
}

std::uint8_t ghost_alpha(const glm::vec3& ghost_ws, const glm::vec3& camera_ws, const glm::vec3& player_ws,
                         bool finish_screen) {
  constexpr float kCameraHidden_m = 1.0f, kCameraFaded_m = 2.5f, kPlayerFaded_m = 1.2f;
  if (finish_screen) return 0;
  const float to_camera = glm::distance(ghost_ws, camera_ws);
  if (to_camera < kCameraHidden_m) return 0;
  if (to_camera < kCameraFaded_m || glm::distance(ghost_ws, player_ws) < kPlayerFaded_m) return kFadedAlpha;
  return kSeeThroughAlpha;
}

}  // namespace cf
