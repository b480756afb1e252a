// overlay_lines: debug lines and point diamonds projected into the command list, through the stage and
// directly.
#include "render/overlay_lines.h"

#include <gtest/gtest.h>

#include "render/geometry_stage.h"
#include "stage_test_util.h"

namespace cf::test {
namespace {

struct OverlayStageTest : ::testing::Test {
  GeometryScratch scratch;
  CommandList out;
  GeometryStats stats;
};

TEST_F(OverlayStageTest, LinesFollowTheMaskAndAreClipped) {
  const OverlayLineInput lines[] = {
      {{-1, 0, -2}, {1, 0, -2}, Rgba8{255, 255, 255, 255}, kOverlayBones},
      {{0, 0, -2}, {0, 0, 5}, Rgba8{255, 0, 0, 255}, kOverlayCog},  // crosses the near plane
      {{0, 0, 2}, {0, 1, 2}, Rgba8{255, 0, 0, 255}, kOverlayBones},  // behind the camera
  };
  const OverlayPointInput point{{0, 0, -2}, Rgba8{0, 255, 0, 255}, kOverlayJoints, 2.0f};
  GeometryJob job = simple_job(nullptr, 0, 200, 200, &scratch, &out, &stats);
  job.lines = lines;
  job.line_count = 3;
  job.points = &point;
  job.point_count = 1;
  ASSERT_TRUE(job.run());
  EXPECT_TRUE(out.lines.empty());  // mask 0: nothing
  job.settings.overlay_mask = kOverlayBones;
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.lines.size(), 1u);
  EXPECT_EQ(out.lines[0].x0, px(50));  // (-1, 0, -2) -> ndc -0.5
  EXPECT_EQ(out.lines[0].x1, px(150));
  job.settings.overlay_mask = kOverlayCog | kOverlayJoints;
  ASSERT_TRUE(job.run());
  ASSERT_EQ(out.lines.size(), 5u);  // the clipped CoG line + a diamond of four
  EXPECT_EQ(out.lines[0].kind, kOverlayCog);
  EXPECT_EQ(out.lines[0].x0, px(100));
  EXPECT_EQ(out.lines[1].kind, kOverlayJoints);
  EXPECT_EQ(out.lines[1].x0, px(102));  // east corner, 2 px right of the centre
  EXPECT_EQ(out.lines[1].y0, px(100));
}

// A 200x200 target, identity view, 90 degrees: (x, y, -d) lands at (100 + 100 x / d, 100 - 100 y / d).
OverlayProjection projection(std::uint32_t mask, float px_scale = 1.0f) {
  OverlayProjection p;
  Camera camera;
  camera.fov_y_rad = 3.14159265358979323846f / 2.0f;
  camera.near_m = 1.0f;
  camera.far_m = 100.0f;
  p.view_proj = projection_matrix(camera, 1.0f);
  p.viewport.w = p.viewport.h = 200.0f;
  p.viewport.snap = true;
  p.mask = mask;
  p.px_scale = px_scale;
  return p;
}

// Point sizes are given at the internal resolution and scaled for the target; 0 means 2 pixels. The
// diamond is four lines corner to corner: east, north, west, south.
TEST(OverlayLines, PointDiamondRadiusAndScale) {
  CommandList out;
  add_overlay_point(projection(kOverlayJoints), OverlayPointInput{{0, 0, -4}, Rgba8{}, kOverlayJoints, 0.0f}, &out);
  ASSERT_EQ(out.lines.size(), 4u);
  EXPECT_EQ(out.lines[0].x0, px(102));
  EXPECT_EQ(out.lines[0].y0, px(100));
  EXPECT_EQ(out.lines[0].x1, px(100));
  EXPECT_EQ(out.lines[0].y1, px(98));  // north is up the screen
  for (int k = 0; k < 4; ++k) EXPECT_EQ(out.lines[k].x1, out.lines[(k + 1) % 4].x0) << k;  // a closed loop
  out.lines.clear();
  add_overlay_point(projection(kOverlayJoints, 3.0f), OverlayPointInput{{0, 0, -4}, Rgba8{}, kOverlayJoints, 2.0f},
                    &out);
  ASSERT_EQ(out.lines.size(), 4u);
  EXPECT_EQ(out.lines[0].x0, px(106));
  EXPECT_EQ(out.lines[2].x0, px(94));
}

// A point behind the camera or off the view draws nothing, nor does one whose kind is masked off; a
// line wholly behind the camera draws nothing, one crossing the near plane is cut to it.
TEST(OverlayLines, HiddenPointsAndLinesDrawNothing) {
  CommandList out;
  const OverlayProjection all = projection(kOverlayAll);
  add_overlay_point(all, OverlayPointInput{{0, 0, 3}, Rgba8{}, kOverlayJoints, 2.0f}, &out);
  add_overlay_point(all, OverlayPointInput{{50, 0, -2}, Rgba8{}, kOverlayJoints, 2.0f}, &out);
  add_overlay_point(projection(kOverlayBones), OverlayPointInput{{0, 0, -2}, Rgba8{}, kOverlayJoints, 2.0f}, &out);
  add_overlay_line(all, OverlayLineInput{{0, 0, 1}, {1, 1, 5}, Rgba8{}, kOverlayBones}, &out);
  EXPECT_TRUE(out.lines.empty());
  add_overlay_line(all, OverlayLineInput{{0.5f, 0, -2}, {0.5f, 0, 4}, Rgba8{1, 2, 3, 4}, kOverlayCog}, &out);
  ASSERT_EQ(out.lines.size(), 1u);
  EXPECT_EQ(out.lines[0].x0, px(125));  // (0.5, 0, -2)
  EXPECT_EQ(out.lines[0].x1, px(150));  // cut at the near plane, d = 1
  EXPECT_EQ(out.lines[0].kind, kOverlayCog);
  EXPECT_EQ(out.lines[0].color.a, 4);
}

}  // namespace
}  // namespace cf::test
