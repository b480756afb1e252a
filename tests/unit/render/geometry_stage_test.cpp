#include <gtest/gtest.h>

#include <limits>

#include "render/geometry_stage.h"
#include "stage_test_util.h"

namespace cf::test {
namespace {

struct StageTest : ::testing::Test {
  GeometryScratch scratch;
  CommandList out;
  GeometryStats stats;
};

// 320x240, fov 90 degrees: a view-space point (x, y, -d) lands at
// ((x / (4/3 d)) * 160 + 160, 120 - (y / d) * 120).
TEST_F(StageTest, ProjectsKnownPointsToKnownPixels) {
  TriangleSoup soup;
  soup.add({0, 0, -2}, {4.0f / 3.0f, 0, -2}, {0, 1, -2});
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 1u);
  EXPECT_EQ(out.width, 320);
  EXPECT_EQ(out.height, 240);
  const ScreenTriangle& t = out.triangles[0];
  EXPECT_EQ(t.v[0].x, px(160));
  EXPECT_EQ(t.v[0].y, px(120));
  EXPECT_EQ(t.v[1].x, px(240));
  EXPECT_EQ(t.v[1].y, px(120));
  EXPECT_EQ(t.v[2].x, px(160));
  EXPECT_EQ(t.v[2].y, px(60));
  EXPECT_FLOAT_EQ(t.v[0].inv_w, 0.5f);
  // Window depth of a point 2 m away with near 1, far 100: (f + n - 2fn/d) / (f - n) / 2 + 0.5.
  const float want_depth = ((100.0f + 1.0f - 2.0f * 100.0f / 2.0f) / 99.0f) * 0.5f + 0.5f;
  EXPECT_NEAR(t.v[0].depth, want_depth, 1e-5f);
  EXPECT_EQ(t.v[0].color, (Rgba8{200, 100, 50, 255}));
}

// A lens shift moves every point the same share of the half picture: 0.25 right is 40 px at 320 wide,
// 0.5 up is 60 px at 240 high (up is toward row 0).
TEST_F(StageTest, ALensShiftMovesThePictureByAShareOfItsHalfSize) {
  TriangleSoup soup;
  soup.add({0, 0, -2}, {4.0f / 3.0f, 0, -2}, {0, 1, -2});
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  job.camera.shift_x = 0.25f;
  job.camera.shift_y = -0.5f;
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 1u);
  const ScreenTriangle& t = out.triangles[0];
  EXPECT_EQ(t.v[0].x, px(200));
  EXPECT_EQ(t.v[0].y, px(180));
  EXPECT_EQ(t.v[1].x, px(280));
  EXPECT_EQ(t.v[2].y, px(120));
  EXPECT_FLOAT_EQ(t.v[0].inv_w, 0.5f);
}

TEST_F(StageTest, SnappingOnGivesWholePixelsOffKeepsSubpixels) {
  // ndc x = 200.3 / 160 - 1 puts the corner at x = 200.3 px.
  const float x = (200.3f / 160.0f - 1.0f) * (4.0f / 3.0f) * 2.0f;
  TriangleSoup soup;
  soup.add({0, 0, -2}, {x, 0, -2}, {0, 1, -2});
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 1u);
  EXPECT_EQ(out.triangles[0].v[1].x, px(200));  // snapped: 200.3 -> 200

  job.settings.subpixel = true;
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 1u);
  EXPECT_EQ(out.triangles[0].v[1].x, 3205);  // 200.3 * 16 = 3204.8 -> 3205
  EXPECT_NE(out.triangles[0].v[1].x % kSubpixelOne, 0);
}

TEST_F(StageTest, BackFacesAreCulledUnlessDoubleSided) {
  TriangleSoup soup;
  soup.add({0, 0, -2}, {0, 1, -2}, {1, 0, -2});  // clockwise seen from the camera
  MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  EXPECT_TRUE(out.triangles.empty());
  EXPECT_EQ(stats.culled_back, 1);
  m.double_sided = true;
  ASSERT_TRUE(job.run());
  EXPECT_EQ(out.triangles.size(), 1u);
}

TEST_F(StageTest, ZeroAreaAfterSnappingIsCulled) {
  TriangleSoup soup;
  soup.add({0, 0, -50}, {0.01f, 0, -50}, {0, 0.01f, -50});  // far smaller than a pixel
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  EXPECT_TRUE(out.triangles.empty());
  EXPECT_EQ(stats.culled_back, 1);
}

