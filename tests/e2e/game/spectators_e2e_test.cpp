// The real game on the trial with spectators: the level's 8 come with it, --herd N sets how many, and
// --herd on a trial without spectators is refused with a one-line reason (the course time with and
// without them: Spectators.* in tests/unit/game/spectators_test.cpp).
#include <gtest/gtest.h>

#include <string>

#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace cf::test {
namespace {

CommandResult game(const std::string& args) {
  return run_command("cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy '" CF_GAME_EXE
                     "' --headless --data-dir '" + fresh_scratch_dir("spectators_e2e_", "data") + "' " + args);
}

// The last --print-state line.
Json state_of(const CommandResult& r) {
  const std::size_t end = r.out.find_last_not_of('\n');
  const std::size_t start = r.out.rfind('\n', end);
  Result<Json> j = parse_json(r.out.substr(start == std::string::npos ? 0 : start + 1), "state");
  return j ? *j : Json();
}

const std::string kSprint = "--creature assets/creatures/biped.json --level assets/levels/trial_sprint.json ";

TEST(SpectatorsE2E, TheLevelsSpectatorsComeAndHerdNSetsTheirNumber) {
  const CommandResult level = game(kSprint + "--ticks 1 --print-state");
  ASSERT_EQ(level.exit_code, 0) << level.err;
  EXPECT_EQ(state_of(level)["creatures"], 9) << "the player and trial_sprint's 8 spectators";
  const CommandResult three = game(kSprint + "--herd 3 --ticks 1 --print-state");
  ASSERT_EQ(three.exit_code, 0) << three.err;
  EXPECT_EQ(state_of(three)["creatures"], 4);
  const CommandResult none = game(kSprint + "--herd 0 --ticks 1 --print-state");
  ASSERT_EQ(none.exit_code, 0) << none.err;
  EXPECT_EQ(state_of(none)["creatures"], 1);
}

TEST(SpectatorsE2E, HerdOnATrialWithoutSpectatorsIsRefusedInOneLine) {
  const CommandResult r =
      game("--creature assets/creatures/biped.json --level assets/levels/trial_detour.json --herd 4 --ticks 1");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("--herd: a trial level has no herd"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
}

}  // namespace
}  // namespace cf::test
