// The options through the real binary and SDL's virtual pad: the pause menu, the options from the title
// and from pause, remapping (the replay then plays the same with default settings), the dead zone,
// the text size, and each part of the retro look in screenshots.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "core/file_io.h"
#include "core/json_util.h"
#include "editor_scripts.h"
#include "render/image_io.h"
#include "run_command.h"

namespace cf {
namespace {

using test::CommandResult;
using test::PadSteps;
using test::run_command;

CommandResult game(const std::string& args) {
  return run_command(std::string("cd '") + CF_SOURCE_DIR + "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy "
                     "ASAN_OPTIONS=detect_leaks=0 '" + CF_GAME_EXE + "' " + args);
}

std::string tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/options_e2e_" + name; }

std::string script(const std::string& name, const PadSteps& s) {
  const std::string path = tmp(name + ".pad.json");
  std::ofstream(path) << s.pad_script().dump(1);
  return path;
}

std::string settings_file(const std::string& name, const std::string& body) {
  const std::string path = tmp(name + ".settings.json");
  std::ofstream(path) << "{\"format\": \"critterforge.settings/1\"" << (body.empty() ? "" : ", ") << body << "}";
  return path;
}

std::string last_line(const std::string& out) {
  const std::size_t end = out.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  const std::size_t start = out.rfind('\n', end);
  return out.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

Json state_of(const CommandResult& r) {
  const std::size_t brace = r.out.rfind("\n{");
  std::string line = r.out.substr(brace == std::string::npos ? 0 : brace + 1);
  return Json::parse(line.substr(0, line.find('\n')), nullptr, false);
}

// The walk to the default level's fence and a press of 'button' there (the vault's button by default: A).
PadSteps walk_and_press(const std::string& button) {
  PadSteps s;
  s.move(0, 1, 50).wait(20).add({3, 0, 0, {button}}).wait(267);
  return s;
}

TEST(OptionsE2E, RemapAToBFromThePauseMenuTheVaultIsOnBTheMenusKeepTheirsAndTheReplayPlaysTheSameWithDefaults) {
  const std::string settings = tmp("remap.settings.json");
  std::remove(settings.c_str());
  PadSteps s;
  s.wait(10).press("start");               // the pause menu, on RESUME
  s.press("down").press("a").wait(2);       // OPTIONS
  s.press("a").wait(2);                     // CONTROLS, on the row of A
  s.press("a").wait(3);                     // remap A: press the new button...
  s.press("b").wait(3);                     // ...B (A and B swap)
  s.press("b").wait(2).press("b").wait(2);  // back, back: the menus keep B on pad B (play's A and B swapped)
  s.press("b").wait(2);                     // resumes (the pause menu's back)
  s.then(walk_and_press("b"));
  const std::string pad = script("remap", s);
  const std::string rec = tmp("remap.replay.json");
  const std::string ticks = std::to_string(s.total_ticks());
  const CommandResult r = game("--pad-script '" + pad + "' --settings '" + settings + "' --ticks " + ticks +
                               " --print-state --print-hash --record '" + rec + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json st = state_of(r);
  ASSERT_FALSE(st.is_discarded()) << r.out;
  EXPECT_EQ(st["vaults_played"], 1) << "pad B vaults after the remap";
  EXPECT_EQ(st["vault_phase"], "landed");

  // Saved at once: in play pad B gives the game's A, pad A its B; the menus' mapping is untouched.
  Result<Json> saved = load_json_file(settings);
  ASSERT_TRUE(saved.ok()) << saved.error().to_string();
  EXPECT_EQ((*saved)["controls"]["play"]["pad"]["a"], "b");
  EXPECT_EQ((*saved)["controls"]["play"]["pad"]["b"], "a");
  EXPECT_EQ((*saved)["controls"]["menus"]["pad"]["a"], "a");
  EXPECT_EQ((*saved)["controls"]["menus"]["pad"]["b"], "b");

  // The replay holds the game's buttons: it plays back identically with the default settings.
  const CommandResult back = game("--headless --replay '" + rec + "' --print-state --print-hash");
  ASSERT_EQ(back.exit_code, 0) << back.err;
  EXPECT_EQ(last_line(back.out), last_line(r.out));
  EXPECT_EQ(state_of(back)["vaults_played"], 1);

  // Without the remap the same walk and press of B does not vault (B is not the vault's button).
  const std::string plain = script("plain_b", PadSteps().then(walk_and_press("b")));
  const CommandResult d = game("--pad-script '" + plain + "' --ticks 340 --print-state");
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(state_of(d)["vaults_played"], 0);
  // And with it, pad A no longer vaults.
  const std::string plain_a = script("plain_a", PadSteps().then(walk_and_press("a")));
  const CommandResult e = game("--pad-script '" + plain_a + "' --settings '" + settings + "' --ticks 340 --print-state");
  ASSERT_EQ(e.exit_code, 0) << e.err;
  EXPECT_EQ(state_of(e)["vaults_played"], 0);
  std::remove(rec.c_str());
}

// Camera speed 150% / 200% raises the orbit's top speed (full deflection turns 1.5 / 2 times as far),
// and a replay recorded at 200% plays back identically with the default settings.
TEST(OptionsE2E, CameraSpeedAboveFullRaisesTheOrbitsTopSpeedAndItsReplayPlaysTheSameWithDefaults) {
  PadSteps s;
  s.wait(5).look(1.0f, 0.0f, 20).wait(5);  // full right for a third of a second
  const std::string pad = script("camera_speed", s);
  const std::string run = "--level tests/data/game/open_field.level.json --ticks " + std::to_string(s.total_ticks()) +
                          " --print-state --print-hash --pad-script '" + pad + "'";
  auto yaw_with = [&](const std::string& settings, CommandResult* out) {
    *out = game(run + settings);
    EXPECT_EQ(out->exit_code, 0) << out->err;
    return state_of(*out)["camera_yaw_deg"].get<double>();
  };
  CommandResult normal, faster, fastest;
  const std::string rec = tmp("camera_speed.replay.json");
  const double base = yaw_with(" --settings '" + settings_file("camera_100", "\"controls\": {\"camera_speed\": 1.0}") + "'", &normal);
  const double x15 = yaw_with(" --settings '" + settings_file("camera_150", "\"controls\": {\"camera_speed\": 1.5}") + "'", &faster);
  const double x2 = yaw_with(" --settings '" + settings_file("camera_200", "\"controls\": {\"camera_speed\": 2.0}") + "' --record '" + rec + "'", &fastest);
  const CommandResult idle = game("--level tests/data/game/open_field.level.json --ticks " + std::to_string(s.total_ticks()) + " --print-state");
  ASSERT_EQ(idle.exit_code, 0) << idle.err;
  const double start = state_of(idle)["camera_yaw_deg"].get<double>();
  // 2.5 rad/s for 20 ticks: 47.7 degrees at 100%.
  EXPECT_NEAR(std::fabs(base - start), 47.7, 1.0);
  EXPECT_NEAR(std::fabs(x15 - start), 1.5 * std::fabs(base - start), 0.5);
  EXPECT_NEAR(std::fabs(x2 - start), 2.0 * std::fabs(base - start), 0.5);
  // The replay carries the faster stick: with the default settings it plays the same, tick for tick.
  const CommandResult back = game("--headless --replay '" + rec + "' --print-state --print-hash");
  ASSERT_EQ(back.exit_code, 0) << back.err;
  EXPECT_EQ(last_line(back.out), last_line(fastest.out));
  EXPECT_NE(last_line(back.out), last_line(normal.out));
  std::remove(rec.c_str());
}

TEST(OptionsE2E, PauseMenuResumesWhereItPausedAndRestartsTheLevel) {
  const std::string level = "--level tests/data/game/open_field.level.json ";
  // Resume: play goes on from where it paused, and no tick ran while paused (the same hash as never pausing).
  PadSteps p;
  p.move(0, 1, 30).press("start").wait(40).press("start").wait(5);  // 42 ticks in the menu, 37 played
  const CommandResult paused = game(level + "--pad-script '" + script("resume", p) + "' --ticks " +
                                    std::to_string(p.total_ticks()) + " --print-state --print-hash");
  const CommandResult never = game(level + "--pad-script '" + script("no_pause", PadSteps().move(0, 1, 30).wait(7)) +
                                   "' --ticks 37 --print-state --print-hash");
  ASSERT_EQ(paused.exit_code, 0) << paused.err;
  ASSERT_EQ(never.exit_code, 0) << never.err;
  EXPECT_EQ(state_of(paused)["tick"], 37);
  EXPECT_EQ(last_line(paused.out), last_line(never.out));
  // Restart level: the session from tick 0 at the spawn point, the walk before it undone.
  PadSteps s;
  s.move(0, 1, 60).press("start").press("down", 2).press("a").wait(5);
  const CommandResult r = game(level + "--pad-script '" + script("restart", s) + "' --ticks " +
                               std::to_string(s.total_ticks()) + " --print-state --print-hash");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json st = state_of(r);
  ASSERT_FALSE(st.is_discarded()) << r.out;
  const int t = st["tick"].get<int>();
  EXPECT_LT(t, 10) << "the session started again";
  const CommandResult fresh = game(level + "--ticks " + std::to_string(t) + " --print-hash");
  EXPECT_EQ(last_line(r.out), last_line(fresh.out)) << "the same state as a new start standing still";
}

// Pixel rows and columns of an image that hold a colour near 'c' (within 'tol' per channel), left of 'max_x'.
struct Box {
  int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
  int height() const { return y1 >= y0 ? y1 - y0 + 1 : 0; }
};
Box ink_box(const Image& img, int r, int g, int b, int tol, int max_x) {
  Box box;
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < std::min(max_x, img.width); ++x) {
      const std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * img.width + x) * 4];
      if (std::abs(p[0] - r) <= tol && std::abs(p[1] - g) <= tol && std::abs(p[2] - b) <= tol) {
        box.x0 = std::min(box.x0, x), box.x1 = std::max(box.x1, x);
        box.y0 = std::min(box.y0, y), box.y1 = std::max(box.y1, y);
      }
    }
  }
  return box;
}

