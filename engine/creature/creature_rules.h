#pragma once
// The creature rules in words a player understands ("the right back leg does not reach the ground"),
// each naming the part it is about, for the editor's HUD. validate_creature stays the file format's
// check; these add what a drawing needs to walk (legs on the ground) and phrase everything plainly.
#include <string>
#include <vector>

#include "creature/creature.h"

namespace cf {

// Legs and arms: the parts that become two-bone chains.
inline bool is_limb(PartTag t) { return t == PartTag::kLeg || t == PartTag::kArm; }

struct RuleProblem {
  int part = -1;        // index of the part at fault, -1 for the whole creature
  std::string message;  // plain words, no field names
};

// Highest point of a leg's ankle above the ground that still counts as standing, metres.
constexpr float kLegGroundTolerance_m = 0.02f;

// "the left front leg", "the head", "the second tail": side, then front/middle/back among legs
// (or arms) of that side ordered by their root's z, then the tag.
std::string describe_part(const Creature& c, int part);

// Legs whose stroke ends above the ground (kLegGroundTolerance_m): such a creature would sink to its
// short leg, so play refuses it with this rule, as the editor refuses to save it.
std::vector<RuleProblem> legs_off_the_ground(const Creature& c);

// Every broken rule, most important first; empty when the creature can be saved and walked.
std::vector<RuleProblem> check_creature_rules(const Creature& c);

}  // namespace cf
