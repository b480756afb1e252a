#pragma once
// Bone frames (CreaturePose::bone_ms, also the bind pose): column 3 = bone head, column 0 = unit
// head->tail, columns 1 and 2 orthonormal, right-handed (col2 = col0 x col1). Roll: for limb bones (all
// three, foot/hand included) column 2 is the limb's hinge axis -- the normal of the plane of A, B, C, the
// axis the knee/elbow turns about -- so column 1 lies in the bend plane and flesh skinned with
// bone_ms * inverse(bind_ms) does not twist as the limb bends; other bones carry their bind roll
// (column 1 = world up made perpendicular, +Z-ish for vertical bones) through the rotation the pose
// applied. Skinning matrix = bone_ms[b] * inverse(bind_ms[b]).
#include <vector>

#include <glm/glm.hpp>

#include "retarget/creature_pose.h"
#include "skeleton/skeleton.h"

namespace cf {

// Bone frame with the conventions above from a head, a tail and a roll hint (column 1 is the
// hint made perpendicular to the bone; any perpendicular when the hint is along the bone).
glm::mat4 bone_frame(const glm::vec3& head, const glm::vec3& tail, const glm::vec3& roll_hint);

// The four points of a solved limb chain, model space: root (A), joint (B), tip (C), end (D).
struct LimbPoints {
  glm::vec3 root, joint, tip, end;
};
// Writes limb 'limb''s three bones (A-B, B-C, C-D) into the pose: model-space heads, tails, frames
// (bent towards pole_ms) and rotations from bind, and world positions when model_to_world is given.
// The one writer of limb bones, so a limb looks the same whoever solved it (walk, vault clamping).
void write_limb_bones(const Rig& rig, int limb, const LimbPoints& points, const glm::vec3& pole_ms,
                      const glm::mat4* model_to_world, CreaturePose* pose);
// Bind-pose frames of every bone of the rig (same conventions as CreaturePose::bone_ms).
void bind_pose_matrices(const Rig& rig, std::vector<glm::mat4>* out);

// Rigid placement: rotation by heading (radians about +Y; 0 faces +Z) then translation.
glm::mat4 placement(const glm::vec3& position_ws, float heading_rad);

}  // namespace cf
