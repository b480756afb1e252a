// The level's ground with height: the "terrain" grid and "platforms" read from a level file, the height
// and normal under any point, the flat ground outside, and every bad terrain refused with its field.
#include "world/ground_query.h"
#include "core/json.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

namespace cf {
namespace {

std::string level_with(const std::string& extra) {
  return R"({"format": "critterforge.level/1", "name": "t", "ground": {"y": 0, "half_size": 20},
             "fences": [], "walls": [], "regions": [])" +
         extra + "}";
}

const char* kHill = R"(, "terrain": {"origin": [-2, -2], "cell_m": 2,
                         "heights_m": [[0, 0, 0], [0, 1, 0], [0, 2, 0.5]]},
                       "platforms": [{"centre": [10, 0.25, 0], "half_extents": [1, 0.25, 1], "yaw_deg": 45}])";

TEST(GroundQuery, TerrainIsBilinearBetweenSamplesAndFlatOutside) {
  auto lv = parse_level(level_with(kHill), "hill.json");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  ASSERT_TRUE(lv->terrain.present());
  EXPECT_EQ(lv->terrain.columns, 3);
  EXPECT_EQ(lv->terrain.rows, 3);
  const LevelGround g(&*lv);
  EXPECT_FLOAT_EQ(g.at(0.0f, 0.0f).y, 1.0f);    // sample [1][1]
  EXPECT_FLOAT_EQ(g.at(0.0f, 2.0f).y, 2.0f);    // sample [2][1]: rows go along +Z
  EXPECT_FLOAT_EQ(g.at(1.0f, 0.0f).y, 0.5f);    // half way to [1][2]
  EXPECT_FLOAT_EQ(g.at(1.0f, 1.0f).y, 0.875f);  // bilinear: (1 + 0 + 2 + 0.5) / 4
  EXPECT_FLOAT_EQ(g.at(5.0f, 0.0f).y, 0.0f);    // outside the grid: the level's flat ground
  EXPECT_FLOAT_EQ(g.at(0.0f, -3.0f).y, 0.0f);
  // The normal leans away from the rise: from (0, 0) the ground climbs toward +Z.
  const GroundPoint p = g.at(0.0f, 0.5f);
  EXPECT_LT(p.normal.z, -0.1f);
  EXPECT_NEAR(glm::length(p.normal), 1.0f, 1e-5f);
  // Steep enough to be a wall for a body that walks 35 degrees: the rise from 0 to 1 m over 2 m is 26.6.
  EXPECT_FALSE(ground_blocks(g, glm::vec2(-1.0f, 0.0f), 0.0f, 0.6f, 35.0f));
  EXPECT_TRUE(ground_blocks(g, glm::vec2(-1.0f, 0.0f), 0.0f, 0.6f, 20.0f));
}

TEST(GroundQuery, APlatformsTopIsGroundInsideItsTurnedFootprint) {
  auto lv = parse_level(level_with(kHill), "hill.json");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  const LevelGround g(&*lv);
  EXPECT_FLOAT_EQ(g.at(10.0f, 0.0f).y, 0.5f);
  EXPECT_FLOAT_EQ(g.at(10.9f, 0.0f).y, 0.5f);  // turned 45 degrees: the corner reaches 1.41 m out
  EXPECT_FLOAT_EQ(g.at(10.0f, 1.3f).y, 0.5f);
  EXPECT_FLOAT_EQ(g.at(11.0f, 1.0f).y, 0.0f);  // off its edge
  // A step up of 0.5 m blocks a body allowed 0.3 m, not one allowed 0.6 m.
  EXPECT_TRUE(ground_blocks(g, glm::vec2(10.0f, 0.0f), 0.0f, 0.3f, 35.0f));
  EXPECT_FALSE(ground_blocks(g, glm::vec2(10.0f, 0.0f), 0.0f, 0.6f, 35.0f));
  // Off its edge the ground drops 0.5 m: a drop for a body allowed 0.45 m down, not for one allowed 0.6 m.
  EXPECT_TRUE(ground_drops(g, glm::vec2(10.0f, 0.0f), glm::vec2(11.0f, 1.0f), 0.45f));
  EXPECT_FALSE(ground_drops(g, glm::vec2(10.0f, 0.0f), glm::vec2(11.0f, 1.0f), 0.6f));
  EXPECT_FALSE(ground_drops(g, glm::vec2(11.0f, 1.0f), glm::vec2(10.0f, 0.0f), 0.1f));  // up is no drop
}

