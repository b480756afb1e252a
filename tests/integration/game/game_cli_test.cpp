// The game binary's run modes, headless: argument errors, hash stability, golden hashes (the same
// file is checked by Debug and Release builds), replay record/playback through real files.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <regex>
#include <string>

#include "game/session/replay.h"
#include "golden.h"
#include "run_command.h"

namespace cf::test {
namespace {

// Runs the game from the repository root (input scripts name assets relative to it).
CommandResult game(const std::string& args) {
  return run_command("cd '" CF_SOURCE_DIR "' && SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy '" CF_GAME_EXE "' " + args);
}

std::string tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/game_cli_" + name; }

const std::regex kHashLine("^[0-9a-f]{16}$");

TEST(GameCli, HelpListsEveryRunMode) {
  const CommandResult r = game("--help");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* flag : {"--headless", "--ticks", "--print-hash", "--record", "--replay", "--screenshot",
                           "--at-tick", "--creature", "--level", "--seed"}) {
    EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
  }
}

TEST(GameCli, BadArgumentsAndFilesExitTwoWithOneLine) {
  {
    std::FILE* f = std::fopen(tmp("bad_creature.json").c_str(), "wb");
    std::fputs("{\"format\": \"critterforge.creature/1\", \"name\": \"x\", \"parts\": [{\"tag\": \"wing\"}]}", f);
    std::fclose(f);
    f = std::fopen(tmp("bad_replay.json").c_str(), "wb");
    std::fputs("{\"format\": \"critterforge.replay/1\", \"seed\": 1", f);
    std::fclose(f);
  }
  const std::string cases[] = {
      "--bogus",
      "--ticks",
      "--ticks ten --headless",
      "--headless --ticks -5",
      "--headless --ticks 5 --seed 1x",
      "--headless",
      "--headless --ticks 5 --creature /nonexistent/creature.json",
      "--headless --ticks 5 --level /nonexistent/level.json",
      "--headless --replay /nonexistent/run.replay.json",
      "--headless --ticks 5 --creature '" + tmp("bad_creature.json") + "'",
      "--headless --replay '" + tmp("bad_replay.json") + "'",
      "--headless --ticks 5 --level assets/creatures/biped.json",
      "--headless --ticks 5 --screenshot x.png",
      "--headless --replay tests/data/game/walk.replay.json --ticks 100000",
      "--ticks 5 --screenshot x.png --at-tick 9",
      "--headless --ticks 5 --window 320x200",
      "--headless --ticks 5 --window big",
  };
  for (const std::string& c : cases) {
    const CommandResult r = game(c);
    EXPECT_EQ(r.exit_code, 2) << c << "\n" << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << c << "\n" << r.err;
    EXPECT_EQ(r.err.rfind("critterforge: ", 0), 0u) << r.err;
  }
  // The error names the file and the field.
  const CommandResult r = game("--headless --ticks 5 --creature '" + tmp("bad_creature.json") + "'");
  EXPECT_NE(r.err.find("bad_creature.json"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("parts[0]"), std::string::npos) << r.err;
}

TEST(GameCli, HeadlessHashIsStableAcrossRuns) {
  const CommandResult a = game("--headless --ticks 600 --print-hash");
  const CommandResult b = game("--headless --ticks 600 --print-hash");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_TRUE(std::regex_match(last_line(a.out), kHashLine)) << a.out;
  EXPECT_EQ(a.out, b.out);
  const CommandResult seeded = game("--headless --ticks 600 --print-hash --seed 2");
  EXPECT_NE(last_line(seeded.out), last_line(a.out));
}

// Debug and Release builds must print these same hashes (checked-in goldens).
TEST(GameGolden, HeadlessIdleHashMatchesGolden) {
  const CommandResult r = game("--headless --ticks 600 --print-hash");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(check_golden_text("headless_600.hash", last_line(r.out) + "\n"), "");
}

TEST(GameGolden, WalkScriptHashMatchesGolden) {
  const CommandResult r = game("--headless --replay tests/data/game/walk.replay.json --print-hash");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(check_golden_text("walk_180.hash", last_line(r.out) + "\n"), "");
}

TEST(GameGolden, VaultScriptHashMatchesGolden) {
  const CommandResult r = game("--headless --replay tests/data/game/vault_default.replay.json --print-hash");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(check_golden_text("vault_311.hash", last_line(r.out) + "\n"), "");
}

TEST(GameCli, RecordedSessionReplaysToTheSameHashes) {
  const std::string rec = tmp("walk_recorded.replay.json");
  const CommandResult a = game("--headless --replay tests/data/game/walk.replay.json --record '" + rec + "' --print-hash");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  Result<Replay> replay = load_replay(rec);
  ASSERT_TRUE(replay.ok()) << replay.error().to_string();
  EXPECT_EQ(replay->inputs.size(), 180u);
  EXPECT_EQ(replay->hashes.size(), 3u);
  EXPECT_TRUE(replay->creature_json.is_object());  // self-contained
  EXPECT_EQ(replay->creature_path, "assets/creatures/biped.json");

  // Played back from another directory: it needs nothing but the file.
  const CommandResult b =
      run_command("cd /tmp && '" CF_GAME_EXE "' --headless --replay '" + rec + "' --print-hash");
  EXPECT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(last_line(b.out), last_line(a.out));
  EXPECT_NE(b.err.find("replay matches (3 hashes checked)"), std::string::npos) << b.err;

  // A recorded live session (no input) replays too.
  const std::string idle = tmp("idle.replay.json");
  ASSERT_EQ(game("--headless --ticks 125 --seed 9 --record '" + idle + "'").exit_code, 0);
  EXPECT_EQ(game("--headless --replay '" + idle + "'").exit_code, 0);
}

TEST(GameCli, AlteredReplayReportsFirstDivergingTickAndExitsNonZero) {
  const std::string rec = tmp("walk_for_alter.replay.json");
  ASSERT_EQ(game("--headless --replay tests/data/game/walk.replay.json --record '" + rec + "'").exit_code, 0);
  Result<Replay> replay = load_replay(rec);
  ASSERT_TRUE(replay.ok());
  replay->inputs[70].left_x = -32767;  // tick 71: the stick pushed left instead of straight ahead
  const std::string altered = tmp("walk_altered.replay.json");
  ASSERT_TRUE(save_replay(altered, *replay).ok());
  const CommandResult r = game("--headless --replay '" + altered + "' --print-hash");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("diverged at tick 120"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("last match at tick 60"), std::string::npos) << r.err;
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
}

TEST(GameCli, WalkForwardThreeSeconds) {
  const CommandResult r = game("--headless --replay tests/data/game/walk_forward_3s.replay.json --print-state");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json s = Json::parse(last_line(r.out));
  EXPECT_EQ(s["tick"], 190);
  const float x = s["root"][0], z = s["root"][2];
  // Full stick for 3 s runs: further than the walk's top speed for the biped (about 1.6 m/s) could
  // take it (5.2 m), at about its running speed (2.4 m/s) after a short blend, straight ahead (+Z).
  EXPECT_GT(z, 5.8f);
  EXPECT_LT(z, 7.6f);
  EXPECT_LT(std::fabs(x), 0.05f);
  EXPECT_GT(static_cast<float>(s["speed_mps"]), 1.0f);
}

TEST(GameCli, VaultBesideTheWallIsMirroredAndLandsBeyondTheFence) {
  const CommandResult r = game("--headless --replay tests/data/game/vault_default.replay.json --print-state");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json s = Json::parse(last_line(r.out));
  EXPECT_EQ(s["vaults_played"], 1);
  EXPECT_EQ(s["vault_phase"], "landed");
  EXPECT_EQ(s["vault_mirrored"], true);
  EXPECT_GT(static_cast<float>(s["root"][2]), 3.04f);  // the fence's far face is at z = 3.04
  EXPECT_LE(static_cast<float>(s["vault_max_penetration_m"]), 0.0f);
}

TEST(GameCli, VaultBetweenTwoWallsIsRefused) {
  const CommandResult r = game("--headless --replay tests/data/game/vault_refused.replay.json --print-state");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json s = Json::parse(last_line(r.out));
  EXPECT_EQ(s["vaults_played"], 0);
  EXPECT_EQ(s["vault_phase"], "refused");
  EXPECT_FALSE(s["vault_refused_reason"].get<std::string>().empty());
  EXPECT_NE(s["hud"], 0);
  EXPECT_LT(static_cast<float>(s["root"][2]), 3.0f);
}

}  // namespace
}  // namespace cf::test
