#pragma once
// Where a vaulting creature meets walls and the fence: the wall surface a limb faces, how deep a limb
// or a whole pose goes in, a limb re-solved in front of a plane, and planted hands laid flat on the
// fence top. World space unless a name says _ms; metres.
#include <vector>

#include <glm/glm.hpp>

#include "math/geometry.h"
#include "retarget/retarget.h"
#include "skeleton/skeleton.h"
#include "world/clearance.h"
#include "world/level.h"

namespace cf {

// A planted hand rests this far above the fence top; flesh is kept this far from walls and the fence.
constexpr float kContactGap_m = 0.002f;

// The deepest any bone capsule (flesh radius included) of the pose goes into a wall or fence.
Penetration pose_penetration(const Level& level, const Rig& rig, const CreaturePose& pose,
                             const PenetrationOptions& options = {});
// pose_penetration(...).depth > 0, stopping at the first bone that touches.
bool pose_touches(const Level& level, const Rig& rig, const CreaturePose& pose, const PenetrationOptions& options = {});

// The thickest flesh radius of the limb's bones, metres.
float limb_radius(const Rig& rig, const LimbChain& limb);

// The wall surface a point faces: the virtual plane, else the nearest vertical box face pushed out
// past the pipes on that side. World space; the positive side is outside the wall.
Plane wall_face(const Wall& wall, const glm::vec3& point_ws);

// The same plane in the model space of 'model_to_world'.
Plane plane_to_model(const Plane& plane_ws, const glm::mat4& model_to_world);

// True when the limb's capsules and the wall (box and pipes) are more than a millimetre apart along
// some world axis: then every penetration is exactly 0. A cheap test done first.
bool limb_far_from_wall(const Rig& rig, const LimbChain& limb, const CreaturePose& pose, const Wall& wall);

// How deep the limb's bones (flesh included) go into the wall's box and pipes, metres.
float limb_wall_depth(const Rig& rig, const LimbChain& limb, const CreaturePose& pose, const Wall& wall);
// limb_wall_depth(...) > 0, stopping at the first touch.
bool limb_wall_touches(const Rig& rig, const LimbChain& limb, const CreaturePose& pose, const Wall& wall);

// Re-solves limb 'limb' with its joint kept at least 'margin_m' in front of plane_ms (the target
// clamped onto it, the end bone pushed out too) and writes its bones, model and world space.
void resolve_limb_clamped(const Rig& rig, int limb, const Plane& plane_ms, float margin_m,
                          const glm::mat4& model_to_world, CreaturePose* pose);

// The face of a box (four sides and the top) that best separates a limb's root and target from it:
// the plane maximizing the smaller signed distance of the two, which goes to *clearance_m. World space.
Plane separating_face(const Box& box, const glm::vec3& root_ws, const glm::vec3& target_ws, float* clearance_m);

// A planted hand lies flat on the fence top: the end bone (wrist to fingertips) of every limb with
// plants[limb] set and in contact is turned level, keeping its heading and length.
void flatten_planted_hands(const Rig& rig, const std::vector<char>& plants, const glm::mat4& model_to_world,
                           CreaturePose* pose);

}  // namespace cf