TEST(GroundQuery, NoLevelAndAFlatLevelAreTheFlatGround) {
  const LevelGround none(nullptr);
  EXPECT_EQ(none.at(3.0f, 4.0f).y, 0.0f);
  auto lv = parse_level(level_with(""), "flat.json");
  ASSERT_TRUE(lv.ok());
  EXPECT_FALSE(lv->terrain.present());
  EXPECT_EQ(LevelGround(&*lv).at(1.0f, 1.0f).y, 0.0f);
  EXPECT_EQ(LevelGround(&*lv).at(1.0f, 1.0f).normal, glm::vec3(0.0f, 1.0f, 0.0f));
  // A flat level writes no terrain or platforms, so its scene identity (and every replay on it) stays.
  const Json j = level_to_json(*lv);
  EXPECT_FALSE(j.contains("terrain"));
  EXPECT_FALSE(j.contains("platforms"));
}

TEST(GroundQuery, TerrainRoundTripsThroughTheLevelFile) {
  auto lv = parse_level(level_with(kHill), "hill.json");
  ASSERT_TRUE(lv.ok());
  auto again = parse_level(level_to_json(*lv).dump(), "again.json");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(again->terrain.heights_m, lv->terrain.heights_m);
  EXPECT_EQ(again->terrain.origin_xz, lv->terrain.origin_xz);
  ASSERT_EQ(again->platforms.size(), 1u);
  EXPECT_FLOAT_EQ(again->platforms[0].yaw_deg, 45.0f);
}

void expect_refused(const std::string& terrain, const std::string& field_part, const std::string& msg_part) {
  auto r = parse_level(level_with(", \"terrain\": " + terrain), "bad.json");
  ASSERT_FALSE(r.ok()) << "accepted: " << terrain;
  EXPECT_EQ(r.error().file, "bad.json");
  EXPECT_NE(r.error().field.find(field_part), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().to_string().find(msg_part), std::string::npos) << r.error().to_string();
}

TEST(GroundQuery, BadTerrainIsRefusedWithItsField) {
  expect_refused("[1, 2]", "terrain", "must be an object");
  expect_refused(R"({"origin": [0, 0], "cell_m": 1})", "terrain.heights_m", "missing");
  expect_refused(R"({"origin": [0, 0], "cell_m": 0, "heights_m": [[0, 0], [0, 0]]})", "terrain.cell_m", "[0.05, 50]");
  expect_refused(R"({"origin": [0, 0], "cell_m": 1, "heights_m": [[0, 0]]})", "terrain.heights_m", "2 to 512 rows");
  expect_refused(R"({"origin": [0, 0], "cell_m": 1, "heights_m": [[0, 0], [0]]})", "terrain.heights_m[1]", "as long");
  expect_refused(R"({"origin": [0, 0], "cell_m": 1, "heights_m": [[0, 0], [0, "x"]]})", "terrain.heights_m[1][1]",
                 "number");
  expect_refused(R"({"origin": [0, 0], "cell_m": 1, "heights_m": [[0, 0], [0, 1e9]]})", "terrain.heights_m[1][1]",
                 "200 m");
  expect_refused(R"({"origin": [990, 0], "cell_m": 50, "heights_m": [[0, 0], [0, 0]]})", "terrain", "beyond 1000 m");
  expect_refused(R"({"origin": [0, 0], "cell_m": 1, "heights_m": [[0, 0], [0, 0]], "seed": 3})", "terrain", "seed");
  // 513 rows: the budget, refused before the samples are kept.
  std::string rows = "[";
  for (int i = 0; i < 513; ++i) rows += std::string(i ? "," : "") + "[0,0]";
  expect_refused(R"({"origin": [0, 0], "cell_m": 1, "heights_m": )" + rows + "]}", "terrain.heights_m", "512");
}

}  // namespace
}  // namespace cf
