#include "creature/creature.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace cf {
namespace {

Creature simple() {
  Creature c;
  c.name = "t";
  Part torso;
  torso.tag = PartTag::kTorso;
  torso.radius = 0.1f;
  torso.stroke = {{0, 1, 0}, {0, 1.5f, 0}};
  Part leg;
  leg.tag = PartTag::kLeg;
  leg.side = Side::kLeft;
  leg.stroke = {{0.1f, 1, 0}, {0.1f, 0.5f, 0.1f}, {0.1f, 0, 0}, {0.1f, 0, 0.1f}};
  c.parts = {torso, leg};
  return c;
}

TEST(PartTag, StringsRoundTrip) {
  for (PartTag t : {PartTag::kTorso, PartTag::kHead, PartTag::kLeg, PartTag::kArm, PartTag::kTail}) {
    PartTag back = PartTag::kTorso;
    ASSERT_TRUE(parse_part_tag(to_string(t), &back));
    EXPECT_EQ(back, t);
  }
  PartTag x;
  EXPECT_FALSE(parse_part_tag("wing", &x));
  EXPECT_FALSE(parse_part_tag("", &x));
  EXPECT_STREQ(to_string(PartTag::kTail), "tail");
}

TEST(Side, StringsRoundTrip) {
  for (Side s : {Side::kCenter, Side::kLeft, Side::kRight}) {
    Side back = Side::kCenter;
    ASSERT_TRUE(parse_side(to_string(s), &back));
    EXPECT_EQ(back, s);
  }
  Side x;
  EXPECT_FALSE(parse_side("up", &x));
  EXPECT_STREQ(to_string(Side::kLeft), "left");
}

TEST(Side, DerivedFromMeanX) {
  EXPECT_EQ(derive_side({{0.2f, 0, 0}, {0.3f, 0, 0}}), Side::kLeft);
  EXPECT_EQ(derive_side({{-0.2f, 0, 0}, {-0.3f, 0, 0}}), Side::kRight);
  EXPECT_EQ(derive_side({{0.005f, 0, 0}, {-0.004f, 0, 0}}), Side::kCenter);
  EXPECT_EQ(derive_side({{0.3f, 0, 0}, {-0.3f, 0, 0}}), Side::kCenter);
}

TEST(CleanStroke, RemovesRepeatedPoints) {
  auto s = clean_stroke({{0, 0, 0}, {0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 1e-7f}, {2, 0, 0}});
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[2], glm::vec3(2, 0, 0));
}

TEST(Validate, AcceptsSimpleCreature) { EXPECT_TRUE(validate_creature(simple(), "f.json").ok()); }

// Every bad shape gives an error naming the file, the part index and the problem.
void expect_bad(const Creature& c, const std::string& field, const std::string& words) {
  Status s = validate_creature(c, "f.json");
  ASSERT_FALSE(s.ok()) << field;
  EXPECT_EQ(s.error.file, "f.json");
  EXPECT_EQ(s.error.field, field) << s.error.to_string();
  EXPECT_NE(s.error.message.find(words), std::string::npos) << s.error.to_string();
}

TEST(Validate, BadInputNamesPartAndProblem) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  Creature c = simple();
  c.parts[1].stroke.clear();
  expect_bad(c, "parts[1].stroke", "empty");
  c = simple();
  c.parts[1].stroke = {{0.1f, 1, 0}};
  expect_bad(c, "parts[1].stroke", "one point");
  c = simple();
  c.parts[1].stroke = {{0.1f, 1, 0}, {0.1f, 1, 0}, {0.1f, 1, 0}};
  expect_bad(c, "parts[1].stroke", "zero length");
  c = simple();
  c.parts[1].stroke = {{0.1f, 1, 0}, {0.1f, 1.001f, 0}};
  expect_bad(c, "parts[1].stroke", "too short");
  c = simple();
  c.parts[1].stroke[2].y = nan;
  expect_bad(c, "parts[1].stroke[2]", "NaN or infinite");
  c = simple();
  c.parts[0].stroke[1].z = -inf;
  expect_bad(c, "parts[0].stroke[1]", "NaN or infinite");
  c = simple();
  c.parts[1].stroke[3].x = 250.0f;
  expect_bad(c, "parts[1].stroke[3]", "out of range");
  c = simple();
  c.parts[1].radius = 0.0f;
  expect_bad(c, "parts[1].radius", "> 0");
  c = simple();
  c.parts[1].radius = nan;
  expect_bad(c, "parts[1].radius", "NaN");
  c = simple();
  c.parts[1].radius = 7.0f;
  expect_bad(c, "parts[1].radius", "too large");
  c = simple();
  c.parts[0].tag = PartTag::kHead;
  expect_bad(c, "parts", "no torso");
  c = simple();
  c.parts.push_back(c.parts[0]);
  expect_bad(c, "parts[2].tag", "second torso");
  c = simple();
  for (auto& p : c.parts[1].stroke) p.x += 3.0f;  // root 3 m to the side of a 0.5 m torso
  expect_bad(c, "parts[1].stroke[0]", "from the torso");
  c = simple();
  c.parts[1].stroke = {{0.1f, 1, 0}, {0.1f, 0.5f, 0}, {0.1f, 1, 0.01f}};  // curls back onto the root
  expect_bad(c, "parts[1].stroke", "curls back");
  c = simple();
  for (int i = 0; i < 9; ++i) c.parts.push_back(c.parts[1]);
  expect_bad(c, "parts[9].tag", "too many legs");
  c = simple();
  c.parts.clear();
  expect_bad(c, "parts", "no parts");
}

TEST(Validate, AttachRuleDocumentedDistance) {
  Creature c = simple();
  // Torso length 0.5, radius 0.1: limit = max(0.2, 0.25) + leg radius 0.05 = 0.3 m.
  EXPECT_NEAR(max_attach_distance(c.parts[0], c.parts[1]), 0.3f, 1e-6f);
  for (auto& p : c.parts[1].stroke) p.x += 0.18f;  // root 0.28 m away: allowed
  EXPECT_TRUE(validate_creature(c, "").ok());
  for (auto& p : c.parts[1].stroke) p.x += 0.04f;  // 0.32 m: too far
  EXPECT_FALSE(validate_creature(c, "").ok());
}

}  // namespace
}  // namespace cf
