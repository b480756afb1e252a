#pragma once
// Key reduction for exported joint tracks: per joint, translation and rotation keys (in the parent
// joint's frame, as glTF stores them) are dropped while every bone of the skeleton stays within
// max_error_m of its exact pose at every tick. "Within" is measured on probe points fixed in each
// bone's frame (its joints and the corners of the box around the flesh it carries): an affine error
// is largest at a corner, so no skinned vertex moves further than the worst probe.
// Playback interpolates linearly (translations) and by shortest-arc slerp (rotations), as glTF
// LINEAR samplers do; keys are evaluated as stored (floats).
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <vector>

#include "skeleton/skeleton.h"

namespace cf {

// One joint's local transform per tick, as stored in the file.
struct JointTrack {
  std::vector<glm::vec3> translation;  // parent joint frame (model space for the root), metres
  std::vector<glm::quat> rotation;     // unit, sign-continuous from tick to tick
};

struct JointKeys {
  std::vector<int> translation;  // ticks kept, increasing, first and last always kept
  std::vector<int> rotation;
};

struct KeyReductionInput {
  const Skeleton* skeleton = nullptr;  // parents in depth-first order
  const std::vector<std::vector<glm::mat4>>* frames =
      nullptr;                                 // per tick, per bone frame (bone_ms), >= 2 ticks
  std::vector<std::vector<glm::vec3>> probes;  // per bone: points in the bone's frame
  float max_error_m = 0.001f;                  // > 0
};

struct KeyReduction {
  std::vector<JointTrack> tracks;  // per bone, every tick
  std::vector<JointKeys> keys;     // per bone, the ticks kept
  float max_error_m = 0.0f;        // measured worst probe distance over every tick, metres
  int keys_before = 0;             // translation + rotation keys of all joints before reduction
  int keys_after = 0;
};

// Local (parent-frame) transforms of rigid bone frames, split into translation and rotation.
void local_transform(const glm::mat4& parent_ms, const glm::mat4& bone_ms, glm::vec3* t, glm::quat* r);

// Reduces every joint's keys; joints are visited root first, each given a share of the error that
// grows with its depth so ancestors do not use up the whole budget of their descendants.
KeyReduction reduce_keys(const KeyReductionInput& in);

// Shortest-arc slerp as glTF players do it (double precision), normalized.
glm::dquat slerp_shortest(const glm::dquat& a, const glm::dquat& b, double t);

}  // namespace cf
