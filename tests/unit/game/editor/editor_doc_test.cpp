#include "game/editor/editor_doc.h"

#include <gtest/gtest.h>

#include "creature/creature_io.h"
#include "creature/creature_rules.h"
#include "core/json.h"

namespace cf {
namespace {

std::vector<glm::vec3> path(glm::vec3 a, glm::vec3 b, int n = 40) {
  std::vector<glm::vec3> out;
  for (int i = 0; i < n; ++i) out.push_back(a + (b - a) * (static_cast<float>(i) / static_cast<float>(n - 1)));
  return out;
}

EditorDoc with_torso() {
  EditorDoc d;
  EXPECT_TRUE(add_drawn_part(&d, path({0, 0.9f, 0}, {0, 1.4f, 0})).changed);
  return d;
}

TEST(EditorDoc, ANewCreatureStartsWithTheTorsoAndThenLegs) {
  EditorDoc d;
  EXPECT_EQ(d.next_tag, PartTag::kTorso);
  EditResult r = add_drawn_part(&d, path({0, 0.9f, 0}, {0, 1.4f, 0}));
  EXPECT_TRUE(r.changed);
  ASSERT_EQ(d.creature.parts.size(), 1u);
  EXPECT_EQ(d.creature.parts[0].tag, PartTag::kTorso);
  EXPECT_EQ(d.next_tag, PartTag::kLeg);
}

TEST(EditorDoc, SymmetryAddsTheMirroredLegSnappedAndPlanted) {
  EditorDoc d = with_torso();
  EditResult r = add_drawn_part(&d, path({0.1f, 0.95f, 0}, {0.1f, 0.1f, 0.0f}));
  ASSERT_TRUE(r.changed) << r.message;
  ASSERT_EQ(d.creature.parts.size(), 3u);
  const Part& l = d.creature.parts[1];
  const Part& rt = d.creature.parts[2];
  EXPECT_EQ(l.side, Side::kLeft);
  EXPECT_EQ(rt.side, Side::kRight);
  EXPECT_NEAR(l.stroke.front().x, 0.14f, 1e-4f) << "root on the torso's surface";
  EXPECT_EQ(l.stroke.back().y, 0.0f) << "toe on the ground";
  for (std::size_t i = 0; i < l.stroke.size(); ++i) EXPECT_FLOAT_EQ(rt.stroke[i].x, -l.stroke[i].x);
  EXPECT_EQ(mirror_twin(d.creature, 1), 2);
  EXPECT_TRUE(check_creature_rules(d.creature).empty()) << check_creature_rules(d.creature).front().message;
}

TEST(EditorDoc, SymmetryOffKeepsACreatureLopsided) {
  EditorDoc d = with_torso();
  d.symmetry = false;
  ASSERT_TRUE(add_drawn_part(&d, path({0.1f, 0.95f, 0}, {0.1f, 0.1f, 0.0f})).changed);
  EXPECT_EQ(d.creature.parts.size(), 2u);
}

TEST(EditorDoc, BadDrawingsAreRefusedWithAClearMessage) {
  EditorDoc d;
  d.next_tag = PartTag::kLeg;
  EXPECT_EQ(add_drawn_part(&d, path({0.1f, 0.95f, 0}, {0.1f, 0.1f, 0})).message, "draw the torso first");
  d = with_torso();
  d.next_tag = PartTag::kTorso;
  EXPECT_FALSE(add_drawn_part(&d, path({0, 0.5f, 0}, {0, 0.8f, 0})).changed);
  EXPECT_NE(add_drawn_part(&d, path({0, 0.5f, 0}, {0, 0.8f, 0})).message.find("only one torso"), std::string::npos);
  d.next_tag = PartTag::kLeg;
  const EditResult shortie = add_drawn_part(&d, path({0.1f, 0.95f, 0}, {0.1f, 0.93f, 0}));
  EXPECT_FALSE(shortie.changed);
  EXPECT_NE(shortie.message.find("too short"), std::string::npos);
  const EditResult far = add_drawn_part(&d, path({1.5f, 0.95f, 0}, {1.5f, 0.1f, 0}));
  EXPECT_FALSE(far.changed);
  EXPECT_EQ(far.message, "start the leg on the body");
  EXPECT_EQ(d.creature.parts.size(), 1u) << "nothing refused was added";
}

TEST(EditorDoc, ALegEndingInTheAirIsKeptButNamed) {
  EditorDoc d = with_torso();
  d.symmetry = false;
  const EditResult r = add_drawn_part(&d, path({0.1f, 1.0f, 0}, {0.1f, 0.7f, 0.1f}));
  EXPECT_TRUE(r.changed);
  EXPECT_NE(r.message.find("does not reach the ground"), std::string::npos);
  const std::vector<RuleProblem> p = check_creature_rules(d.creature);
  ASSERT_FALSE(p.empty());
  EXPECT_EQ(p[0].part, 1);
  EXPECT_EQ(p[0].message, "the left leg does not reach the ground");
}

TEST(EditorDoc, ANinthLegIsRefused) {
  EditorDoc d;
  ASSERT_TRUE(add_drawn_part(&d, path({0, 0.6f, -0.6f}, {0, 0.6f, 0.6f})).changed);
  for (int i = 0; i < 4; ++i) {
    const float z = -0.45f + 0.3f * static_cast<float>(i);
    ASSERT_TRUE(add_drawn_part(&d, path({0.1f, 0.6f, z}, {0.12f, 0.05f, z})).changed) << i;
  }
  EXPECT_EQ(d.creature.parts.size(), 9u);
  const EditResult r = add_drawn_part(&d, path({0.1f, 0.6f, 0.5f}, {0.12f, 0.05f, 0.5f}));
  EXPECT_FALSE(r.changed);
  EXPECT_EQ(r.message, "a creature can have at most 8 legs");
  d.symmetry = false;
  EXPECT_EQ(add_drawn_part(&d, path({0.1f, 0.6f, 0.5f}, {0.12f, 0.05f, 0.5f})).message,
            "a creature can have at most 8 legs");
}

TEST(EditorDoc, SelectDeleteThickenRetag) {
  EditorDoc d = with_torso();
  ASSERT_TRUE(add_drawn_part(&d, path({0.1f, 0.95f, 0}, {0.1f, 0.1f, 0})).changed);
  EXPECT_EQ(d.selected, -1);
  cycle_selection(&d, +1);
  EXPECT_EQ(d.selected, 0);
  cycle_selection(&d, -1);
  cycle_selection(&d, -1);
  EXPECT_EQ(d.selected, 2) << "backwards from none wraps to the last part";
  cycle_selection(&d, -1);
  ASSERT_EQ(d.selected, 1);
  ASSERT_TRUE(thicken_selected(&d, 0.02f).changed);
  EXPECT_FLOAT_EQ(d.creature.parts[1].radius, 0.08f);
  EXPECT_FLOAT_EQ(d.creature.parts[2].radius, 0.08f) << "the twin follows";
  EXPECT_TRUE(cycle_tag(&d).changed);
  EXPECT_EQ(d.creature.parts[1].tag, PartTag::kArm);
  EXPECT_EQ(d.creature.parts[2].tag, PartTag::kArm);
  EXPECT_TRUE(delete_selected(&d).changed);
  EXPECT_EQ(d.creature.parts.size(), 1u) << "the twin goes too";
  EXPECT_FALSE(delete_selected(&d).changed);
}

TEST(EditorHistory, FivePartsUndoneAndRedoneSaveByteIdentical) {
  EditorDoc d;
  EditorHistory h;
  auto add = [&](glm::vec3 a, glm::vec3 b) {
    const EditorDoc before = d;
    const EditResult r = add_drawn_part(&d, path(a, b));
    ASSERT_TRUE(r.changed) << r.message;
    h.remember(before);
  };
  d.symmetry = false;
  add({0, 0.6f, -0.5f}, {0, 0.62f, 0.5f});
  add({0.1f, 0.6f, 0.35f}, {0.12f, 0.05f, 0.35f});
  add({-0.1f, 0.6f, 0.35f}, {-0.12f, 0.05f, 0.35f});
  add({0.1f, 0.6f, -0.35f}, {0.12f, 0.05f, -0.35f});
  add({-0.1f, 0.6f, -0.35f}, {-0.12f, 0.05f, -0.35f});
  const std::string want = creature_to_json(d.creature).dump(2);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(h.undo(&d));
  EXPECT_TRUE(d.creature.parts.empty());
  EXPECT_FALSE(h.undo(&d));
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(h.redo(&d));
  EXPECT_FALSE(h.redo(&d));
  EXPECT_EQ(creature_to_json(d.creature).dump(2), want);
}

TEST(EditorHistory, KeepsAtLeastAHundredSteps) {
  EditorDoc d = with_torso();
  EditorHistory h;
  d.selected = 0;
  for (int i = 0; i < 150; ++i) {
    const EditorDoc before = d;
    thicken_selected(&d, 0.001f);
    h.remember(before);
  }
  int n = 0;
  while (h.undo(&d)) ++n;
  EXPECT_GE(n, 100);
  EXPECT_LE(n, EditorHistory::kMaxSteps);
}

}  // namespace
}  // namespace cf
