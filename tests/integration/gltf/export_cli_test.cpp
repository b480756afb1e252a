// creature-lab export, export-poses and gltf-skin through the real binary: what they print, and one
// clear line with exit 2 for bad input, never a crash or a half-written file.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace {

using cf::Json;
using cf::test::run_command;

const std::string kLab = CF_LAB_EXE;
const std::string kAssets = CF_ASSETS_DIR;
const std::string kData = CF_TEST_DATA_DIR;

std::string temp(const std::string& name) { return ::testing::TempDir() + "cf_export_cli_" + name; }
void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}
std::string read(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}
bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

// Exit 2 and exactly one line on stderr naming the command.
void expect_one_line_error(const std::string& args, const std::string& mentions) {
  auto r = run_command(kLab + " " + args);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
  EXPECT_EQ(r.out, "") << args;
  ASSERT_FALSE(r.err.empty()) << args;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "more than one line: " << r.err;
  EXPECT_EQ(r.err.rfind("creature-lab ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(mentions), std::string::npos) << r.err;
}

TEST(ExportCli, WritesAGlbAndReportsWhatIsInIt) {
  const std::string out = temp("biped.glb");
  auto r = run_command(kLab + " export --creature " + kAssets + "/creatures/biped.json --out " + out +
                       " --motions walk,vault,walk --max-error 0.002");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = cf::parse_json(r.out, "stdout");
  ASSERT_TRUE(j.ok()) << r.out;
  const std::string glb = read(out);
  EXPECT_EQ(glb.substr(0, 4), "glTF");
  EXPECT_EQ(glb[4], 2);  // container version 2
  EXPECT_EQ((*j)["bytes"].get<std::size_t>(), glb.size());
  ASSERT_EQ((*j)["motions"].size(), 2u);
  EXPECT_EQ((*j)["motions"][0]["name"], "walk");
  EXPECT_EQ((*j)["motions"][1]["name"], "vault");
  for (const Json& m : (*j)["motions"]) {
    EXPECT_LE(m["max_error_m"].get<double>(), 0.002);
    EXPECT_LT(m["keys_after"].get<int>(), m["keys_before"].get<int>());
  }
  EXPECT_GT((*j)["joints"].get<int>(), 5);
  EXPECT_NE(glb.find("\"walk\""), std::string::npos);
  EXPECT_EQ(glb.find("\"stand\""), std::string::npos);  // not asked for
}

TEST(ExportCli, CorruptCreatureIsOneLineAndNoFile) {
  const std::string bad = temp("corrupt.json"), out = temp("corrupt.glb");
  write(bad, "{\"format\": \"critterforge.creature/1\", \"parts\": [ {\"tag\": ");
  std::remove(out.c_str());
  expect_one_line_error("export --creature " + bad + " --out " + out, bad);
  EXPECT_FALSE(exists(out));
  write(bad, std::string("\x89PNG\r\n\x1a\n\0\0garbage", 18));
  expect_one_line_error("export --creature " + bad + " --out " + out, bad);
  EXPECT_FALSE(exists(out));
}

TEST(ExportCli, CreatureBreakingARuleNamesThePart) {
  const std::string bad = temp("rule.json"), out = temp("rule.glb");
  write(bad, R"({"format": "critterforge.creature/1", "name": "x", "parts": [
    {"tag": "torso", "radius": -0.1, "stroke": [[0, 1, 0], [0, 1.2, 0]]}]})");
  expect_one_line_error("export --creature " + bad + " --out " + out, "parts[0].radius");
  EXPECT_FALSE(exists(out));
}

TEST(ExportCli, UnwritableOutputKeepsTheOldFile) {
  expect_one_line_error("export --creature " + kAssets + "/creatures/biped.json --out /nonexistent-dir/x.glb",
                        "/nonexistent-dir/x.glb");
  const std::string dir = temp("outdir");
  ::mkdir(dir.c_str(), 0755);
  expect_one_line_error("export --creature " + kAssets + "/creatures/biped.json --out " + dir, dir);
  // A failed export leaves an earlier file as it was.
  const std::string keep = temp("keep.glb");
  write(keep, "earlier export");
  expect_one_line_error("export --creature " + temp("missing.json") + " --out " + keep, "missing.json");
  EXPECT_EQ(read(keep), "earlier export");
}

TEST(ExportCli, BadOptionsAreOneLine) {
  const std::string c = "--creature " + kAssets + "/creatures/biped.json --out " + temp("o.glb");
  expect_one_line_error("export " + c + " --motions moonwalk", "moonwalk");
  expect_one_line_error("export " + c + " --motions ,", "--motions");
  expect_one_line_error("export " + c + " --max-error 0", "--max-error");
  expect_one_line_error("export " + c + " --max-error lots", "max-error");
  expect_one_line_error("export --out " + temp("o.glb"), "--creature");
  expect_one_line_error("export " + c + " --colour red", "colour");
}

TEST(ExportPosesCli, WritesTheGamesSkinnedPositions) {
  const std::string out = temp("poses.json");
  auto r = run_command(kLab + " export-poses --creature " + kAssets +
                       "/creatures/biped.json --motion walk --times 0,0.5 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto doc = cf::parse_json(read(out), out);
  ASSERT_TRUE(doc.ok());
  const int n = (*doc)["vertices"].get<int>();
  ASSERT_EQ((*doc)["poses"].size(), 2u);
  EXPECT_EQ((*doc)["poses"][1]["tick"], 30);
  EXPECT_EQ((*doc)["poses"][0]["positions"].size(), static_cast<std::size_t>(3 * n));
  EXPECT_NE((*doc)["poses"][0]["positions"], (*doc)["poses"][1]["positions"]);
  expect_one_line_error(
      "export-poses --creature " + kAssets + "/creatures/biped.json --motion walk --times x --out " + out,
      "--times");
}

TEST(GltfSkinCli, SkinsAKhronosSampleAndRejectsCorruptFiles) {
  const std::string out = temp("simple.json");
  auto r =
      run_command(kLab + " gltf-skin --file " + kData + "/gltf/SimpleSkin.gltf --times 0,2.5 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto doc = cf::parse_json(read(out), out);
  ASSERT_TRUE(doc.ok());
  // SimpleSkin at 2.5 s: the top vertices (weight 1 on the bent joint) are turned 90 degrees; vertex 0
  // (the root joint only) stays at (-0.5, 0, 0).
  const Json& p = (*doc)["poses"][1]["primitives"][0];
  EXPECT_NEAR(p[0].get<double>(), -0.5, 1e-6);
  EXPECT_NEAR(p[1].get<double>(), 0.0, 1e-6);
  EXPECT_NEAR((*doc)["size_m"].get<double>(), std::sqrt(5.0), 1e-6);
  const std::string bad = temp("bad.gltf");
  write(bad, "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [{\"children\": [0]}]}");
  expect_one_line_error("gltf-skin --file " + bad + " --times 0 --out " + out, bad);
  write(bad, "not json at all");
  expect_one_line_error("gltf-skin --file " + bad + " --times 0 --out " + out, bad);
}

}  // namespace