TEST(OptionsE2E, TextSizeSetFromTheTitleSurvivesARestartAndDoublesTheGlyphs) {
  const std::string settings = tmp("text.settings.json");
  std::remove(settings.c_str());
  const std::string data = tmp("text_data");
  ASSERT_EQ(std::system(("rm -rf '" + data + "'").c_str()), 0);
  PadSteps s;
  s.wait(5).press("down", 3).press("a").wait(2);  // NEW CREATURE, EDIT, PLAY, OPTIONS
  s.press("down").press("a").wait(2);             // LOOK
  s.press("down", 6).press("right").wait(2);      // TEXT SIZE 2X
  s.press("b").wait(2).press("b").wait(2);        // back to the title
  const CommandResult r = game("--title --data-dir '" + data + "' --pad-script '" + script("text", s) + "' --settings '" +
                               settings + "' --ticks " + std::to_string(s.total_ticks()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Json> saved = load_json_file(settings);
  ASSERT_TRUE(saved.ok()) << saved.error().to_string();
  EXPECT_EQ((*saved)["look"]["text_scale"], 2);

  // The next start reads it: the title's highlighted line (yellow) is twice as tall.
  const std::string one = tmp("text_1x.png"), two = tmp("text_2x.png");
  const CommandResult a = game("--title --data-dir '" + data + "' --ticks 3 --screenshot '" + one + "'");
  const CommandResult b = game("--title --data-dir '" + data + "' --settings '" + settings + "' --ticks 3 --screenshot '" + two + "'");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  Result<Image> i1 = load_png(one), i2 = load_png(two);
  ASSERT_TRUE(i1.ok() && i2.ok());
  const Box b1 = ink_box(*i1, 255, 230, 60, 12, i1->width / 2), b2 = ink_box(*i2, 255, 230, 60, 12, i2->width / 2);
  ASSERT_GT(b1.height(), 0);
  EXPECT_EQ(b1.height(), 21) << "one line of 7-pixel capitals at 3 screen pixels per font pixel";
  EXPECT_EQ(b2.height(), 2 * b1.height());
}

// The motion menu with the whole library (about 57 motions) on a quadruped at text sizes 1x-3x: RB,
// thirty presses down (scrolling past the motions made here into the capture sets), A. The panel and
// its cursor stay inside the picture, and what plays is a motion the quadruped's variants fit (a
// legged set's, never the snake's).
TEST(OptionsE2E, TheMotionMenuScrollsOnScreenAtEveryTextSizeAndPlaysWhatTheBodyCan) {
  PadSteps open;
  open.wait(20).press("rb").wait(2).press("down", 30).wait(2);
  PadSteps choose = open;
  choose.press("a").wait(30);
  for (int scale = 1; scale <= 3; ++scale) {
    SCOPED_TRACE(scale);
    const std::string settings = settings_file("menu" + std::to_string(scale), "\"look\": {\"text_scale\": " + std::to_string(scale) + "}");
    const std::string shot = tmp("motion_menu_" + std::to_string(scale) + "x.png");
    const std::string base = "--creature assets/creatures/quadruped.json --level tests/data/game/open_field.level.json --settings '" +
                             settings + "' ";
    const CommandResult r = game(base + "--pad-script '" + script("menu_open", open) + "' --ticks " +
                                 std::to_string(open.total_ticks()) + " --screenshot '" + shot + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    Result<Image> img = load_png(shot);
    ASSERT_TRUE(img.ok()) << img.error().to_string();
    const Box panel = ink_box(*img, 12, 12, 32, 8, img->width);  // its dark blue after the look's dither
    const Box cursor = ink_box(*img, 255, 230, 60, 12, img->width / 2);
    ASSERT_GT(panel.height(), 0) << "the menu is open";
    ASSERT_GT(cursor.height(), 0) << "the cursor's line is shown after scrolling";
    EXPECT_GT(panel.y0, 0);
    EXPECT_LT(panel.y1, img->height - 1) << "the panel ends above the picture's bottom";
    EXPECT_LT(panel.x1, img->width - 1) << "the panel ends left of the picture's edge";
    EXPECT_GE(cursor.y0, panel.y0);
    EXPECT_LE(cursor.y1, panel.y1);
    if (!std::getenv("CF_KEEP_SHOTS")) std::remove(shot.c_str());

    const CommandResult played = game(base + "--pad-script '" + script("menu_choose", choose) + "' --ticks " +
                                      std::to_string(choose.total_ticks()) + " --print-state");
    ASSERT_EQ(played.exit_code, 0) << played.err;
    const Json st = state_of(played);
    ASSERT_FALSE(st.is_discarded()) << played.out;
    const std::string motion = st["clip_motion"].is_string() ? st["clip_motion"].get<std::string>() : "";
    ASSERT_FALSE(motion.empty()) << "the menu's choice plays (a refused one would not)";
    EXPECT_NE(motion.rfind("snake_", 0), 0u) << motion;
    EXPECT_EQ(st[motion + "_plays"], 1) << motion;
  }
}

TEST(OptionsE2E, AStickAtTenPercentMovesNeitherTheCreatureNorThePenWithTheDefaultDeadZone) {
  PadSteps s;
  s.move(0.0f, 0.1f, 60).move(0.1f, 0.0f, 60);
  const std::string pad = script("deadzone", s);
  const std::string small = settings_file("deadzone_small", "\"controls\": {\"deadzone_inner\": 0.05}");
  const std::string play = "--level tests/data/game/open_field.level.json --ticks 120 --print-hash --pad-script '" + pad + "'";
  const CommandResult still = game("--level tests/data/game/open_field.level.json --ticks 120 --print-hash");
  const CommandResult rest = game(play);
  const CommandResult moved = game(play + " --settings '" + small + "'");
  ASSERT_EQ(rest.exit_code, 0) << rest.err;
  ASSERT_EQ(moved.exit_code, 0) << moved.err;
  EXPECT_EQ(last_line(rest.out), last_line(still.out)) << "10% deflection is inside the default dead zone";
  EXPECT_NE(last_line(moved.out), last_line(still.out)) << "with a 5% dead zone the same stick walks";
  // The editor's pen (its hash covers the pen).
  const std::string edit = "--edit --ticks 120 --print-hash --data-dir '" + tmp("deadzone_data") + "'";
  const CommandResult pen_still = game(edit);
  const CommandResult pen_rest = game(edit + " --pad-script '" + pad + "'");
  const CommandResult pen_moved = game(edit + " --pad-script '" + pad + "' --settings '" + small + "'");
  ASSERT_EQ(pen_rest.exit_code, 0) << pen_rest.err;
  EXPECT_EQ(last_line(pen_rest.out), last_line(pen_still.out));
  EXPECT_NE(last_line(pen_moved.out), last_line(pen_still.out));
}

// The default level at tick 30 with one look setting (960x720 window: 3x3 screen pixels per target pixel).
Image look_shot(const std::string& name, const std::string& look, const std::string& extra = "") {
  const std::string png = tmp("look_" + name + ".png");
  const std::string file = settings_file("look_" + name, look.empty() ? "" : "\"look\": {" + look + "}");
  const CommandResult r = game("--ticks 30 --settings '" + file + "' --screenshot '" + png + "'" + extra);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  Result<Image> img = load_png(png);
  EXPECT_TRUE(img.ok()) << name;
  return img.ok() ? *img : Image{};
}

const std::uint8_t* px(const Image& im, int x, int y) {
  return &im.rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(im.width) + static_cast<std::size_t>(x)) * 4];
}

// The picture as 320x240 target pixels (the centre of each 3x3 block).
int channel(const Image& im, int tx, int ty, int c) { return px(im, tx * 3 + 1, ty * 3 + 1)[c]; }

// Share of 3x3 blocks that are not one colour: 0 for a picture scaled up from 320x240.
double mixed_blocks(const Image& im) {
  int mixed = 0, n = 0;
  for (int ty = 0; ty < 240; ++ty) {
    for (int tx = 0; tx < 320; ++tx, ++n) {
      bool same = true;
      for (int k = 0; k < 9 && same; ++k) same = std::memcmp(px(im, tx * 3 + k % 3, ty * 3 + k / 3), px(im, tx * 3 + 1, ty * 3 + 1), 3) == 0;
      mixed += same ? 0 : 1;
    }
  }
  return static_cast<double>(mixed) / n;
}

// Neighbouring target pixels of another colour, along rows of the ground (the lower half): the dither's grain.
int grain(const Image& im) {
  int n = 0;
  for (int ty = 130; ty < 240; ++ty)
    for (int tx = 1; tx < 320; ++tx) n += std::memcmp(px(im, tx * 3 + 1, ty * 3 + 1), px(im, tx * 3 - 2, ty * 3 + 1), 3) != 0;
  return n;
}

// Mean absolute difference per channel between two pictures' target pixels; within the rows [y0, y1).
double mean_diff(const Image& a, const Image& b, int y0 = 0, int y1 = 240) {
  double sum = 0;
  int n = 0;
  for (int ty = y0; ty < y1; ++ty)
    for (int tx = 0; tx < 320; ++tx)
      for (int c = 0; c < 3; ++c, ++n) sum += std::abs(channel(a, tx, ty, c) - channel(b, tx, ty, c));
  return sum / n;
}

// The modern renderer's picture brought down to target pixels (3x3 block means): the "true" picture.
Image modern_reference() {
  // The modern renderer is a developer's switch: Y in debug mode (LB held + Start opens and leaves it).
  PadSteps steps;
  steps.add({1, 0, 0, {"lb", "start"}}).add({1, 0, 0, {}}).press("y").add({1, 0, 0, {"lb", "start"}}).wait(40);
  const std::string pad = script("modern", steps);
  Image m = look_shot("modern", "", " --pad-script '" + pad + "'");
  Image out = m;
  for (int ty = 0; ty < 240 && !m.rgba.empty(); ++ty)
    for (int tx = 0; tx < 320; ++tx)
      for (int c = 0; c < 3; ++c) {
        int s = 0;
        for (int k = 0; k < 9; ++k) s += px(m, tx * 3 + k % 3, ty * 3 + k / 3)[c];
        out.rgba[((static_cast<std::size_t>(ty) * 3 + 1) * static_cast<std::size_t>(m.width) + tx * 3 + 1) * 4 + c] =
            static_cast<std::uint8_t>(s / 9);
      }
  return out;
}

TEST(OptionsE2E, EachLookSwitchChangesThePictureAsExpectedAndOnlyThat) {
  const Image base = look_shot("default", "");
  const Image snap = look_shot("snap", "\"vertex_snapping\": false");
  const Image warp = look_shot("warp", "\"affine_warping\": false");
  const Image flat = look_shot("dither", "\"dithering\": false");
  const Image full = look_shot("lowres", "\"low_resolution\": false");
  const Image modern = modern_reference();
  ASSERT_FALSE(base.rgba.empty() || snap.rgba.empty() || warp.rgba.empty() || flat.rgba.empty() || full.rgba.empty() ||
               modern.rgba.empty());
  ASSERT_EQ(base.width, 960);
  // Low resolution: the default is 320x240 scaled up (every 3x3 block one colour); off, it is not.
  EXPECT_LT(mixed_blocks(base), 0.001);
  EXPECT_LT(mixed_blocks(snap), 0.001);
  EXPECT_LT(mixed_blocks(warp), 0.001);
  EXPECT_LT(mixed_blocks(flat), 0.001);
  EXPECT_GT(mixed_blocks(full), 0.2) << "full resolution draws within the 3x3 blocks";
  // Dithering off: flat bands instead of the grain, the same picture otherwise (colours within a dither step).
  EXPECT_GT(grain(base), 2 * grain(flat)) << grain(base) << " vs " << grain(flat);
  EXPECT_LT(mean_diff(base, flat), 6.0);
  // Vertex snapping off and warping off: the same scene (small changes), each nearer the exact picture.
  const double d_base = mean_diff(base, modern, 130, 240), d_snap = mean_diff(snap, modern, 130, 240),
               d_warp = mean_diff(warp, modern, 130, 240);
  std::printf("ground vs modern: default %.3f, snapping off %.3f, warping off %.3f; grain %d vs %d; mixed %.3f\n",
              d_base, d_snap, d_warp, grain(base), grain(flat), mixed_blocks(full));
  EXPECT_GT(mean_diff(base, snap), 0.0);
  EXPECT_LT(mean_diff(base, snap), 4.0) << "sub-pixel edges, not another picture";
  EXPECT_GT(mean_diff(base, warp), 0.0);
  EXPECT_LT(mean_diff(base, warp), 8.0);
  EXPECT_LT(d_warp, d_base) << "perspective-correct ground texture lies nearer where the modern renderer puts it";
}

}  // namespace
}  // namespace cf
