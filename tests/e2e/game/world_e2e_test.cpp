// The real game's world look: a sky shaded from the zenith down to a hazy horizon behind everything, the
// far ground melting into fog of the horizon's colour, and every place with height drawn (start and
// after a walk uphill) with its grass, earth, props and sky.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "render/image_io.h"
#include "run_command.h"

namespace cf::test {
namespace {

#define CF_GL_ENV "ASAN_OPTIONS=detect_leaks=0 SDL_AUDIODRIVER=dummy "

std::string tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/e2e_world_" + name; }

CommandResult game_offscreen(const std::string& args) {
  return run_command("cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen " CF_GL_ENV "'" CF_GAME_EXE "' " + args);
}

struct Rgb {
  int r = 0, g = 0, b = 0;
};
Rgb at(const Image& img, int x, int y) {
  const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(img.width) + static_cast<std::size_t>(x)) * 4;
  return Rgb{img.rgba[i], img.rgba[i + 1], img.rgba[i + 2]};
}
Rgb row_mean(const Image& img, int y) {
  long r = 0, g = 0, b = 0;
  for (int x = 0; x < img.width; ++x) {
    const Rgb c = at(img, x, y);
    r += c.r, g += c.g, b += c.b;
  }
  return Rgb{static_cast<int>(r / img.width), static_cast<int>(g / img.width), static_cast<int>(b / img.width)};
}
int distance(Rgb a, Rgb b) { return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)}); }

// The default look's colours (render/sky_mesh.h).
constexpr Rgb kZenith{62, 98, 168}, kHorizon{178, 196, 206};

TEST(WorldE2E, TheSkyShadesDownToTheHorizonWhereTheFarGroundMeltsIntoFog) {
  const std::string shot = tmp("far_plain.png");
  const CommandResult r = game_offscreen(
      "--level tests/data/game/far_plain.level.json --creature assets/creatures/quadruped.json --ticks 3 "
      "--screenshot '" + shot + "' --at-tick 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Image> img = load_png(shot);
  ASSERT_TRUE(img.ok()) << img.error().to_string();
  // The top row is sky: blue, between the horizon's colour and the zenith's, and darker and bluer than
  // rows lower down (the gradient).
  const Rgb top = row_mean(*img, 0);
  EXPECT_GT(top.b, top.r + 20) << "the top of the picture is blue sky";
  EXPECT_LE(top.r, kHorizon.r);
  EXPECT_GE(top.r, kZenith.r - 8);
  // Down the middle column: the sky brightens toward the horizon; there the whole row is the fog's colour
  // (far sky and far ground alike); the near ground at the bottom is grass, not fog.
  int haze_row = -1;
  for (int y = 0; y < img->height; ++y) {
    int near_fog = 0;
    for (int x = 0; x < img->width; ++x) near_fog += distance(at(*img, x, y), kHorizon) <= 24;
    if (near_fog >= img->width * 9 / 10) {
      haze_row = y;
      break;
    }
  }
  ASSERT_GE(haze_row, 0) << "no row of the picture is the horizon's haze";
  const Rgb mid_sky = row_mean(*img, haze_row / 2);
  EXPECT_GT(mid_sky.r + mid_sky.g, top.r + top.g) << "brighter toward the horizon";
  const Rgb bottom = row_mean(*img, img->height - 1);
  EXPECT_GT(distance(bottom, kHorizon), 40) << "the near ground is not fogged";
  EXPECT_GT(bottom.g, bottom.b) << "the near ground is grass";
}

// Each place with height at its start and after a walk uphill: drawn without error, sky at the top, the
// picture not one colour. The PNGs are kept in the build folder to be looked at.
TEST(WorldE2E, EveryPlaceWithHeightDrawsAtTheStartAndUphill) {
  for (const char* name : {"meadow", "hills", "terraces", "canyon", "dunes", "trial_hills"}) {
    const std::string start = tmp(std::string(name) + "_start.png"), uphill = tmp(std::string(name) + "_uphill.png");
    const std::string level = std::string(" --level assets/levels/") + name + ".json --creature assets/creatures/quadruped.json ";
    CommandResult r = game_offscreen(level + "--ticks 2 --screenshot '" + start + "' --at-tick 1");
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.err;
    r = game_offscreen(level + "--pad-script tests/data/game/walk_uphill.pad.json --ticks 900 --screenshot '" + uphill +
                       "' --at-tick 899");
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.err;
    for (const std::string& shot : {start, uphill}) {
      Result<Image> img = load_png(shot);
      ASSERT_TRUE(img.ok()) << img.error().to_string();
      const Rgb top = row_mean(*img, 0);
      if (std::string(name) == "canyon") {
        EXPECT_GT(top.r, top.b) << shot << ": the canyon's warm sky at the top";
      } else {
        EXPECT_GT(top.b, top.r) << shot << ": sky at the top";
      }
      int differing = 0;
      const Rgb first = at(*img, 0, img->height - 1);
      for (int x = 0; x < img->width; ++x) differing += distance(at(*img, x, img->height * 3 / 4), first) > 8;
      EXPECT_GT(differing, img->width / 20) << shot << ": the ground is drawn, not one colour";
    }
  }
}

}  // namespace
}  // namespace cf::test
