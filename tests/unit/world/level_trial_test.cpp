// A level's trial course: its fields read and written, every bad field named, and when a step passes
// through a gate.
#include <string>

#include <gtest/gtest.h>

#include "world/level.h"
#include "core/json.h"

namespace cf {
namespace {

std::string level_with_trial(const std::string& trial, const std::string& extra = "") {
  return R"({"format": "critterforge.level/1", "ground": {"y": 0}, "fences": [], "walls": [], "regions": [])" +
         extra + R"(, "trial": )" + trial + "}";
}

const char* kTrial = R"({"start": {"centre": [0, 1], "width": 4},
  "checkpoints": [{"centre": [0, 6], "width": 3, "kind": "arch"}, {"centre": [2, 10], "width": 3, "yaw_deg": 90}],
  "finish": {"centre": [0, 14], "width": 5, "kind": "arch"}})";

TEST(LevelTrial, ReadsTheCourseInOrder) {
  auto r = parse_level(level_with_trial(kTrial), "t.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const Trial& t = r->trial;
  ASSERT_TRUE(t.present);
  EXPECT_EQ(t.start.centre_xz, glm::vec2(0, 1));
  EXPECT_FLOAT_EQ(t.start.width_m, 4.0f);
  ASSERT_EQ(t.checkpoints.size(), 2u);
  EXPECT_EQ(t.checkpoints[0].kind, "arch");
  EXPECT_EQ(t.checkpoints[1].kind, "flag");  // a checkpoint is a flag unless it says otherwise
  EXPECT_FLOAT_EQ(t.checkpoints[1].yaw_deg, 90.0f);
  EXPECT_EQ(t.finish.centre_xz, glm::vec2(0, 14));
}

TEST(LevelTrial, ALevelWithoutOneHasNone) {
  auto r = parse_level(R"({"format": "critterforge.level/1", "ground": {}, "fences": [], "walls": [], "regions": []})",
                       "t.json");
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->trial.present);
  EXPECT_FALSE(level_to_json(*r).contains("trial"));
}

TEST(LevelTrial, RoundTripsThroughJson) {
  auto r = parse_level(level_with_trial(kTrial), "t.json");
  ASSERT_TRUE(r.ok());
  auto again = parse_level(level_to_json(*r).dump(), "again.json");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(level_to_json(*again), level_to_json(*r));
  EXPECT_EQ(again->trial.checkpoints.size(), 2u);
}

void expect_error(const std::string& text, const std::string& field, const std::string& words) {
  auto r = parse_level(text, "bad.json");
  ASSERT_FALSE(r.ok()) << text;
  EXPECT_EQ(r.error().file, "bad.json");
  EXPECT_EQ(r.error().field, field) << r.error().to_string();
  EXPECT_NE(r.error().message.find(words), std::string::npos) << r.error().to_string();
}

TEST(LevelTrial, EveryBadFieldIsNamed) {
  expect_error(level_with_trial("[]"), "trial", "must be an object");
  expect_error(level_with_trial(R"({"start": {"centre": [0, 0], "width": 2}, "finish": {"centre": [0, 9], "width": 2}})"),
               "trial.checkpoints", "missing");
  expect_error(level_with_trial(R"({"start": {"centre": [0, 0], "width": 2}, "checkpoints": [],
                                    "finish": {"centre": [0, 9], "width": 2}})"),
               "trial.checkpoints", "1 to 16");
  expect_error(level_with_trial(R"({"start": {"centre": [0, 0], "width": 0}, "checkpoints": [{"centre": [0, 4], "width": 2}],
                                    "finish": {"centre": [0, 9], "width": 2}})"),
               "trial.start.width", "> 0");
  expect_error(level_with_trial(R"({"start": {"centre": [0, 0], "width": 2}, "checkpoints": [{"centre": [0, 4], "width": 2, "kind": "hoop"}],
                                    "finish": {"centre": [0, 9], "width": 2}})"),
               "trial.checkpoints[0].kind", "\"arch\" or \"flag\"");
  expect_error(level_with_trial(R"({"start": {"centre": [0, 0], "width": 2}, "checkpoints": [{"centre": [0], "width": 2}],
                                    "finish": {"centre": [0, 9], "width": 2}})"),
               "trial.checkpoints[0].centre", "2 numbers");
  expect_error(level_with_trial(R"({"start": {"centre": [0, 0], "width": 2}, "checkpoints": [{"centre": [0, 4], "width": 2}],
                                    "finish": {"centre": [0, 0.5], "width": 2}})"),
               "trial.finish", "from the start gate");
  expect_error(level_with_trial(R"({"start": {"centre": [0, 0], "width": 2, "colour": 1}, "checkpoints": [{"centre": [0, 4], "width": 2}],
                                    "finish": {"centre": [0, 9], "width": 2}})"),
               "trial.start.colour", "unknown field");
  expect_error(level_with_trial(kTrial, R"(, "herd": 4)"), "herd", "no herd");
}

TEST(LevelTrial, AGateIsPassedOnlyForwardAndWithinItsWidth) {
  TrialGate g;
  g.centre_xz = glm::vec2(0, 5);
  g.width_m = 2.0f;
  EXPECT_TRUE(gate_crossed(g, {0.2f, 4.9f}, {0.2f, 5.1f}));
  EXPECT_TRUE(gate_crossed(g, {0.9f, 4.0f}, {0.9f, 5.0f}));   // reaching the line counts
  EXPECT_FALSE(gate_crossed(g, {0.2f, 5.1f}, {0.2f, 4.9f}));  // backwards
  EXPECT_FALSE(gate_crossed(g, {1.2f, 4.9f}, {1.2f, 5.1f}));  // beside the gate
  EXPECT_FALSE(gate_crossed(g, {0.0f, 5.0f}, {0.0f, 5.5f}));  // already on the line
  EXPECT_FALSE(gate_crossed(g, {0.0f, 3.0f}, {0.0f, 4.0f}));  // not there yet
  g.yaw_deg = 90.0f;  // spans z, passed towards +x
  EXPECT_TRUE(gate_crossed(g, {-0.1f, 5.5f}, {0.1f, 5.5f}));
  EXPECT_FALSE(gate_crossed(g, {0.0f, 4.9f}, {0.0f, 5.1f}));
}

}  // namespace
}  // namespace cf
