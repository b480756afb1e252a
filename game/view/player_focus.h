#pragma once
// Keeping the player's creature in sight: a marker ring at its feet (an arrow on it points where it
// faces), and herd creatures that stand between the camera and the player drawn see-through (the
// geometry stage's screen-door dither). View only: nothing here reaches the simulation or its hash.
#include <glm/glm.hpp>

#include "render/command_list.h"
#include "render/mesh_builders.h"
#include "retarget/retarget.h"

namespace cf {

// A flat ring of radius 1 in the y = 0 plane (facing +Y) with an arrow head beyond it on +Z; scaled
// and placed by player_marker_transform.
MeshData make_player_marker_mesh();

// The marker around a creature whose ground point is cog_ws (projected to ground_y), facing heading_rad
// (0 faces +Z), ringing a body of body_radius_m: the ring sits just outside the body, a little over the
// ground so it is never hidden under it, tilted to ground_normal (unit, up; the slope under the ring).
glm::mat4 player_marker_transform(const glm::vec3& cog_ws, float heading_rad, float body_radius_m, float ground_y,
                                  const glm::vec3& ground_normal = glm::vec3(0.0f, 1.0f, 0.0f));
// The ring's radius for a body of body_radius_m.
float player_marker_radius(float body_radius_m);

// The marker's colour: bright, unlit, so it reads on grass, sand and shadow alike.
constexpr Rgba8 kPlayerMarkerColor{255, 210, 40, 255};
// A heart, radius about 1 in the x/y plane facing +Z: shown over a creature just befriended.
MeshData make_heart_mesh();
// The heart over a creature whose highest point is top_ws, 'age' [0, 1) into its showing (it rises and
// shrinks away), turned to face the eye.
glm::mat4 heart_transform(const glm::vec3& top_ws, float age, const glm::vec3& eye_ws);
constexpr Rgba8 kHeartColor{240, 60, 110, 255};

// A see-through creature's mesh colour alpha: the stage dithers away every other pixel of it.
constexpr std::uint8_t kSeeThroughAlpha = 128;

// A sparser see-through (three pixels of four dithered away): a ghost close to the camera or the player.
constexpr std::uint8_t kFadedAlpha = 48;

// How the racing ghost is drawn from where it is (its centre of gravity) against the camera and the
// player: kSeeThroughAlpha, kFadedAlpha near either (so it never hides the player), 0 (not drawn) when
// the camera is inside it or over a finish screen (the results own the picture).
std::uint8_t ghost_alpha(const glm::vec3& ghost_ws, const glm::vec3& camera_ws, const glm::vec3& player_ws,
                         bool finish_screen);

// True when the creature's flesh (each bone grown by reach_m) crosses a sight line from eye_ws to one
// of the player's points, nearer the eye than the player: it hides part of the player.
bool hides_player(const CreaturePose& creature, float reach_m, const glm::vec3* player_points_ws, int point_count,
                  const glm::vec3& eye_ws);

}  // namespace cf
