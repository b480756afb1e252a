// Hostile inputs through the real binaries: every loader of the game and of creature-lab refuses
// 55,000 levels of nesting and FIFOs with one clear line and exit code 2, never a signal or a hang.
#include <algorithm>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "core/file_io.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "run_command.h"

namespace cf::test {
namespace {

const std::string kLab = CF_LAB_EXE;
const std::string kGame = CF_GAME_EXE;
const std::string kAssets = CF_ASSETS_DIR;

// Every run is capped at 30 s: a hang shows as exit 124 here rather than as a ctest timeout.
CommandResult run(const std::string& cmd) {
  return run_command("cd '" CF_SOURCE_DIR "' && SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy timeout -k 5 30 " + cmd);
}

std::string out_path(const std::string& name) { return std::string(CF_BINARY_DIR) + "/hostile_" + name; }

std::string write(const std::string& name, const std::string& text) {
  const std::string p = out_path(name);
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// 55,000 levels of arrays (110 KB) with a valid file's head around them.
std::string deep(const std::string& head, const std::string& tail) {
  return head + std::string(55000, '[') + std::string(55000, ']') + tail;
}

int lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

void expect_refused(const CommandResult& r, const std::string& file, const std::string& what, const std::string& cmd) {
  EXPECT_EQ(r.exit_code, 2) << cmd << "\n" << r.err;
  EXPECT_NE(r.err.find(file), std::string::npos) << cmd << "\n" << r.err;
  EXPECT_NE(r.err.find(what), std::string::npos) << cmd << "\n" << r.err;
  EXPECT_EQ(lines(r.err), 1) << cmd << "\n" << r.err;
}

// A leg that ends in the air would leave the body sinking to it: play refuses the creature with the
// rule named (the editor refuses to save it the same way).
TEST(Hostile, ALegEndingInTheAirIsRefusedWithTheRuleNamed) {
  std::ifstream in(kAssets + "/creatures/biped.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The right leg's ankle and toe lifted 0.15 m.
  const std::string foot = "[-0.12, 0.0, 0.0], [-0.12, 0.0, 0.16]";
  const std::size_t at = text.find(foot);
  ASSERT_NE(at, std::string::npos) << "the shipped biped changed";
  text.replace(at, foot.size(), "[-0.12, 0.15, 0.0], [-0.12, 0.15, 0.16]");
  const std::string p = write("leg_in_air.json", text);
  const std::string cmd = kGame + " --headless --ticks 5 --creature " + p;
  CommandResult r = run(cmd);
  expect_refused(r, p, "does not reach the ground", cmd);
  EXPECT_NE(r.err.find("right"), std::string::npos) << r.err;
}

TEST(Hostile, DeepNestingIsRefusedByEveryGameLoader) {
  const std::string creature = write("deep.creature.json",
      deep("{\"format\": \"critterforge.creature/1\", \"name\": \"x\", \"parts\": ", "}"));
  const std::string level = write("deep.level.json", deep("{\"format\": \"critterforge.level/1\", \"walls\": ", "}"));
  const std::string replay = write("deep.replay.json",
      deep("{\"format\": \"critterforge.replay/1\", \"creature\": {\"path\": \"c.json\", \"content\": "
           "{\"format\": \"critterforge.creature/1\", \"parts\": ",
           "}}, \"level\": {\"path\": \"assets/levels/default.json\"}, \"seed\": 1, \"inputs\": []}"));
  const std::string pad = write("deep.pad.json",
      deep("{\"format\": \"critterforge.padscript/1\", \"steps\": [{\"ticks\": 1, \"buttons\": [", "]}]}"));
  ASSERT_GE(std::ifstream(creature, std::ios::ate).tellg(), 110000);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {kGame + " --headless --ticks 5 --creature '" + creature + "'", creature},
      {kGame + " --headless --ticks 5 --level '" + level + "'", level},
      {kGame + " --headless --replay '" + replay + "'", replay},
      {kGame + " --ticks 5 --pad-script '" + pad + "'", pad},
  };
  for (const auto& [cmd, file] : cases) expect_refused(run(cmd), file, "nested too deeply", cmd);
}

TEST(Hostile, DeepNestingIsRefusedByEveryLabLoader) {
  const std::string creature = write("lab_deep.creature.json",
      deep("{\"format\": \"critterforge.creature/1\", \"name\": \"x\", \"parts\": ", "}"));
  const std::string level = write("lab_deep.level.json", deep("{\"format\": \"critterforge.level/1\", \"walls\": ", "}"));
  const std::string motion = write("lab_deep.motion.json", deep("{\"format\": \"critterforge.motion/1\", \"parts\": ", "}"));
  const std::string weights = write("lab_deep.weights.json", deep("{\"vertices\": ", "}"));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {kLab + " skeleton --creature '" + creature + "'", creature},
      {kLab + " weights --creature '" + creature + "'", creature},
      {kLab + " level --level '" + level + "'", level},
      {kLab + " sample --motion '" + motion + "' --time 0.1", motion},
      {kLab + " limit-weights --in '" + weights + "'", weights},
      {kLab + " vault --creature " + kAssets + "/creatures/biped.json --fence 0 --level '" + level + "'", level},
  };
  for (const auto& [cmd, file] : cases) expect_refused(run(cmd), file, "nested too deeply", cmd);
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Writes 'name': the file at 'from' with the first 'what' replaced by 'with'.
std::string patched(const std::string& name, const std::string& from, const std::string& what, const std::string& with) {
  std::string text = read_text(from);
  const std::size_t at = text.find(what);
  EXPECT_NE(at, std::string::npos) << from << " changed: no " << what;
  if (at != std::string::npos) text.replace(at, what.size(), with);
  return write(name, text);
}

// Where the shipped walk's duration value stands, counted here: "line L, column 14 (byte B), duration".
std::string motion_duration_at() {
  std::ifstream f(kAssets + "/motions/walk.json");
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const std::size_t at = text.find("\"duration\": 1.15");
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
  return "line " + std::to_string(line) + ", column 14 (byte " + std::to_string(at + 13) + "), duration";
}

// 1e999 overflows a double: every loader names the line and the field (it said "invalid JSON").
TEST(Hostile, ANumberOutOfRangeIsNamedByLineAndFieldInEveryLoader) {
  const std::string creature = patched("big.creature.json", kAssets + "/creatures/biped.json", "0.12", "1e999");
  const std::string level = patched("big.level.json", kAssets + "/levels/default.json", "\"yaw_deg\": 30", "\"yaw_deg\": 1e999");
  const std::string motion = patched("big.motion.json", kAssets + "/motions/walk.json", "\"duration\": 1.15", "\"duration\": 1e999");
  struct Case {
    std::string cmd, file, where;
  };
  const std::vector<Case> cases = {
      {kGame + " --headless --ticks 5 --creature '" + creature + "'", creature, "parts["},
      {kLab + " skeleton --creature '" + creature + "'", creature, "parts["},
      {kGame + " --headless --ticks 5 --level '" + level + "'", level, "walls[5].yaw_deg"},
      {kLab + " level --level '" + level + "'", level, "walls[5].yaw_deg"},
      {kLab + " sample --motion '" + motion + "' --time 0.1", motion, motion_duration_at()},
  };
  for (const Case& c : cases) {
    const CommandResult r = run(c.cmd);
    expect_refused(r, c.file, "number out of range: 1e999", c.cmd);
    EXPECT_NE(r.err.find(": line "), std::string::npos) << c.cmd << "\n" << r.err;
    EXPECT_NE(r.err.find(c.where), std::string::npos) << c.cmd << "\n" << r.err;
  }
}

// An accessor count of 2^62 wrapped the bounds check around: gltf-skin died of an uncaught length_error.
TEST(Hostile, GltfSkinRefusesAnAccessorCountOfTwoToThe62) {
  const std::string sample = std::string(CF_TEST_DATA_DIR) + "/gltf/SimpleSkin.gltf";
  const std::string bad = patched("count62.gltf", sample, "\"count\" : 10,", "\"count\" : 4611686018427387904,");
  const std::string cmd = kLab + " gltf-skin --file '" + bad + "' --times 0,1 --out '" + out_path("count62.json") + "'";
  expect_refused(run(cmd), bad, "accessor runs past its buffer", cmd);
}

// A FIFO would block open() until a writer appears; every input is checked before it is opened.
TEST(Hostile, FifosAreRefusedPromptly) {
  const std::string fifo = out_path("input.fifo");
  std::remove(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::vector<std::string> cmds = {
      kGame + " --headless --ticks 5 --creature '" + fifo + "'",
      kGame + " --headless --ticks 5 --level '" + fifo + "'",
      kGame + " --headless --replay '" + fifo + "'",
      kGame + " --ticks 5 --pad-script '" + fifo + "'",
      kLab + " skeleton --creature '" + fifo + "'",
      kLab + " level --level '" + fifo + "'",
      kLab + " sample --motion '" + fifo + "' --time 0.1",
      kLab + " limit-weights --in '" + fifo + "'",
      kLab + " texture --file '" + fifo + "'",
      kLab + " bvh2motion '" + fifo + "' '" + out_path("fifo_out.json") + "'",
  };
  for (const std::string& cmd : cmds) {
    const auto t0 = std::chrono::steady_clock::now();
    const CommandResult r = run(cmd);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    expect_refused(r, fifo, "FIFO", cmd);
    EXPECT_LT(s, 10.0) << cmd;
  }
  std::remove(fifo.c_str());
}

TEST(Hostile, Bvh2MotionIntoADirectoryIsABadArgument) {
  const std::string bvh = std::string(CF_SOURCE_DIR) + "/tests/data/bvh/131_01_first120.bvh";
  const std::string dir = out_path("a_folder");
  ::mkdir(dir.c_str(), 0755);
  CommandResult r = run(kLab + " bvh2motion '" + bvh + "' '" + dir + "'");
  expect_refused(r, dir, "is a directory", "bvh2motion into a folder");
  r = run(kLab + " bvh2motion '" + bvh + "' '" + dir + "/missing/out.json'");
  expect_refused(r, dir + "/missing", "does not exist", "bvh2motion into a missing folder");
}

TEST(Hostile, QuantumThatRoundsToZeroIsRefused) {
  const std::string creature = kAssets + "/creatures/biped.json";
  for (const char* q : {"1e-300", "1e-46", "0", "-1", "0.75"}) {
    const CommandResult r = run(kLab + " weights --creature " + creature + " --quantum " + q);
    EXPECT_EQ(r.exit_code, 2) << q << "\n" << r.err;
    EXPECT_NE(r.err.find("--quantum must be in (0, 0.5]"), std::string::npos) << q << "\n" << r.err;
  }
  const CommandResult zero = run(kLab + " weights --creature " + creature + " --quantum 1e-300");
  EXPECT_NE(zero.err.find("0 as a 32-bit float"), std::string::npos) << zero.err;
}

// Control bytes from the input (an ANSI escape in a joint name, a bell) never reach the terminal raw.
TEST(Hostile, ControlBytesInMessagesAreEscaped) {
  const std::string bvh = write("ctl.bvh", "HIERARCHY\nROOT Hips\x1b[2J\x07\n{\n  OFFSET 0 0 0\n  CHANNELS 3 Xposition Yposition Zbogus\x1b]0;t\x07\n}\n");
  const CommandResult r = run(kLab + " bvh2motion '" + bvh + "' '" + out_path("ctl_out.json") + "'");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\x07'), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\\x1b"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
}

// A 100 KB button "name" is quoted in the message only up to a few dozen characters.
TEST(Hostile, LongValuesAreCutInMessages) {
  const std::string pad = write("long_name.pad.json", "{\"format\": \"critterforge.padscript/1\", \"steps\": "
                                "[{\"ticks\": 1, \"buttons\": [\"" + std::string(100000, 'z') + "\"]}]}");
  const CommandResult r = run(kGame + " --ticks 5 --pad-script '" + pad + "'");
  expect_refused(r, pad, "unknown button \"zzzz", "long button name");
  EXPECT_LT(r.err.size(), 400u) << r.err.size();
}

// A save killed mid-write (SIGKILL) leaves ".critterforge-tmp-<target>.<pid>"; the next save of that
// target removes it, and only it (a player's file that merely looks like an old temporary stays).
TEST(Hostile, NextSaveRemovesTheTemporaryOfAKilledSave) {
  const std::string target = out_path("killed.replay.json");
  pid_t child = fork();
  if (child == 0) {
    ::pause();  // stands for a saver that is killed
    _exit(0);
  }
  ASSERT_GT(child, 0);
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));
  const std::string stale = temp_path_for(target, static_cast<long>(child));
  const std::string lookalike = target + ".tmp." + std::to_string(static_cast<long>(child));
  std::ofstream(stale, std::ios::binary) << std::string(1 << 20, 'x');
  std::ofstream(lookalike, std::ios::binary) << "the player's";
  ASSERT_TRUE(std::filesystem::exists(stale));
  const CommandResult r = run(kGame + " --headless --ticks 5 --record '" + target + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(target));
  EXPECT_FALSE(std::filesystem::exists(stale));
  EXPECT_TRUE(std::filesystem::exists(lookalike));
  std::filesystem::remove(lookalike);
}

}  // namespace
}  // namespace cf::test
