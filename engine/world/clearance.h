#pragma once
// Clearance queries on a Level: how far a creature can reach sideways before it meets something
// (lref), how deep a limb capsule goes into an object, and whether a point is in a movable region.
// All inputs and outputs are world space, metres. No allocation, no exceptions.
#include <limits>

#include <glm/glm.hpp>

#include "world/level.h"

namespace cf {

enum class HitKind { kNone, kWallBox, kWallPlane, kPipe, kFence, kRegionBoundary };
const char* to_string(HitKind k);  // "none", "wall", "wall_plane", "pipe", "fence", "region_boundary"

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

// A limb segment with flesh: every point within radius of segment ab. a == b gives a sphere.
struct Capsule {
  glm::vec3 a{0.0f}, b{0.0f};  // world space
  float radius = 0.0f;         // metres, >= 0
};

// Signed distance from p to the box (negative inside), world space, metres.
float box_signed_distance(const Box& box, const glm::vec3& p);
// How deep the capsule goes into the box or pipe: max(0, radius - min signed distance), metres.
float penetration_capsule_box(const Capsule& c, const Box& box);
float penetration_capsule_pipe(const Capsule& c, const Pipe& pipe);  // pipe as a capsule
// The same, except that when an end of the capsule alone already goes 'enough' deep, that end's depth
// (<= the whole depth, >= enough) comes back without searching the segment. For "does it touch" and
// "is it deeper than" questions.
float penetration_capsule_box(const Capsule& c, const Box& box, float enough);
float penetration_capsule_pipe(const Capsule& c, const Pipe& pipe, float enough);

struct PenetrationOptions {
  bool walls = true;       // wall boxes and their pipes (never the virtual planes)
  bool fences = true;
  int skip_fence = -1;     // a fence to ignore, -1 for none
  bool ground = false;     // also count depth below the ground plane
};
struct Penetration {
  float depth = 0.0f;      // metres, >= 0; 0 when nothing enters
  HitKind kind = HitKind::kNone;
  int index = -1;
};
// The deepest penetration of the capsule into anything in the level.
Penetration level_penetration(const Level& level, const Capsule& c, const PenetrationOptions& opt = {});

// True when p is inside a movable region (in x, z, and below the region's height above the
// ground), or when the level has no regions (the whole ground is movable).
bool in_regions(const Level& level, const glm::vec3& p_ws);

// The fence a creature at pos facing forward can vault: the nearest fence whose footprint is within
// max_distance horizontally and in front (within 60 degrees of forward). -1 when none.
int fence_in_reach(const Level& level, const glm::vec3& pos_ws, const glm::vec3& forward_ws, float max_distance);

// Horizontal distance from p to the fence's footprint (0 inside).
float distance_to_footprint(const Box& box, const glm::vec3& p_ws);

// Pushes a circle on the ground (centre p, radius r) out of a box's footprint; true when it moved.
// A centre inside the footprint leaves through the nearest face.
bool push_circle_out_of_box(const Box& box, float r, glm::vec3* p_ws);

// Keeps a circle on the ground out of every fence and wall and on the ground square (three passes
// for corners); p.y is kept. True when it was moved.
bool resolve_circle_collisions(const Level& level, float r, glm::vec3* p_ws);

}  // namespace cf
