// Every shipped creature runs and jumps through the real game binary and a virtual SDL gamepad: a
// running jump and a standing one, the frame at the top of the flight written as a screenshot, and
// the session's recording replays to the same hash.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/json_util.h"
#include "render/image_io.h"
#include "run_command.h"

namespace cf {
namespace {

using test::CommandResult;
using test::run_command;

CommandResult game(const std::string& args) {
  return run_command(std::string("cd '") + CF_SOURCE_DIR +
                     "' && SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy ASAN_OPTIONS=detect_leaks=0 '" + CF_GAME_EXE +
                     "' " + args);
}

std::string last_line(const std::string& out) {
  std::size_t end = out.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  std::size_t start = out.rfind('\n', end);
  return out.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

Json state_of(const CommandResult& r) {
  std::size_t brace = r.out.rfind("\n{");
  std::string line = r.out.substr(brace == std::string::npos ? 0 : brace + 1);
  return Json::parse(line.substr(0, line.find('\n')), nullptr, false);
}

std::string tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/motions_e2e_" + name; }

constexpr int kFirstJumpTick = 81;  // the pad script's first X (running)

TEST(MotionsE2E, EveryShippedCreatureRunsAndJumpsThroughTheVirtualPad) {
  for (const char* c : {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"}) {
    SCOPED_TRACE(c);
    const std::string base = std::string("--creature assets/creatures/") + c +
                             ".json --level tests/data/game/open_field.level.json"
                             " --pad-script tests/data/game/running_jump.pad.json --print-state";
    // Just after the first X: the running jump has started, and says when it is in the air.
    const CommandResult started = game(base + " --ticks " + std::to_string(kFirstJumpTick + 1));
    ASSERT_EQ(started.exit_code, 0) << started.err;
    const Json s0 = state_of(started);
    ASSERT_FALSE(s0.is_discarded()) << started.out;
    EXPECT_EQ(s0["jumps"], 1);
    EXPECT_EQ(s0["jump_phase"], "crouch");
    EXPECT_GT(s0["jump_distance_m"].get<double>(), 0.1) << "a running jump goes forward";
    const int air0 = s0["jump_air_ticks"][0].get<int>(), air1 = s0["jump_air_ticks"][1].get<int>();
    ASSERT_LT(air0, air1);
    // The top of the flight, on screen.
    const int top = kFirstJumpTick + (air0 + air1) / 2;
    const std::string shot = tmp(std::string(c) + "_midjump.png");
    const CommandResult mid = game(base + " --ticks " + std::to_string(top) + " --screenshot '" + shot +
                                   "' --at-tick " + std::to_string(top));
    ASSERT_EQ(mid.exit_code, 0) << mid.err;
    EXPECT_EQ(state_of(mid)["jump_phase"], "flight");
    Result<Image> img = load_png(shot);
    ASSERT_TRUE(img.ok()) << img.error().to_string();
    std::size_t differing = 0;
    for (std::size_t i = 4; i + 3 < img->rgba.size(); i += 4) differing += img->rgba[i] != img->rgba[0];
    EXPECT_GT(differing, img->rgba.size() / 40) << "mid-jump frame is nearly one colour";
    if (!std::getenv("CF_KEEP_SHOTS")) std::remove(shot.c_str());
    // The whole script: two jumps, standing again at the end, and the recording replays to the same hash.
    const std::string rec = tmp(std::string(c) + ".replay.json");
    const CommandResult all = game(base + " --ticks 354 --print-hash --record '" + rec + "'");
    ASSERT_EQ(all.exit_code, 0) << all.err;
    const Json s = state_of(all);
    EXPECT_EQ(s["jumps"], 2);
    EXPECT_EQ(s["jump_phase"], "");
    EXPECT_EQ(s["jump_distance_m"].get<double>(), 0.0) << "the second jump, standing, is in place";
    const CommandResult again = game("--headless --replay '" + rec + "' --print-hash");
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(last_line(again.out), last_line(all.out));
    std::remove(rec.c_str());
  }
}

}  // namespace
}  // namespace cf
