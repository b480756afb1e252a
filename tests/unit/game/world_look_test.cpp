// How a level's land looks: the ground grid fine over the terrain and coarse round it, every vertex on
// the ground under it and tinted by slope and height, steep faces split off as earth; the props' meshes;
// the sky and fog from the level.
#include "game/view/world_look.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>

#include "game/play/scene.h"
#include "world/ground_query.h"

namespace cf {
namespace {

TEST(WorldLook, GroundLinesAreFineOverTheTerrainAndCoarseRoundIt) {
  const std::vector<float> xs = ground_lines(-20.0f, 20.0f, -5.0f, 5.0f, 1.0f, 4.0f);
  ASSERT_TRUE(std::is_sorted(xs.begin(), xs.end()));
  EXPECT_FLOAT_EQ(xs.front(), -20.0f);
  EXPECT_FLOAT_EQ(xs.back(), 20.0f);
  for (int k = -5; k <= 5; ++k) EXPECT_NE(std::find(xs.begin(), xs.end(), static_cast<float>(k)), xs.end()) << k;
  for (std::size_t i = 1; i < xs.size(); ++i) EXPECT_LE(xs[i] - xs[i - 1], 4.0f + 1e-4f);
  EXPECT_EQ(xs.size(), 11u + 2u * 4u) << "15 m each side in four steps, the grid's 11 lines";
  // A grid off the square: coarse only.
  const std::vector<float> far = ground_lines(-8.0f, 8.0f, 30.0f, 40.0f, 1.0f, 4.0f);
  EXPECT_EQ(far.size(), 5u);
}

TEST(WorldLook, TintIsLighterOnTopsAndBrownerOnSlopes) {
  const Rgba8 hollow = ground_tint(0.0f, 0.0f), top = ground_tint(0.0f, 1.0f), slope = ground_tint(20.0f, 0.0f);
  EXPECT_GT(top.r + top.g + top.b, hollow.r + hollow.g + hollow.b);
  EXPECT_GT(slope.r - slope.b, hollow.r - hollow.b) << "warmer: dry grass toward earth";
}

Level terrain_level(const char* name) {
  Result<Level> lv = load_level(default_assets_dir() + "/levels/" + name + ".json");
  EXPECT_TRUE(lv.ok()) << (lv.ok() ? "" : lv.error().to_string());
  return lv.ok() ? *lv : Level{};
}

TEST(WorldLook, EveryGroundVertexIsOnTheGroundAndSteepFacesAreEarth) {
  const Level lv = terrain_level("canyon");
  ASSERT_TRUE(lv.terrain.present());
  const GroundLook g = build_ground_look(lv);
  ASSERT_EQ(g.mesh.colors.size(), g.mesh.positions_ms.size());
  for (const glm::vec3& p : g.mesh.positions_ms) {
    GroundPoint t;
    t.y = lv.ground_y;
    terrain_at(lv.terrain, p.x, p.z, &t);
    ASSERT_NEAR(p.y + lv.ground_y, t.y, 1e-4f);
    ASSERT_LE(std::fabs(p.x), std::max(lv.ground_half_size, kDrawnGroundHalf_m) + 1e-4f);
  }
  EXPECT_FALSE(g.earth_raised.empty()) << "the canyon's banks are bare earth";
  EXPECT_GT(g.grass.size() + g.grass_raised.size(), g.earth.size() + g.earth_raised.size());
  const float earth_cos = std::cos(glm::radians(kEarthSlope_deg));
  auto check = [&](const std::vector<std::uint32_t>& tris, bool earth, bool raised) {
    for (std::size_t i = 0; i < tris.size(); i += 3) {
      const glm::vec3 a = g.mesh.positions_ms[tris[i]], b = g.mesh.positions_ms[tris[i + 1]],
                      c = g.mesh.positions_ms[tris[i + 2]];
      const glm::vec3 n = glm::normalize(glm::cross(b - a, c - a));
      ASSERT_GT(n.y, 0.0f) << "faces up (counter-clockwise from above)";
      ASSERT_EQ(n.y < earth_cos, earth);
      ASSERT_EQ(std::max({a.y, b.y, c.y}) > 0.02f, raised) << "the ground layer lies on the flat ground";
    }
  };
  check(g.grass, false, false);
  check(g.earth, true, false);
  check(g.grass_raised, false, true);
  check(g.earth_raised, true, true);
  // A flat level keeps its plain tiled square.
  Level flat;
  const GroundLook f = build_ground_look(flat);
  EXPECT_TRUE(f.earth.empty());
  EXPECT_TRUE(f.mesh.colors.empty());
  EXPECT_EQ(f.grass, f.mesh.indices);
}

TEST(WorldLook, PropMeshesStandOnTheGroundWithinTheirSolidAndAreColoured) {
  for (Prop::Kind k : {Prop::Kind::kRock, Prop::Kind::kBush, Prop::Kind::kTree}) {
    const MeshData m = make_prop_mesh(k);
    ASSERT_FALSE(m.indices.empty()) << prop_kind_name(k);
    ASSERT_EQ(m.colors.size(), m.positions_ms.size());
    float lo = 1e9f, hi = -1e9f;
    for (const glm::vec3& p : m.positions_ms) lo = std::min(lo, p.y), hi = std::max(hi, p.y);
    EXPECT_LT(lo, 0.05f) << prop_kind_name(k) << " reaches the ground";
    EXPECT_GT(lo, -0.3f) << prop_kind_name(k);
    // Rocks and bushes are solid to their top; a tree's canopy rises above its trunk's solid.
    if (k != Prop::Kind::kTree) {
      EXPECT_NEAR(hi, prop_solid_size(k).y, 0.25f) << prop_kind_name(k);
    }
  }
}

TEST(WorldLook, FogMeetsTheSkysHorizonAndALevelsSkyOverridesTheDefaults) {
  Level lv;
  lv.name = "x";
  SkyLook look = level_sky_look(lv);
  Lighting l;
  level_fog(lv, look, &l);
  EXPECT_EQ(l.fog_color, look.horizon);
  EXPECT_FLOAT_EQ(l.fog_start_m, kDefaultFogStart_m);
  EXPECT_FLOAT_EQ(l.fog_end_m, kDefaultFogEnd_m);
  lv.sky.present = true;
  lv.sky.horizon = glm::vec3(1.0f, 0.5f, 0.0f);
  lv.sky.fog_start_m = 5.0f;
  lv.sky.fog_end_m = 30.0f;
  look = level_sky_look(lv);
  level_fog(lv, look, &l);
  EXPECT_EQ(l.fog_color, (Rgba8{255, 128, 0, 255}));
  EXPECT_FLOAT_EQ(l.fog_end_m, 30.0f);
  EXPECT_EQ(look.zenith, SkyLook{}.zenith) << "unset: the default";
}

TEST(WorldLook, TheKeyLightComesOverTheCamerasShoulderWhicheverWayItFaces) {
  const glm::vec3 target(2.0f, 0.6f, -3.0f);
  float ground_lit_min = 1.0f, ground_lit_max = 0.0f;
  for (int k = 0; k < 24; ++k) {
    const float yaw = static_cast<float>(k) * 0.2618f;  // every 15 degrees round
    const glm::vec3 back(std::sin(yaw), 0.0f, std::cos(yaw));
    const glm::vec3 eye = target + back * 4.0f + glm::vec3(0.0f, 1.5f, 0.0f);
    const glm::mat4 view = glm::lookAt(eye, target, glm::vec3(0.0f, 1.0f, 0.0f));
    const glm::vec3 to_light = -glm::normalize(key_light_direction(view));
    const glm::vec3 right = glm::normalize(glm::cross(target - eye, glm::vec3(0.0f, 1.0f, 0.0f)));
    // A creature's side facing the camera (the back of one walking away) is lit from the front.
    EXPECT_GT(glm::dot(to_light, back), 0.45f) << "yaw step " << k;
    EXPECT_GT(glm::dot(to_light, right), 0.2f) << "over the right shoulder, yaw step " << k;
    const float ground = glm::dot(to_light, glm::vec3(0.0f, 1.0f, 0.0f));
    ground_lit_min = std::min(ground_lit_min, ground);
    ground_lit_max = std::max(ground_lit_max, ground);
  }
  EXPECT_GT(ground_lit_min, 0.7f);
  EXPECT_LT(ground_lit_max - ground_lit_min, 1e-4f) << "the ground's light never changes as the camera swings";
}

}  // namespace
}  // namespace cf
