#pragma once
// Retargeting: a motion clip authored once for the reference body (reference and control points,
// motion/motion_clip.h) is fitted to any creature's rig (skeleton/skeleton.h).
//
//  - Centre of gravity: Rig::cog (mean of the leg roots) driven by the clip's waist: rotations as
//    they are, translations scaled by s = creature mean leg length / reference mean leg length.
//  - Torso: spine bones rotated about MODEL-space axes by the clip's chest swing (and head bones by
//    the head's), so the motion's direction does not depend on how the spine was drawn.
//  - Legs: target = foothold + scale * (clip foot - reference hip's ground point), where foothold is
//    the ground point under the leg's root (plus the drawn foot's sideways x spread, which is zero for
//    legs drawn straight down, as the reference body's are) and scale = leg length / matched
//    reference leg length; each leg reads the clip at its own gait phase. Two-bone IK root ->
//    target, the foot bone follows.
//  - Arms: target = posed arm root + scale * (clip hand - clip shoulder), recomputed every tick.
//
// Two steps, both allocation-free once CreaturePose is sized: build_retarget_setup() once per
// creature-clip pair, then a RetargetJob per tick. The job is split in two stages so callers can
// edit the limb targets in between (the walker plants feet in world space, the vault clamps hands
// against walls): retarget_targets() then retarget_solve(); retarget_pose() runs both.
//
// Bone frames (bone_ms, also the bind pose): column 3 = bone head, column 0 = unit head->tail,
// columns 1 and 2 orthonormal, right-handed (col2 = col0 x col1). Roll: for limb bones (all three,
// foot/hand included) column 2 is the limb's hinge axis -- the normal of the plane of A, B, C, the
// axis the knee/elbow turns about -- so column 1 lies in the bend plane and flesh skinned with
// bone_ms * inverse(bind_ms) does not twist as the limb bends; other bones carry their bind roll
// (column 1 = world up made perpendicular, +Z-ish for vertical bones) through the rotation the
// pose applied. Skinning matrix = bone_ms[b] * inverse(bind_ms[b]).
#include <array>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "core/result.h"
#include "motion/motion_clip.h"
#include "motion/motion_pose.h"
#include "skeleton/skeleton.h"

