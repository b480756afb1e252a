#pragma once
// The third-person camera: it orbits the player at the stick's yaw and pitch and keeps the creature in
// sight. Blocked by a fence, it rises to look over it; blocked by a wall or pipe, it pulls in; the
// stick does not swing it into a wall; it is never inside a fence, wall or pipe, and never nearer than
// its minimum distance: short of room behind the creature, it swings round beside the obstacle. What
// must be deterministic (the lift, the distance it eases back out to, the swing) is SimState's camera
// fields, advanced once per tick; drawing only blends them and re-checks the blended eye against the level.
#include <cstdint>

#include <glm/glm.hpp>

#include "world/level.h"

namespace cf {

struct SimState;
struct SimTuning;

constexpr float kCameraDistanceM = 4.2f;   // orbit radius when nothing is in the way
constexpr float kCameraRadiusM = 0.2f;     // the near plane's corners stay this far from everything
constexpr float kCameraMaxLiftRad = 0.9f;  // highest extra pitch used to see over an obstacle

struct CameraPose {
  glm::vec3 eye_ws{0.0f};
  glm::vec3 target_ws{0.0f};
};

// Distance from the level's nearest fence, wall or pipe surface (negative inside), metres.
float level_distance(const Level& level, const glm::vec3& p_ws);

// How far a sphere of 'radius' moves from 'from_ws' along unit 'dir_ws' before it touches a fence, wall
// or pipe; max_distance when it never does. A start closer than radius uses the smaller clearance.
// grow_per_m > 0: the sphere starts at kCameraRadiusM and grows by that per metre up to radius (a cone).
float clear_distance(const Level& level, const glm::vec3& from_ws, const glm::vec3& dir_ws, float max_distance,
                     float radius, float grow_per_m = 0.0f);

// Unit direction from the target to the eye for an orbit yaw (the camera looks along it) and pitch.
glm::vec3 camera_back_direction(float yaw_rad, float pitch_rad);

// Where the camera looks: the player's ground point raised by body_height_m (the cog's height).
glm::vec3 camera_target(const SimState& s, float body_height_m);
glm::vec3 camera_target_at(const glm::vec3& ground_ws, float ground_y, float body_height_m);

// Room for the camera at orbit 'yaw': how far out it gets, clear of everything, with the lift that gets
// it furthest (a low fence is looked over, a tall wall is not).
float orbit_room(const SimState& s, const Level& level, const glm::vec3& target, float yaw);

// The stick's orbit swing this tick (from offset_before to the state's offset) is undone when it would
// press the camera against a wall: less room than orbit_stop_m and less than before. The camera stops at
// a wall, as console cameras do, instead of squeezing in until the creature fills the screen; swings
// that give it more room always go through.
constexpr float kOrbitStopM = 1.6f;
// The room below which the orbit stops, for a creature whose footprint reaches bound_m from its centre:
// bigger creatures need the camera further out to be seen whole.
float orbit_stop_m(float bound_m);
// The nearest the camera comes to a creature whose footprint reaches bound_m from its centre: 1.5 m, or
// twice the footprint for big bodies (seen whole, with the ground round them).
constexpr float kCameraMinDistanceM = 1.5f;
float camera_min_distance_m(float bound_m);
// How far the camera orbits with nothing in the way, by the body's size (Species::frame_m, its bind
// pose's width, height or 0.7 of its length, whichever is larger): kCameraDistanceM for a body as big as the biped or bigger, nearer for a small
// one (down to kCameraNearestFarM) so that it fills about as much of the picture; unknown size (0): kCameraDistanceM.
constexpr float kCameraNearestFarM = 2.4f;
constexpr float kCameraFramesM = 2.7f;  // metres of distance per metre of the body's size
float camera_far_m(float frame_m);
void stop_orbit_at_walls(SimState* s, const Level& level, float body_height_m, float stop_m, float offset_before);

// The stick's orbit steering for one tick (stick_x, stick_y in [-1, 1]): yaw and pitch at the tuning's
// rates; let go, the orbit swings back behind the moving player.
void steer_orbit(SimState* s, float stick_x, float stick_y, const SimTuning& tuning);

// One tick of obstacle avoidance: eases the lift towards the least that sees the creature over what is
// in the way, and pulls the distance in at once where something would come between (easing back out).
// stand_height_m: the cog's height when standing (where a vault lands, the camera looks from there);
// yaw_change_rad: how far the orbit swung this tick (obstacles it swings towards are seen coming);
// destination_ws: where the player's current action takes it (a vault's landing), kept in view; null: none.
// min_distance_m: the nearest the camera comes (camera_min_distance_m); where the orbit's line of sight
// has less room, the camera swings round beside the obstacle (or rises over it) instead of squeezing in;
// stick_swings: the player is orbiting it this tick (it is swung round only where it would come nearer);
// far_m: how far it eases out to (camera_far_m).
void step_camera(SimState* s, const Level& level, float body_height_m, float stand_height_m, float yaw_change_rad,
                 float min_distance_m, bool stick_swings, const glm::vec3* destination_ws = nullptr,
                 float far_m = kCameraDistanceM);

// After a turn round (SimState::camera_turn_lag_rad) the orbit swings round after the creature, eased;
// it stops where swinging on would take it nearer a wall than min_distance_m and a margin (beside a
// wall it then looks from beside, as keep_room has it).
void follow_turn_round(SimState* s, const Level& level, float body_height_m, float min_distance_m);

// While the player acts (an emote, a sit: Action::shows_an_act) and the stick leaves the orbit alone, the
// camera eases round to a three-quarter front view (kShowYawRad from behind, on the side the orbit
// leans to, else the side with more room), never to where it would have less room than min_distance_m
// and a margin; once the act ends it eases back behind. Orbiting with the stick hands it to the player
// until the act ends (SimState::camera_showing kShowHandedOver).
constexpr float kShowYawRad = 2.35f;  // 135 degrees round from behind
constexpr std::uint8_t kShowHandedOver = 3;
void show_the_act(SimState* s, const Level& level, float body_height_m, float min_distance_m, bool acting,
                  bool stick_swings);

// The eye and target for drawing 'draw' (one state or a blend of two): the state's orbit, clamped
// again so that no blend puts the eye inside anything or behind it.
CameraPose camera_pose(const SimState& draw, const Level& level, float body_height_m);

// World -> view matrix of the pose.
glm::mat4 camera_view_matrix(const CameraPose& pose);

}  // namespace cf
