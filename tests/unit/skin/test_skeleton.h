#pragma once
// A small hand-made skeleton for skin tests: cog, a 3-bone spine along +Z and two 3-bone legs.
#include <string>

#include "creature/creature_io.h"
#include "skeleton/rig_builder.h"
#include "skeleton/skeleton.h"

namespace cf::test {

inline void add_bone(Skeleton& s, const std::string& name, int parent, BoneClass c, int part, glm::vec3 h,
                     glm::vec3 t, float r) {
  s.names.push_back(name);
  s.parents.push_back(parent);
  s.classes.push_back(c);
  s.sides.push_back(Side::kCenter);
  s.head_ms.push_back(h);
  s.tail_ms.push_back(t);
  s.radius.push_back(r);
  s.counterpart.push_back(-1);
  s.part.push_back(part);
}

inline Skeleton make_test_skeleton() {
  Skeleton s;
  add_bone(s, "cog", -1, BoneClass::kCog, -1, {0, 0.6f, 0}, {0, 0.65f, 0}, 0.1f);
  add_bone(s, "spine0", 0, BoneClass::kTorso, 0, {0, 0.6f, -0.3f}, {0, 0.6f, -0.1f}, 0.12f);
  add_bone(s, "spine1", 1, BoneClass::kTorso, 0, {0, 0.6f, -0.1f}, {0, 0.62f, 0.1f}, 0.12f);
  add_bone(s, "spine2", 2, BoneClass::kTorso, 0, {0, 0.62f, 0.1f}, {0, 0.6f, 0.3f}, 0.1f);
  for (int side = 0; side < 2; ++side) {
    const float x = side == 0 ? 0.1f : -0.1f;
    const int base = s.size();
    const std::string n = side == 0 ? "leg_l" : "leg_r";
    add_bone(s, n + "_upper", 2, BoneClass::kLeg, 1 + side, {x, 0.55f, 0}, {x, 0.3f, 0.05f}, 0.04f);
    add_bone(s, n + "_lower", base, BoneClass::kLeg, 1 + side, {x, 0.3f, 0.05f}, {x, 0.04f, 0}, 0.035f);
    add_bone(s, n + "_foot", base + 1, BoneClass::kLeg, 1 + side, {x, 0.04f, 0}, {x, 0.03f, 0.1f}, 0.03f);
  }
  return s;
}

inline const char* const kShippedCreatures[] = {"biped", "quadruped", "hexapod", "strider",
                                                 "stubby", "biped_arms_tail", "octopod"};

inline Result<Rig> load_shipped_rig(const std::string& name) {
  auto c = load_creature(std::string(CF_ASSETS_DIR) + "/creatures/" + name + ".json");
  if (!c) return c.error();
  return build_rig(*c);
}

}  // namespace cf::test
