// Every shipped creature has a recorded replay under tests/data/game/replays/ (tools/record-replays)
// and it plays back in this build with every recorded hash matching. The same files are checked by
// the Release and the Debug/ASan builds, so a passing CI run shows both compute the same states.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "game/session/replay.h"
#include "run_command.h"

namespace cf::test {
namespace {

namespace fs = std::filesystem;
const fs::path kReplays = fs::path(CF_SOURCE_DIR) / "tests/data/game/replays";

std::set<std::string> shipped_creatures() {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(fs::path(CF_ASSETS_DIR) / "creatures"))
    if (e.path().extension() == ".json") names.insert(e.path().stem().string());
  return names;
}

TEST(ShippedReplays, EveryCreatureHasARecordedReplayWithHashes) {
  const std::set<std::string> creatures = shipped_creatures();
  ASSERT_GE(creatures.size(), 7u);
  for (const std::string& name : creatures) {
    const fs::path p = kReplays / (name + ".replay.json");
    Result<Replay> r = load_replay(p.string());
    ASSERT_TRUE(r.ok()) << name << ": " << (r.ok() ? "" : r.error().to_string()) << " (tools/record-replays)";
    EXPECT_EQ(r->creature_path, "assets/creatures/" + name + ".json");
    EXPECT_TRUE(r->creature_json.is_object()) << name << ": the creature must be embedded";
    EXPECT_TRUE(r->level_json.is_object()) << name << ": the level must be embedded";
    EXPECT_GE(r->hashes.size(), 5u) << name;
    EXPECT_EQ(r->hashes.back().tick, r->inputs.size()) << name << ": the final state is hashed";
  }
}

// Played from /tmp: the files need nothing but themselves.
TEST(ShippedReplays, EveryReplayPlaysBackWithEveryHashMatching) {
  int played = 0;
  for (const std::string& name : shipped_creatures()) {
    const fs::path p = kReplays / (name + ".replay.json");
    Result<Replay> r = load_replay(p.string());
    ASSERT_TRUE(r.ok()) << name;
    const CommandResult run = run_command("cd /tmp && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy '" CF_GAME_EXE
                                          "' --headless --replay '" + p.string() + "'");
    EXPECT_EQ(run.exit_code, 0) << name << ": " << run.err;
    const std::string want = "replay matches (" + std::to_string(r->hashes.size()) + " hashes checked)";
    EXPECT_NE(run.err.find(want), std::string::npos) << name << ": " << run.err;
    ++played;
  }
  EXPECT_GE(played, 7);
}

// Sit and every emote asked for on the d-pad beside a herd of 10 that uses them too (tools/record-replays):
// every hash matches, in the Release and the Debug/ASan build alike.
TEST(ShippedReplays, TheEmotesBesideAHerdPlayBackWithEveryHashMatching) {
  const fs::path p = kReplays / "emotes_herd.replay.json";
  Result<Replay> r = load_replay(p.string());
  ASSERT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string()) << " (tools/record-replays)";
  EXPECT_EQ(r->herd.size(), 10u);
  EXPECT_GE(r->hashes.size(), 10u);
  const CommandResult run = run_command("cd /tmp && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy '" CF_GAME_EXE
                                        "' --headless --replay '" + p.string() + "' --print-state");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("replay matches (" + std::to_string(r->hashes.size()) + " hashes checked)"), std::string::npos)
      << run.err;
  for (const char* k : {"\"sit_plays\":1", "\"greet_plays\":1", "\"roar_plays\":1", "\"dance_plays\":1"})
    EXPECT_NE(run.out.find(k), std::string::npos) << k << " in " << run.out;
}

}  // namespace
}  // namespace cf::test
