// Vault placement, the room beside the path (lref) and the mirror/refuse decision.
#include "vault/vault_decision.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "world/clearance.h"

namespace cf {

VaultPlacement place_for_vault(const Level& level, int fence, const VaultMotion& vm, const glm::vec3& from_ws,
                               const VaultSettings& settings) {
  VaultPlacement p;
  p.fence = fence;
  const Box& f = level.fences[static_cast<std::size_t>(fence)];
  const glm::vec3 l = f.to_local(from_ws);
  const float side = l.z <= 0.0f ? -1.0f : 1.0f;  // which face the creature is in front of
  p.forward_ws = side < 0.0f ? f.axis_z() : -f.axis_z();
  p.heading_rad = std::atan2(p.forward_ws.x, p.forward_ws.z);
  const glm::mat4 rot = placement(glm::vec3(0.0f), p.heading_rad);
  p.left_ws = glm::vec3(rot * glm::vec4(1.0f, 0.0f, 0.0f, 0.0f));
  const float keep_in = std::min(0.5f * f.half_extents.x, 0.2f);
  const float lx = std::clamp(l.x, -f.half_extents.x + keep_in, f.half_extents.x - keep_in);
  glm::vec3 near_ws = f.to_world(glm::vec3(lx, 0.0f, side * f.half_extents.z));
  near_ws.y = level.ground_y;

  // Far enough back that nothing reaches the fence during the first steps of the approach.
  const float front = std::max(vm.fit.front_early, vm.fit_mirrored.front_early);
  float near_ms = front + settings.margin_m;
  if (vm.clip.obstacle.present) {
    // Where the authored fence stands relative to the waist, scaled to this creature.
    float authored = vm.fit.ref_start_ms.z + vm.setup.s * (vm.clip.obstacle.near_z - vm.plane_point_clip.z);
    near_ms = std::max(near_ms, authored);
  }
  p.ref_x_ms = vm.fit.ref_start_ms.x;
  p.near_ms = near_ms;
  p.far_ms = near_ms + 2.0f * f.half_extents.z;
  p.top_y_ms = f.top_y() - level.ground_y;
  // Travel added while airborne so that the rearmost flesh is past the far face at touch-down.
  const float back_land = std::min(vm.fit.back_land, vm.fit_mirrored.back_land);
  // Negative when the clip, scaled to a long-legged creature, would carry it far past the fence:
  // the airborne travel is shortened so it lands just beyond the far face, not a body length on.
  // The shortened travel keeps a hand's width of ground beyond the far face, so the body's
  // footprint lands clear of the fence and the walker goes on without being pushed.
  constexpr float kLandingRoom_m = 0.15f;
  p.extra_forward_m = p.far_ms + settings.margin_m - back_land;
  if (p.extra_forward_m < 0.0f) p.extra_forward_m = std::min(0.0f, p.extra_forward_m + kLandingRoom_m);
  p.path_start_ms = std::min(vm.fit.ref_start_ms.z - vm.fit.back, vm.fit_mirrored.ref_start_ms.z - vm.fit_mirrored.back);
  p.path_end_ms = std::max(vm.fit.ref_end_ms.z + vm.fit.front, vm.fit_mirrored.ref_end_ms.z + vm.fit_mirrored.front) +
                  std::max(0.0f, p.extra_forward_m);
  // Model point (ref_x, 0, near_ms) sits on the near face.
  glm::vec3 offset = glm::vec3(rot * glm::vec4(p.ref_x_ms, 0.0f, near_ms, 0.0f));
  p.position_ws = near_ws - offset;
  p.position_ws.y = level.ground_y;
  p.model_to_world = placement(p.position_ws, p.heading_rad);
  return p;
}

float room_beside_path(const Level& level, const VaultPlacement& place, float side, const VaultSettings& settings) {
  ClearanceQuery q;
  q.skip_fence = place.fence;
  q.dir_ws = side * place.left_ws;
  const float step = settings.ray_step_m > 1e-3f ? settings.ray_step_m : 0.02f;
  const float len = std::max(0.0f, place.path_end_ms - place.path_start_ms);
  const int n = static_cast<int>(std::ceil(len / step)) + 1;
  float room = q.max_distance;
  for (int i = 0; i < n && room > 0.0f; ++i) {
    float z = std::min(place.path_start_ms + step * static_cast<float>(i), place.path_end_ms);
    q.origin_ws = glm::vec3(place.model_to_world * glm::vec4(place.ref_x_ms, 0.0f, z, 1.0f));
    room = std::min(room, ray_clearance(level, q).distance);
  }
  return room;
}

namespace {

bool fits(const VaultFit& fit, float room_left, float room_right, float tol) {
  return room_left - fit.reach_left >= tol && room_right - fit.reach_right >= tol;
}

std::string metres(float m) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f m", static_cast<double>(m));
  return buf;
}

// The decision for one placement: the authored clip, or its mirror when the lmax side has no room
// (or only the mirror fits); refused with the side short of room when neither fits.
VaultDecision decide_at(const Level& level, const VaultMotion& vm, const VaultPlacement& place,
                        const VaultSettings& settings) {
  VaultDecision d;
  d.tolerance = settings.tolerance_m;
  d.place = place;
  const float room_left = room_beside_path(level, d.place, 1.0f, settings);
  const float room_right = room_beside_path(level, d.place, -1.0f, settings);
  d.lmax = vm.fit.lmax;
  d.lmax_dir = vm.fit.lmax_dir;
  const bool lmax_left = vm.fit.lmax_dir.x > 0.0f;
  d.lref = lmax_left ? room_left : room_right;
  d.lref_other = lmax_left ? room_right : room_left;
  d.delta = d.lref - d.lmax;
  const float tol = settings.tolerance_m;
  const bool fits_authored = fits(vm.fit, room_left, room_right, tol);
  const bool fits_mirrored = fits(vm.fit_mirrored, room_left, room_right, tol);
  d.mirrored = d.delta < tol;
  if (!d.mirrored && !fits_authored && fits_mirrored) d.mirrored = true;  // the narrow side is blocked
  const VaultFit& played = d.mirrored ? vm.fit_mirrored : vm.fit;
  d.room_left = room_left;
  d.room_right = room_right;
  d.need_left = played.reach_left + tol;
  d.need_right = played.reach_right + tol;
  d.refused = !(d.mirrored ? fits_mirrored : fits_authored);
  return d;
}

// "1.28 m, needs 1.30 m"; with a third decimal when two would print the same.
std::string has_needs(float has, float needs) {
  std::string a = metres(has), b = metres(needs);
  if (a == b) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f m, needs %.3f m", static_cast<double>(has), static_cast<double>(needs));
    return buf;
  }
  return a + ", needs " + b;
}

}  // namespace

