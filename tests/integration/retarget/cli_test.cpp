// creature-lab ik and walk through the real binary.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace {

using cf::Json;
using cf::test::run_command;

const std::string kLab = CF_LAB_EXE;
const std::string kAssets = CF_ASSETS_DIR;
const std::string kData = std::string(CF_SOURCE_DIR) + "/tests/data/retarget";

Json run_json(const std::string& args, int want_exit = 0) {
  auto r = run_command(kLab + " " + args);
  EXPECT_EQ(r.exit_code, want_exit) << args << "\n" << r.err;
  auto j = cf::parse_json(r.out, "stdout");
  EXPECT_TRUE(j.ok()) << args << "\n" << r.out;
  return j.ok() ? *j : Json();
}

double dist(const Json& a, const Json& b) {
  double s = 0;
  for (int i = 0; i < 3; ++i) s += std::pow(a[i].get<double>() - b[i].get<double>(), 2);
  return std::sqrt(s);
}

TEST(IkCli, ReachableTargetPrintsTheChain) {
  Json j = run_json("ik --root 0,1,0 --target 0.2,0.1,0.3 --l1 0.6 --l2 0.55 --pole 0,0,1");
  for (const char* k : {"root", "joint", "tip", "reached", "angles"}) EXPECT_TRUE(j.contains(k)) << k;
  EXPECT_TRUE(j["reached"].get<bool>());
  EXPECT_LT(dist(j["tip"], Json::array({0.2, 0.1, 0.3})), 1e-9);
  EXPECT_NEAR(dist(j["root"], j["joint"]), 0.6, 1e-9);
  EXPECT_NEAR(dist(j["joint"], j["tip"]), 0.55, 1e-9);
  EXPECT_GT(j["joint"][2].get<double>(), 0.15);  // the knee bends towards the pole (+Z)
  for (const char* k : {"upper", "lower"}) {
    EXPECT_TRUE(j["angles"][k].contains("about_z_deg"));
    EXPECT_TRUE(j["angles"][k].contains("about_y_deg"));
  }
  Json f = run_json("ik --root 0,1,0 --target 0.2,0.1,0.3 --l1 0.6 --l2 0.55 --pole 0,0,1 --flip");
  EXPECT_LT(f["joint"][2].get<double>(), j["joint"][2].get<double>());
  EXPECT_LT(dist(f["tip"], j["tip"]), 1e-9);
}

TEST(IkCli, UnreachableIsStraight) {
  Json j = run_json("ik --root 0,1,0 --target 0,-3,0 --l1 0.5 --l2 0.5 --pole 0,0,1");
  EXPECT_FALSE(j["reached"].get<bool>());
  EXPECT_LT(dist(j["joint"], Json::array({0, 0.5, 0})), 1e-9);
  EXPECT_LT(dist(j["tip"], Json::array({0, 0, 0})), 1e-9);
  EXPECT_NEAR(j["angles"]["bend_deg"].get<double>(), 180.0, 1e-9);
}

