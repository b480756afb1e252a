#pragma once
// Clearance queries on a Level: how far a creature can reach sideways before it meets something
// (lref), whether a point is in a movable region, which fence is in reach. All inputs and outputs are
// world space, metres. No allocation, no exceptions. Also brings in the level's other queries: capsule
// penetration (world/penetration.h) and movement collision (world/movement_collision.h).
#include <limits>

#include <glm/glm.hpp>

#include "world/hit_kind.h"
#include "world/level.h"
#include "world/movement_collision.h"
#include "world/penetration.h"

namespace cf {

// A horizontal ray from the reference line. Objects count by their footprint on the ground (the
// reference line is vertical, so anything beside it at any height in [y_min, y_max] is in the way).
struct ClearanceQuery {
  glm::vec3 origin_ws{0.0f};  // a point of the vertical reference line; only x and z are used
  glm::vec3 dir_ws{1.0f, 0.0f, 0.0f};  // direction; y is ignored and x, z normalized inside
  int skip_fence = -1;        // fence being vaulted: not an obstacle for its own vault
  float y_min = -std::numeric_limits<float>::infinity();  // vertical span the creature occupies;
  float y_max = std::numeric_limits<float>::infinity();   // objects entirely outside it are ignored
  float max_distance = 1000.0f;  // metres; the answer when nothing is hit
};

struct RayHit {
  float distance = 0.0f;  // metres along the ray; max_distance when nothing is hit; 0 when starting inside
  HitKind kind = HitKind::kNone;
  int index = -1;         // fence, wall or region index
};

// lref: the distance to the nearest object in the direction: a wall's virtual plane where it has
// one (the plane, within the wall's lateral span), else the wall's box and pipes; any fence other
// than skip_fence; and the boundary of the movable regions when the level has any.
RayHit ray_clearance(const Level& level, const ClearanceQuery& q);

// True when p is inside a movable region (in x, z, and below the region's height above the
// ground), or when the level has no regions (the whole ground is movable).
bool in_regions(const Level& level, const glm::vec3& p_ws);

// Where the movable regions end on open ground: a box standing just outside each run of a region's
// edge that borders ground outside every region (edges two regions share are not), kRegionEdgeDepth_m
// thick, as tall as the region, its local +z pointing away from the movable ground (its -z face is the
// edge's line, where the game draws a rail). None when the level has no regions, or more than
// kRegionEdgeMaxPoints points in all (too costly to trace).
constexpr float kRegionEdgeDepth_m = 0.2f;
constexpr std::size_t kRegionEdgeMaxPoints = 1024;
std::vector<Box> region_edges(const Level& level);

// The fence a creature at pos facing forward can vault: the nearest fence whose footprint is within
// max_distance horizontally and in front (within 60 degrees of forward). -1 when none.
int fence_in_reach(const Level& level, const glm::vec3& pos_ws, const glm::vec3& forward_ws, float max_distance);

// Horizontal distance from p to the fence's footprint (0 inside).
float distance_to_footprint(const Box& box, const glm::vec3& p_ws);

}  // namespace cf
