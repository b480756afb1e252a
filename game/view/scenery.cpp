#include "game/view/scenery.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "world/clearance.h"

namespace cf {

namespace {

// The edge's fence: knee-high posts about a metre apart and two rails.
constexpr float kRailHeightM = 0.36f, kRailPostEveryM = 1.2f, kRailPostHalfM = 0.03f, kRailBarHalfM = 0.02f;

// Frame whose +Y runs along unit 'dir', centred at c.
glm::mat4 along_y(const glm::vec3& c, const glm::vec3& dir) {
  glm::mat4 m = glm::translate(glm::mat4(1.0f), c);
  const glm::vec3 y(0.0f, 1.0f, 0.0f);
  const glm::vec3 axis = glm::cross(y, dir);
  const float s = glm::length(axis), cs = glm::dot(y, dir);
  if (s > 1e-5f) return glm::rotate(m, std::atan2(s, cs), axis / s);
  return cs < 0.0f ? glm::rotate(m, 3.14159265f, glm::vec3(1, 0, 0)) : m;
}

void add_box(std::vector<SceneryPiece>* out, glm::vec3 half, glm::vec3 centre, float yaw_rad, Rgba8 color) {
  SceneryPiece piece;
  piece.kind = SceneryPiece::Kind::kGate;
  piece.mesh = make_box_mesh(half, 0.5f, 1.0f);
  piece.model_to_world = glm::rotate(glm::translate(glm::mat4(1.0f), centre), yaw_rad, glm::vec3(0, 1, 0));
  piece.color = color;
  piece.half_extents = half;
  out->push_back(std::move(piece));
}

void add_rail_piece(std::vector<SceneryPiece>* out, glm::vec3 half, glm::vec3 centre, float yaw_rad) {
  SceneryPiece piece;
  piece.kind = SceneryPiece::Kind::kRegionRail;
  piece.mesh = make_box_mesh(half, 0.5f, 1.0f);
  piece.model_to_world = glm::rotate(glm::translate(glm::mat4(1.0f), centre), yaw_rad, glm::vec3(0, 1, 0));
  piece.half_extents = half;
  out->push_back(std::move(piece));
}

void add_gate(std::vector<SceneryPiece>* out, const TrialGate& g, float ground_y, Rgba8 color) {
  // Arches stand well over the camera (about 2 m up behind a biped, 3 m behind the strider): a bar at its height
  // spans the picture as a band when the creature passes under it.
  constexpr float kPost = 0.05f, kHeight = 4.0f;
  const float yaw = glm::radians(g.yaw_deg);
  const glm::vec2 ends[2] = {g.centre_xz - g.across() * (0.5f * g.width_m), g.centre_xz + g.across() * (0.5f * g.width_m)};
  for (const glm::vec2& e : ends) add_box(out, {kPost, 0.5f * kHeight, kPost}, {e.x, ground_y + 0.5f * kHeight, e.y}, yaw, color);
  if (g.kind == "arch") {
    add_box(out, {0.5f * g.width_m + kPost, 0.12f, kPost}, {g.centre_xz.x, ground_y + kHeight, g.centre_xz.y}, yaw, color);
    return;
  }
  for (const glm::vec2& e : ends) {
    const glm::vec2 c = e + g.across() * (glm::dot(g.centre_xz - e, g.across()) > 0 ? 0.3f : -0.3f);
    add_box(out, {0.25f, 0.18f, 0.01f}, {c.x, ground_y + kHeight - 0.2f, c.y}, yaw, color);
  }
}

}  // namespace

GateLook gate_look(const SceneryPiece& piece, const glm::vec3& eye_ws, const glm::vec3& player_ws) {
  constexpr float kHiddenReachM = 1.0f;   // nearer than this, even dithered it is a band across the picture
  constexpr float kEyeReachM = 2.0f;
  constexpr float kBetweenReachM = 5.0f;  // a gate just passed, between the camera and the player
  constexpr float kPassingM = 1.0f;       // the player this near the gate's plane passes through it
  constexpr float kSightMarginM = 0.05f;
  constexpr int kSightSamples = 16;
  if (piece.kind != SceneryPiece::Kind::kGate) return GateLook::kSolid;
  const glm::mat4 to_local = glm::inverse(piece.model_to_world);
  const glm::vec3 eye = glm::vec3(to_local * glm::vec4(eye_ws, 1.0f));
  const glm::vec3 player = glm::vec3(to_local * glm::vec4(player_ws, 1.0f));
  auto outside_by = [&](const glm::vec3& p) {
    return glm::length(glm::max(glm::abs(p) - piece.half_extents, glm::vec3(0.0f)));
  };
  const float eye_m = outside_by(eye);
  if (eye_m < kHiddenReachM) return GateLook::kHidden;
  if (eye_m < kEyeReachM) return GateLook::kSeeThrough;
  // The player passing through the gate (or just through it, the gate's plane z = 0 between it and
  // the eye), the eye close behind it and within its span: the camera looks through the gate.
  const bool passing = (eye.z > 0.0f) != (player.z > 0.0f) || std::fabs(player.z) < kPassingM;
  const bool between = passing && std::fabs(eye.z) < kBetweenReachM && std::fabs(eye.x) < piece.half_extents.x + 0.5f;
  if (between) return GateLook::kSeeThrough;
  for (int k = 1; k < kSightSamples; ++k) {
    const float t = static_cast<float>(k) / kSightSamples;
    if (outside_by(eye + (player - eye) * t) < kSightMarginM) return GateLook::kSeeThrough;
  }
  return GateLook::kSolid;
}

std::vector<SceneryPiece> build_scenery(const Level& level) {
  std::vector<SceneryPiece> out;
  if (level.trial.present) {
    add_gate(&out, level.trial.start, level.ground_y, Rgba8{240, 240, 240, 255});
    for (const TrialGate& g : level.trial.checkpoints) add_gate(&out, g, level.ground_y, Rgba8{70, 140, 255, 255});
    add_gate(&out, level.trial.finish, level.ground_y, Rgba8{255, 70, 60, 255});
  }
  for (const Wall& w : level.walls) {
    for (const Pipe& p : w.pipes) {
      const glm::vec3 d = p.b - p.a;
      const float len = glm::length(d);
      if (!(len > 1e-4f)) continue;
      SceneryPiece piece;
      piece.kind = SceneryPiece::Kind::kPipe;
      piece.mesh = make_box_mesh(glm::vec3(p.radius, 0.5f * len, p.radius), 0.5f, 1.0f);
      piece.model_to_world = along_y((p.a + p.b) * 0.5f, d / len);
      out.push_back(std::move(piece));
    }
  }
  // Where movable ground ends (Level::edges): a low post-and-rail fence on the edge's line, the box's
  // inner face, which bodies are kept out of.
  for (const Box& e : level.edges) {
    const glm::vec3 along = e.axis_x(), in = -e.axis_z();
    const glm::vec3 line = e.centre + in * e.half_extents.z;
    const float len = 2.0f * e.half_extents.x;
    const float yaw = glm::radians(e.yaw_deg);
    const int posts = std::max(1, static_cast<int>(std::ceil(len / kRailPostEveryM)));
    for (int k = 0; k <= posts; ++k) {
      const glm::vec3 at = line + along * (len * (static_cast<float>(k) / posts - 0.5f));
      add_rail_piece(&out, {kRailPostHalfM, 0.5f * kRailHeightM, kRailPostHalfM},
                     {at.x, level.ground_y + 0.5f * kRailHeightM, at.z}, yaw);
    }
    for (float h : {0.55f * kRailHeightM, 0.92f * kRailHeightM})
      add_rail_piece(&out, {0.5f * len, kRailBarHalfM, kRailBarHalfM}, {line.x, level.ground_y + h, line.z}, yaw);
  }
  return out;
}

}  // namespace cf
