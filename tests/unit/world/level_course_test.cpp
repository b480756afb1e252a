// Gaps in the ground: read (every error names the field), written back, and in the movement
// collision only the body's centre is kept kGapEdge_m from them (unless in the air).
#include <gtest/gtest.h>

#include "world/footprint.h"
#include "world/level.h"
#include "world/movement_collision.h"
#include "core/json.h"

namespace cf {
namespace {

std::string level_with(const std::string& gaps) {
  return R"({"format": "critterforge.level/1", "ground": {"y": 0}, "fences": [], "walls": [], "regions": [], "gaps": )" +
         gaps + "}";
}

TEST(LevelGaps, AGapIsReadAsABoxDownFromTheGroundAndWrittenBack) {
  Result<Level> lv = parse_level(level_with(R"([{"centre": [1, 7], "half_extents": [5, 0.25], "yaw_deg": 10}])"), "t");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  ASSERT_EQ(lv->gaps.size(), 1u);
  const Box& g = lv->gaps[0];
  EXPECT_FLOAT_EQ(g.centre.x, 1.0f);
  EXPECT_FLOAT_EQ(g.centre.z, 7.0f);
  EXPECT_FLOAT_EQ(g.top_y(), 0.0f);
  EXPECT_FLOAT_EQ(g.bottom_y(), -kGapDepth_m);
  EXPECT_FLOAT_EQ(g.half_extents.x, 5.0f);
  EXPECT_FLOAT_EQ(g.half_extents.z, 0.25f);
  EXPECT_FLOAT_EQ(g.yaw_deg, 10.0f);
  Result<Level> again = parse_level(level_to_json(*lv).dump(), "again");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  ASSERT_EQ(again->gaps.size(), 1u);
  EXPECT_EQ(again->gaps[0].centre, g.centre);
  EXPECT_EQ(again->gaps[0].half_extents, g.half_extents);
  // No gaps: the field is left out, as levels without it were written before.
  Result<Level> none = parse_level(level_with("[]"), "none");
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(level_to_json(*none).contains("gaps"));
}

TEST(LevelGaps, BadGapsNameTheField) {
  const std::pair<const char*, const char*> bad[] = {
      {R"({"centre": [0, 0]})", "gaps: must be an array"},
      {R"([{"centre": [0, 0], "half_extents": [0, 1]}])", "gaps[0].half_extents"},
      {R"([{"centre": [0, 0], "half_extents": [-1, 1]}])", "gaps[0].half_extents"},
      {R"([{"centre": [0, 1e9], "half_extents": [1, 1]}])", "gaps[0].centre"},
      {R"([{"centre": [0], "half_extents": [1, 1]}])", "gaps[0].centre"},
      {R"([{"centre": [0, 0], "half_extents": [1, 1], "depth": 3}])", "depth"},
      {R"([{"centre": [0, 0], "half_extents": [1, 1], "yaw_deg": "x"}])", "gaps[0].yaw_deg"},
      {R"([7])", "gaps[0]"},
  };
  for (const auto& [gaps, field] : bad) {
    Result<Level> lv = parse_level(level_with(gaps), "bad.json");
    ASSERT_FALSE(lv.ok()) << gaps;
    EXPECT_NE(lv.error().to_string().find(field), std::string::npos) << gaps << ": " << lv.error().to_string();
  }
  EXPECT_FALSE(parse_level(level_with("{}"), "bad.json").ok());  // an object, not an array
}

TEST(LevelGaps, TheBodysCentreStopsAtTheEdgeItsReachDoesNotAndInTheAirNothingStops) {
  Level lv;
  Box g;
  g.centre = glm::vec3(0.0f, -0.25f, 7.0f);
  g.half_extents = glm::vec3(5.0f, 0.25f, 0.25f);
  lv.gaps.push_back(g);
  // A wide body walking at the gap: stopped with its centre kGapEdge_m short of it, whatever its reach.
  Footprint fp;
  fp.count = 1;
  fp.circles[0].radius = 0.6f;
  fp.bound_m = 0.6f;
  glm::vec3 p(0.0f, 0.0f, 6.8f);
  EXPECT_TRUE(resolve_footprint_collisions(lv, fp, 0.0f, &p));
  EXPECT_NEAR(p.z, 6.75f - kGapEdge_m, 1e-4f);
  glm::vec3 clear(0.0f, 0.0f, 6.5f);  // its reach over the edge: not moved
  EXPECT_FALSE(resolve_footprint_collisions(lv, fp, 0.0f, &clear));
  glm::vec3 c(0.0f, 0.0f, 7.1f);  // over the far half: out on the far side
  EXPECT_TRUE(resolve_circle_collisions(lv, 0.5f, &c));
  EXPECT_NEAR(c.z, 7.25f + kGapEdge_m, 1e-4f);
  // In the air (a jump's flight) the gap is passed over.
  glm::vec3 air(0.0f, 0.0f, 7.0f);
  EXPECT_FALSE(resolve_footprint_collisions(lv, fp, 0.0f, &air, false));
  EXPECT_FALSE(resolve_circle_collisions(lv, 0.5f, &air, false));
  EXPECT_EQ(air, glm::vec3(0.0f, 0.0f, 7.0f));
}

}  // namespace
}  // namespace cf
