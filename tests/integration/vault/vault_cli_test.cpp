// creature-lab vault and level through the real binary: output fields, the rule, bad input -> exit 2.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace cf {
namespace {

std::string asset(const std::string& rel) { return std::string(CF_ASSETS_DIR) + "/" + rel; }
std::string lab() { return std::string(CF_LAB_EXE); }

test::CommandResult vault(const std::string& creature, const std::string& level, const std::string& extra = "") {
  return test::run_command(lab() + " vault --creature " + asset("creatures/" + creature + ".json") + " --level " +
                           asset("levels/" + level + ".json") + " --fence 0 " + extra);
}

Json parse(const std::string& out) {
  auto j = parse_json(out, "stdout");
  EXPECT_TRUE(j.ok()) << out;
  return j.ok() ? *j : Json();
}

std::string temp_file(const std::string& name, const std::string& text) {
  auto p = (std::filesystem::temp_directory_path() / ("cf_vault_cli_" + name)).string();
  std::ofstream(p) << text;
  return p;
}

TEST(VaultCli, PrintsExactlyTheFieldsAndFollowsTheRule) {
  const std::set<std::string> keys = {"motion", "lmax", "lmax_dir", "lref", "delta", "tolerance",
                                      "mirrored", "refused", "room", "needs", "max_penetration_m", "landed"};
  for (const char* level : {"default", "fence_wall_left", "fence_wall_right", "fence_walls_both",
                            "wall_pipes_virtual_plane", "open_ground", "fence_region"}) {
    for (const char* creature : {"biped", "biped_arms_tail", "quadruped", "hexapod", "octopod", "strider", "stubby"}) {
      SCOPED_TRACE(std::string(level) + " x " + creature);
      auto r = vault(creature, level);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      Json j = parse(r.out);
      std::set<std::string> got;
      for (auto it = j.begin(); it != j.end(); ++it) got.insert(it.key());
      EXPECT_EQ(got, keys);
      EXPECT_EQ(j["motion"], "vault");
      EXPECT_EQ(j["lmax_dir"].size(), 2u);
      EXPECT_EQ(j["landed"].size(), 3u);
      const double lmax = j["lmax"], lref = j["lref"], delta = j["delta"], tol = j["tolerance"];
      EXPECT_NEAR(delta, lref - lmax, 1e-6 * std::max(1.0, lref));  // floats
      EXPECT_NEAR(tol, 0.05, 1e-7);
      if (delta < tol) {
        EXPECT_TRUE(j["mirrored"].get<bool>() || j["refused"].get<bool>());
      }
      EXPECT_EQ(j["max_penetration_m"].get<double>(), 0.0);
      if (!j["refused"].get<bool>()) {
        // Landed on the far side of the fence (all shipped fences lie across the spawn's view at
        // larger z than the spawn along the spawn heading), on the ground.
        auto lv = load_json_file(asset(std::string("levels/") + level + ".json"));
        ASSERT_TRUE(lv.ok());
        const Json& f = (*lv)["fences"][0];
        const double yaw = f["yaw_deg"].get<double>() * 3.14159265358979323846 / 180.0;
        const double cz = f["centre"][0].get<double>() * std::sin(yaw) + f["centre"][2].get<double>() * std::cos(yaw);
        const double lz = j["landed"][0].get<double>() * std::sin(yaw) + j["landed"][2].get<double>() * std::cos(yaw);
        EXPECT_GT(lz, cz + f["half_extents"][2].get<double>());
        EXPECT_NEAR(j["landed"][1].get<double>(), 0.0, 0.01);
      } else {
        // Short between two walls wherever it starts: the reason gives the total with creature-lab's
        // numbers. Otherwise it names the side short of room with that side's numbers.
        const double room_sum = j["room"]["left"].get<double>() + j["room"]["right"].get<double>();
        const double needs_sum = j["needs"]["left"].get<double>() + j["needs"]["right"].get<double>();
        double had = 0.0, needs = 0.0;
        const std::size_t between = r.err.find("not enough room between the walls: ");
        if (between != std::string::npos) {
          ASSERT_EQ(std::sscanf(r.err.c_str() + between, "not enough room between the walls: %lf m, needs %lf m", &had,
                                &needs), 2) << r.err;
          EXPECT_NEAR(had, room_sum, 0.0051) << r.err;
          EXPECT_NEAR(needs, needs_sum, 0.0051) << r.err;
          EXPECT_LT(room_sum, needs_sum);
          continue;
        }
        EXPECT_GE(room_sum, needs_sum) << "short in all, and the reason does not say so: " << r.err;
        char side[8] = {0};
        const std::size_t at = r.err.find("not enough room on the ");
        ASSERT_NE(at, std::string::npos) << r.err;
        ASSERT_EQ(std::sscanf(r.err.c_str() + at, "not enough room on the %5[a-z]: %lf m, needs %lf m", side, &had, &needs), 3)
            << r.err;
        const std::string s = side, other = s == "left" ? "right" : "left";
        ASSERT_TRUE(s == "left" || s == "right") << r.err;
        EXPECT_NEAR(had, j["room"][s].get<double>(), 0.0051) << r.err;
        EXPECT_NEAR(needs, j["needs"][s].get<double>(), 0.0051) << r.err;
        EXPECT_LT(j["room"][s].get<double>(), j["needs"][s].get<double>());  // really short there
        // The named side is the one short by more.
        EXPECT_GE(j["needs"][s].get<double>() - j["room"][s].get<double>(),
                  j["needs"][other].get<double>() - j["room"][other].get<double>());
      }
    }
  }
}

TEST(VaultCli, DefaultLevelMirrorsTheBipedsVault) {
  auto r = vault("biped", "default");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = parse(r.out);
  EXPECT_TRUE(j["mirrored"].get<bool>());
  EXPECT_FALSE(j["refused"].get<bool>());
  EXPECT_LT(j["delta"].get<double>(), 0.05);
  EXPECT_EQ(j["lmax_dir"][0].get<double>(), 1.0);
  r = vault("biped", "open_ground");
  j = parse(r.out);
  EXPECT_FALSE(j["mirrored"].get<bool>());
  r = vault("biped", "fence_walls_both");
  j = parse(r.out);
  EXPECT_TRUE(j["refused"].get<bool>());
  // The room on both sides adds up to the passage between the walls (inner faces at x = -0.64 and
  // 0.64), whatever the creature's reference line.
  EXPECT_NEAR(j["room"]["left"].get<double>() + j["room"]["right"].get<double>(), 1.28, 0.02) << r.out;
}

TEST(VaultCli, ToleranceIsASetting) {
  Json j = parse(vault("biped", "open_ground", "--tolerance 0").out);
  EXPECT_EQ(j["tolerance"].get<double>(), 0.0);
  j = parse(vault("biped", "default", "--tolerance 3").out);
  EXPECT_TRUE(j["refused"].get<bool>());
  EXPECT_EQ(vault("biped", "default", "--tolerance -1").exit_code, 2);
  EXPECT_EQ(vault("biped", "default", "--tolerance abc").exit_code, 2);
}

TEST(VaultCli, BadLevelFilesExit2WithFileFieldProblem) {
  struct Case {
    const char* name;
    const char* text;
    const char* field;
  };
  const Case cases[] = {
      {"syntax.json", "{\"format\": ", "invalid JSON"},
      {"format.json", R"({"format": "critterforge.level/7", "ground": {}, "fences": [], "walls": [], "regions": []})",
       "format"},
      {"nowalls.json", R"({"format": "critterforge.level/1", "ground": {}, "fences": [], "regions": []})", "walls"},
      {"extent.json",
       R"({"format": "critterforge.level/1", "ground": {}, "walls": [], "regions": [],
           "fences": [{"centre": [0, 0.3, 3], "half_extents": [1, -0.3, 0.04]}]})",
       "fences[0].half_extents"},
      {"nan.json",
       R"({"format": "critterforge.level/1", "ground": {}, "walls": [], "regions": [],
           "fences": [{"centre": [0, "x", 3], "half_extents": [1, 0.3, 0.04]}]})",
       "fences[0].centre"},
      {"concave.json",
       R"({"format": "critterforge.level/1", "ground": {}, "walls": [], "fences": [],
           "regions": [{"points": [[0,0],[2,0],[0.5,0.5],[0,2]], "height": 2}]})",
       "regions[0].points"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::string path = temp_file(c.name, c.text);
    for (const std::string& cmd : {lab() + " vault --creature " + asset("creatures/biped.json") + " --level " + path +
                                       " --fence 0",
                                   lab() + " level --level " + path}) {
      auto r = test::run_command(cmd);
      EXPECT_EQ(r.exit_code, 2) << r.out;
      EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
      EXPECT_NE(r.err.find(c.field), std::string::npos) << r.err;
      EXPECT_TRUE(r.out.empty());
    }
    std::remove(path.c_str());
  }
}

