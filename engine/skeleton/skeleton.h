#pragma once
// Baked runtime skeleton: flat arrays in depth-first order (a parent always precedes its children),
// built from a Creature by build_rig(). Positions are the bind pose in model space.
#include <array>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "creature/creature.h"

namespace cf {

enum class BoneClass { kCog, kTorso, kLeg, kArm, kHead, kTail };
const char* to_string(BoneClass c);  // "cog", "torso", "leg", "arm", "head", "tail"

struct Skeleton {
  std::vector<std::string> names;      // stable names used in files ("spine1", "leg_l0_thigh", ...)
  std::vector<int> parents;            // -1 for the root (the cog bone)
  std::vector<BoneClass> classes;
  std::vector<Side> sides;
  std::vector<glm::vec3> head_ms;      // bone start, bind pose, model space
  std::vector<glm::vec3> tail_ms;      // bone end, bind pose, model space
  std::vector<float> radius;           // flesh radius around the bone, metres
  std::vector<int> counterpart;        // mirror partner's index, -1 when unpaired or centre
  std::vector<int> part;               // index of the creature part the bone came from (-1 for cog)

  int size() const { return static_cast<int>(names.size()); }
  int find(const std::string& name) const;  // -1 when absent
};

// A leg or arm as a two-bone IK chain plus an end bone: A root, B knee/elbow, C ankle/wrist
// (ground contact for legs), D toe/hand tip.
struct LimbChain {
  int part = -1;                          // index of the part in the creature file
  PartTag tag = PartTag::kLeg;            // kLeg or kArm
  Side side = Side::kCenter;
  std::array<glm::vec3, 4> drawn{};       // A, B, C, D picked from the drawn stroke, model space
  std::array<glm::vec3, 4> nodes{};       // A, B, C, D after normalization, model space
  float l1 = 0, l2 = 0, l3 = 0;           // |AB|, |BC|, |CD| of nodes, metres
  std::string cases;                      // normalizer case letters applied in order ("b", "dd", "")
  glm::vec3 pole{0.0f, 0.0f, 1.0f};       // unit bend direction for IK (knees forward, elbows back)
  std::array<int, 3> bones{-1, -1, -1};   // skeleton bones AB, BC, CD
  int attach_bone = -1;                   // spine bone the limb root hangs from
};

// Everything built from a creature that runtime code needs.
struct Rig {
  Skeleton skeleton;
  std::vector<LimbChain> limbs;           // legs then arms, in file order within each tag
  std::vector<int> spine_bones;           // torso chain, root to tip
  std::vector<int> head_bones;
  std::vector<int> tail_bones;
  int cog_bone = 0;
  glm::vec3 cog{0.0f};                    // centre of gravity: mean of leg roots (torso centre when legless)
  // Legs touch the ground with their flesh, not their bones: a posed creature is raised by the
  // thickest leg's flesh radius (thinner legs reach down the difference), 0 when legless.
  float sole_height = 0.0f;
};

// Flesh radius of a leg's foot bone (CD), the height its sole lifts the bone line; 0 for an arm.
float foot_radius(const Rig& rig, const LimbChain& limb);

}  // namespace cf
