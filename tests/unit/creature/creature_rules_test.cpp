#include "creature/creature_rules.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "creature/creature_io.h"

namespace cf {
namespace {

Creature shipped(const char* name) {
  Result<Creature> c = load_creature(std::string(CF_ASSETS_DIR) + "/creatures/" + name + ".json");
  EXPECT_TRUE(c.ok());
  return c ? *c : Creature{};
}

TEST(CreatureRules, ShippedCreaturesBreakNoRule) {
  for (const char* n : {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"}) {
    const std::vector<RuleProblem> p = check_creature_rules(shipped(n));
    EXPECT_TRUE(p.empty()) << n << ": " << (p.empty() ? "" : p.front().message);
  }
}

TEST(CreatureRules, NamesTheLegThatDoesNotReachTheGround) {
  Creature c = shipped("quadruped");
  // parts[6] is the right back leg: lift its foot off the ground.
  for (glm::vec3& p : c.parts[6].stroke) p.y = std::max(p.y, 0.2f);
  const std::vector<RuleProblem> p = check_creature_rules(c);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].part, 6);
  EXPECT_EQ(p[0].message, "the right back leg does not reach the ground");
}

TEST(CreatureRules, PlainWordsForEachBrokenRule) {
  EXPECT_EQ(check_creature_rules(Creature{}).front().message, "draw the torso first");
  Creature c = shipped("biped");
  Part far = c.parts[2];
  for (glm::vec3& p : far.stroke) p.x += 2.0f;
  c.parts.push_back(far);
  EXPECT_NE(check_creature_rules(c).front().message.find("does not touch the body"), std::string::npos);
  c = shipped("biped");
  c.parts.push_back(c.parts[0]);
  EXPECT_EQ(check_creature_rules(c).front().message, "a creature has only one torso");
  c = shipped("octopod");
  c.parts.push_back(c.parts.back());
  bool nine = false;
  for (const RuleProblem& p : check_creature_rules(c)) nine |= p.message == "a creature can have at most 8 legs";
  EXPECT_TRUE(nine);
}

TEST(DescribePart, FrontMiddleBackAndSides) {
  const Creature hex = shipped("hexapod");
  std::vector<std::string> names;
  for (std::size_t i = 0; i < hex.parts.size(); ++i) names.push_back(describe_part(hex, static_cast<int>(i)));
  for (const char* want : {"the left front leg", "the left middle leg", "the left back leg", "the right front leg",
                           "the right back leg", "the torso"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), want), names.end()) << want;
  }
}

}  // namespace
}  // namespace cf
