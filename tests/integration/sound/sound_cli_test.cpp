// creature-lab sound: a session's sound events as JSON and the game's mix rendered into a WAV.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <iterator>
#include <string>

#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace cf {
namespace {

using test::CommandResult;
using test::run_command;

CommandResult lab(const std::string& args) { return run_command("cd '" CF_SOURCE_DIR "' && '" CF_LAB_EXE "' sound " + args); }

TEST(SoundCli, AVaultReplayPrintsItsEventsAndRendersAWav) {
  const std::string wav = std::string(CF_BINARY_DIR) + "/sound_cli_vault.wav";
  std::remove(wav.c_str());
  const CommandResult r = lab("--replay tests/data/game/vault_default.replay.json --wav '" + wav + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = Json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  const std::uint64_t ticks = j["ticks"].get<std::uint64_t>();
  EXPECT_GT(ticks, 200u);
  std::map<std::string, int> kinds;
  for (const Json& e : j["events"]) ++kinds[e["sound"].get<std::string>()];
  EXPECT_EQ(kinds["landing"], 1);
  EXPECT_EQ(kinds["takeoff"], 1);
  EXPECT_EQ(kinds["whoosh"], 1);
  EXPECT_GE(kinds["footstep"], 6);
  EXPECT_EQ(j["count"].get<int>(), static_cast<int>(j["events"].size()));
  EXPECT_GT(j["rms"].get<double>(), 0.001);
  EXPECT_LT(j["peak"].get<double>(), 0.9);
  std::ifstream f(wav, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  ASSERT_EQ(bytes.size(), 44 + ticks * 735 * 4) << "16-bit stereo, 735 frames a tick";
  EXPECT_EQ(bytes.substr(0, 4), "RIFF");
  EXPECT_EQ(bytes.substr(8, 8), "WAVEfmt ");
  // The same replay, the same events.
  const CommandResult again = lab("--replay tests/data/game/vault_default.replay.json");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(Json::parse(again.out)["events"], j["events"]);
  std::remove(wav.c_str());
}

TEST(SoundCli, BadInputExitsTwoWithOneLine) {
  for (const char* args : {"", "--creature assets/creatures/biped.json", "--replay /nonexistent.json",
                           "--creature assets/creatures/biped.json --level assets/levels/default.json --ticks -3",
                           "--replay tests/data/game/vault_default.replay.json --ticks 5", "--bogus 1"}) {
    const CommandResult r = lab(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.err.find("creature-lab sound"), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
}

}  // namespace
}  // namespace cf