Result<VaultDecision> decide_vault(const Level& level, int fence, const VaultMotion& vm, const glm::vec3& from_ws,
                                   const VaultSettings& settings) {
  if (fence < 0 || static_cast<std::size_t>(fence) >= level.fences.size())
    return Error{"", "fence", "no fence with index " + std::to_string(fence) + " (the level has " +
                                  std::to_string(level.fences.size()) + ")"};
  VaultDecision d = decide_at(level, vm, place_for_vault(level, fence, vm, from_ws, settings), settings);
  if (!d.refused) return d;
  // Short on one side with room to spare on the other: the vault starts that much further over (as a
  // player would step aside), when the fence is long enough there and that start fits.
  const float spare_left = d.room_left - d.need_left, spare_right = d.room_right - d.need_right;
  const float total = d.room_left + d.room_right, needs = d.need_left + d.need_right;
  if (total >= needs && std::min(spare_left, spare_right) < 0.0f) {
    const float shift = (spare_left < 0.0f ? -1.0f : 1.0f) * (-std::min(spare_left, spare_right) + 0.01f);
    const glm::vec3 aside = from_ws + d.place.left_ws * shift;
    const VaultPlacement moved = place_for_vault(level, fence, vm, aside, settings);
    const glm::vec3 went = moved.position_ws - d.place.position_ws;
    if (std::fabs(glm::dot(went, d.place.left_ws) - shift) < 0.005f) {
      VaultDecision there = decide_at(level, vm, moved, settings);
      if (!there.refused) return there;
    }
  }
  // Said after "Can't vault: " on the HUD, so it does not say "vault" again. Short of room between
  // two walls whatever the start: the total; otherwise the side short of room (the shorter by more).
  if (total < needs) {
    d.reason = "not enough room between the walls: " + has_needs(total, needs);
  } else {
    const bool left = spare_left < spare_right;
    d.reason = std::string("not enough room on the ") + (left ? "left: " : "right: ") +
               has_needs(left ? d.room_left : d.room_right, left ? d.need_left : d.need_right);
  }
  return d;
}

}  // namespace cf
