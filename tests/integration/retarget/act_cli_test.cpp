// creature-lab act through the real binary: every shipped creature walks, runs, jumps standing and
// jumps running, sits, greets, roars and dances with no clip event, no skating, no flesh under the ground and finite poses; bad input
// exits 2 with one line.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace {

using cf::Json;
using cf::test::run_command;

const std::string kLab = CF_LAB_EXE;
const std::string kAssets = CF_ASSETS_DIR;
const char* const kCreatures[] = {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"};

// `creature-lab act` of one creature and action on the open field, its JSON (null after a failure).
Json act(const char* creature, const char* action, const char* seconds) {
  const std::string args = "act --creature " + kAssets + "/creatures/" + creature + ".json --level " + kAssets +
                           "/../tests/data/game/open_field.level.json --action " + action + " --seconds " + seconds;
  auto r = run_command(kLab + " " + args);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  auto parsed = cf::parse_json(r.out, "stdout");
  EXPECT_TRUE(parsed.ok()) << r.out;
  return parsed.ok() ? *parsed : Json();
}

TEST(ActCli, EveryShippedCreatureWalksRunsAndJumpsCleanly) {
  std::printf("%-16s %-13s %-5s %5s %6s %8s %8s %8s %8s %5s\n", "creature", "action", "var", "ticks", "clips",
              "root_m", "joint_m", "skate_m", "flesh_m", "unrch");
  for (const char* c : kCreatures) {
    double walk_root = 0.0;
    for (const char* action : {"walk", "run", "jump", "running-jump"}) {
      const Json j = act(c, action, "2");
      ASSERT_TRUE(j.is_object());
      const std::string what = std::string(c) + " " + action;
      for (const char* k : {"ticks", "variant", "clip_events", "max_root_step_m", "max_joint_step_m",
                            "max_foot_skate_m", "min_flesh_height_m", "unreached_ik_ticks", "finite"})
        EXPECT_TRUE(j.contains(k)) << what << ": " << k;
      EXPECT_TRUE(j["finite"].get<bool>()) << what;
      EXPECT_EQ(j["clip_events"].get<int>(), 0) << what;
      EXPECT_LE(j["max_foot_skate_m"].get<double>(), 0.02) << what;
      EXPECT_GE(j["min_flesh_height_m"].get<double>(), -0.01) << what;
      EXPECT_EQ(j["unreached_ik_ticks"].get<int>(), 0) << what;
      const std::string variant = j["variant"].get<std::string>();
      if (std::string(action) == "walk") {
        walk_root = j["max_root_step_m"].get<double>();
        EXPECT_EQ(variant, "walk") << what;
      }
      if (std::string(action) == "run") {
        EXPECT_EQ(variant, "run") << what;
        EXPECT_GT(j["max_root_step_m"].get<double>(), walk_root) << what << ": the run covers more ground a tick";
      }
      if (std::string(action).find("jump") != std::string::npos) {
        EXPECT_EQ(variant, "jump") << what;
        EXPECT_EQ(j["jumps"].get<int>(), 1) << what;
        // No pop: the cog moves at most 8 cm a tick (the strider's ballistic take-off, a 0.98 m rise, is
        // 7.4 cm a tick) beyond the run's own pace.
        EXPECT_LE(j["max_root_step_m"].get<double>(), 0.08 + (std::string(action) == "jump" ? 0.0 : 0.06)) << what;
      }
      std::printf("%-16s %-13s %-5s %5d %6d %8.4f %8.4f %8.4f %8.4f %5d\n", c, action, variant.c_str(),
                  j["ticks"].get<int>(), j["clip_events"].get<int>(), j["max_root_step_m"].get<double>(),
                  j["max_joint_step_m"].get<double>(), j["max_foot_skate_m"].get<double>(),
                  j["min_flesh_height_m"].get<double>(), j["unreached_ik_ticks"].get<int>());
    }
  }
}

// Sit and every emote end to end: each plays once on every shipped creature with its body's variant,
// no clip event, no skating, flesh above the ground, every planted leg reached, finite poses, and the
// cog never jumping more than 6 cm a tick (the 1 s walk before it included).
TEST(ActCli, EveryShippedCreatureSitsAndEmotesCleanly) {
  const std::map<std::string, std::string> greet = {{"biped", "nod_wag"},     {"biped_arms_tail", "wave_arm"},
                                                    {"hexapod", "lift_foreleg"}, {"octopod", "lift_foreleg"},
                                                    {"quadruped", "lift_foreleg"}, {"strider", "nod_wag"},
                                                    {"stubby", "lift_foreleg"}};
  for (const char* c : kCreatures) {
    for (const char* action : {"sit", "greet", "roar", "dance"}) {
      const Json j = act(c, action, "4");
      ASSERT_TRUE(j.is_object());
      const std::string what = std::string(c) + " " + action;
      EXPECT_EQ(j["plays"].get<int>(), 1) << what;
      EXPECT_TRUE(j["finite"].get<bool>()) << what;
      EXPECT_EQ(j["clip_events"].get<int>(), 0) << what;
      EXPECT_LE(j["max_foot_skate_m"].get<double>(), 0.02) << what;
      EXPECT_GE(j["min_flesh_height_m"].get<double>(), -0.01) << what;
      EXPECT_EQ(j["unreached_ik_ticks"].get<int>(), 0) << what;
      EXPECT_LE(j["max_root_step_m"].get<double>(), 0.06) << what;
      const std::string variant = j["variant"].get<std::string>();
      const std::string want = std::string(action) == "sit"     ? "lower_body"
                               : std::string(action) == "greet" ? greet.at(c)
                               : std::string(action) == "roar"  ? "rear_head"
                                                                : "bob_sway";
      EXPECT_EQ(variant, want) << what;
      std::printf("%-16s %-6s %-13s %5d ticks  root %.4f  joint %.4f  skate %.4f  flesh %.4f\n", c, action,
                  variant.c_str(), j["ticks"].get<int>(), j["max_root_step_m"].get<double>(),
                  j["max_joint_step_m"].get<double>(), j["max_foot_skate_m"].get<double>(),
                  j["min_flesh_height_m"].get<double>());
    }
  }
}

// On a level with height, --from and --heading start the body anywhere on the ground (the dunes' crest is
// 2.2 m up, read from their heightmap), and every height is measured from the ground under the point:
// walking across the dune's slope keeps its flesh above that ground. skate_ratio is the share of foot-ticks
// near the ground (5 cm) whose foot moves more than 2.5 cm in the tick.
TEST(ActCli, ALevelWithHeightStartsWhereAskedAndMeasuresFromTheGroundUnderEachPoint) {
  const std::string base = "act --creature " + kAssets + "/creatures/quadruped.json --level " + kAssets +
                           "/levels/dunes.json --action walk --seconds 3";
  auto spawn = run_command(kLab + " " + base);
  ASSERT_EQ(spawn.exit_code, 0) << spawn.err;
  auto crest = run_command(kLab + " " + base + " --from 0,10 --heading 90");
  ASSERT_EQ(crest.exit_code, 0) << crest.err;
  auto a = cf::parse_json(spawn.out, "stdout"), b = cf::parse_json(crest.out, "stdout");
  ASSERT_TRUE(a.ok() && b.ok()) << spawn.out << crest.out;
  EXPECT_EQ((*a)["start"], Json::array({0.0, -18.0})) << "the level's spawn, on its flat pan";
  EXPECT_NEAR((*a)["start_ground_m"].get<double>(), 0.0, 1e-3);
  EXPECT_EQ((*b)["start"], Json::array({0.0, 10.0}));
  EXPECT_NEAR((*b)["start_ground_m"].get<double>(), 2.2, 0.05) << "on the big dune's crest";
  for (const Json* j : {&*a, &*b}) {
    EXPECT_EQ((*j)["clip_events"].get<int>(), 0) << j->dump();
    EXPECT_GE((*j)["min_flesh_height_m"].get<double>(), -0.01) << j->dump();
    EXPECT_LE((*j)["min_flesh_height_m"].get<double>(), 0.05) << "feet on the ground under them, not above it: " << j->dump();
    const double skate = (*j)["skate_ratio"].get<double>();
    EXPECT_GE(skate, 0.0);
    EXPECT_LT(skate, 0.5) << j->dump();
  }
}

// clipcheck (and sound) start where --from puts them too: on the dunes' crest, 2.2 m up.
TEST(ActCli, ClipcheckStartsWhereAsked) {
  auto r = run_command(kLab + " clipcheck --creature " + kAssets + "/creatures/biped.json --level " + kAssets +
                       "/levels/dunes.json --from 0,10 --heading 180 --ticks 120");
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  auto j = cf::parse_json(r.out, "stdout");
  ASSERT_TRUE(j.ok()) << r.out;
  EXPECT_EQ((*j)["start"], Json::array({0.0, 10.0}));
  EXPECT_NEAR((*j)["start_ground_m"].get<double>(), 2.2, 0.05);
  EXPECT_EQ((*j)["count"].get<int>(), 0);
  auto both = run_command(kLab + " clipcheck --replay x.replay.json --from 0,10");
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("drop the other options"), std::string::npos) << both.err;
}

TEST(ActCli, BadInputExitsTwoWithOneLine) {
  const std::string biped = " --creature " + kAssets + "/creatures/biped.json";
  for (const std::string& args : {std::string("act --action jump"), "act" + biped, "act" + biped + " --action fly",
                                  "act" + biped + " --action jump --seconds nan",
                                  "act" + biped + " --action jump --seconds -1",
                                  "act" + biped + " --action walk --from 3",
                                  "act" + biped + " --action walk --from 3,nan",
                                  "act" + biped + " --action walk --from 1e9,0",
                                  "act" + biped + " --action walk --heading west",
                                  std::string("act --creature /nonexistent/x.json --action jump")}) {
    auto r = run_command(kLab + " " + args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(r.out.empty()) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
}

}  // namespace
