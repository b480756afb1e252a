#pragma once
// The live preview behind the editor: after every change the creature is rebuilt (rig with the
// normalized limbs, skinned flesh) and its rules checked. Allocates (a build step, not per tick).
#include <cstdint>
#include <string>
#include <vector>

#include "creature/creature.h"
#include "creature/creature_rules.h"
#include "skeleton/skeleton.h"
#include "skin/skinned_creature.h"

namespace cf {

struct EditorPreview {
  bool has_rig = false;
  Rig rig;
  bool has_skin = false;
  SkinnedCreature skin;
  std::vector<RuleProblem> problems;  // broken rules, most important first

  // Rebuilds everything from the creature (an empty creature gives no rig and "draw the torso first").
  void rebuild(const Creature& creature);
  bool saveable() const { return problems.empty() && has_rig; }
};

}  // namespace cf
