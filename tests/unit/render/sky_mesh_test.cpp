// The backdrop and the stage's per-vertex colours: the sky mesh shades from the horizon colour up to the
// zenith's, its hills stand round the horizon, and the stage draws the sky layer first, in submission order,
// never fogged; a mesh's vertex colours multiply its flat colour.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "render/geometry_stage.h"
#include "render/sky_mesh.h"
#include "stage_test_util.h"

namespace cf::test {
namespace {

int channel_distance(Rgba8 a, Rgba8 b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

TEST(SkyMesh, DomeRunsFromTheHorizonColourToTheZenithsAndEveryVertexHasAColour) {
  SkyLook look;
  const MeshData sky = make_sky_mesh(look);
  ASSERT_FALSE(sky.positions_ms.empty());
  ASSERT_EQ(sky.colors.size(), sky.positions_ms.size());
  ASSERT_EQ(sky.normals_ms.size(), sky.positions_ms.size());
  ASSERT_EQ(sky.indices.size() % 3, 0u);
  for (std::uint32_t i : sky.indices) ASSERT_LT(i, sky.positions_ms.size());
  float top = -1e9f;
  Rgba8 top_color{};
  for (std::size_t i = 0; i < sky.positions_ms.size(); ++i) {
    const glm::vec3& p = sky.positions_ms[i];
    EXPECT_LE(glm::length(p), kSkyRadius_m + 1e-3f) << "inside the far plane";
    if (p.y > top) top = p.y, top_color = sky.colors[i];
    // Every vertex below the horizon is the horizon's haze (the ground's fog meets it there).
    if (p.y < -1.0f) {
      EXPECT_LE(channel_distance(sky.colors[i], look.horizon), 2) << i;
    }
  }
  EXPECT_NEAR(top, kSkyRadius_m, 1e-3f);
  EXPECT_EQ(top_color, look.zenith);
  // The view's MeshInput carries the colours.
  EXPECT_EQ(sky.view(glm::mat4(1.0f), Rgba8{}, kNoTexture).vertex_colors, sky.colors.data());
}

TEST(SkyMesh, HillsRingTheHorizonAllRoundAndTheSeedChangesTheirOutline) {
  SkyLook a, b;
  b.seed = 7;
  const MeshData ma = make_sky_mesh(a), mb = make_sky_mesh(b);
  // Hill tops: vertices a little above the horizon, nearer than the dome.
  int tops = 0;
  bool differs = false;
  for (std::size_t i = 0; i < ma.positions_ms.size(); ++i) {
    const glm::vec3& p = ma.positions_ms[i];
    const float r = std::hypot(p.x, p.z);
    if (r < 0.97f * kSkyRadius_m && r > 0.8f * kSkyRadius_m && p.y > 1.0f && p.y < 25.0f) ++tops;
    if (i < mb.positions_ms.size() && glm::length(p - mb.positions_ms[i]) > 0.01f) differs = true;
  }
  EXPECT_GE(tops, 100);
  EXPECT_TRUE(differs);
  // Deterministic.
  EXPECT_EQ(make_sky_mesh(a).positions_ms, ma.positions_ms);
}

TEST(SkyMesh, MixColorBlendsPerChannel) {
  EXPECT_EQ(mix_color(Rgba8{0, 100, 200, 255}, Rgba8{100, 100, 0, 255}, 0.5f), (Rgba8{50, 100, 100, 255}));
  EXPECT_EQ(mix_color(Rgba8{0, 0, 0, 255}, Rgba8{255, 255, 255, 255}, 2.0f), (Rgba8{255, 255, 255, 255}));
}

struct SkyStage : ::testing::Test {
  GeometryScratch scratch;
  CommandList out;
  GeometryStats stats;
};

TEST_F(SkyStage, VertexColoursMultiplyTheFlatColour) {
  TriangleSoup soup;
  soup.add({0, 0, -2}, {1, 0, -2}, {0, 1, -2});
  const Rgba8 colours[3] = {{255, 255, 255, 255}, {128, 255, 0, 255}, {0, 0, 255, 255}};
  MeshInput m = soup.mesh(Rgba8{200, 100, 50, 255});
  m.vertex_colors = colours;
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 1u);
  const ScreenTriangle& t = out.triangles[0];
  EXPECT_EQ(t.v[0].color, (Rgba8{200, 100, 50, 255}));
  EXPECT_EQ(t.v[1].color, (Rgba8{100, 100, 0, 255}));
  EXPECT_EQ(t.v[2].color, (Rgba8{0, 0, 50, 255}));
}

TEST_F(SkyStage, TheSkyIsDrawnFirstInSubmissionOrderAndNeverFogged) {
  // A near triangle (the scene), then two sky triangles: a far one submitted before a nearer one.
  TriangleSoup scene, sky;
  scene.add({-1, -1, -3}, {1, -1, -3}, {0, 1, -3});
  sky.add({-40, -40, -90}, {40, -40, -90}, {0, 40, -90});
  sky.add({-5, -5, -20}, {5, -5, -20}, {0, 5, -20});
  MeshInput meshes[2] = {scene.mesh(Rgba8{10, 10, 10, 255}), sky.mesh(Rgba8{50, 60, 70, 255})};
  meshes[1].sky = true;
  GeometryJob job = simple_job(meshes, 2, 320, 240, &scratch, &out, &stats);
  job.lighting.fog_start_m = 1.0f;
  job.lighting.fog_end_m = 10.0f;
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 3u);
  // Sky first, its own order kept (the far one first as given, then the nearer), then the scene.
  EXPECT_EQ(out.triangles[0].v[0].y, out.triangles[0].v[1].y);
  EXPECT_FLOAT_EQ(out.triangles[0].v[0].inv_w, 1.0f / 90.0f);
  EXPECT_FLOAT_EQ(out.triangles[1].v[0].inv_w, 1.0f / 20.0f);
  EXPECT_FLOAT_EQ(out.triangles[2].v[0].inv_w, 1.0f / 3.0f);
  for (int i = 0; i < 2; ++i)
    for (const ScreenVertex& v : out.triangles[static_cast<std::size_t>(i)].v) EXPECT_EQ(v.fog, 0) << "the sky is never fogged";
  // The scene at 3 m in fog from 1 to 10 m is fogged (2/9).
  EXPECT_NEAR(out.triangles[2].v[0].fog, 255 * 2 / 9, 1);
  // Without the sky flag the far triangle is fogged through.
  meshes[1].sky = false;
  ASSERT_TRUE(job.run());
  EXPECT_EQ(out.triangles[0].v[0].fog, 255);
}

TEST_F(SkyStage, ASortBiasSortsAMeshAsIfFarther) {
  // Rising ground at 5 m, biased 1 m, sorts behind a body at 5.5 m; unbiased, in front of it.
  TriangleSoup ground, body;
  ground.add({-1, -1, -5}, {1, -1, -5}, {0, 1, -5});
  body.add({-1, -1, -5.5f}, {1, -1, -5.5f}, {0, 1, -5.5f});
  MeshInput meshes[2] = {ground.mesh(Rgba8{0, 200, 0, 255}), body.mesh(Rgba8{200, 0, 0, 255})};
  meshes[0].sort_bias_m = 1.0f;
  GeometryJob job = simple_job(meshes, 2, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 2u);
  EXPECT_EQ(out.triangles[1].v[0].color.r, 200) << "the body is drawn last";
  meshes[0].sort_bias_m = 0.0f;
  ASSERT_TRUE(job.run());
  EXPECT_EQ(out.triangles[1].v[0].color.g, 200) << "the nearer ground is drawn last";
}

}  // namespace
}  // namespace cf::test
