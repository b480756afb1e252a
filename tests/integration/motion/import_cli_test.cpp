// creature-lab import through the real binary: one motion file per clip and a table; the files play with
// creature-lab act from their folder; bad input exits 2 with one line.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "motion/motion_library.h"
#include "run_command.h"
#include "core/json.h"

namespace cf {
namespace {

const std::string kLab = CF_LAB_EXE;
const std::string kData = std::string(CF_TEST_DATA_DIR);
const std::string kOut = std::string(CF_BINARY_DIR) + "/import_cli_";

int lines_starting(const std::string& text, const std::string& prefix) {
  int n = 0;
  for (std::size_t a = 0; a < text.size();) {
    const std::size_t b = std::min(text.find('\n', a), text.size());
    n += text.compare(a, prefix.size(), prefix) == 0 ? 1 : 0;
    a = b + 1;
  }
  return n;
}

TEST(ImportCli, TheFoxSetBecomesOneMotionFilePerClipAndPlays) {
  const std::string out = kOut + "fox";
  std::filesystem::remove_all(out);
  auto r = test::run_command(kLab + " import --gltf " + kData + "/gltf-anim/fox-animations.glb --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("motion"), std::string::npos);
  EXPECT_NE(r.out.find("4 legs head tail"), std::string::npos) << r.out;
  EXPECT_EQ(lines_starting(r.out, "fox_"), 13) << r.out;
  EXPECT_NE(r.out.find("skipped: Rest Pose"), std::string::npos) << r.out;
  const MotionLibrary lib = load_motion_library({out});
  EXPECT_TRUE(lib.problems.empty()) << lib.problems.front();
  EXPECT_EQ(lib.size(), 13);
  // One file per clip, named from the input file's name and the clip's place in it.
  EXPECT_TRUE(std::filesystem::exists(out + "/fox_animations_00.json"));
  EXPECT_TRUE(std::filesystem::exists(out + "/fox_animations_12.json"));
  EXPECT_FALSE(std::filesystem::exists(out + "/fox_animations_13.json"));
  // Played straight from the folder on a drawn quadruped.
  auto act = test::run_command(kLab + " act --creature " + std::string(CF_ASSETS_DIR) +
                               "/creatures/quadruped.json --action fox_bark --motions " + out);
  ASSERT_EQ(act.exit_code, 0) << act.err;
  auto j = parse_json(act.out, "stdout");
  ASSERT_TRUE(j.ok()) << act.out;
  EXPECT_EQ((*j)["plays"], 1);
  EXPECT_TRUE((*j)["finite"].get<bool>());
}

TEST(ImportCli, ABvhCaptureIsOneMotion) {
  const std::string out = kOut + "bvh";
  std::filesystem::remove_all(out);
  auto r = test::run_command(kLab + " import --bvh " + kData + "/bvh/02_04.bvh --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Named from the input file's name and the clip's place in it, not from anything inside the file.
  EXPECT_TRUE(std::filesystem::exists(out + "/02_04_00.json")) << r.out;
  const MotionLibrary lib = load_motion_library({out});
  ASSERT_EQ(lib.size(), 1);
  EXPECT_TRUE(lib[0].about().given);
}

// --map: a rig map naming the fox's hind legs as its only legs makes its plan a biped's.
TEST(ImportCli, ARigMapNamesTheLegs) {
  const std::string dir = kOut + "map";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto plain = test::run_command(kLab + " import --gltf " + kData + "/gltf-anim/fox-animations.glb --out " + dir + "/plain");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_NE(plain.out.find("4 legs head tail"), std::string::npos) << plain.out;
  std::ofstream(dir + "/fox.rigmap.json")
      << R"({"format": "critterforge.rigmap/1", "legs": [{"top": "Back_Leg_Upper_L", "leaf": "Back_Leg_Tip_L"}, {"top": "Back_Leg_Upper_R", "leaf": "Back_Leg_Tip_R"}]})";
  auto r = test::run_command(kLab + " import --gltf " + kData + "/gltf-anim/fox-animations.glb --map " + dir +
                             "/fox.rigmap.json --out " + dir + "/mapped");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("2 legs head tail"), std::string::npos) << r.out;
  EXPECT_EQ(lines_starting(r.out, "fox_"), 13) << r.out;
}

TEST(ImportCli, BadInputExitsTwoWithOneLine) {
  const std::string dir = kOut + "bad";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/cut.glb") << "glTF\x02\x00\x00\x00";
  for (const std::string& args : {std::string(" import --gltf ") + dir + "/cut.glb --out " + dir + "/o",
                                  std::string(" import --gltf ") + dir + "/missing.glb --out " + dir + "/o",
                                  std::string(" import --out ") + dir + "/o",
                                  std::string(" import --gltf a.glb --bvh b.bvh --out ") + dir + "/o",
                                  std::string(" import --bvh ") + kData + "/bvh/02_03.bvh --map " + dir + "/m.json --out " + dir + "/o",
                                  std::string(" import --gltf ") + kData + "/gltf-anim/fox-animations.glb --map " + dir +
                                      "/missing.json --out " + dir + "/o",
                                  std::string(" import --gltf ") + kData + "/gltf-anim/fox-animations.glb --map " + dir +
                                      "/cut.glb --out " + dir + "/o"}) {
    auto r = test::run_command(kLab + args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << ": " << r.err;
  }
}

}  // namespace
}  // namespace cf