// 200x200 target, fov 90, near 1. One corner behind the near plane: the triangle becomes a quad
// P0, P1, Q1, Q2 (Q on the near plane, halfway along the crossing edges), drawn as two triangles.
TEST_F(StageTest, TriangleCrossingNearPlaneIsCutIntoTwo) {
  TriangleSoup soup;
  soup.add({-1, -1, -3}, {1, -1, -3}, {0, 1, 1});
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 200, 200, &scratch, &out, &stats);
  job.settings.whole_polygons = true;  // follows the clipped pieces, not their splits
  ASSERT_TRUE(job.run());
  EXPECT_EQ(stats.clipped, 1);
  ASSERT_EQ(out.triangles.size(), 2u);
  // P0 (-1/3, -1/3) -> (66.7, 133.3) -> (67, 133); P1 -> (133, 133); Q1 = (0.5, 0, -1) -> (150, 100);
  // Q2 = (-0.5, 0, -1) -> (50, 100). Fan (P0 P1 Q1) is farther (mean w 2.33) so drawn first.
  const ScreenTriangle& a = out.triangles[0];
  const ScreenTriangle& b = out.triangles[1];
  EXPECT_EQ(a.v[0].x, px(67));
  EXPECT_EQ(a.v[0].y, px(133));
  EXPECT_EQ(a.v[1].x, px(133));
  EXPECT_EQ(a.v[1].y, px(133));
  EXPECT_EQ(a.v[2].x, px(150));
  EXPECT_EQ(a.v[2].y, px(100));
  EXPECT_EQ(b.v[0].x, px(67));
  EXPECT_EQ(b.v[1].x, px(150));
  EXPECT_EQ(b.v[1].y, px(100));
  EXPECT_EQ(b.v[2].x, px(50));
  EXPECT_EQ(b.v[2].y, px(100));
  // The new corners lie on the near plane: w = 1, window depth 0.
  EXPECT_FLOAT_EQ(a.v[2].inv_w, 1.0f);
  EXPECT_NEAR(b.v[2].depth, 0.0f, 1e-6f);
}

// A floor triangle below the camera with two corners behind the near plane: one smaller triangle
// P0, Q1, Q2 with Q1, Q2 halfway along the crossing edges, on the near plane.
TEST_F(StageTest, TwoCornersBehindNearPlaneLeaveOneSmallerTriangle) {
  TriangleSoup soup;
  soup.add({0, -1, -3}, {-1, -1, 1}, {1, -1, 1});
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 200, 200, &scratch, &out, &stats);
  job.settings.whole_polygons = true;  // follows the clipped pieces, not their splits
  ASSERT_TRUE(job.run());
  EXPECT_EQ(stats.clipped, 1);
  ASSERT_EQ(out.triangles.size(), 1u);
  const ScreenTriangle& t = out.triangles[0];
  EXPECT_EQ(t.v[0].x, px(100));  // P0 (0, -1/3) -> (100, 133.3)
  EXPECT_EQ(t.v[0].y, px(133));
  EXPECT_EQ(t.v[1].x, px(50));  // Q1 (-0.5, -1, -1)
  EXPECT_EQ(t.v[1].y, px(200));
  EXPECT_EQ(t.v[2].x, px(150));  // Q2 (0.5, -1, -1)
  EXPECT_EQ(t.v[2].y, px(200));
  EXPECT_FLOAT_EQ(t.v[1].inv_w, 1.0f);
}

TEST_F(StageTest, ClippedCornersInterpolateColourAndUv) {
  TriangleSoup soup;
  soup.add({-1, -1, -3}, {1, -1, -3}, {0, 1, 1});
  const std::vector<Rgba8> unused;
  std::vector<glm::vec2> uvs = {{0, 0}, {1, 0}, {0, 1}};
  MeshInput m = soup.mesh();
  m.uvs = uvs.data();
  GeometryJob job = simple_job(&m, 1, 200, 200, &scratch, &out, &stats);
  job.settings.whole_polygons = true;  // follows the clipped pieces, not their splits
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 2u);
  // Q1 is halfway from P1 (uv 1,0) to P2 (uv 0,1).
  EXPECT_FLOAT_EQ(out.triangles[0].v[2].u, 0.5f);
  EXPECT_FLOAT_EQ(out.triangles[0].v[2].v, 0.5f);
}

TEST_F(StageTest, WhollyBehindOrOutsideIsDropped) {
  TriangleSoup soup;
  soup.add({-1, -1, 3}, {1, -1, 3}, {0, 1, 3});        // behind the camera
  soup.add({50, -1, -3}, {52, -1, -3}, {51, 1, -3});   // far to the right
  soup.add({-1, -1, -300}, {1, -1, -300}, {0, 1, -300});  // beyond far
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 200, 200, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  EXPECT_TRUE(out.triangles.empty());
  EXPECT_EQ(stats.culled_outside, 3);
}

TEST_F(StageTest, HugeTrianglesAreGuardBandClippedToSaneCoordinates) {
  TriangleSoup soup;
  soup.add({-1e4f, -1e4f, -1.5f}, {1e4f, -1e4f, -1.5f}, {0, 1e4f, -1.5f});
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 200, 200, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  ASSERT_FALSE(out.triangles.empty());
  for (const ScreenTriangle& t : out.triangles) {
    for (const ScreenVertex& v : t.v) {
      EXPECT_LE(std::abs(v.x), px(200 * 5));
      EXPECT_LE(std::abs(v.y), px(200 * 5));
    }
  }
}

