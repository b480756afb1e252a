// The Test drive through the real game on the virtual pad, for every shipped creature: the editor opens
// the creature, the right stick's click starts its test walk, RB opens the motion list titled TEST
// DRIVE, A plays the first motion and the list stays open; down and A play the next one after it. The
// run's state says both played (and no d-pad favourite did: the list had the d-pad); the screenshot
// shows the list at the left and the body's ring to its right, in sight (the picture's centre moved
// right). Shots kept with CF_KEEP_SHOTS=1.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/json_util.h"
#include "editor_scripts.h"
#include "render/image_io.h"
#include "run_command.h"

namespace cf {
namespace {

using test::CommandResult;
using test::PadSteps;

std::string tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/e2e_test_drive_" + name; }

CommandResult game(const std::string& args) {
  return test::run_command("cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy "
                           "ASAN_OPTIONS=detect_leaks=0 '" CF_GAME_EXE "' " + args);
}

Json state_of(const CommandResult& r) {
  const std::size_t brace = r.out.rfind("\n{");
  std::string line = r.out.substr(brace == std::string::npos ? 0 : brace + 1);
  return Json::parse(line.substr(0, line.find('\n')), nullptr, false);
}

struct Box {
  int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
  int count = 0;
};
// The pixels within tol of (r, g, b) in columns [from_x, to_x).
Box ink(const Image& img, int r, int g, int b, int tol, int from_x, int to_x) {
  Box box;
  for (int y = 0; y < img.height; ++y)
    for (int x = std::max(0, from_x); x < std::min(to_x, img.width); ++x) {
      const std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * img.width + x) * 4];
      if (std::abs(p[0] - r) > tol || std::abs(p[1] - g) > tol || std::abs(p[2] - b) > tol) continue;
      box.x0 = std::min(box.x0, x), box.x1 = std::max(box.x1, x);
      box.y0 = std::min(box.y0, y), box.y1 = std::max(box.y1, y);
      ++box.count;
    }
  return box;
}

TEST(TestDriveE2E, EveryShippedCreaturePlaysOneMotionAfterAnotherWithTheListOpenAndTheBodyInSight) {
  PadSteps s;
  s.wait(20).press("rs").wait(40);   // the test walk
  s.press("rb").wait(4);             // TEST DRIVE
  s.press("a").wait(140);            // the first motion plays; the list stays
  s.press("down").press("a").wait(100);
  const int ticks = s.total_ticks();
  const std::string pad = tmp("drive.pad.json");
  std::ofstream(pad) << s.pad_script().dump(1);
  int creatures = 0;
  for (const auto& f : std::filesystem::directory_iterator(std::string(CF_SOURCE_DIR) + "/assets/creatures")) {
    if (f.path().extension() != ".json") continue;
    const std::string name = f.path().stem().string();
    SCOPED_TRACE(name);
    ++creatures;
    const std::string data = tmp(name + "_data"), shot = tmp(name + ".png");
    std::filesystem::remove_all(data);
    const CommandResult r = game("--edit '" + f.path().string() + "' --data-dir '" + data + "' --pad-script '" + pad +
                                 "' --ticks " + std::to_string(ticks) + " --screenshot '" + shot + "' --print-state");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json st = state_of(r);
    ASSERT_TRUE(st.is_object()) << r.out;
    // Two motions played, one after the other; the list kept the d-pad, so no favourite (sit) played.
    int motions = 0, plays = 0;
    for (const auto& [key, v] : st.items()) {
      if (key.size() < 6 || key.compare(key.size() - 6, 6, "_plays") != 0 || !v.is_number_integer()) continue;
      plays += v.get<int>();
      motions += v.get<int>() > 0 ? 1 : 0;
    }
    EXPECT_EQ(plays, 2) << r.out;
    EXPECT_EQ(motions, 2) << r.out;
    EXPECT_EQ(st.value("sit_plays", 0), 0);
    Result<Image> img = load_png(shot);
    ASSERT_TRUE(img.ok()) << img.error().to_string();
    // The list: its dark panel at the left, its yellow title at the top of it.
    const Box panel = ink(*img, 12, 12, 32, 8, 0, img->width);
    ASSERT_GT(panel.count, 1000) << "the list is open at the end";
    EXPECT_LT(panel.x1, img->width / 2) << "the list keeps to the left half";
    const Box title = ink(*img, 255, 230, 60, 12, 0, panel.x1);
    EXPECT_GT(title.count, 0);
    EXPECT_LT(title.y0, panel.y0 + (panel.y1 - panel.y0) / 8) << "TEST DRIVE heads the list";
    // The body's ring right of the list, not under it.
    const Box ring = ink(*img, 248, 204, 36, 10, panel.x1 + 1, img->width);
    EXPECT_GT(ring.count, 500) << "the player's ring is in sight right of the list";
    if (!std::getenv("CF_KEEP_SHOTS")) std::remove(shot.c_str());
  }
  EXPECT_GE(creatures, 7);
}

}  // namespace
}  // namespace cf
