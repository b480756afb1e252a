#include "game/play/camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "core/tick.h"
#include "game/play/sim_state.h"
#include "math/angles.h"
#include "math/geometry.h"
#include "math/scalar.h"
#include "world/clearance.h"
#include "world/ground_query.h"

namespace cf {

namespace {

constexpr float kLiftStepRad = 0.1f;
constexpr float kLiftRateRps = 1.8f;       // how fast the camera rises over (or sinks back behind) a fence
constexpr float kEaseOutMps = 3.0f;        // how fast it backs out once nothing is in the way
constexpr float kEaseInMps = 8.0f;         // how fast it comes in when an obstacle is near the line of sight
constexpr float kLookaheadRadiusM = 0.45f;  // obstacles this near the line of sight start the pull-in
constexpr float kLookaheadGrowth = 0.15f;  // per metre from the creature, up to that radius
constexpr float kWhiskerRad = 0.4f;        // and so do those up to this far round the orbit
constexpr float kWhiskerTicks = 20.0f;     // where the orbit's swing takes it this many ticks ahead
constexpr float kRoomMarginM = 0.6f;       // room beyond the minimum it swings round to keep, seen coming
constexpr float kSwingRateRps = 2.5f;      // how fast it swings round for that room
constexpr float kSearchStepRad = 0.1f;     // orbit yaws tried either way round when looking for room
constexpr float kFloorMarginM = 0.02f;     // kept beyond the minimum distance (rounding of the drawn eye)
constexpr float kEyePitchMaxRad = 1.4f;    // short of straight down, where lookAt's up vector fails
// Rising over an obstacle stops at 29 degrees, where the horizon is still at the top of the 60-degree
// view (the stick may look further down): past that the camera swings round beside what is in the way
// rather than look down on the creature. Following a vault over a fence it may rise to 52 degrees.
constexpr float kLiftPitchMaxRad = 0.5f;
constexpr float kLiftPitchOverRad = 0.9f;

// The ground's height under a point the camera looks at (the level's flat ground, or its terrain).
float ground_under(const Level& level, const glm::vec3& p) { return LevelGround(&level).at(p.x, p.z).y; }

// The orbit's pitch after the lift, kept high enough that the eye stays above the ground.
float eye_pitch(float pitch, float lift, const glm::vec3& target, float ground_y, float distance) {
  const float p = std::min(pitch + lift, kEyePitchMaxRad);
  const float floor_sin = (ground_y + kCameraRadiusM - target.y) / std::max(distance, 1e-3f);
  return floor_sin > -1.0f ? std::max(p, std::asin(std::min(floor_sin, 1.0f))) : p;
}

// Clear line of sight from 'target' at orbit 'yaw' and 'pitch', up to 'need' metres: for the eye itself
// (wide false), or as far as the camera eases out to, clear of the look-ahead probe (wide true).
float room_at(const Level& level, const glm::vec3& target, float yaw, float pitch, float need, bool wide) {
  const glm::vec3 dir = camera_back_direction(yaw, pitch);
  return wide ? clear_distance(level, target, dir, need, kLookaheadRadiusM, kLookaheadGrowth)
              : clear_distance(level, target, dir, need, kCameraRadiusM);
}

// The orbit yaw nearest 'yaw' (either way round, up to half a turn) with 'need' metres clear at 'pitch';
// false when none has. At equal turns the side with more room wins, then the side 'prefer' names.
bool nearest_room(const Level& level, const glm::vec3& target, float yaw, float pitch, float need, bool wide,
                  float prefer, float* out_yaw) {
  for (int k = 1; k * kSearchStepRad <= 3.15f; ++k) {
    const float step = static_cast<float>(k) * kSearchStepRad * (prefer < 0.0f ? -1.0f : 1.0f);
    const float a = room_at(level, target, yaw + step, pitch, need, wide);
    const float b = room_at(level, target, yaw - step, pitch, need, wide);
    if (a >= need || b >= need) {
      *out_yaw = yaw + (a >= b ? step : -step);
      return true;
    }
  }
  return false;
}

}  // namespace

float level_distance(const Level& level, const glm::vec3& p) {
  float d = std::numeric_limits<float>::infinity();
  for (const Box& f : level.fences) d = std::min(d, box_signed_distance(f, p));
  for (const Wall& w : level.walls) {
    d = std::min(d, box_signed_distance(w.box, p));
    for (const Pipe& pipe : w.pipes) d = std::min(d, std::sqrt(distance2_to_segment(p, pipe.a, pipe.b)) - pipe.radius);
  }
  return d;
}

float clear_distance(const Level& level, const glm::vec3& from, const glm::vec3& dir, float max_distance,
                     float radius, float grow_per_m) {
  // Sphere tracing over the level's distance: every step is as long as the free space allows. The sphere
  // may grow along the way (a cone), so obstacles right beside the start do not count as in the way.
  const float start = std::max(0.02f, std::min(grow_per_m > 0.0f ? kCameraRadiusM : radius, level_distance(level, from) - 0.01f));
  float t = 0.0f;
  for (int i = 0; i < 512; ++i) {
    const float r = grow_per_m > 0.0f ? std::min(radius, start + grow_per_m * t) : start;
    const float d = level_distance(level, from + dir * t) - r;
    if (d <= 1e-3f) return t;
    t += std::max(d, 0.005f);
    if (t >= max_distance) return max_distance;
  }
  return t;  // grazing an edge for the whole way: as far as it got
}

glm::vec3 camera_back_direction(float yaw_rad, float pitch_rad) {
  const float c = std::cos(pitch_rad);
  return glm::vec3(-std::sin(yaw_rad) * c, std::sin(pitch_rad), -std::cos(yaw_rad) * c);
}

glm::vec3 camera_target_at(const glm::vec3& ground_ws, float ground_y, float body_height_m) {
  return glm::vec3(ground_ws.x, ground_y + std::max(0.3f, body_height_m), ground_ws.z);
}

glm::vec3 camera_target(const SimState& s, float body_height_m) {
  return s.player().root_ws + glm::vec3(0.0f, std::max(0.3f, body_height_m), 0.0f);
}

// The least lift from which the camera sees 'target' over what is in the way from the full distance;
// failing that, the lift that gets it furthest out.
float lift_to_see(const SimState& s, const Level& level, const glm::vec3& target) {
  const float yaw = s.camera_yaw_rad();
  float want = 0.0f, best = -1.0f;
  for (float lift = 0.0f; lift <= kCameraMaxLiftRad + 1e-4f; lift += kLiftStepRad) {
    const float pitch = eye_pitch(s.camera_pitch_rad, lift, target, ground_under(level, target), kCameraDistanceM);
    const float d = clear_distance(level, target, camera_back_direction(yaw, pitch), kCameraDistanceM,
                                   kLookaheadRadiusM, kLookaheadGrowth);  // clear of the look-ahead too
    if (d > best + 0.05f) {
      best = d;
      want = lift;
    }
    if (d >= kCameraDistanceM) break;
  }
  return want;
}

float orbit_room(const SimState& s, const Level& level, const glm::vec3& target, float yaw) {
  float best = 0.0f;
  for (float lift = 0.0f; lift <= kCameraMaxLiftRad + 1e-4f; lift += kLiftStepRad) {
    const float pitch = eye_pitch(s.camera_pitch_rad, lift, target, ground_under(level, target), kCameraDistanceM);
    // As step_camera settles the distance: the wide probe and the whiskers either side.
    float d = clear_distance(level, target, camera_back_direction(yaw, pitch), kCameraDistanceM, kLookaheadRadiusM,
                             kLookaheadGrowth);
    for (float whisker : {-0.15f, 0.15f}) {
      if (d <= best) break;
      d = std::min(d, clear_distance(level, target, camera_back_direction(yaw + whisker, pitch), kCameraDistanceM,
                                     kCameraRadiusM));
    }
    best = std::max(best, d);
    if (best >= kCameraDistanceM) break;
  }
  return best;
}

float orbit_stop_m(float bound_m) { return std::max(kOrbitStopM, 2.0f * bound_m); }

float camera_min_distance_m(float bound_m) { return std::max(kCameraMinDistanceM, 2.0f * bound_m); }

float camera_far_m(float frame_m) {
  if (!(frame_m > 0.0f)) return kCameraDistanceM;
  return std::clamp(kCameraFramesM * frame_m, kCameraNearestFarM, kCameraDistanceM);
}

void stop_orbit_at_walls(SimState* s, const Level& level, float body_height_m, float stop_m, float offset_before) {
  const float offset = s->camera_yaw_offset_rad;
  if (offset == offset_before) return;
  const glm::vec3 target = camera_target(*s, body_height_m);
  const float heading = s->player().heading_rad;
  // Judged a few ticks of swing ahead too: where the room ends at an edge, the camera stops short of it
  // (the creature's bobbing moves such an edge back and forth).
  const float ahead = offset + 3.0f * wrap_angle(offset - offset_before);
  const float room = std::min(orbit_room(*s, level, target, heading + offset), orbit_room(*s, level, target, heading + ahead));
  if (room >= stop_m) return;
  if (room < orbit_room(*s, level, target, heading + offset_before)) s->camera_yaw_offset_rad = offset_before;
}

void steer_orbit(SimState* s, float stick_x, float stick_y, const SimTuning& t) {
  s->camera_yaw_offset_rad =
      wrap_angle(s->camera_yaw_offset_rad - stick_x * or_default(t.camera_yaw_rate_rps, 2.5f) * kTick_sf);
  if (stick_x == 0.0f && s->player().speed_mps > 0.1f) {
    s->camera_yaw_offset_rad =
        approach(s->camera_yaw_offset_rad, 0.0f, or_default(t.camera_follow_rps, 1.5f) * kTick_sf);
  }
  s->camera_pitch_rad = std::clamp(s->camera_pitch_rad + stick_y * or_default(t.camera_pitch_rate_rps, 1.5f) * kTick_sf,
                                   kCameraPitchMin, kCameraPitchMax);
}

// Keeps the orbit where the line of sight has room for the minimum distance: short of room plus a
// margin (as far as it eases out to), it swings round towards the nearest yaw that has it, eased and
// seen coming, unless the stick is swinging it; short of the minimum itself, it goes there at once,
// rising over the obstacle if no yaw at its height has room.
void keep_room(SimState* s, const Level& level, const glm::vec3& target, float min_m, bool stick_swings,
               float lift_cap) {
  const float want = min_m + kRoomMarginM;
  const float prefer = -s->camera_yaw_offset_rad;  // back towards behind the creature, where it follows to
  float yaw = s->camera_yaw_rad();
  float pitch = eye_pitch(s->camera_pitch_rad, s->camera_lift_rad, target, ground_under(level, target), kCameraDistanceM);
  float to = yaw;
  if (!stick_swings && room_at(level, target, yaw, pitch, want, true) < want &&
      nearest_room(level, target, yaw, pitch, want, true, prefer, &to)) {
    const float swing = std::clamp(to - yaw, -kSwingRateRps * kTick_sf, kSwingRateRps * kTick_sf);
    s->camera_yaw_offset_rad = wrap_angle(s->camera_yaw_offset_rad + swing);
    yaw += swing;
  }
  const float need = min_m + 2.0f * kFloorMarginM;
  if (room_at(level, target, yaw, pitch, need, false) >= need) return;
  // Rising a little is the smaller move; swinging round comes after.
  for (int pass = 0; pass < 2; ++pass) {
    for (float lift = s->camera_lift_rad; lift <= std::max(lift_cap, s->camera_lift_rad) + 1e-4f;
         lift += 0.5f * kLiftStepRad) {
      pitch = eye_pitch(s->camera_pitch_rad, lift, target, ground_under(level, target), kCameraDistanceM);
      to = yaw;
      if (pass == 0 ? room_at(level, target, yaw, pitch, need, false) >= need
                    : nearest_room(level, target, yaw, pitch, need, false, prefer, &to)) {
        s->camera_yaw_offset_rad = wrap_angle(s->camera_yaw_offset_rad + (to - yaw));
        s->camera_lift_rad = lift;
        return;
      }
    }
  }
  // Boxed in all round (a pit, a closed gap): it stays, pulled in as far as the obstacle makes it.
}

void step_camera(SimState* s, const Level& level, float body_height_m, float stand_height_m, float yaw_change_rad,
                 float min_distance_m, bool stick_swings, const glm::vec3* destination_ws, float far_m) {
  const glm::vec3 target = camera_target(*s, body_height_m);
  // An action's destination is seen coming: the camera also makes room to see where it lands, and so
  // follows it over.
  const bool has_destination = destination_ws != nullptr;
  const glm::vec3 landing =
      has_destination ? camera_target_at(*destination_ws, ground_under(level, *destination_ws), stand_height_m) : glm::vec3(0.0f);
  float want_lift = lift_to_see(*s, level, target);
  if (has_destination) want_lift = std::max(want_lift, lift_to_see(*s, level, landing));
  const float lift_cap = std::max(0.0f, (has_destination ? kLiftPitchOverRad : kLiftPitchMaxRad) - s->camera_pitch_rad);
  want_lift = std::min(want_lift, lift_cap);
  s->camera_lift_rad = approach(s->camera_lift_rad, want_lift, kLiftRateRps * kTick_sf);
  // Short of the minimum, it may rise to the vault's height rather than jump round (then eases round
  // and back down).
  keep_room(s, level, target, min_distance_m, stick_swings, std::max(0.0f, kLiftPitchOverRad - s->camera_pitch_rad));

  // At the lift and orbit reached this tick: in at once before an obstacle, back out gently.
  const float yaw = s->camera_yaw_rad();
  const float pitch = eye_pitch(s->camera_pitch_rad, s->camera_lift_rad, target, ground_under(level, target), kCameraDistanceM);
  const glm::vec3 dir = camera_back_direction(yaw, pitch);
  const float free_d = clear_distance(level, target, dir, kCameraDistanceM, kCameraRadiusM);
  // A wider probe, whiskers round the orbit and the landing spot see an obstacle coming, so the
  // pull-in is usually eased before it is forced.
  float ahead_d = clear_distance(level, target, dir, kCameraDistanceM, kLookaheadRadiusM, kLookaheadGrowth);
  // Where the orbit will be in kWhiskerTicks at this tick's swing.
  const float swing = std::clamp(yaw_change_rad * kWhiskerTicks, -kWhiskerRad, kWhiskerRad);
  for (float whisker : {swing - 0.15f, swing + 0.15f}) {
    const glm::vec3 w = camera_back_direction(yaw + whisker, pitch);
    ahead_d = std::min(ahead_d, clear_distance(level, target, w, kCameraDistanceM, kCameraRadiusM));
  }
  if (has_destination) ahead_d = std::min(ahead_d, clear_distance(level, landing, dir, kCameraDistanceM, kCameraRadiusM));
  ahead_d = std::min(ahead_d, std::max(far_m, min_distance_m));  // a small body is framed nearer
  const float d = s->camera_distance_m;
  s->camera_distance_m = approach(d, ahead_d, (ahead_d < d ? kEaseInMps : kEaseOutMps) * kTick_sf);
  s->camera_distance_m = std::min(s->camera_distance_m, free_d);
  s->camera_distance_m = std::max(s->camera_distance_m, std::min(min_distance_m + kFloorMarginM, free_d));
}

// Eased in as the lag grows, out as it closes: about 0.3 s behind the creature for a half turn.
constexpr float kTurnFollowGain = 6.0f;  // per second, of the lag left
constexpr float kTurnFollowMaxRps = 7.0f;
constexpr float kTurnFollowMinRps = 1.5f;

void follow_turn_round(SimState* s, const Level& level, float body_height_m, float min_distance_m) {
  const float lag = s->camera_turn_lag_rad;
  if (lag == 0.0f) return;
  const float rate = std::clamp(kTurnFollowGain * std::fabs(lag), kTurnFollowMinRps, kTurnFollowMaxRps);
  const float next = approach(lag, 0.0f, rate * kTick_sf);
  const glm::vec3 target = camera_target(*s, body_height_m);
  const float yaw = s->camera_yaw_rad(), yaw_next = yaw + (next - lag);
  // Judged as step_camera settles the distance, at the lift it has and where the swing goes next.
  const float pitch = eye_pitch(s->camera_pitch_rad, s->camera_lift_rad, target, ground_under(level, target), kCameraDistanceM);
  const float ahead = yaw_next + std::clamp((next - lag) * kWhiskerTicks, -kWhiskerRad, kWhiskerRad);
  const float room_next = std::min(room_at(level, target, yaw_next, pitch, kCameraDistanceM, true),
                                   room_at(level, target, ahead, pitch, kCameraDistanceM, true));
  if (room_next < min_distance_m + kRoomMarginM && room_next < room_at(level, target, yaw, pitch, kCameraDistanceM, true)) {
    s->camera_turn_lag_rad = 0.0f;  // swinging on would squeeze it against a wall: it stays beside
    return;
  }
  s->camera_yaw_offset_rad = wrap_angle(s->camera_yaw_offset_rad + (next - lag));
  s->camera_turn_lag_rad = next;
}

// Eased in and out: quick through the middle of the swing, slow at its ends (about 0.9 s round).
constexpr float kShowGain = 4.0f;  // per second, of the swing left
constexpr float kShowMinRps = 0.8f;
constexpr float kShowMaxRps = 4.0f;
constexpr float kShowLeanRad = 0.3f;  // an orbit leaning further than this to one side is shown from that side

void show_the_act(SimState* s, const Level& level, float body_height_m, float min_distance_m, bool acting,
                  bool stick_swings) {
  if (stick_swings || s->camera_showing == kShowHandedOver) {
    s->camera_showing = acting ? kShowHandedOver : 0;  // the player's until the act ends
    return;
  }
  if (!acting && s->camera_showing == 0) return;
  const float offset = s->camera_yaw_offset_rad;
  const glm::vec3 target = camera_target(*s, body_height_m);
  const float heading = s->player().heading_rad;
  if (acting && s->camera_showing == 0) {
    const bool left = std::fabs(offset) > kShowLeanRad
                          ? offset > 0.0f
                          : orbit_room(*s, level, target, heading + kShowYawRad) >=
                                orbit_room(*s, level, target, heading - kShowYawRad);
    s->camera_showing = left ? 1 : 2;
  }
  const float want = !acting ? 0.0f : s->camera_showing == 1 ? kShowYawRad : -kShowYawRad;
  const float left_rad = want - offset;  // never across the front: the offset stays on its side
  const float rate = std::clamp(kShowGain * std::fabs(left_rad), kShowMinRps, kShowMaxRps);
  const float next = approach(offset, want, rate * kTick_sf);
  if (!acting && next == 0.0f) s->camera_showing = 0;
  // Not into less room than the nearest it may come (and a margin): it waits there, beside the obstacle.
  const float pitch = eye_pitch(s->camera_pitch_rad, s->camera_lift_rad, target, ground_under(level, target), kCameraDistanceM);
  const float room_next = room_at(level, target, heading + next, pitch, kCameraDistanceM, true);
  if (room_next < min_distance_m + kRoomMarginM && room_next < room_at(level, target, heading + offset, pitch, kCameraDistanceM, true))
    return;
  s->camera_yaw_offset_rad = next;
}

CameraPose camera_pose(const SimState& draw, const Level& level, float body_height_m) {
  CameraPose cp;
  cp.target_ws = camera_target(draw, body_height_m);
  const float pitch =
      eye_pitch(draw.camera_pitch_rad, draw.camera_lift_rad, cp.target_ws, ground_under(level, cp.target_ws), draw.camera_distance_m);
  const glm::vec3 dir = camera_back_direction(draw.camera_yaw_rad(), pitch);
  const float d = clear_distance(level, cp.target_ws, dir, std::max(draw.camera_distance_m, 0.05f), kCameraRadiusM);
  cp.eye_ws = cp.target_ws + dir * std::max(d, 0.05f);
  return cp;
}

glm::mat4 camera_view_matrix(const CameraPose& pose) {
  return glm::lookAt(pose.eye_ws, pose.target_ws, glm::vec3(0.0f, 1.0f, 0.0f));
}

}  // namespace cf
