// The level's "props" (rocks, bushes, trees standing on the ground, each solid as a wall made at load),
// its "sky" and the "fixture" mark: read, kept through a save, and every bad value refused with its field.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "world/ground_query.h"
#include "world/level.h"
#include "world/movement_collision.h"
#include "core/json.h"

namespace cf {
namespace {

std::string level_with(const std::string& extra) {
  return R"({"format": "critterforge.level/1", "name": "t", "ground": {"y": 0, "half_size": 20},
             "fences": [], "walls": [{"centre": [0, 1, -5], "half_extents": [1, 1, 0.2]}], "regions": [])" +
         extra + "}";
}

const char* kHillWithProps = R"(, "terrain": {"origin": [-2, -2], "cell_m": 2, "heights_m": [[0, 0, 0], [0, 1, 0], [0, 2, 0.5]]},
  "props": [{"kind": "rock", "position": [0, 0], "yaw_deg": 30, "scale": 2},
            {"kind": "tree", "position": [6, 1]}, {"kind": "bush", "position": [-6, 3], "scale": 0.5}])";

TEST(LevelProps, EachPropStandsOnTheGroundAsAWallMadeAtLoad) {
  auto lv = parse_level(level_with(kHillWithProps), "props.json");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  ASSERT_EQ(lv->props.size(), 3u);
  EXPECT_EQ(lv->props[0].kind, Prop::Kind::kRock);
  EXPECT_FLOAT_EQ(lv->props[0].yaw_deg, 30.0f);
  EXPECT_FLOAT_EQ(lv->props[0].scale, 2.0f);
  EXPECT_EQ(lv->props[1].kind, Prop::Kind::kTree);
  EXPECT_FLOAT_EQ(lv->props[1].scale, 1.0f);
  // The level's own wall first, then one per prop, in order.
  ASSERT_EQ(lv->walls.size(), 4u);
  EXPECT_EQ(lv->walls[0].prop, -1);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(lv->walls[1 + i].prop, i);
  // The rock on the hill's top (1 m): its solid from below the ground to its height above it, turned with it.
  const Box& rock = lv->walls[1].box;
  const glm::vec3 solid = prop_solid_size(Prop::Kind::kRock) * 2.0f;
  EXPECT_NEAR(rock.top_y(), 1.0f + solid.y, 1e-5f);
  EXPECT_LT(rock.bottom_y(), 1.0f);
  EXPECT_FLOAT_EQ(rock.half_extents.x, solid.x);
  EXPECT_FLOAT_EQ(rock.yaw_deg, 30.0f);
  // Off the terrain the tree stands on the flat ground.
  EXPECT_NEAR(lv->walls[2].box.top_y(), prop_solid_size(Prop::Kind::kTree).y, 1e-5f);
}

TEST(LevelProps, ABodyIsPushedOutOfAPropAsOutOfAnyWall) {
  auto lv = parse_level(level_with(R"(, "props": [{"kind": "rock", "position": [3, 3]}])"), "rock.json");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  glm::vec3 p(3.1f, 0.0f, 3.0f);
  EXPECT_TRUE(resolve_circle_collisions(*lv, 0.3f, &p));
  const Box& b = lv->walls.back().box;
  const glm::vec3 local = b.to_local(p);
  EXPECT_TRUE(std::fabs(local.x) >= b.half_extents.x + 0.3f - 1e-3f || std::fabs(local.z) >= b.half_extents.z + 0.3f - 1e-3f)
      << "the body's circle ends outside the rock's box";
}

TEST(LevelProps, PropsSkyAndFixtureSurviveASaveWithoutDuplicatingWalls) {
  auto lv = parse_level(level_with(std::string(kHillWithProps) +
                                   R"(, "sky": {"zenith": [10, 20, 30], "horizon": [200, 190, 180], "fog_m": [12, 48]},
                                      "fixture": true)"),
                        "a.json");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  EXPECT_TRUE(lv->fixture);
  ASSERT_TRUE(lv->sky.present);
  EXPECT_NEAR(lv->sky.zenith.g, 20.0f / 255.0f, 1e-6f);
  EXPECT_FLOAT_EQ(lv->sky.fog_start_m, 12.0f);
  EXPECT_FLOAT_EQ(lv->sky.fog_end_m, 48.0f);
  const Json j = level_to_json(*lv);
  EXPECT_EQ(j["walls"].size(), 1u) << "the props' walls are made again at load, never saved";
  auto back = parse_level(j.dump(), "b.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->walls.size(), lv->walls.size());
  EXPECT_EQ(back->props.size(), 3u);
  EXPECT_EQ(back->props[2].kind, Prop::Kind::kBush);
  EXPECT_FLOAT_EQ(back->props[2].scale, 0.5f);
  EXPECT_TRUE(back->fixture);
  EXPECT_EQ(level_to_json(*back), j);
}

TEST(LevelProps, ASkyWithOnlySomeFieldsKeepsTheDefaultsForTheRest) {
  auto lv = parse_level(level_with(R"(, "sky": {"horizon": [200, 190, 180]})"), "s.json");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  EXPECT_LT(lv->sky.zenith.r, 0.0f) << "unset: the renderer's default";
  EXPECT_EQ(lv->sky.fog_end_m, 0.0f);
  EXPECT_FALSE(lv->fixture);
  EXPECT_FALSE(level_to_json(*lv).contains("fixture"));
}

TEST(LevelProps, BadPropsSkiesAndFixturesAreRefusedNamingTheField) {
  struct Case {
    const char* extra;
    const char* field;
  };
  const Case cases[] = {
      {R"(, "props": {})", "props"},
      {R"(, "props": [{"kind": "castle", "position": [0, 0]}])", "props[0].kind"},
      {R"(, "props": [{"kind": "rock"}])", "props[0].position"},
      {R"(, "props": [{"kind": "rock", "position": [0, 0], "scale": 9}])", "props[0].scale"},
      {R"(, "props": [{"kind": "rock", "position": [0, 0], "scale": 0}])", "props[0].scale"},
      {R"(, "props": [{"kind": "rock", "position": [0, 0]}, {"kind": "tree", "position": [0, 0], "colour": 1}])", "props[1]"},
      {R"(, "props": [{"kind": "rock", "position": [5000, 0]}])", "props[0].position"},
      {R"(, "sky": [1])", "sky"},
      {R"(, "sky": {"zenith": [0, 0]})", "sky.zenith"},
      {R"(, "sky": {"horizon": [0, 0, 300]})", "sky.horizon"},
      {R"(, "sky": {"fog_m": [40, 20]})", "sky.fog_m"},
      {R"(, "sky": {"fog_m": [10, 500]})", "sky.fog_m"},
      {R"(, "sky": {"stars": true})", "sky"},
      {R"(, "fixture": 1)", "fixture"},
  };
  for (const Case& c : cases) {
    auto lv = parse_level(level_with(c.extra), "bad.json");
    ASSERT_FALSE(lv.ok()) << c.extra;
    EXPECT_EQ(lv.error().file, "bad.json") << c.extra;
    EXPECT_EQ(lv.error().field.rfind(c.field, 0), 0u) << c.extra << " -> " << lv.error().to_string();
  }
}

}  // namespace
}  // namespace cf
