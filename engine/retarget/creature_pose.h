#pragma once
// A posed creature: per-bone heads, tails and frames in model and world space, per-limb IK state,
// sized once for a rig so the per-tick jobs (retarget, vault, blend) never allocate.
#include <array>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "motion/motion_pose.h"
#include "skeleton/skeleton.h"

namespace cf {

// One limb after retargeting.
struct LimbPose {
  glm::vec3 root_ms{0.0f};    // posed chain root A, model space
  glm::vec3 target_ms{0.0f};  // IK target for C (ankle/wrist), model space
  glm::vec3 target_ws{0.0f};  // the same in world space (filled by retarget_solve)
  glm::vec3 pole_ms{0.0f, 0.0f, 1.0f};  // bend hint used, model space, unit
  bool reached = false;       // IK reached the target (within 1e-6 relative)
  bool contact = false;       // the clip plants this limb now (legs: stance; arms: hand contact)
  float ik_error_m = 0.0f;    // |C - target|, metres
  float phase = 0.0f;         // this limb's clip phase, cycles [0, 1)
};

// A posed creature. Size it once with resize(rig); the jobs never allocate. Frames follow the
// conventions in retarget/bone_frames.h.
struct CreaturePose {
  std::vector<glm::vec3> head_ms, tail_ms;  // per bone, model space
  std::vector<glm::vec3> head_ws, tail_ws;  // per bone, world space
  std::vector<glm::mat4> bone_ms;           // per bone frame, model space
  std::vector<glm::quat> rotation_ms;       // per bone: model-space rotation from the bind frame
  std::vector<LimbPose> limbs;              // parallel to Rig::limbs
  glm::vec3 cog_ms{0.0f};                   // centre of gravity, model space
  glm::vec3 cog_ws{0.0f};
  glm::mat4 model_to_world{1.0f};           // placement used (rotation about Y + translation)
  std::vector<glm::mat4> bind_ms;           // per bone bind frame (bind_pose_matrices), set by resize
  std::vector<int> bone_limb;               // per bone: index of the limb it belongs to, -1 for none
  std::vector<int> spine_rank;              // per bone: position in Rig::spine_bones, -1 for none
  std::array<MotionPose, 4> samples{};      // scratch: clip samples per distinct gait phase

  // Allocates every array for the rig: the bind pose (model = world space), bind frames, the bone ->
  // limb and spine-rank tables, default limb states.
  void resize(const Rig& rig);
  bool sized_for(const Rig& rig) const;
};

}  // namespace cf