TEST(VaultCli, BadArgumentsExit2) {
  auto r = test::run_command(lab() + " vault --creature " + asset("creatures/biped.json") + " --level " +
                             asset("levels/default.json") + " --fence 9");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no fence 9"), std::string::npos) << r.err;
  EXPECT_EQ(test::run_command(lab() + " vault --level " + asset("levels/default.json") + " --fence 0").exit_code, 2);
  EXPECT_EQ(test::run_command(lab() + " vault --creature " + asset("creatures/biped.json") + " --level " +
                              asset("levels/default.json"))
                .exit_code,
            2);
  EXPECT_EQ(vault("biped", "default", "--fence 1.5").exit_code, 2);
  EXPECT_EQ(vault("biped", "default", "--bogus 1").exit_code, 2);
  EXPECT_EQ(test::run_command(lab() + " vault --creature /nonexistent.json --level " + asset("levels/default.json") +
                              " --fence 0")
                .exit_code,
            2);
}

TEST(LevelCli, SummaryAndRay) {
  auto r = test::run_command(lab() + " level --level " + asset("levels/wall_pipes_virtual_plane.json"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = parse(r.out);
  EXPECT_EQ(j["fences"], 1);
  EXPECT_EQ(j["walls"], 1);
  EXPECT_EQ(j["pipes"], 3);
  EXPECT_EQ(j["virtual_planes"], 1);
  r = test::run_command(lab() + " level --level " + asset("levels/default.json") +
                        " --from 0,0.5,2.9 --dir 1,0,0 --skip-fence 0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = parse(r.out);
  EXPECT_EQ(j["hit"], "wall");
  EXPECT_NEAR(j["lref"].get<double>(), 0.64, 1e-5);
  EXPECT_EQ(test::run_command(lab() + " level --level " + asset("levels/default.json") + " --from 0,0,0").exit_code, 2);
}

}  // namespace
}  // namespace cf
