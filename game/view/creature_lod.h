#pragma once
// Level of detail for creature flesh, as a console game picks it: a creature small on screen is skinned
// and drawn with a reduced mesh built once per species (same rig, same palette build, fewer rings), and a
// creature wholly outside the view is not skinned at all. View only: the simulation and its hash never
// see it, and the choice depends only on the poses and the camera, so frames stay reproducible.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "retarget/retarget.h"
#include "skeleton/skeleton.h"

namespace cf {

enum class FleshDetail : std::uint8_t { kNone, kFull, kLow, kFar };  // kNone: not drawn yet

struct FleshLodOptions {
  bool enabled = true;          // false: every creature full and skinned (the baseline)
  bool cull = true;             // creatures wholly outside the view are not skinned or drawn
  int low_vertices = 500;       // the reduced mesh's vertex target (the full flesh has about 3000)
  int far_vertices = 160;       // the far mesh's: a few pixels tall, a PS1 model's triangle count
  // A full creature drops to low when its sphere is smaller than this on screen (of a target 240 tall):
  // the low flesh turns about 475 triangles to the camera, a few pixels each at this size, where the full
  // one's 3,000 are under one pixel each and cost software GL their setup all the same.
  float low_below_px = 120.0f;
  float full_above_px = 150.0f;  // and a low one returns to full above this: the gap keeps it from flickering
  // Below this the low flesh's triangles are under a pixel or two each in turn: the far mesh (280-480
  // triangles, half to the camera) draws it, and above far_to_low_px the low one again.
  float far_below_px = 40.0f;
  float far_to_low_px = 50.0f;
};

// A creature's bounding sphere, world space.
struct CreatureBounds {
  glm::vec3 centre_ws{0.0f};
  float radius_m = 0.0f;
};

// How far the flesh reaches out of the bones in the bind pose: the largest distance from a vertex to
// its nearest bone segment (metres). Skinning keeps flesh about this close to the bones in any pose.
float flesh_reach_m(const Skeleton& skeleton, const std::vector<glm::vec3>& positions_ms);

// The sphere around every bone of the pose (world space), grown by reach_m.
CreatureBounds creature_bounds(const CreaturePose& pose, float reach_m);

// The sphere's diameter on a target target_height_px pixels tall, seen through 'view' with the given
// vertical field of view, at its distance from the camera (as if looked at straight on, so the detail
// does not change when only the camera turns). A camera inside the sphere sees it as very large.
float projected_diameter_px(const CreatureBounds& b, const glm::mat4& view, float fov_y_rad, int target_height_px);

// False only when the sphere is wholly outside one of the six planes of view_proj (world -> clip).
bool sphere_in_view(const CreatureBounds& b, const glm::mat4& view_proj);

// This frame's detail from the last frame's and the on-screen diameter (kNone: no history, the middle
// of each gap decides). A creature moves between neighbouring levels only past a gap's far side.
FleshDetail choose_detail(FleshDetail previous, float diameter_px, const FleshLodOptions& options);

// How the last frame's creatures were drawn (for the bench, tests and the debug panel).
struct FleshLodCounts {
  int full = 0, low = 0, far = 0, culled = 0;
};

}  // namespace cf
