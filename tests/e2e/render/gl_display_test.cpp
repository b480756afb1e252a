// The displayed frame keeps the target's aspect and picture at any window size: black bars around a
// nearest-scaled copy of the 320x240 target. Checked at two window sizes, after a real window resize
// and across a fullscreen toggle.
#include <SDL.h>

#include <cmath>

#include "gl_fixture.h"
#include "render/frame_settings.h"

namespace cf::test {
namespace {

// Every displayed pixel inside the letterbox equals the target pixel it was scaled from (sampled at
// display pixel centres), and every pixel outside is black. Returns the number of failures.
long check_letterboxed(const Image& shown, const Image& low) {
  const PixelRect r = letterbox(shown.width, shown.height, low.width, low.height);
  long bad = 0;
  for (int y = 0; y < shown.height; ++y) {
    for (int x = 0; x < shown.width; ++x) {
      const std::uint8_t* p = &shown.rgba[(static_cast<std::size_t>(y) * shown.width + x) * 4];
      const bool inside = x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
      if (!inside) {
        if (p[0] || p[1] || p[2]) ++bad;
        continue;
      }
      // Nearest: the source texel under the centre of this display pixel. GL maps rows bottom-up, so
      // count from the bottom; at an exact tie between two texels either one is right.
      const double fx = (x - r.x + 0.5) * low.width / r.w;
      const double fy_up = (r.y + r.h - 1 - y + 0.5) * low.height / r.h;
      const int sx = static_cast<int>(fx);
      const int sy = low.height - 1 - static_cast<int>(fy_up);
      const std::uint8_t* q = &low.rgba[(static_cast<std::size_t>(sy) * low.width + sx) * 4];
      const bool tie = std::abs(fx - std::round(fx)) < 1e-3 || std::abs(fy_up - std::round(fy_up)) < 1e-3;
      if (tie) continue;
      if (p[0] != q[0] || p[1] != q[1] || p[2] != q[2]) ++bad;
    }
  }
  return bad;
}

TEST_F(GlRenderTest, PictureKeepsAspectAtTwoWindowSizes) {
  const int sizes[][2] = {{640, 480}, {1000, 480}, {500, 700}};
  Image first_low;
  for (const auto& sz : sizes) {
    render(FrameSettings{}, sz[0], sz[1]);
    const Image shown = displayed();
    const Image low = target();
    ASSERT_EQ(shown.width, sz[0]);
    ASSERT_EQ(shown.height, sz[1]);
    EXPECT_EQ(check_letterboxed(shown, low), 0) << sz[0] << "x" << sz[1];
    // The low-resolution picture itself does not depend on the window size.
    if (first_low.rgba.empty()) first_low = low;
    EXPECT_EQ(low.rgba, first_low.rgba) << sz[0] << "x" << sz[1];
  }
}

TEST_F(GlRenderTest, WindowResizeAndFullscreenToggleKeepAspectAndPicture) {
  render(FrameSettings{}, 640, 480);
  const Image before = target();
  SDL_SetWindowSize(window.sdl_window(), 900, 400);
  SDL_PumpEvents();
  PixelSize s = window.drawable_size();
  ASSERT_GT(s.width, 0);
  render(FrameSettings{}, s.width, s.height);
  EXPECT_EQ(check_letterboxed(displayed(), target()), 0) << s.width << "x" << s.height;
  EXPECT_EQ(target().rgba, before.rgba);

  // Fullscreen: the window must be shown for the toggle to take effect; the new size arrives
  // through events (asynchronously on X11; on a loaded machine the X server can take seconds).
  window.show();
  window.toggle_fullscreen();
  const PixelSize windowed = s;
  for (int i = 0; i < 800 && window.drawable_size().width == windowed.width; ++i) {
    SDL_PumpEvents();
    SDL_Delay(10);
  }
  s = window.drawable_size();
  EXPECT_TRUE(window.fullscreen());
  EXPECT_NE(s.width, windowed.width) << "fullscreen did not change the drawable size";
  render(FrameSettings{}, s.width, s.height);
  EXPECT_EQ(check_letterboxed(displayed(), target()), 0) << "fullscreen " << s.width << "x" << s.height;
  EXPECT_EQ(target().rgba, before.rgba);

  window.toggle_fullscreen();
  for (int i = 0; i < 800 && window.drawable_size().width != windowed.width; ++i) {
    SDL_PumpEvents();
    SDL_Delay(10);
  }
  s = window.drawable_size();
  EXPECT_FALSE(window.fullscreen());
  render(FrameSettings{}, s.width, s.height);
  EXPECT_EQ(check_letterboxed(displayed(), target()), 0) << "windowed " << s.width << "x" << s.height;
  EXPECT_EQ(target().rgba, before.rgba);
}

// The modern path also keeps the aspect: its full-resolution target is the letterbox rectangle.
TEST_F(GlRenderTest, ModernTargetIsTheLetterboxRectangle) {
  FrameSettings m;
  m.modern = true;
  render(m, 1000, 480);
  const Image low = target();
  EXPECT_EQ(low.width, 640);
  EXPECT_EQ(low.height, 480);
  EXPECT_EQ(check_letterboxed(displayed(), low), 0);
}

}  // namespace
}  // namespace cf::test
