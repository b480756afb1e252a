#pragma once
// A motion clip: keyed reference, control and pole channels for the reference body, sampled with
// splines (math/spline.h) into a MotionPose. File format "critterforge.motion/1"
// (docs/modding/adding-a-motion.md).
//
// Frames of the channels (this is the contract of the file and of MotionClip):
//  - waist reference  : absolute position, clip model space, metres. Looping: + cycle_offset per cycle.
//  - waist orientation: unit quaternion, waist frame -> clip model space. Repeats each cycle.
//  - chest, head, arms, legs reference: offset from the waist reference expressed in the WAIST frame
//    (sampling rotates it by the waist orientation and adds the waist position). No cycle offset.
//  - every control point (waist, chest, head, hands, feet): absolute, clip model space, metres.
//    Looping: + cycle_offset per cycle. A planted foot is two equal keys, so it is exactly still.
//  - poles (arms and legs only): bend direction in clip model space; normalized after sampling.
//  - contacts (per leg and per hand): step keys, 1 while planted, 0 otherwise.
// sample_clip() returns everything in clip model space (absolute positions).
#include <array>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "core/json_util.h"
#include "core/result.h"
#include "motion/motion_description.h"
#include "motion/motion_pose.h"

namespace cf {

// A clip's motion data is "critterforge.motion/1"; a /2 file is the same plus its "description".
constexpr const char* kMotionFormat = "critterforge.motion/1";
constexpr const char* kMotionFormat2 = "critterforge.motion/2";

// Lengths of one limb of the reference body, metres.
struct LimbLengths {
  float upper = 0.0f;  // hip->knee or shoulder->elbow
  float lower = 0.0f;  // knee->ankle or elbow->wrist
  float end = 0.0f;    // ankle->toe (foot) or wrist->fingertip (hand)
  float reach() const { return upper + lower; }  // two-bone length the IK uses
};

// The body the clip was authored for, so retargeting can compute scale ratios.
struct ReferenceBody {
  std::array<LimbLengths, 2> legs{};  // 0 left (+X), 1 right
  std::array<LimbLengths, 2> arms{};  // 0 left, 1 right
  float hip_height = 0.0f;            // waist (hip joint centre) above the ground standing, metres
  float hip_width = 0.0f;             // distance between the hip joints, metres
  float shoulder_height = 0.0f;       // shoulder joints above the ground standing, metres
  float shoulder_width = 0.0f;        // distance between the shoulder joints, metres
  float mean_leg_length() const { return 0.5f * (legs[0].reach() + legs[1].reach()); }
};

// Keyed channels. times_s strictly increasing; in [0, duration) for looping clips, [0, duration] else.
struct Vec3Channel {
  std::vector<float> times_s;
  std::vector<glm::vec3> values;
  int size() const { return static_cast<int>(times_s.size()); }
};
struct QuatChannel {
  std::vector<float> times_s;
  std::vector<glm::quat> values;  // unit
  int size() const { return static_cast<int>(times_s.size()); }
};
struct StepChannel {
  std::vector<float> times_s;
  std::vector<float> values;  // 0 or 1
  int size() const { return static_cast<int>(times_s.size()); }
};

struct PartChannels {
  Vec3Channel reference;  // waist: absolute; others: offset from the waist in the waist frame
  Vec3Channel control;    // absolute, clip model space
  Vec3Channel pole;       // arms and legs only (empty for waist, chest, head); clip model space direction
};

// Optional obstacle the clip was authored against (the vault's fence), clip model space.
struct ClipObstacle {
  bool present = false;
  float near_z = 0.0f;     // z of the fence face the body approaches, metres
  float height = 0.0f;     // top of the fence above the ground, metres
  float thickness = 0.0f;  // extent along +Z, metres
};

struct MotionClip {
  std::string name;
  double duration_s = 0.0;          // > 0
  bool loop = false;
  bool mirrored = false;            // true when produced by mirror_clip (odd number of mirrorings)
  glm::vec3 cycle_offset_ms{0.0f};  // root motion per cycle (looping), clip model space, metres
  ReferenceBody body;
  QuatChannel waist_orientation;
  std::array<PartChannels, kMotionPartCount> parts{};  // indexed by MotionPart
  std::array<StepChannel, 2> foot_contact{};           // 0 left leg, 1 right leg
  std::array<StepChannel, 2> hand_contact{};           // 0 left arm, 1 right arm; may be empty (= 0)
  ClipObstacle obstacle;
  std::string notes;                // free text kept through load/save (authoring assumptions)
  MotionDescription description;    // how the game plays it (a /1 file: defaults from the clip)

  PartChannels& operator[](MotionPart p) { return parts[static_cast<int>(p)]; }
  const PartChannels& operator[](MotionPart p) const { return parts[static_cast<int>(p)]; }
};

// True for parts that carry a pole channel (arms and legs).
inline bool has_pole(MotionPart p) {
  return p == MotionPart::kLeftArm || p == MotionPart::kRightArm || p == MotionPart::kLeftLeg ||
         p == MotionPart::kRightLeg;
}

// Parses a clip; errors name the file, the field and the problem.
Result<MotionClip> parse_motion(const std::string& text, const std::string& file);
Result<MotionClip> load_motion(const std::string& path);
// Validates a clip built in code (the same checks as the loader, fields named like the file's).
Status validate_motion(const MotionClip& clip, const std::string& file);
// The clip's motion data (as /1, without the description): what fingerprints and scene identities hash.
Json motion_to_json(const MotionClip& clip);
// The whole file: /2 with the description when the clip has one, else motion_to_json.
Json motion_file_json(const MotionClip& clip);
// Atomic save.
Status save_motion(const std::string& path, const MotionClip& clip);

// Samples the clip at t seconds into *out (clip model space). No allocation.
// Looping: any t (also negative) wraps, absolute channels move by cycle_offset per cycle.
// Not looping: t is clamped to [0, duration]. A time that is not finite samples t = 0.
void sample_clip(const MotionClip& clip, double t_seconds, MotionPose* out);

}  // namespace cf
