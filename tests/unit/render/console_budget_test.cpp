// The console budget meter against a hand-counted scene.
#include <gtest/gtest.h>

#include "core/json.h"
#include "render/console_budget.h"
#include "stage_test_util.h"

namespace cf {
namespace {

using test::TriangleSoup;

// A 100x100 target with a 90-degree view: at 5 m a view-space unit is 10 pixels. Four triangles: a
// 20x20-pixel square of two facing the camera, one facing away, one behind the camera.
struct HandCounted : ::testing::Test {
  TriangleSoup soup;
  GeometryScratch scratch;
  CommandList out;
  GeometryStats stats;
  HandCounted() {
    soup.add({-1, -1, -5}, {1, -1, -5}, {-1, 1, -5});  // facing: 200 pixels
    soup.add({1, -1, -5}, {1, 1, -5}, {-1, 1, -5});    // facing: 200 pixels
    soup.add({0, 0, -5}, {0, 1, -5}, {1, 0, -5});      // facing away: transformed, not drawn
    soup.add({-1, -1, 3}, {1, -1, 3}, {0, 1, 3});      // behind: rejected before the transform
  }
  ConsoleBudget run(TextureId texture, std::int16_t clut, const std::vector<int>& texels) {
    MeshInput m = soup.mesh();
    m.texture = texture;
    m.clut = clut;
    GeometryJob job = test::simple_job(&m, 1, 100, 100, &scratch, &out, &stats);
    EXPECT_TRUE(job.run());
    return measure_console_budget(out, stats, texels);
  }
};

TEST_F(HandCounted, PolygonsCyclesAndFill) {
  const ConsoleBudget b = run(kNoTexture, -1, {});
  EXPECT_EQ(b.polygons, 2);
  EXPECT_EQ(b.transformed, 3);
  EXPECT_EQ(b.gte_cycles, 3 * (23 + 8) + 2 * (5 + 44));  // 191
  EXPECT_NEAR(b.fill_screens, 400.0 / 10000.0, 1e-9);
  EXPECT_EQ(b.texture_bytes, 0);
  EXPECT_FALSE(b.over());
  EXPECT_EQ(b.over_text(), "");
}

TEST_F(HandCounted, ATextureCountsOnceAtItsDepth) {
  const std::vector<int> texels{16, 0, 0, 64 * 64};
  EXPECT_EQ(run(TextureId{3}, -1, texels).texture_bytes, 64 * 64 * 2);         // 15-bit
  EXPECT_EQ(run(TextureId{3}, 5, texels).texture_bytes, 64 * 64 + 256 * 2);    // 8-bit and its colour table
  EXPECT_EQ(run(TextureId{7}, -1, texels).texture_bytes, 0);                   // a size not known: not counted
}

// The geometry stage keeps a guard band: a triangle reaching past the screen fills only its part on it.
TEST(ConsoleBudget, FillCountsOnlyWhatIsOnScreen) {
  CommandList list;
  list.width = list.height = 100;
  ScreenTriangle t;
  const int corners[3][2] = {{40, 60}, {150, 60}, {40, 40}};  // 1,100 px, of which x > 100 is 50 x 9.09 / 2
  for (int i = 0; i < 3; ++i) {
    t.v[i].x = test::px(corners[i][0]);
    t.v[i].y = test::px(corners[i][1]);
  }
  list.triangles.push_back(t);
  GeometryStats stats;
  stats.triangles_in = stats.triangles_out = 1;
  const double inside = 1100.0 - 0.5 * 50.0 * (20.0 * 50.0 / 110.0);
  EXPECT_NEAR(measure_console_budget(list, stats, {}).fill_screens, inside / 10000.0, 1e-9);
  for (ScreenVertex& v : list.triangles[0].v) v.x += test::px(200);  // wholly off the screen
  EXPECT_NEAR(measure_console_budget(list, stats, {}).fill_screens, 0.0, 1e-12);
}

TEST(ConsoleBudget, EachLimitPassedIsNamed) {
  ConsoleBudget b;
  b.polygons = 4210;
  b.gte_cycles = 600000;
  b.fill_screens = 7.5;
  b.texture_bytes = 900 * 1024;
  EXPECT_EQ(ConsoleBudget::gte_cycles_per_frame(), 564480);
  EXPECT_EQ(b.over_text(),
            "over the console's budget: polygons 4210 of 3000, GTE 600000 of 564480 cycles, fill 7.5 of 7 screens, "
            "textures 900 of 724 KB");
  b = ConsoleBudget{};
  b.polygons = kConsolePolygonsPerFrame;  // at the limit still fits
  EXPECT_FALSE(b.over());
}

TEST(ConsoleBudget, TheLogKeepsEachFiguresLargestAndCountsTheFramesOver) {
  ConsoleBudgetLog log;
  ConsoleBudget a, b;
  a.polygons = 1000;
  a.fill_screens = 2.5;
  b.polygons = 3500;  // over
  b.texture_bytes = 10 * 1024;
  log.add(a);
  log.add(b);
  log.add(a);
  const Json j = Json::parse(log.summary())["console_budget"];
  EXPECT_EQ(j["frames"], 3);
  EXPECT_EQ(j["polygons_max"], 3500);
  EXPECT_NEAR(j["polygons_mean"].get<double>(), 5500.0 / 3.0, 0.05);
  EXPECT_NEAR(j["fill_screens_max"].get<double>(), 2.5, 1e-9);
  EXPECT_EQ(j["texture_kb_max"], 10);
  EXPECT_EQ(j["frames_over"], 1);
  EXPECT_EQ(j["first_over"], "over the console's budget: polygons 3500 of 3000");
  EXPECT_EQ(j["limits"]["polygons"], 3000);
  EXPECT_EQ(j["limits"]["gte_cycles"], 564480);
}

}  // namespace
}  // namespace cf
