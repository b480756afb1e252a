// A painted creature's eyes in the real game: shut at a tick its blink schedule names, open a few ticks
// before. Eyes are look only: the state hash is the unpainted creature's, with a herd blinking and looking.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "creature/creature_io.h"
#include "creature/eyes.h"
#include "render/image_io.h"
#include "run_command.h"

namespace cf::test {
namespace {

std::string tmp(const std::string& name) { return scratch_path("e2e_eyes_", name); }

CommandResult game(const std::string& args) { return run_game_offscreen(args); }

// A dark texel lit: the pupil (the page's colour 0, near black), not the lid, the white or the skin.
bool dark(const Image& im, std::size_t i) { return im.rgba[i] < 60 && im.rgba[i + 1] < 60 && im.rgba[i + 2] < 70; }

// The editor's preview of a painted creature: open a few ticks before a blink its schedule names, shut
// in the blink's middle, and nothing else on screen changes (the preview stands in its bind pose).
TEST(EyesE2E, AnEyeIsOpenThenShutAtTheTicksItsScheduleNamesAndNothingElseMoves) {
  const std::string file = "tests/data/creatures/painted/quadruped.json";
  Result<Creature> c = load_creature(std::string(CF_SOURCE_DIR) + "/" + file);
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  ASSERT_GT(c->eyes, 0);
  const std::uint32_t seed = eye_seed(*c);
  const std::uint64_t start = next_blink(seed, 40);
  const std::uint64_t shut = start + 2, open = start - 3, open_again = start - 8;
  ASSERT_GE(blink_closure(seed, shut), 1.0f);
  ASSERT_EQ(blink_closure(seed, open), 0.0f);
  ASSERT_EQ(blink_closure(seed, open_again), 0.0f);
  auto shot = [&](std::uint64_t tick, const std::string& name) {
    const std::string png = tmp(name + ".png");
    const CommandResult r = game("--edit " + file + " --ticks " + std::to_string(tick + 1) + " --at-tick " +
                                 std::to_string(tick) + " --screenshot '" + png + "'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    Result<Image> im = load_png(png);
    EXPECT_TRUE(im.ok()) << png;
    return im.ok() ? *im : Image{};
  };
  const Image a = shot(open, "open"), b = shot(shut, "shut"), a2 = shot(open_again, "open_again");
  ASSERT_TRUE(a.width > 0 && a.width == b.width && a.height == b.height && a2.width == a.width);
  int changed = 0, changed_again = 0, pupil_open = 0, pupil_shut = 0;
  for (std::size_t i = 0; i < a.rgba.size(); i += 4) {
    const bool differs = a.rgba[i] != b.rgba[i] || a.rgba[i + 1] != b.rgba[i + 1] || a.rgba[i + 2] != b.rgba[i + 2];
    changed_again += a.rgba[i] != a2.rgba[i] || a.rgba[i + 1] != a2.rgba[i + 1] || a.rgba[i + 2] != a2.rgba[i + 2];
    if (!differs) continue;
    ++changed;
    pupil_open += dark(a, i);
    pupil_shut += dark(b, i);
  }
  EXPECT_EQ(changed_again, 0) << "two open frames differ: something besides the eyes moves";
  EXPECT_GT(changed, 8) << "the shut eyes do not show";
  EXPECT_LT(changed, 6000) << "more than the eyes changed";
  EXPECT_GT(pupil_open, 4) << "no pupil where the eyes are open";
  EXPECT_EQ(pupil_shut, 0) << "a pupil shows through the shut lids";
}

// The camera swings round to face the creature.
std::string facing_script() {
  const std::string path = tmp("face.pad.json");
  std::ofstream(path) << R"({"format": "critterforge.padscript/1",
    "steps": [{"ticks": 2}, {"ticks": 62, "right": [1, 0]}, {"ticks": 200}]})";
  return path;
}

TEST(EyesE2E, EyesAreLookOnlyThePaintedQuadrupedComputesWhatTheUnpaintedOneDoes) {
  const std::string args = " --level assets/levels/open_ground.json --herd 6 --pad-script '" + facing_script() +
                           "' --ticks 400 --print-hash";
  const CommandResult a = game("--creature tests/data/creatures/painted/quadruped.json --herd-from tests/data/creatures/painted" + args);
  const CommandResult b = game("--creature assets/creatures/quadruped.json" + args);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(a.out, b.out);
}

}  // namespace
}  // namespace cf::test
