// creature-lab clipcheck through the real binary: exit codes (0 clean, 1 clips, 2 bad input), every
// event's fields, and the same events from a pad-script run and from its recorded replay.
#include <gtest/gtest.h>

#include <string>

#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace cf::test {
namespace {

CommandResult lab(const std::string& args) { return run_command("cd '" CF_SOURCE_DIR "' && '" CF_LAB_EXE "' clipcheck " + args); }
CommandResult game(const std::string& args) {
  return run_command("cd '" CF_SOURCE_DIR "' && SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy '" CF_GAME_EXE "' " + args);
}

const char* kPipeRun =
    "--creature assets/creatures/biped.json --level tests/data/game/clip_pipe.level.json "
    "--pad-script tests/data/game/clip_walk_forward.pad.json";

TEST(Clipcheck, BadInputExitsTwoWithOneLine) {
  for (const char* args : {"", "--replay /no/such.json", "--creature assets/creatures/biped.json",
                           "--replay tests/data/game/walk.replay.json --creature x", "--min-depth -1 --replay x",
                           "--creature assets/creatures/biped.json --level /no/level.json", "--bogus 1"}) {
    const CommandResult r = lab(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_NE(r.err.find("clipcheck"), std::string::npos) << args << ": " << r.err;
  }
}

TEST(Clipcheck, PipeAcrossThePathGivesPipeEventsAndExitOne) {
  const CommandResult r = lab(kPipeRun);
  ASSERT_EQ(r.exit_code, 1) << r.err;
  Result<Json> j = parse_json(r.out, "stdout");
  ASSERT_TRUE(j.ok()) << r.out;
  EXPECT_EQ((*j)["ticks"], 260);
  ASSERT_GT((*j)["count"].get<int>(), 0);
  for (const Json& e : (*j)["events"]) {
    EXPECT_EQ(e["obstacle"], "pipe") << e.dump();
    EXPECT_EQ(e["index"], 0);
    EXPECT_EQ(e["pipe"], 0);
    EXPECT_GT(e["depth_m"].get<double>(), 0.01);  // the default threshold
    EXPECT_NEAR(e["point"][2].get<double>(), 2.0, 0.2);
    EXPECT_NE(e["bone_name"].get<std::string>().find("leg"), std::string::npos);
  }
}

TEST(Clipcheck, NoClipsDeeperThanTheThresholdExitsZero) {
  const CommandResult r = lab(std::string(kPipeRun) + " --min-depth 0.5");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  Result<Json> j = parse_json(r.out, "stdout");
  ASSERT_TRUE(j.ok()) << r.out;
  EXPECT_EQ((*j)["count"], 0);
  EXPECT_TRUE((*j)["first_tick"].is_null());
}

TEST(Clipcheck, RecordedReplayGivesTheSameEventsAsTheHeadlessRun) {
  // The game records the pad-script run through its real gamepad path; clipcheck replays it.
  const std::string rec = std::string(CF_BINARY_DIR) + "/clipcheck_pipe.replay.json";
  const CommandResult g = game(std::string(kPipeRun) + " --ticks 260 --record '" + rec + "'");
  ASSERT_EQ(g.exit_code, 0) << g.err;
  const CommandResult r = lab("--replay '" + rec + "'");
  ASSERT_EQ(r.exit_code, 1) << r.err;
  Result<Json> from_replay = parse_json(r.out, "replay");
  ASSERT_TRUE(from_replay.ok());
  EXPECT_EQ((*from_replay)["ticks"], 260);
  EXPECT_GT((*from_replay)["count"].get<int>(), 0);
  // The headless pad-script run feeds the same full-deflection frames straight to the simulation.
  const CommandResult headless = lab(kPipeRun);
  Result<Json> direct = parse_json(headless.out, "headless");
  ASSERT_TRUE(direct.ok());
  EXPECT_EQ((*from_replay)["events"], (*direct)["events"]);
}

}  // namespace
}  // namespace cf::test
