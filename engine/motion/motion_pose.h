#pragma once
// A motion sampled at one instant, for the reference body: the plain data that retargeting reads.
#include <array>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace cf {

// Parts of the reference body. Waist, chest and head are one bone; arms and legs are two bones
// (plus the hand/foot that follows) between their reference point and control point.
enum class MotionPart { kWaist = 0, kChest, kHead, kLeftArm, kRightArm, kLeftLeg, kRightLeg, kCount };
constexpr int kMotionPartCount = static_cast<int>(MotionPart::kCount);
const char* to_string(MotionPart p);  // "waist", "chest", "head", "left_arm", ...
// The mirror partner (left arm <-> right arm, left leg <-> right leg; others map to themselves).
MotionPart counterpart(MotionPart p);

struct PartSample {
  glm::vec3 reference{0.0f};  // base of the part, clip model space, metres
  glm::vec3 control{0.0f};    // tip the part reaches for (hand, foot, head top, chest top), clip model space
  glm::vec3 pole{0.0f, 0.0f, 1.0f};  // bend hint for two-bone parts, unit direction, clip model space
};

struct MotionPose {
  glm::quat waist_orientation{1.0f, 0.0f, 0.0f, 0.0f};  // waist frame in clip model space
  std::array<PartSample, kMotionPartCount> parts{};     // parts[kWaist].reference is the waist position
  // Per leg (0 left, 1 right): 1 while the clip plants the foot (stance), 0 in swing.
  std::array<float, 2> contact{0.0f, 0.0f};
  // Per arm (0 left, 1 right): 1 while the clip plants the hand (the vault's hand on the fence).
  std::array<float, 2> hand_contact{0.0f, 0.0f};
  const PartSample& operator[](MotionPart p) const { return parts[static_cast<int>(p)]; }
  PartSample& operator[](MotionPart p) { return parts[static_cast<int>(p)]; }
};

}  // namespace cf
