#include <gtest/gtest.h>

#include "render/geometry_stage.h"
#include "stage_test_util.h"

namespace cf::test {
namespace {

// A camera-facing triangle at view distance d whose red channel tags it.
void add_at(TriangleSoup* soup, float d, float x = 0) {
  soup->add({x - 0.1f * d, -0.1f * d, -d}, {x + 0.1f * d, -0.1f * d, -d}, {x, 0.1f * d, -d});
}

struct OrderingTableTest : ::testing::Test {
  GeometryScratch scratch;
  CommandList out;
  GeometryStats stats;
};

TEST_F(OrderingTableTest, DrawsBackToFront) {
  TriangleSoup soup;
  const float depths[] = {5, 40, 10, 80, 2};
  for (float d : depths) add_at(&soup, d);
  const MeshInput m = soup.mesh();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 5u);
  const float want[] = {80, 40, 10, 5, 2};
  for (int i = 0; i < 5; ++i) EXPECT_NEAR(1.0f / out.triangles[i].v[0].inv_w, want[i], 1e-3f) << i;
}

// Primitives in one bucket keep their submission order, even when their exact depths differ.
TEST_F(OrderingTableTest, StableWithinABucket) {
  TriangleSoup soup;
  add_at(&soup, 12.0f, -1.0f);
  add_at(&soup, 12.3f, 0.0f);  // slightly farther, submitted later
  add_at(&soup, 12.0f, 1.0f);
  std::vector<MeshInput> meshes;
  const Rgba8 tags[] = {{10, 0, 0, 255}, {20, 0, 0, 255}, {30, 0, 0, 255}};
  std::vector<TriangleSoup> single(3);
  for (int i = 0; i < 3; ++i) {
    single[i].add(soup.positions[3 * i], soup.positions[3 * i + 1], soup.positions[3 * i + 2]);
  }
  for (int i = 0; i < 3; ++i) meshes.push_back(single[i].mesh(tags[i]));
  GeometryJob job = simple_job(meshes.data(), 3, 320, 240, &scratch, &out, &stats);
  job.settings.ot_buckets = 16;  // buckets 1.33 times deeper than the last: all three share one
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 3u);
  EXPECT_EQ(out.triangles[0].v[0].color.r, 10);
  EXPECT_EQ(out.triangles[1].v[0].color.r, 20);
  EXPECT_EQ(out.triangles[2].v[0].color.r, 30);
  // With the default 4096 buckets (0.11 % apart, ~1.4 cm at 12 m) the farther one moves first.
  job.settings.ot_buckets = 0;
  ASSERT_TRUE(job.run());
  EXPECT_EQ(out.triangles[0].v[0].color.r, 20);
  EXPECT_EQ(out.triangles[1].v[0].color.r, 10);
  EXPECT_EQ(out.triangles[2].v[0].color.r, 30);
}

TEST_F(OrderingTableTest, SameDepthKeepsSubmissionOrderAcrossManyPrimitives) {
  TriangleSoup soup;
  for (int i = 0; i < 50; ++i) add_at(&soup, 7.0f, static_cast<float>(i % 7) * 0.3f - 1.0f);
  std::vector<glm::vec2> uvs(soup.positions.size());
  for (std::size_t i = 0; i < uvs.size(); ++i) uvs[i] = glm::vec2(static_cast<float>(i / 3), 0);
  MeshInput m = soup.mesh();
  m.uvs = uvs.data();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 50u);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(out.triangles[i].v[0].u, static_cast<float>(i));
}

TEST_F(OrderingTableTest, GroundLayerIsDrawnBehindEverything) {
  TriangleSoup near_ground, far_object;
  add_at(&near_ground, 3.0f);
  add_at(&far_object, 30.0f);
  MeshInput ground = near_ground.mesh(Rgba8{1, 0, 0, 255});
  ground.ground_layer = true;
  const MeshInput meshes[] = {far_object.mesh(Rgba8{2, 0, 0, 255}), ground};
  GeometryJob job = simple_job(meshes, 2, 320, 240, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 2u);
  EXPECT_EQ(out.triangles[0].v[0].color.r, 1);
  EXPECT_EQ(out.triangles[1].v[0].color.r, 2);
}

TEST_F(OrderingTableTest, OneBucketKeepsSubmissionOrder) {
  TriangleSoup soup;
  add_at(&soup, 2.0f);
  add_at(&soup, 50.0f);
  std::vector<glm::vec2> uvs = {{0, 0}, {0, 0}, {0, 0}, {1, 0}, {1, 0}, {1, 0}};
  MeshInput m = soup.mesh();
  m.uvs = uvs.data();
  GeometryJob job = simple_job(&m, 1, 320, 240, &scratch, &out, &stats);
  job.settings.ot_buckets = 1;
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.triangles.size(), 2u);
  EXPECT_EQ(out.triangles[0].v[0].u, 0.0f);
  EXPECT_EQ(out.triangles[1].v[0].u, 1.0f);
}

}  // namespace
}  // namespace cf::test
