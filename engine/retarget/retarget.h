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
// Two steps, both allocation-free once CreaturePose (retarget/creature_pose.h) is sized:
// build_retarget_setup() once per creature-clip pair, then a RetargetJob per tick. job.run() does
// the whole tick; it is also split in two stages so callers can edit the limb targets in between (the
// walker plants feet in world space, the vault clamps hands against walls): retarget_targets() then
// retarget_solve(). Bone frames follow retarget/bone_frames.h.
#include <array>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "core/result.h"
#include "math/ground.h"
#include "motion/motion_clip.h"
#include "motion/motion_pose.h"
#include "retarget/bone_frames.h"
#include "retarget/creature_pose.h"
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
  const Ground* ground = nullptr;        // the ground each foot keeps above; null: the flat ground y = 0
  glm::mat4 model_to_world{1.0f};        // rigid placement of model space in the world
  float motion_weight = 1.0f;            // 0: stand pose body (no waist/torso motion) .. 1: the clip's
  RootMotion root_motion = RootMotion::kAuto;
  CreaturePose* out = nullptr;           // sized for rig
  // True when out->samples already hold this clip's samples at time_s with this setup (the caller
  // posed this very clip time into out just before): they are not sampled again.
  bool samples_held = false;

  // False when a pointer is null, out is not sized for rig, setup does not match rig, or time or
  // weight or the placement is not finite.
  bool validate() const;
  // Validates, then poses the whole tick into *out (both stages below). Never allocates or throws.
  bool run() const;
};

// Stage 1: samples the clip, poses the body (cog, spine, head, tail bones), posed limb roots,
// poles, clip-driven limb targets and contact flags. Limb bones are left at their bind offsets.
bool retarget_targets(const RetargetJob& job);
// Stage 2: solves every limb from out->limbs[i].target_ms (two-bone IK, foot/hand bone follows,
// kept above the ground under it), builds bone_ms and the world positions.
bool retarget_solve(const RetargetJob& job);

}  // namespace cf
