// A new motion is one file and no compile: a shipped emote's file copied under a new name ("bow"), with a
// new variant predicate and its own HUD word, into a temporary folder. With no rebuild, through the real
// binaries: `creature-lab act --motions DIR` plays it; the game with `--motions DIR` plays it for the
// player through the motion menu (RB, the d-pad, A) from a pad script on the virtual gamepad, records
// the run and replays it; the glTF export with `--library DIR` carries it as a named animation the
// Khronos validator passes (0 errors, 0 warnings); and a run that never plays it hashes the same with
// and without the folder.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>

#include "core/json_util.h"
#include "bow_motion.h"
#include "run_command.h"

namespace {

using cf::Json;
using cf::test::run_command;

const std::string kLab = CF_LAB_EXE;
const std::string kGame = CF_GAME_EXE;
const std::string kAssets = CF_ASSETS_DIR;

std::string read(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string bow_folder(const std::string& name) {
  return cf::test::write_bow_folder(::testing::TempDir() + "cf_motions_" + name);
}

void write_script(const std::string& path, const std::string& steps) {
  std::ofstream(path) << "{\"format\": \"critterforge.padscript/1\", \"steps\": [" << steps << "]}\n";
}

// The motion menu's steps: RB opens it, the d-pad moves down 'downs' times, A plays (each press 2 ticks,
// 4 apart).
std::string menu_steps(int downs) {
  std::string s = "{\"ticks\": 30}, {\"ticks\": 2, \"buttons\": [\"rb\"]}, {\"ticks\": 4}";
  for (int k = 0; k < downs; ++k) s += ", {\"ticks\": 2, \"buttons\": [\"down\"]}, {\"ticks\": 4}";
  return s + ", {\"ticks\": 2, \"buttons\": [\"a\"]}, {\"ticks\": 200}";
}

Json last_state(const std::string& out) {
  // --print-state prints one JSON document; the hash follows on the last line.
  const std::size_t open = out.find('{');
  const std::size_t close = out.rfind('}');
  if (open == std::string::npos || close == std::string::npos) return Json();
  auto j = cf::parse_json(out.substr(open, close - open + 1), "stdout");
  return j.ok() ? *j : Json();
}

TEST(MotionLibraryCli, ActPlaysADroppedInMotionByName) {
  const std::string dir = bow_folder("act");
  auto r = run_command(kLab + " act --creature " + kAssets + "/creatures/quadruped.json --action bow --motions " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = cf::parse_json(r.out, "stdout");
  ASSERT_TRUE(j.ok()) << r.out;
  EXPECT_EQ((*j)["plays"], 1);
  EXPECT_EQ((*j)["variant"], "as_authored");
  EXPECT_EQ((*j)["clip_events"], 0);
  EXPECT_TRUE((*j)["finite"].get<bool>());
  // Without the folder there is no such motion: one line naming the known ones.
  auto none = run_command(kLab + " act --creature " + kAssets + "/creatures/quadruped.json --action bow");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("unknown action 'bow'"), std::string::npos) << none.err;
}

TEST(MotionLibraryCli, TheGamePlaysItFromTheMotionMenuAndItsReplayHolds) {
  if (kGame.empty()) GTEST_SKIP() << "no game binary in this build";
  const std::string dir = bow_folder("game");
  const std::string script = dir + "/menu.pad.json", replay = dir + "/bow.replay.json";
  // One-shots first in the library's order (greet, roar, dance, bow): bow is three down.
  write_script(script, menu_steps(3));
  const std::string run = kGame + " --motions " + dir + " --pad-script " + script +
                          " --ticks 280 --print-state --print-hash --creature " + kAssets + "/creatures/biped.json";
  auto r = run_command(run + " --record " + replay);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json st = last_state(r.out);
  ASSERT_TRUE(st.is_object()) << r.out;
  const Json& player = st;  // --print-state: the player's creature
  EXPECT_EQ(player["bow_plays"], 1) << player.dump();
  EXPECT_EQ(player["bow_variant"], "as_authored");
  EXPECT_EQ(player["greet_plays"], 0) << "the menu's A and d-pad reach no other action";
  // The recording replays to the same hashes with the folder.
  auto again = run_command(kGame + " --headless --motions " + dir + " --replay " + replay + " --print-hash");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out.substr(again.out.rfind('\n', again.out.size() - 2) + 1),
            r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1));
}

TEST(MotionLibraryCli, ARunThatNeverPlaysItHashesTheSameWithOrWithoutTheFolder) {
  if (kGame.empty()) GTEST_SKIP() << "no game binary in this build";
  const std::string dir = bow_folder("neutral");
  const std::string script = dir + "/greet.pad.json";
  // Walk, greet (d-pad up), walk on, and open and close the menu without choosing.
  write_script(script,
               "{\"ticks\": 20}, {\"ticks\": 60, \"left\": [0, 1]}, {\"ticks\": 2, \"buttons\": [\"up\"]}, "
               "{\"ticks\": 150}, {\"ticks\": 2, \"buttons\": [\"rb\"]}, {\"ticks\": 4}, "
               "{\"ticks\": 2, \"buttons\": [\"b\"]}, {\"ticks\": 60, \"left\": [0.3, 1]}");
  const std::string args = " --pad-script " + script + " --ticks 320 --print-hash --herd 6";
  auto with = run_command(kGame + args + " --motions " + dir);
  auto without = run_command(kGame + args);
  ASSERT_EQ(with.exit_code, 0) << with.err;
  ASSERT_EQ(without.exit_code, 0) << without.err;
  EXPECT_EQ(with.out, without.out);
}

TEST(MotionLibraryCli, TheExportCarriesItAndTheValidatorPassesIt) {
  const std::string dir = bow_folder("export");
  const std::string out = dir + "/out";
  auto r = run_command("sh " + std::string(CF_SOURCE_DIR) + "/tests/integration/gltf/run_node.sh check_export.mjs " +
                       kLab + " " + kAssets + "/creatures/biped.json " + out + " " + kAssets + " " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(read(out + "/biped.glb").find("\"bow\""), std::string::npos);
}

TEST(MotionLibraryCli, AMotionsFolderThatIsNotOneIsOneLine) {
  if (kGame.empty()) GTEST_SKIP() << "no game binary in this build";
  auto r = run_command(kGame + " --headless --ticks 1 --motions /nonexistent/folder");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find("--motions"), std::string::npos) << r.err;
}

}  // namespace
