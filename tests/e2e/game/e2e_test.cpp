// The real game binary with a window: SDL's offscreen driver (EGL, no X server) and, when available,
// Xvfb, both on Mesa's software OpenGL. Plays a scripted input file and compares the state hash and
// a screenshot with goldens (the PNG with a tolerance). Regenerate: CF_UPDATE_GOLDENS=1 ctest -R E2E.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include "core/json_util.h"
#include "golden.h"
#include "render/image_io.h"
#include "run_command.h"
#include "core/json.h"

namespace cf::test {
namespace {

std::string tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/e2e_game_" + name; }

const char* kWalkArgs = "--replay tests/data/game/walk.replay.json --ticks 120 --at-tick 100 --print-hash";

// Leak checking is off for windowed runs in sanitizer builds: Mesa's EGL/llvmpipe keep ~100 bytes that
// LeakSanitizer cannot attribute (the library is unloaded by then). The headless runs and the view's
// unit tests keep leak checking on.
#define CF_GL_ENV "ASAN_OPTIONS=detect_leaks=0 SDL_AUDIODRIVER=dummy "

CommandResult game_offscreen(const std::string& args) {
  return run_command("cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen " CF_GL_ENV "'" CF_GAME_EXE "' " + args);
}

int distinct_colours(const Image& img) {
  std::set<std::uint32_t> colours;
  for (std::size_t i = 0; i < img.rgba.size() && colours.size() < 1000; i += 4) {
    colours.insert(img.rgba[i] | img.rgba[i + 1] << 8 | img.rgba[i + 2] << 16);
  }
  return static_cast<int>(colours.size());
}

// Checks a screenshot against the golden PNG: same size, at most 1% of pixels off by more than 24.
void expect_matches_golden_png(const std::string& shot_path, const std::string& golden_name) {
  Result<Image> shot = load_png(shot_path);
  ASSERT_TRUE(shot.ok()) << shot.error().to_string();
  EXPECT_GE(shot->width, 320);
  EXPECT_GE(shot->height, 240);
  EXPECT_GT(distinct_colours(*shot), 16) << "the screenshot is (nearly) one colour";
  const std::string golden = golden_path(golden_name);
  if (updating_goldens()) {
    ASSERT_TRUE(write_png(golden, *shot).ok());
    return;
  }
  Result<Image> want = load_png(golden);
  ASSERT_TRUE(want.ok()) << want.error().to_string() << kUpdateGoldensHint;
  ASSERT_EQ(shot->width, want->width);
  ASSERT_EQ(shot->height, want->height);
  const double off = differing_fraction(*shot, *want, 24);
  EXPECT_LE(off, 0.01) << shot_path << " differs from " << golden << " in " << off * 100.0
                       << "% of pixels" << kUpdateGoldensHint;
}

TEST(E2E, OffscreenWalkReplayMatchesGoldenHashAndScreenshot) {
  const std::string shot = tmp("walk_offscreen.png");
  std::remove(shot.c_str());
  const CommandResult r = game_offscreen(std::string(kWalkArgs) + " --screenshot '" + shot + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(check_golden_text("e2e_walk_120.hash", last_line(r.out) + "\n"), "");
  expect_matches_golden_png(shot, "e2e_walk_tick100.png");
}

TEST(E2E, WindowedAndHeadlessRunsComputeTheSameState) {
  const CommandResult windowed = game_offscreen("--replay tests/data/game/walk.replay.json --print-hash");
  const CommandResult headless = game_offscreen("--headless --replay tests/data/game/walk.replay.json --print-hash");
  ASSERT_EQ(windowed.exit_code, 0) << windowed.err;
  ASSERT_EQ(headless.exit_code, 0) << headless.err;
  EXPECT_EQ(last_line(windowed.out), last_line(headless.out));
}

// The vault beside the wall, played in the windowed game: mirrored, landed beyond the fence, and the
// frame mid-vault is a real picture.
TEST(E2E, WindowedVaultBesideTheWallIsMirroredAndLandsBeyondTheFence) {
  const std::string shot = tmp("vault_mid.png");
  const CommandResult r = game_offscreen("--replay tests/data/game/vault_default.replay.json --screenshot '" + shot +
                                         "' --at-tick 105 --print-state");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json s = Json::parse(last_line(r.out));
  EXPECT_EQ(s["vaults_played"], 1);
  EXPECT_EQ(s["vault_mirrored"], true);
  EXPECT_GT(static_cast<float>(s["root"][2]), 3.04f);
  Result<Image> img = load_png(shot);
  ASSERT_TRUE(img.ok());
  EXPECT_GT(distinct_colours(*img), 16);
}

TEST(E2E, ScreenshotAtTickZeroShowsTheDefaultScene) {
  const std::string shot = tmp("tick0.png");
  const CommandResult r = game_offscreen("--ticks 1 --screenshot '" + shot + "' --at-tick 0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Image> img = load_png(shot);
  ASSERT_TRUE(img.ok());
  EXPECT_GT(distinct_colours(*img), 16);
}

// --window: the game opens a 320x240 window (the console's own size, shown 1:1) and draws the scene in it.
TEST(E2E, WindowOptionSetsTheWindowSize) {
  const std::string shot = tmp("window320.png");
  std::remove(shot.c_str());
  const CommandResult r =
      game_offscreen("--herd 15 --ticks 2 --window 320x240 --screenshot '" + shot + "' --at-tick 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Image> img = load_png(shot);
  ASSERT_TRUE(img.ok());
  EXPECT_EQ(img->width, 320);
  EXPECT_EQ(img->height, 240);
  EXPECT_GT(distinct_colours(*img), 16);
}

// --print-fps with a herd: one summary line before the hash, counting every displayed frame (back to
// back under the offscreen driver: one tick per frame), and the state is what it is without it.
TEST(E2E, PrintFpsSummarisesTheRunWithAHerd) {
  const CommandResult r = game_offscreen("--herd 15 --ticks 60 --print-fps --print-hash");
  const CommandResult plain = game_offscreen("--herd 15 --ticks 60 --print-hash");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(last_line(r.out), last_line(plain.out));
  const std::size_t at = r.out.find("fps ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
  double fps = 0.0;
  int frames = 0;
  ASSERT_EQ(std::sscanf(line.c_str(), "fps %lf (%d frames", &fps, &frames), 2) << line;
  EXPECT_EQ(frames, 60) << line;
  EXPECT_GT(fps, 0.0) << line;
  EXPECT_NE(line.find("ticks/s "), std::string::npos) << line;
  EXPECT_NE(line.find("rasterizer "), std::string::npos) << line;
  // The steady state (start-up frame left out): back to back, one tick per frame, so the two rates agree;
  // the clock is not used, so nothing is dropped.
  const std::size_t steady = line.find("steady fps ");
  ASSERT_NE(steady, std::string::npos) << line;
  double steady_fps = 0.0, steady_ticks = 0.0;
  ASSERT_EQ(std::sscanf(line.c_str() + steady, "steady fps %lf ticks/s %lf", &steady_fps, &steady_ticks), 2) << line;
  EXPECT_GT(steady_fps, 0.0) << line;
  EXPECT_NEAR(steady_fps, steady_ticks, 0.051) << line;
  EXPECT_NE(line.find("ticks dropped 0;"), std::string::npos) << line;
}

TEST(E2E, XvfbWalkReplayMatchesTheSameGoldens) {
  if (run_command("command -v xvfb-run >/dev/null").exit_code != 0) GTEST_SKIP() << "xvfb-run not installed";
  if (updating_goldens()) GTEST_SKIP() << "goldens come from the offscreen run";
  const std::string shot = tmp("walk_xvfb.png");
  std::remove(shot.c_str());
  const CommandResult r = run_command("cd '" CF_SOURCE_DIR "' && env -u SDL_VIDEODRIVER " CF_GL_ENV
                                      "xvfb-run -a -n 140 -s '-screen 0 1280x800x24' '" CF_GAME_EXE "' " +
                                      std::string(kWalkArgs) + " --screenshot '" + shot + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(check_golden_text("e2e_walk_120.hash", last_line(r.out) + "\n"), "");
  expect_matches_golden_png(shot, "e2e_walk_tick100.png");
}

// A pad script drives the pad per tick, never per displayed frame: under Xvfb on a loaded machine
// (busy loops beside it, a herd and a big window, so frames run several ticks each) its one-tick taps
// are neither lost nor repeated, and the run computes exactly the states of the unpaced offscreen run.
TEST(E2E, XvfbPadScriptUnderLoadComputesTheSameStatesAsTheOffscreenRun) {
  if (run_command("command -v xvfb-run >/dev/null").exit_code != 0) GTEST_SKIP() << "xvfb-run not installed";
  const std::string args = "--herd 40 --ticks 300 --pad-script tests/data/game/taps_under_load.pad.json --print-hash";
  const CommandResult plain = game_offscreen(args);
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const CommandResult loaded = run_command(
      "cd '" CF_SOURCE_DIR "' && busy=''; for i in 1 2 3 4; do timeout 120 sh -c 'while :; do :; done' & busy=\"$busy $!\"; done; "
      "env -u SDL_VIDEODRIVER " CF_GL_ENV "xvfb-run -a -n 144 -s '-screen 0 1280x800x24' '" CF_GAME_EXE "' " +
      args + " --print-fps --window 1280x800; rc=$?; kill $busy; exit $rc");
  ASSERT_EQ(loaded.exit_code, 0) << loaded.err;
  EXPECT_EQ(last_line(loaded.out), last_line(plain.out)) << loaded.out;
  // The load did what it was for: frames ran more than one tick on average.
  const std::size_t at = loaded.out.find("steady fps ");
  ASSERT_NE(at, std::string::npos) << loaded.out;
  double fps = 0.0, ticks = 0.0;
  ASSERT_EQ(std::sscanf(loaded.out.c_str() + at, "steady fps %lf ticks/s %lf", &fps, &ticks), 2) << loaded.out;
  EXPECT_LT(fps, 0.8 * ticks) << loaded.out;
}

// The player's marker and the first play's control hints.
// Pixels in rows [y0, y1) whose colour is within 'tol' of (r, g, b).
int count_near(const Image& img, int r, int g, int b, int tol, int y0, int y1) {
  int n = 0;
  for (int y = std::max(0, y0); y < std::min(img.height, y1); ++y) {
    for (int x = 0; x < img.width; ++x) {
      const std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * img.width + x) * 4];
      n += std::abs(p[0] - r) <= tol && std::abs(p[1] - g) <= tol && std::abs(p[2] - b) <= tol;
    }
  }
  return n;
}

Image shot_at(const std::string& args, const std::string& name) {
  const std::string path = tmp(name);
  std::remove(path.c_str());
  const CommandResult r = game_offscreen(args + " --screenshot '" + path + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  Result<Image> img = load_png(path);
  EXPECT_TRUE(img.ok()) << path;
  return img.ok() ? *img : Image{};
}

TEST(E2E, ThePlayersCreatureStandsInAYellowRing) {
  const Image img = shot_at("--level tests/data/game/open_field.level.json --ticks 20", "marker.png");
  ASSERT_GT(img.width, 0);
  // The marker's yellow (255, 210, 40 through the 15-bit dither) in the lower half, where the
  // creature's feet are; nothing on the open field is that colour.
  const int low = count_near(img, 255, 210, 40, 14, img.height / 2, img.height);
  const int high = count_near(img, 255, 210, 40, 14, 0, img.height / 3);
  EXPECT_GT(low, 300) << "no ring at the feet";
  EXPECT_EQ(high, 0) << "the marker's colour where no marker is";
}

TEST(E2E, ControlHintsShowAtTheFirstPlayOnlyAndTheDataFolderRemembersIt) {
  const std::string data = tmp("data");
  std::filesystem::remove_all(data);
  const std::string args = "--level tests/data/game/open_field.level.json --ticks 20 --data-dir '" + data + "'";
  const Image first = shot_at(args, "hints_first.png");
  EXPECT_TRUE(std::filesystem::exists(data + "/first_play_done"));
  const Image again = shot_at(args, "hints_again.png");
  const Image bounded = shot_at("--level tests/data/game/open_field.level.json --ticks 20", "hints_bounded.png");
  ASSERT_GT(first.width, 0);
  ASSERT_EQ(first.width, again.width);
  // White text over the top quarter (the sky), clear of the bottom's messages: the first run only.
  const int y1 = first.height / 4;
  const int text_first = count_near(first, 255, 255, 255, 10, 0, y1);
  EXPECT_GT(text_first, 400) << "no hint lines at the first play";
  EXPECT_LT(count_near(first, 255, 255, 255, 10, first.height * 3 / 4, first.height), text_first / 10)
      << "hint lines low, where the action messages go";
  EXPECT_LT(count_near(again, 255, 255, 255, 10, 0, y1), text_first / 10) << "shown again";
  EXPECT_LT(count_near(bounded, 255, 255, 255, 10, 0, y1), text_first / 10)
      << "a bounded run without --data-dir shows (and remembers) nothing";
  EXPECT_LT(differing_fraction(again, bounded, 24), 0.01);
}

}  // namespace
}  // namespace cf::test
