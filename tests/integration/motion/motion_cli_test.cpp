// creature-lab sample and bvh2motion through the real binary.
#include <cstdio>
#include <string>
#include <sys/stat.h>

#include <gtest/gtest.h>

#include "core/file_io.h"
#include "core/json_util.h"
#include "motion/motion_clip.h"
#include "run_command.h"
#include "core/json.h"

namespace cf {
namespace {

const std::string kLab = CF_LAB_EXE;
const std::string kExcerpt = std::string(CF_SOURCE_DIR) + "/tests/data/bvh/131_01_first120.bvh";
const std::string kWalk = std::string(CF_ASSETS_DIR) + "/motions/walk.json";
const std::string kOut = std::string(CF_BINARY_DIR) + "/motion_cli_";

Json json_of(const test::CommandResult& r) {
  auto j = parse_json(r.out, "stdout");
  EXPECT_TRUE(j.ok()) << r.out << r.err;
  return j.ok() ? *j : Json();
}

TEST(SampleCli, PrintsEveryPartAtTheTime) {
  auto r = test::run_command(kLab + " sample --motion " + kWalk + " --time 0.3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = json_of(r);
  EXPECT_EQ(j["motion"], "walk");
  EXPECT_DOUBLE_EQ(j["time"].get<double>(), 0.3);
  for (const char* p : {"waist", "chest", "head", "left_arm", "right_arm", "left_leg", "right_leg"}) {
    ASSERT_TRUE(j["parts"].contains(p)) << p;
    EXPECT_EQ(j["parts"][p]["reference"].size(), 3u);
    EXPECT_EQ(j["parts"][p]["control"].size(), 3u);
  }
  EXPECT_EQ(j["parts"]["left_leg"]["pole"].size(), 3u);
  EXPECT_EQ(j["waist_orientation"].size(), 4u);
  EXPECT_EQ(j["contacts"]["left_foot"], 1.0);  // left stance at 0.3 s
  // Matches the library's sampling.
  MotionPose pose;
  sample_clip(load_motion(kWalk).value(), 0.3, &pose);
  EXPECT_NEAR(j["parts"]["right_leg"]["control"][2].get<double>(), pose[MotionPart::kRightLeg].control.z, 1e-6);
  // --mirror swaps the sides.
  auto m = test::run_command(kLab + " sample --motion " + kWalk + " --time 0.3 --mirror");
  ASSERT_EQ(m.exit_code, 0) << m.err;
  Json k = json_of(m);
  EXPECT_EQ(k["mirrored"], true);
  EXPECT_NEAR(k["parts"]["right_leg"]["control"][0].get<double>(), -pose[MotionPart::kLeftLeg].control.x, 1e-6);
}

TEST(SampleCli, BadInputExitsTwoWithAMessage) {
  auto r = test::run_command(kLab + " sample --motion " + kWalk);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--time"), std::string::npos);
  r = test::run_command(kLab + " sample --motion " + kWalk + " --time abc");
  EXPECT_EQ(r.exit_code, 2);
  r = test::run_command(kLab + " sample --motion /nonexistent.json --time 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/nonexistent.json"), std::string::npos) << r.err;
  const std::string bad = kOut + "bad_motion.json";
  ASSERT_TRUE(write_file_atomic(bad, "{\"format\": \"critterforge.motion/1\", \"name\": \"x\"}").ok());
  r = test::run_command(kLab + " sample --motion " + bad + " --time 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(bad + ": duration: missing"), std::string::npos) << r.err;
}

TEST(Bvh2MotionCli, ConvertsTheExcerptAndTheOutputLoads) {
  const std::string out = kOut + "excerpt.json";
  auto r = test::run_command(kLab + " bvh2motion " + kExcerpt + " " + out + " --max-error 0.005 --name excerpt");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = json_of(r);
  EXPECT_EQ(j["frames"], 120);
  EXPECT_EQ(j["loop"], false);
  auto clip = load_motion(out);
  ASSERT_TRUE(clip.ok()) << clip.error().to_string();
  EXPECT_EQ(clip->name, "excerpt");
  auto s = test::run_command(kLab + " sample --motion " + out + " --time 0.5");
  EXPECT_EQ(s.exit_code, 0) << s.err;
  std::remove(out.c_str());
}

TEST(Bvh2MotionCli, BadBvhExitsTwoWithFileLineAndProblem) {
  const std::string bad = kOut + "bad.bvh";
  std::string text = read_file(kExcerpt).value();
  const std::string needle = "CHANNELS 3 Zrotation Yrotation Xrotation";
  text.replace(text.find(needle), needle.size(), "CHANNELS 3 Zrotation Yrotation Xrotatoin");
  ASSERT_TRUE(write_file_atomic(bad, text).ok());
  auto r = test::run_command(kLab + " bvh2motion " + bad + " " + kOut + "never.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(bad + ": line 9: unknown channel 'Xrotatoin'"), std::string::npos) << r.err;
  r = test::run_command(kLab + " bvh2motion /nonexistent.bvh " + kOut + "never.json");
  EXPECT_EQ(r.exit_code, 2);
  r = test::run_command(kLab + " bvh2motion " + kExcerpt);
  EXPECT_EQ(r.exit_code, 2);
  r = test::run_command(kLab + " bvh2motion " + kExcerpt + " " + kOut + "never.json --cycle");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no complete gait cycle"), std::string::npos) << r.err;
  struct stat st;
  EXPECT_NE(stat((kOut + "never.json").c_str(), &st), 0);  // nothing written on failure
  std::remove(bad.c_str());
}

TEST(Bvh2MotionCli, ConvertsBothShippedCaptures) {
  const std::string dir = std::string(CF_TEST_DATA_DIR) + "/bvh/";
  for (const char* name : {"131_01", "131_03"}) {
    const std::string out = kOut + name + ".json";
    auto r = test::run_command(kLab + " bvh2motion " + dir + name + ".bvh " + out + " --max-error 0.01");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(load_motion(out).ok());
    std::remove(out.c_str());
  }
  const std::string out = kOut + "cycle.json";
  auto r = test::run_command(kLab + " bvh2motion " + dir + "131_01.bvh " + out + " --cycle --max-error 0.005");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = json_of(r);
  EXPECT_EQ(j["loop"], true);
  EXPECT_GT(j["cycle_offset"][2].get<double>(), 0.6);
  std::remove(out.c_str());
}

// The jog (02_03) used to fail with "no complete gait cycle": its T-pose frame set the ground and its
// rising floor lifted the later stances out of contact. Both are now reported.
TEST(Bvh2MotionCli, TheJogConvertsIntoARunCycleAndTheJumpAndHopIntoOneShots) {
  const std::string dir = std::string(CF_TEST_DATA_DIR) + "/bvh/";
  const std::string out = kOut + "run_cycle.json";
  auto r = test::run_command(kLab + " bvh2motion " + dir + "02_03.bvh " + out + " --cycle --max-error 0.005");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = json_of(r);
  EXPECT_EQ(j["loop"], true);
  EXPECT_EQ(j["skipped_frames"], 1);
  EXPECT_GT(j["floor_slope"].get<double>(), 0.005);
  EXPECT_LT(j["loop_closure_m"].get<double>(), 0.08);
  EXPECT_GT(j["cycle_offset"][2].get<double>(), 1.5);  // a running stride
  EXPECT_TRUE(load_motion(out).ok());
  std::remove(out.c_str());
  for (const char* args : {"02_04.bvh --start 0.2 --end 2.3", "131_03.bvh --start 6.05 --end 8.6"}) {
    r = test::run_command(kLab + " bvh2motion " + dir + args + " " + out + " --max-error 0.005");
    ASSERT_EQ(r.exit_code, 0) << args << ": " << r.err;
    j = json_of(r);
    EXPECT_EQ(j["loop"], false) << args;
    EXPECT_TRUE(load_motion(out).ok()) << args;
    std::remove(out.c_str());
  }
}

}  // namespace
}  // namespace cf