namespace cf {

constexpr int kMaxLegs = 8;
constexpr int kSwingSamples = 32;  // resolution of the tabulated reference swing paths

// Per limb of the rig (same index as Rig::limbs).
struct LimbSetup {
  PartTag tag = PartTag::kLeg;       // kLeg or kArm
  int ref_side = 0;                  // matched reference limb: 0 left, 1 right
  MotionPart ref_part = MotionPart::kLeftLeg;  // the clip part it reads
  float length_m = 0.0f;             // l1 + l2 of the creature limb (root to C), metres
  float scale = 1.0f;                // length_m / matched reference reach
  glm::vec3 offset_ms{0.0f};         // legs: ground point (y = 0) under the bind root, model space
  glm::vec3 foothold_ms{0.0f};       // legs: neutral planted C (y = 0): offset_ms plus the drawn foot's
                                     // sideways (x) spread from the root (0 for legs drawn straight
                                     // down; keeps a spider's feet out where they were drawn)
  float phase = 0.0f;                // legs: gait phase offset in cycles [0, 1), added to the clip phase
  int order = 0;                     // rank front (0) to back among limbs of its tag and side
  float stance_reach_m = 0.0f;       // legs: horizontal distance from foothold_ms the planted C can be
                                     // while the leg still reaches it at the highest body point, metres
};

// What the clip does with one reference leg, tabulated once (walker and tests read it).
struct ReferenceLegGait {
  float touchdown = 0.0f;  // phase (cycles, [0,1)) at which the clip plants the foot
  float liftoff = 0.0f;    // phase at which it lifts it
  float duty = 1.0f;       // stance fraction of the cycle, (0, 1]
  float floor_y = 0.0f;    // clip foot control height while planted (subtracted: planted = ground)
  glm::vec3 ground_ms{0.0f};  // clip space: ground point under the reference hip at rest
  // Over the swing (sample i at swing progress i / (kSwingSamples - 1)): fraction of the foot's
  // horizontal travel done, in [0, 1], and foot height above floor_y in reference metres.
  std::array<float, kSwingSamples> swing_progress{};
  std::array<float, kSwingSamples> swing_height_m{};
};

struct RetargetSetup {
  float s = 1.0f;                       // creature mean leg length / reference mean leg length
  float creature_leg_length_m = 0.0f;   // mean over legs of l1 + l2
  float reference_leg_length_m = 0.0f;  // ReferenceBody::mean_leg_length()
  int leg_count = 0;
  int arm_count = 0;
  std::vector<LimbSetup> limbs;         // parallel to Rig::limbs
  std::array<ReferenceLegGait, 2> ref_legs{};  // 0 left, 1 right
  double cycle_s = 1.0;                 // clip duration, seconds
  bool loop = true;
  glm::vec3 root_velocity_ms{0.0f};     // clip root motion per second (cycle_offset / duration), clip space
  glm::vec3 waist_rest_ms{0.0f};        // clip waist at rest (loop: cycle mean in place; else t = 0)
  glm::vec3 chest_rest_dir{0, 1, 0};    // unit chest reference->control at rest, clip space
  glm::vec3 head_rest_dir{0, 1, 0};     // unit head reference->control at rest, clip space
  float crouch_m = 0.0f;                // body lowered in the stand pose so every leg can step, metres
  float stand_cog_height_m = 0.0f;      // cog height in the stand pose (bind cog y - crouch), metres
  float max_bob_up_m = 0.0f;            // highest scaled waist rise above rest over the clip, metres
};

// Computes the setup for a rig and clip. Fails (message says the creature cannot walk) for a rig
// with no legs, and for a clip whose reference legs have zero length.
Result<RetargetSetup> build_retarget_setup(const Rig& rig, const MotionClip& clip);

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

// A posed creature. Size it once with resize(rig); the jobs never allocate.
struct CreaturePose {
  std::vector<glm::vec3> head_ms, tail_ms;  // per bone, model space
  std::vector<glm::vec3> head_ws, tail_ws;  // per bone, world space
  std::vector<glm::mat4> bone_ms;           // per bone frame, model space (conventions above)
  std::vector<glm::quat> rotation_ms;       // per bone: model-space rotation from the bind frame
  std::vector<LimbPose> limbs;              // parallel to Rig::limbs
  glm::vec3 cog_ms{0.0f};                   // centre of gravity, model space
  glm::vec3 cog_ws{0.0f};
  glm::mat4 model_to_world{1.0f};           // placement used (rotation about Y + translation)
  std::vector<glm::mat4> bind_ms;           // per bone bind frame (bind_pose_matrices), set by resize
  std::vector<int> bone_limb;               // per bone: index of the limb it belongs to, -1 for none
  std::vector<int> spine_rank;              // per bone: position in Rig::spine_bones, -1 for none
  std::array<MotionPose, 4> samples{};      // scratch: clip samples per distinct gait phase

  void resize(const Rig& rig);  // allocates every array for the rig and computes bind_ms
  bool sized_for(const Rig& rig) const;
};

// How the clip's root motion is used.
enum class RootMotion {
  kAuto,     // looping clips in place, others from the clip
  kInPlace,  // remove the clip's mean root velocity; the caller moves model_to_world (the walker)
  kFromClip  // the clip's root motion (scaled by s) moves the body within model space (the vault)
};

struct RetargetJob {
  const RetargetSetup* setup = nullptr;  // from build_retarget_setup(*rig, *clip)
  const Rig* rig = nullptr;
  const MotionClip* clip = nullptr;
  double time_s = 0.0;                   // clip time of the body; legs add their phase * cycle_s
  glm::mat4 model_to_world{1.0f};        // rigid placement of model space in the world
  float motion_weight = 1.0f;            // 0: stand pose body (no waist/torso motion) .. 1: the clip's
  RootMotion root_motion = RootMotion::kAuto;
  CreaturePose* out = nullptr;           // sized for rig

  // False when a pointer is null, out is not sized for rig, setup does not match rig, or time or
  // weight or the placement is not finite.
  bool validate() const;
};

// Stage 1: samples the clip, poses the body (cog, spine, head, tail bones), posed limb roots,
// poles, clip-driven limb targets and contact flags. Limb bones are left at their bind offsets.
bool retarget_targets(const RetargetJob& job);
// Stage 2: solves every limb from out->limbs[i].target_ms (two-bone IK, foot/hand bone follows,
// kept above the ground), builds bone_ms and the world positions.
bool retarget_solve(const RetargetJob& job);
// Both stages.
bool retarget_pose(const RetargetJob& job);

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