TEST(IkCli, BadInputExitsTwo) {
  for (const char* args : {"ik --root 0,1 --target 0,0,0 --l1 1 --l2 1", "ik --root 0,1,0 --target 0,0,0 --l1 1",
                           "ik --root 0,1,0 --target 0,0,0 --l1 -1 --l2 1",
                           "ik --root 0,1,0 --target nan,0,0 --l1 1 --l2 1",
                           "ik --root 0,1,0 --target 0,0,0 --l1 1 --l2 1 --bogus 3"}) {
    auto r = run_command(kLab + " " + args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_NE(r.err.find("creature-lab ik"), std::string::npos) << r.err;
  }
}

void expect_walk_report(const Json& j, const std::string& what, int ticks) {
  SCOPED_TRACE(what);
  EXPECT_EQ(j["ticks"].get<int>(), ticks);
  ASSERT_TRUE(j["legs"].is_array());
  ASSERT_FALSE(j["legs"].empty());
  for (const Json& l : j["legs"]) {
    for (const char* k : {"name", "stance_ticks", "max_skate_m", "max_penetration_m", "max_float_m", "max_ik_error_m"})
      EXPECT_TRUE(l.contains(k)) << k;
    EXPECT_GT(l["stance_ticks"].get<int>(), 0);
    EXPECT_LE(l["max_ik_error_m"].get<double>(), 1e-4);
    EXPECT_EQ(l["unreachable_ticks"].get<int>(), 0);
  }
  const Json& cog = j["cog"];
  EXPECT_GE(cog["min_height"].get<double>(), 0.5 * cog["standing_height"].get<double>());
  EXPECT_LE(cog["max_height"].get<double>(), 1.5 * cog["standing_height"].get<double>());
  EXPECT_TRUE(j.contains("distance_m"));
}

TEST(WalkCli, EveryShippedCreatureWalks) {
  for (const char* c : {"biped", "biped_arms_tail", "quadruped", "hexapod", "octopod", "strider", "stubby"}) {
    std::string file = kAssets + "/creatures/" + c + ".json";
    Json straight = run_json("walk --creature " + file + " --seconds 10");
    expect_walk_report(straight, std::string(c) + " straight", 600);
    EXPECT_GT(straight["distance_m"].get<double>(), 2.0) << c;
    Json turning = run_json("walk --creature " + file + " --seconds 10 --turn 45 --speed 0.5");
    expect_walk_report(turning, std::string(c) + " turning", 600);
    // Asked for 0.5 m/s: it ramps up to that, slower only where a leg's reach limits the stride.
    EXPECT_LE(turning["distance_m"].get<double>(), 5.0) << c;
    EXPECT_GE(turning["distance_m"].get<double>(), 3.0) << c;
  }
}

TEST(WalkCli, FramesFileHasEveryTick) {
  std::string out = std::string(CF_BINARY_DIR) + "/walk_frames_test.json";
  std::remove(out.c_str());
  Json j = run_json("walk --creature " + kAssets + "/creatures/quadruped.json --motion " + kAssets +
                    "/motions/walk.json --seconds 1 --frames " + out);
  expect_walk_report(j, "frames", 60);
  auto frames = cf::load_json_file(out);
  ASSERT_TRUE(frames.ok()) << frames.error().to_string();
  EXPECT_EQ((*frames)["format"], "critterforge.walk_frames/1");
  ASSERT_EQ((*frames)["frames"].size(), 60u);
  const Json& f = (*frames)["frames"][59];
  EXPECT_EQ(f["tick"].get<int>(), 60);
  EXPECT_TRUE(f["bones"].contains("leg_l0_upper"));
  EXPECT_GT(f["cog"][2].get<double>(), 0.1);  // walked forward (+Z)
  std::remove(out.c_str());
}

// Over a level's ground: up the hills level's 3 m hill from 8 m short of its top, the feet on the ground
// under them (penetration and float measured from it), the body carried up the slope.
TEST(WalkCli, OverALevelsGroundTheFeetStayOnItAndTheBodyClimbsTheHill) {
  std::string out = std::string(CF_BINARY_DIR) + "/walk_hill_frames.json";
  for (const char* c : {"biped", "quadruped"}) {
    Json j = run_json(std::string("walk --creature ") + kAssets + "/creatures/" + c + ".json --seconds 6 --level " + kAssets +
                      "/levels/hills.json --from 2,16 --heading 0 --frames " + out);
    expect_walk_report(j, std::string(c) + " uphill", 360);
    for (const Json& leg : j["legs"]) {
      EXPECT_LE(leg["max_penetration_m"].get<double>(), 0.01) << c << " " << leg["name"];
      EXPECT_LE(leg["max_float_m"].get<double>(), 0.05) << c << " " << leg["name"];
    }
    auto frames = cf::load_json_file(out);
    ASSERT_TRUE(frames.ok()) << frames.error().to_string();
    const Json& first = (*frames)["frames"][0];
    const Json& last = (*frames)["frames"][(*frames)["frames"].size() - 1];
    EXPECT_NEAR(first["cog"][2].get<double>(), 16.0, 0.5) << c << " starts where asked";
    EXPECT_GT(last["cog"][1].get<double>() - first["cog"][1].get<double>(), 0.8) << c << " walked up the hill";
  }
  std::remove(out.c_str());
  // --from needs a level.
  auto r = run_command(kLab + " walk --creature " + kAssets + "/creatures/biped.json --seconds 1 --from 1,2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--level"), std::string::npos) << r.err;
}

TEST(WalkCli, LeglessCreatureCannotWalk) {
  auto r = run_command(kLab + " walk --creature " + kData + "/legless.json --seconds 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("legless.json"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("cannot walk"), std::string::npos) << r.err;
}

TEST(WalkCli, BadInputExitsTwo) {
  const std::string biped = kAssets + "/creatures/biped.json";
  for (std::string args : std::vector<std::string>{"walk --seconds 3", "walk --creature " + biped, "walk --creature " + biped + " --seconds -1",
                           "walk --creature " + biped + " --seconds 3 --speed -2",
                           "walk --creature /nonexistent/x.json --seconds 3",
                           "walk --creature " + biped + " --seconds 3 --motion " + kData + "/legless.json",
                           "walk --creature " + biped + " --seconds 3 --bogus 1",
                           "walk --creature " + biped + " --seconds 3 --motion " + kAssets + "/motions/stand.json"}) {
    auto r = run_command(kLab + " " + args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.err.find("creature-lab walk"), std::string::npos) << args << ": " << r.err;
  }
}

}  // namespace
