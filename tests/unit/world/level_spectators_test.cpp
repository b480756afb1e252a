// A trial level's spectators: read, round-tripped, and every bad value named in one line (NaN,
// negative, off the ground, on the course, too many, on a level with no course).
#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "world/level.h"
#include "core/json.h"

namespace cf {
namespace {

const char* kTrial = R"({"start": {"centre": [0, 1], "width": 4}, "checkpoints": [{"centre": [0, 8], "width": 4}],
  "finish": {"centre": [0, 14], "width": 4}})";

std::string level(const std::string& spectators, bool trial = true) {
  return std::string(R"({"format": "critterforge.level/1", "ground": {"y": 0, "half_size": 20}, "fences": [], "walls": [],
    "regions": [])") + (trial ? std::string(R"(, "trial": )") + kTrial : "") + R"(, "spectators": )" + spectators + "}";
}

const char* kTwoAreas = R"({"count": 6, "areas": [{"centre": [-6, 7], "half_extents": [1, 3]},
  {"centre": [6, 7], "half_extents": [1.5, 2]}]})";

TEST(LevelSpectators, ReadsTheCountAndAreas) {
  auto r = parse_level(level(kTwoAreas), "t.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->spectators.count, 6);
  ASSERT_EQ(r->spectators.areas.size(), 2u);
  EXPECT_EQ(r->spectators.areas[1].centre_xz, glm::vec2(6, 7));
  EXPECT_EQ(r->spectators.areas[1].half_extents, glm::vec2(1.5f, 2));
  EXPECT_TRUE(r->spectators.areas[0].contains({-6.9f, 9.9f}));
  EXPECT_FALSE(r->spectators.areas[0].contains({-4.9f, 7.0f}));
  EXPECT_EQ(r->herd, 0);
}

TEST(LevelSpectators, ALevelWithoutThemHasNoneAndWritesNone) {
  auto r = parse_level(std::string(R"({"format": "critterforge.level/1", "ground": {}, "fences": [], "walls": [], "regions": [], "trial": )") + kTrial + "}", "t.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->spectators.count, 0);
  EXPECT_FALSE(level_to_json(*r).contains("spectators"));
}

TEST(LevelSpectators, RoundTripThroughJson) {
  auto r = parse_level(level(kTwoAreas), "t.json");
  ASSERT_TRUE(r.ok());
  const Json j = level_to_json(*r);
  ASSERT_TRUE(j.contains("spectators"));
  auto again = parse_level(j.dump(), "again.json");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(level_to_json(*again), j);
  EXPECT_EQ(again->spectators.areas[0].half_extents, glm::vec2(1, 3));
}

void expect_error(const std::string& text, const std::string& field, const std::string& words) {
  auto r = parse_level(text, "bad.json");
  ASSERT_FALSE(r.ok()) << text;
  EXPECT_EQ(r.error().field, field) << r.error().to_string();
  EXPECT_NE(r.error().message.find(words), std::string::npos) << r.error().to_string();
  EXPECT_EQ(r.error().to_string().find('\n'), std::string::npos) << "one line";
}

TEST(LevelSpectators, EveryBadValueIsNamed) {
  const std::string area = R"({"centre": [-6, 7], "half_extents": [1, 3]})";
  expect_error(level("4"), "spectators", "must be an object");
  expect_error(level(R"({"areas": [)" + area + "]}"), "spectators.count", "missing");
  for (const char* n : {"0", "-3", "65", "2.5", "\"many\""})
    expect_error(level(std::string(R"({"count": )") + n + R"(, "areas": [)" + area + "]}"), "spectators.count", "[1, 64]");
  expect_error(level(R"({"count": 2})"), "spectators.areas", "missing");
  expect_error(level(R"({"count": 2, "areas": []})"), "spectators.areas", "1 to 16");
  std::string many;
  for (int i = 0; i < 17; ++i) many += (i ? ", " : "") + area;
  expect_error(level(R"({"count": 2, "areas": [)" + many + "]}"), "spectators.areas", "1 to 16");
  expect_error(level(R"({"count": 2, "areas": [{"centre": [-6, 7], "half_extents": [-1, 3]}]})"),
               "spectators.areas[0].half_extents", "> 0");
  expect_error(level(R"({"count": 2, "areas": [{"centre": [-6, 7], "half_extents": [0, 3]}]})"),
               "spectators.areas[0].half_extents", "> 0");
  expect_error(level(R"({"count": 2, "areas": [{"centre": [-6], "half_extents": [1, 3]}]})"),
               "spectators.areas[0].centre", "2 numbers");
  expect_error(level(R"({"count": 2, "areas": [{"centre": [-19.5, 7], "half_extents": [1, 3]}]})"),
               "spectators.areas[0]", "on the ground");
  expect_error(level(R"({"count": 2, "areas": [{"centre": [3, 8], "half_extents": [1.5, 1]}]})"),
               "spectators.areas[0]", "crosses the checkpoint 0 gate");
  expect_error(level(R"({"count": 2, "areas": [{"centre": [0, 14], "half_extents": [1, 1]}]})"),
               "spectators.areas[0]", "crosses the finish gate");
  expect_error(level(R"({"count": 2, "areas": [{"centre": [-6, 7], "half_extents": [1, 3], "yaw_deg": 5}]})"),
               "spectators.areas[0].yaw_deg", "unknown field");
  expect_error(level(kTwoAreas, false), "spectators", "only a trial level");
}

TEST(LevelSpectators, NaNInAnInMemoryLevelIsRefused) {
  auto r = parse_level(level(kTwoAreas), "t.json");
  ASSERT_TRUE(r.ok());
  Level lv = *r;
  lv.spectators.areas[0].centre_xz.x = std::numeric_limits<float>::quiet_NaN();
  Status s = validate_level(lv, "mem");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error.field, "spectators.areas[0].centre");
  lv = *r;
  lv.spectators.areas[1].half_extents.y = std::numeric_limits<float>::quiet_NaN();
  s = validate_level(lv, "mem");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error.field, "spectators.areas[1].half_extents");
  EXPECT_FALSE(save_level("/nonexistent-dir/never.json", lv).ok()) << "nor saved";
}

TEST(LevelSpectators, TheNearestPointOfTheCourseFollowsItsGates) {
  auto r = parse_level(level(kTwoAreas), "t.json");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(nearest_on_course(r->trial, {-6, 5}), glm::vec2(0, 5));
  EXPECT_EQ(nearest_on_course(r->trial, {3, -4}), glm::vec2(0, 1));
  EXPECT_EQ(nearest_on_course(r->trial, {1, 30}), glm::vec2(0, 14));
}

}  // namespace
}  // namespace cf