TEST_F(StageTest, GouraudLightingAmbientPlusSun) {
  TriangleSoup soup;
  soup.add({0, 0, -2}, {1, 0, -2}, {0, 1, -2});  // normal +Z, towards the camera
  MeshInput m = soup.mesh(Rgba8{200, 200, 200, 255});
  m.unlit = false;
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  job.lighting.sun_dir_ws = glm::vec3(0, 0, -1);  // shining straight onto the face
  job.lighting.sun_color = glm::vec3(0.5f);
  job.lighting.ambient = glm::vec3(0.25f);
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 1u);
  EXPECT_EQ(out.triangles[0].v[0].color.r, 150);  // 200 * (0.25 + 0.5)
  job.lighting.sun_dir_ws = glm::vec3(0, 0, 1);   // from behind: ambient only
  ASSERT_TRUE(job.run());
  EXPECT_EQ(out.triangles[0].v[0].color.r, 50);
}

TEST_F(StageTest, FogGrowsWithViewDistance) {
  TriangleSoup soup;
  soup.add({-1, 0, -5}, {1, 0, -5}, {0, 1, -20});
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  job.settings.whole_polygons = true;  // follows the clipped pieces, not their splits
  job.lighting.fog_start_m = 5.0f;
  job.lighting.fog_end_m = 15.0f;
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 1u);
  EXPECT_EQ(out.triangles[0].v[0].fog, 0);
  EXPECT_EQ(out.triangles[0].v[2].fog, 255);
}

TEST_F(StageTest, WeightViewUsesPerVertexColoursWithoutTexture) {
  TriangleSoup soup;
  soup.add({0, 0, -2}, {1, 0, -2}, {0, 1, -2});
  const std::vector<Rgba8> weights(3, Rgba8{255, 0, 0, 255});
  MeshInput m = soup.mesh();
  m.weight_colors = weights.data();
  m.texture = TextureId{3};
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  EXPECT_EQ(out.triangles[0].texture, TextureId{3});
  EXPECT_EQ(out.triangles[0].v[0].color, (Rgba8{200, 100, 50, 255}));
  job.settings.overlay_mask = kOverlayWeights;
  ASSERT_TRUE(job.run());
  EXPECT_EQ(out.triangles[0].texture, kNoTexture);
  EXPECT_GT(out.triangles[0].v[0].color.r, 150);
  EXPECT_EQ(out.triangles[0].v[0].color.g, 0);
}

TEST_F(StageTest, ModernTargetIsFullResolutionAndUnsnapped) {
  TriangleSoup soup;
  soup.add({0, 0, -2}, {4.0f / 3.0f, 0, -2}, {0, 1, -2});
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  job.settings.modern = true;
  job.window_width = 1000;
  job.window_height = 600;  // letterboxed 4:3 -> 800x600
  ASSERT_TRUE(job.run());
  EXPECT_TRUE(out.modern);
  EXPECT_EQ(out.width, 800);
  EXPECT_EQ(out.height, 600);
  EXPECT_EQ(out.triangles[0].v[1].x, px(600));
}

TEST_F(StageTest, ValidateRejectsBadInput) {
  TriangleSoup soup;
  soup.add({0, 0, -2}, {1, 0, -2}, {0, 1, -2});
  std::vector<std::uint32_t> bad_index = {0, 1, 7};
  MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  EXPECT_TRUE(job.validate());
  m.indices = bad_index.data();
  EXPECT_FALSE(job.validate());
  out.triangles.resize(4);
  EXPECT_FALSE(job.run());
  EXPECT_TRUE(out.triangles.empty());
  m = soup.mesh();
  m.index_count = 2;
  EXPECT_FALSE(job.validate());
  m = soup.mesh();
  job.camera.near_m = 200.0f;  // beyond far
  EXPECT_FALSE(job.validate());
  job.camera.near_m = 1.0f;
  job.camera.fov_y_rad = 4.0f;
  EXPECT_FALSE(job.validate());
  job.camera.fov_y_rad = 1.0f;
  job.scratch = nullptr;
  EXPECT_FALSE(job.validate());
  job.scratch = &scratch;
  job.mesh_count = 1;
  job.meshes = nullptr;
  EXPECT_FALSE(job.validate());
}

TEST_F(StageTest, NonFiniteInputDoesNotCrash) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  TriangleSoup soup;
  soup.add({0, 0, -2}, {1, 0, -2}, {0, 1, -2});
  soup.positions[1] = glm::vec3(nan, 0, -2);
  soup.positions[2] = glm::vec3(inf, -inf, -2);
  soup.normals[0] = glm::vec3(0.0f);  // zero normal: lighting must not produce NaN colours
  MeshInput m = soup.mesh();
  m.unlit = false;
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  for (const ScreenTriangle& t : out.triangles) {
    for (const ScreenVertex& v : t.v) {
      EXPECT_LE(std::abs(v.x), px(1000000));
      EXPECT_LE(std::abs(v.y), px(1000000));
    }
  }
}

TEST(BoneDebugColor, NeighbouringBonesDiffer) {
  for (int i = 0; i < 11; ++i) EXPECT_FALSE(bone_debug_color(i) == bone_debug_color(i + 1));
}

}  // namespace
}  // namespace cf::test
