#include <gtest/gtest.h>

#include "render/geometry_stage.h"
#include "render/ordering_table.h"
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

ScreenVertex corner(int x, int y) {
  ScreenVertex v;
  v.x = px(x);
  v.y = px(y);
  return v;
}

// Only faces looking at the camera (or double-sided ones) enter; back faces and zero-area ones are
// counted and dropped. Corners (0,0) (0,10) (10,0) run counter-clockwise on screen (y down): front.
TEST(OrderingTableDirect, AddFaceCullsBackFacesAndCountsThem) {
  GeometryScratch scratch;
  GeometryStats stats;
  OrderingTable table(1.0f, 100.0f, 64, &scratch);
  FaceStyle style;
  style.texture = TextureId{7};
  table.add_face(style, corner(0, 0), corner(0, 10), corner(10, 0), 5, 5, 5, &stats);
  table.add_face(style, corner(0, 0), corner(10, 0), corner(0, 10), 5, 5, 5, &stats);  // back face
  table.add_face(style, corner(0, 0), corner(5, 5), corner(10, 10), 5, 5, 5, &stats);  // no area
  style.double_sided = true;
  table.add_face(style, corner(0, 0), corner(10, 0), corner(0, 10), 5, 5, 5, &stats);
  EXPECT_EQ(stats.culled_back, 2);
  std::vector<ScreenTriangle> out;
  table.sort_into(&out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].texture, TextureId{7});
  EXPECT_EQ(out[0].v[1].y, px(10));
  EXPECT_TRUE(scratch.unsorted.size() == 2u);
}

// Far before near; the ground layer before all, then the floor marks; a distance that is not a number sorts with the nearest
// (bucket 0), and one past the far plane with the farthest; a new table starts empty.
TEST(OrderingTableDirect, KeysOrderFarNearGroundAndOddDistances) {
  GeometryScratch scratch;
  OrderingTable table(1.0f, 100.0f, 64, &scratch);
  FaceStyle style, ground, mark;
  ground.ground = true;
  mark.floor_mark = true;
  auto add = [&](const FaceStyle& s, int tag, float w) {
    ScreenVertex a = corner(0, 0), b = corner(0, 10), c = corner(10, 0);
    a.fog = static_cast<std::uint8_t>(tag);
    table.add_face(s, a, b, c, w, w, w, nullptr);
  };
  add(style, 1, 2.0f);
  add(style, 2, std::nanf(""));
  add(style, 3, 50.0f);
  add(ground, 4, 1.5f);
  add(style, 5, 1e6f);
  add(mark, 6, 1.2f);   // a floor mark nearer than all: after the ground, before the rest
  add(ground, 7, 1.1f);
  add(mark, 8, 90.0f);
  std::vector<ScreenTriangle> out;
  table.sort_into(&out);
  ASSERT_EQ(out.size(), 8u);
  const int order[8] = {4, 7, 8, 6, 5, 3, 1, 2};
  for (int k = 0; k < 8; ++k) EXPECT_EQ(out[k].v[0].fog, order[k]) << k;
  OrderingTable again(1.0f, 100.0f, 64, &scratch);
  again.sort_into(&out);
  EXPECT_TRUE(out.empty());
}

}  // namespace
}  // namespace cf::test
