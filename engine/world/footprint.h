#pragma once
// A creature's footprint on the ground for collisions: circles fitted to its body (torso, legs, head,
// tail, each stroke's flesh), placed by the creature's position and heading. Walking is stopped only
// where the body itself would enter a fence or wall, not a circle as wide as the longest reach.
#include <array>

#include <glm/glm.hpp>

#include "world/level.h"

namespace cf {

struct FootprintCircle {
  glm::vec2 offset_ms{0.0f};  // model x, z relative to the point the footprint moves with, metres
  float radius = 0.0f;        // metres, > 0
};

constexpr int kMaxFootprintCircles = 32;

struct Footprint {
  std::array<FootprintCircle, kMaxFootprintCircles> circles{};
  int count = 0;
  float bound_m = 0.0f;  // every circle lies within this distance of the origin (fit_footprint sets it)
};

// The farthest any circle reaches from the footprint's origin: max |offset| + radius, metres.
float footprint_bound(const Footprint& footprint);

// Circles along each stroke (model space, x z), spaced by the stroke's radius, relative to 'origin_xz';
// strokes are given as point lists with a flesh radius. Longer bodies get fewer, larger-spaced circles
// so that at most kMaxFootprintCircles are used.
struct FootprintStroke {
  const glm::vec3* points = nullptr;
  int count = 0;
  float radius = 0.0f;
};
Footprint fit_footprint(const FootprintStroke* strokes, int stroke_count, glm::vec2 origin_xz);

// Keeps the footprint (placed at p_ws facing heading_rad: 0 faces +Z) out of every fence, wall and gap
// (gaps skipped when 'gaps' is false: in the air) and on the ground square, moving p_ws only (heading is
// kept); p.y is kept. True when it was moved. With 'edges', the movable regions' edges (Level::edges, the
// rail) stop it too: the player's body stays inside the rail; a herd's stops by its centre alone.
bool resolve_footprint_collisions(const Level& level, const Footprint& footprint, float heading_rad, glm::vec3* p_ws,
                                  bool gaps = true, bool edges = false);

// Keeps the footprint out of every platform whose top is above top_y (a ledge's face to a body whose
// step reaches top_y), as resolve_footprint_collisions keeps it out of walls. True when it was moved.
bool resolve_footprint_out_of_ledges(const Level& level, const Footprint& footprint, float heading_rad, float top_y,
                                     glm::vec3* p_ws);

// How deep the footprint's deepest circle is in a fence or wall (or a pipe on a wall), metres: the
// length of the push that would clear that circle alone. 0 when clear. (The regions' edges too, with 'edges'.)
float footprint_depth(const Level& level, const Footprint& footprint, float heading_rad, glm::vec3 p_ws,
                      bool edges = false);

// How far the footprint's deepest circle reaches over the movable regions' edge (into Level::edges, the
// rail), metres; 0 when inside.
float footprint_edge_depth(const Level& level, const Footprint& footprint, float heading_rad, glm::vec3 p_ws);
inline bool footprint_over_edges(const Level& level, const Footprint& footprint, float heading_rad, glm::vec3 p_ws) {
  return footprint_edge_depth(level, footprint, heading_rad, p_ws) > 0.002f;
}

// Whether a circle's centre, moving from the footprint at (p0, heading0) to (p1, heading1), passes
// through a fence or wall (a push can carry a circle out of a thin wall's far side).
bool footprint_swept_through(const Level& level, const Footprint& footprint, glm::vec3 p0, float heading0,
                             glm::vec3 p1, float heading1, bool edges = false);

// One tick's move of a walking body, turning included: the footprint at the new heading is pushed
// clear (the body slides along what it touches). When that push cannot clear it, or would carry it
// further than max_push_m (a long body turning between two walls), the turn is undone: the body keeps
// heading_before, resolved the same way, and stops turning instead of sweeping through the wall; so
// is a turn whose push carries a circle through a fence or wall.
struct FootprintMove {
  bool hit = false;         // something was touched (p was pushed, or the turn undone)
  bool turn_undone = false;  // *heading_rad was set back to heading_before
};
FootprintMove move_footprint(const Level& level, const Footprint& footprint, float heading_before, float* heading_rad,
                             glm::vec3* p_ws, float max_push_m = 0.08f, bool edges = false);

// A footprint turned to a heading, for tests between two bodies: its circles' offsets rotated into
// world x, z around the origin, so moving the origin (a push) needs no new placement.
struct PlacedCircle {
  glm::vec2 offset_ws{0.0f};  // world x, z relative to origin_ws, metres
  float radius = 0.0f;
};
struct PlacedFootprint {
  glm::vec2 origin_ws{0.0f};  // the point the footprint moves with (a creature's root), world x, z
  float bound_m = 0.0f;       // Footprint::bound_m
  int count = 0;
  std::array<PlacedCircle, kMaxFootprintCircles> circles{};
};
PlacedFootprint place_footprint(const Footprint& footprint, glm::vec2 origin_ws, float heading_rad);

// The closest pair of circles of two placed footprints. gap_m: the distance between their surfaces,
// negative when they overlap (then -gap_m is the deepest overlap, and moving b by it along normal_ab
// parts that pair). Pairs surely farther apart than within_m are skipped (the bounds first, then
// each circle of a against b's bound; within_m >= 0): when every pair is, gap_m > within_m and
// normal_ab points from a's origin to b's.
struct FootprintGap {
  float gap_m = 0.0f;
  glm::vec2 normal_ab{1.0f, 0.0f};  // unit, world x, z, from a's circle towards b's
};
FootprintGap footprint_gap(const PlacedFootprint& a, const PlacedFootprint& b, float within_m);

// How to part two overlapping footprints: a direction to move b away from a (unit, world x, z: the
// overlapping pairs' normals weighted by depth, or the origins' line where those mostly cancel, as
// when limbs interlock) and how far b must move along it for no pair that overlaps now to overlap.
// distance_m is 0 when nothing overlaps.
struct FootprintPush {
  glm::vec2 direction_ab{1.0f, 0.0f};
  float distance_m = 0.0f;
};
FootprintPush footprint_push(const PlacedFootprint& a, const PlacedFootprint& b);

}  // namespace cf
