// creature-lab limit-weights, weights and skin through the real binary.
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace {

using cf::Json;
using cf::test::run_command;

const std::string kLab = CF_LAB_EXE;
const std::string kData = CF_SKIN_DATA;
const std::string kAssets = CF_ASSETS_DIR;

Json run_json(const std::string& args, int expect_exit = 0) {
  auto r = run_command(kLab + " " + args);
  EXPECT_EQ(r.exit_code, expect_exit) << args << "\n" << r.err;
  auto j = cf::parse_json(r.out, "stdout");
  EXPECT_TRUE(j.ok()) << r.out;
  return j.ok() ? *j : Json();
}

TEST(LimitWeightsCli, IssueExampleBothModes) {
  Json p = run_json("limit-weights --in " + kData + "/example.json --max 2");
  ASSERT_TRUE(p.contains("vertices"));
  const Json& v0 = p["vertices"][0];
  EXPECT_EQ(v0["id"], "v0");
  EXPECT_NEAR(v0["weights"]["B2"].get<double>(), 0.5556, 1e-4);
  EXPECT_NEAR(v0["weights"]["B3"].get<double>(), 0.4444, 1e-4);
  EXPECT_EQ(v0["deleted"], Json::array({"B1"}));
  EXPECT_EQ(v0["neighbors"], Json::array({"v1"}));
  Json e = run_json("limit-weights --in " + kData + "/example.json --max 2 --redistribute equal");
  EXPECT_NEAR(e["vertices"][0]["weights"]["B2"].get<double>(), 0.55, 1e-6);
  EXPECT_NEAR(e["vertices"][0]["weights"]["B3"].get<double>(), 0.45, 1e-6);
  EXPECT_EQ(e["redistribute"], "equal");
}

// v1: B1 and B2 tie; v0 (its neighbour) has B2 larger, so B1 goes. v2: tied too; v1 is tied, v3 lacks B1.
TEST(LimitWeightsCli, TiesByNeighbours) {
  Json p = run_json("limit-weights --in " + kData + "/example.json --max 2");
  EXPECT_EQ(p["vertices"][1]["deleted"], Json::array({"B1"}));
  EXPECT_EQ(p["vertices"][2]["deleted"], Json::array({"B1"}));
  for (const Json& v : p["vertices"]) {
    double sum = 0;
    for (auto& [k, w] : v["weights"].items()) sum += w.get<double>();
    EXPECT_NEAR(sum, 1.0, 1e-6);
    EXPECT_LE(v["weights"].size(), 2u);
  }
  EXPECT_EQ(p["vertices"][3]["deleted"], Json::array());
}

TEST(LimitWeightsCli, BadFilesExitTwoWithClearErrors) {
  struct Bad {
    const char* file;
    const char* words;
  } bad[] = {{"bad_unknown_bone.json", "unknown bone"},
             {"bad_negative.json", "negative"},
             {"bad_nan.json", "not a number"},
             {"bad_empty.json", "empty"},
             {"bad_neighbor.json", "does not exist"}};
  for (const Bad& b : bad) {
    auto r = run_command(kLab + " limit-weights --in " + kData + "/" + b.file + " --max 2");
    EXPECT_EQ(r.exit_code, 2) << b.file;
    EXPECT_NE(r.err.find(b.file), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(b.words), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("vertices[0]"), std::string::npos) << r.err;
  }
  EXPECT_EQ(run_command(kLab + " limit-weights --in /nonexistent.json").exit_code, 2);
  EXPECT_EQ(run_command(kLab + " limit-weights --in " + kData + "/example.json --max 9").exit_code, 2);
  EXPECT_EQ(run_command(kLab + " limit-weights --in " + kData + "/example.json --redistribute odd").exit_code, 2);
}

TEST(WeightsCli, ShippedCreatures) {
  for (const char* name : {"biped", "quadruped", "hexapod", "strider", "stubby", "biped_arms_tail", "octopod"}) {
    Json j = run_json("weights --creature " + kAssets + "/creatures/" + name + ".json");
    SCOPED_TRACE(name);
    for (const char* k : {"vertices", "bones", "influences_histogram", "max_influences", "palette_size", "quantum",
                          "max_palette_error_m"})
      ASSERT_TRUE(j.contains(k)) << k;
    EXPECT_NEAR(j["vertices"].get<double>(), 3000, 300);
    EXPECT_LE(j["max_influences"].get<int>(), 4);
    EXPECT_GT(j["palette_size"].get<int>(), 0);
    EXPECT_FLOAT_EQ(j["quantum"].get<float>(), 1.0f / 128.0f);
    EXPECT_LT(j["max_palette_error_m"].get<double>(), 1e-3);
    int total = 0;
    for (auto& [k, n] : j["influences_histogram"].items()) total += n.get<int>();
    EXPECT_EQ(total, j["vertices"].get<int>());
  }
  Json j = run_json("weights --creature " + kAssets + "/creatures/biped.json --max 2 --vertices 1000");
  EXPECT_LE(j["max_influences"].get<int>(), 2);
  EXPECT_NEAR(j["vertices"].get<double>(), 1000, 100);
  EXPECT_EQ(run_command(kLab + " weights --creature /nonexistent.json").exit_code, 2);
  EXPECT_EQ(run_command(kLab + " weights --creature " + kAssets + "/creatures/biped.json --max 0").exit_code, 2);
}

TEST(SkinCli, WritesObjWithNormals) {
  const std::string out = std::string(CF_BINARY_DIR) + "/skin_cli_test_biped.obj";
  Json j = run_json("skin --creature " + kAssets + "/creatures/biped.json --motion " + kAssets +
                    "/motions/walk.json --time 0.4 --out " + out);
  ASSERT_TRUE(j.contains("vertices"));
  std::ifstream f(out);
  ASSERT_TRUE(f.good());
  int v = 0, vn = 0, vt = 0, faces = 0;
  std::string line;
  while (std::getline(f, line)) {
    std::istringstream s(line);
    std::string tag;
    s >> tag;
    if (tag == "v") ++v;
    if (tag == "vt") ++vt;
    if (tag == "f") ++faces;
    if (tag == "vn") {
      double x, y, z;
      s >> x >> y >> z;
      EXPECT_NEAR(std::sqrt(x * x + y * y + z * z), 1.0, 1e-4);
      ++vn;
    }
  }
  EXPECT_EQ(v, j["vertices"].get<int>());
  EXPECT_EQ(vn, v);
  EXPECT_EQ(vt, v);
  EXPECT_EQ(faces, j["triangles"].get<int>());
  EXPECT_EQ(run_command(kLab + " skin --creature " + kAssets + "/creatures/biped.json --time 0 --out " + out).exit_code, 2);
  EXPECT_EQ(run_command(kLab + " skin --creature /nope.json --motion x --out " + out).exit_code, 2);
}

}  // namespace
