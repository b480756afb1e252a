#include <gtest/gtest.h>

#include "render/frame_settings.h"

namespace cf {
namespace {

TEST(Letterbox, SameAspectFillsTheWindow) {
  const PixelRect r = letterbox(640, 480, 320, 240);
  EXPECT_EQ(r.x, 0);
  EXPECT_EQ(r.y, 0);
  EXPECT_EQ(r.w, 640);
  EXPECT_EQ(r.h, 480);
}

TEST(Letterbox, WideWindowGetsBarsLeftAndRight) {
  const PixelRect r = letterbox(1920, 1080, 320, 240);
  EXPECT_EQ(r.h, 1080);
  EXPECT_EQ(r.w, 1440);
  EXPECT_EQ(r.x, 240);
  EXPECT_EQ(r.y, 0);
}

TEST(Letterbox, TallWindowGetsBarsTopAndBottom) {
  const PixelRect r = letterbox(800, 1000, 320, 240);
  EXPECT_EQ(r.w, 800);
  EXPECT_EQ(r.h, 600);
  EXPECT_EQ(r.x, 0);
  EXPECT_EQ(r.y, 200);
}

TEST(Letterbox, AspectErrorUnderOnePixelForManySizes) {
  for (int w = 1; w < 700; w += 7) {
    for (int h = 1; h < 700; h += 11) {
      const PixelRect r = letterbox(w, h, 320, 240);
      ASSERT_GE(r.w, 1);
      ASSERT_GE(r.h, 1);
      ASSERT_LE(r.w, w);
      ASSERT_LE(r.h, h);
      ASSERT_TRUE(r.w == w || r.h == h) << w << "x" << h;
      // The picture's aspect matches 4:3 to within rounding of one pixel on the shorter fitted side.
      if (r.w == w) {
        EXPECT_LE(std::abs(r.h * 4 - r.w * 3), 4) << w << "x" << h;
      } else {
        EXPECT_LE(std::abs(r.h * 4 - r.w * 3), 3) << w << "x" << h;
      }
      EXPECT_LE(std::abs((w - r.w) - 2 * r.x), 1);
      EXPECT_LE(std::abs((h - r.h) - 2 * r.y), 1);
    }
  }
}

TEST(Letterbox, DegenerateSizesGiveEmpty) {
  EXPECT_EQ(letterbox(0, 480, 320, 240).w, 0);
  EXPECT_EQ(letterbox(640, 480, 0, 240).w, 0);
  EXPECT_EQ(letterbox(-5, -5, 320, 240).h, 0);
}

TEST(TargetSize, RetroIsInternalModernIsTheLetterbox) {
  FrameSettings s;
  int w = 0, h = 0;
  target_size(s, 1920, 1080, &w, &h);
  EXPECT_EQ(w, 320);
  EXPECT_EQ(h, 240);
  s.internal_width = 256;
  s.internal_height = 224;
  target_size(s, 1920, 1080, &w, &h);
  EXPECT_EQ(w, 256);
  EXPECT_EQ(h, 224);
  s = FrameSettings{};
  s.modern = true;
  target_size(s, 1920, 1080, &w, &h);
  EXPECT_EQ(w, 1440);
  EXPECT_EQ(h, 1080);
  target_size(s, 0, 0, &w, &h);  // no window yet: the internal size
  EXPECT_EQ(w, 320);
}

}  // namespace
}  // namespace cf
