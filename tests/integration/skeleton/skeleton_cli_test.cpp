// creature-lab skeleton on every shipped creature and on bad files.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace {

using cf::Json;

const char* kShipped[] = {"biped", "quadruped", "hexapod", "strider", "stubby", "biped_arms_tail", "octopod"};

std::string lab(const std::string& args) { return std::string(CF_LAB_EXE) + " skeleton " + args; }
std::string asset(const std::string& name) { return std::string(CF_ASSETS_DIR) + "/creatures/" + name + ".json"; }

double dist(const Json& a, const Json& b) {
  double s = 0;
  for (int i = 0; i < 3; ++i) s += (a[i].get<double>() - b[i].get<double>()) * (a[i].get<double>() - b[i].get<double>());
  return std::sqrt(s);
}

TEST(SkeletonCli, ShippedCreaturesPrintEveryField) {
  for (const char* name : kShipped) {
    auto r = cf::test::run_command(lab("--creature " + asset(name)));
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.err;
    Json j = Json::parse(r.out);
    ASSERT_TRUE(j.contains("bones") && j.contains("chains") && j.contains("cog")) << name;
    ASSERT_EQ(j["cog"].size(), 3u);
    ASSERT_GE(j["bones"].size(), 4u);
    EXPECT_TRUE(j["bones"][0]["parent"].is_null());
    EXPECT_EQ(j["bones"][0]["class"], "cog");
    for (const Json& b : j["bones"]) {
      for (const char* k : {"name", "parent", "class", "side", "head", "tail", "length", "counterpart"})
        EXPECT_TRUE(b.contains(k)) << name << " bone field " << k;
      EXPECT_NEAR(b["length"].get<double>(), dist(b["head"], b["tail"]), 1e-5);
    }
    for (const Json& c : j["chains"]) {
      for (const char* k : {"part", "tag", "side", "drawn", "normalized", "L1", "L2", "L3", "cases", "pole"})
        EXPECT_TRUE(c.contains(k)) << name << " chain field " << k;
      double l1 = c["L1"], l2 = c["L2"], l3 = c["L3"];
      EXPECT_GE(l1 / l2, 0.8) << name;
      EXPECT_LE(l1 / l2, 1.25) << name;
      EXPECT_LE(l3, 0.35 * (l1 + l2)) << name;
      EXPECT_EQ(c["drawn"]["A"], c["normalized"]["A"]);
      EXPECT_NEAR(dist(c["normalized"]["A"], c["normalized"]["B"]), l1, 1e-5);
      EXPECT_TRUE(c["cases"].is_array());
      if (c["tag"] == "leg") {
        EXPECT_NEAR(c["normalized"]["C"][1].get<double>(), 0.0, 0.01) << name;
      }
    }
  }
}

TEST(SkeletonCli, BipedNamesAndCounterparts) {
  auto r = cf::test::run_command(lab("--creature " + asset("biped")));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json j = Json::parse(r.out);
  bool found = false;
  for (const Json& b : j["bones"])
    if (b["name"] == "leg_l0_upper") {
      found = true;
      EXPECT_EQ(b["counterpart"], "leg_r0_upper");
      EXPECT_EQ(b["class"], "leg");
      EXPECT_EQ(b["side"], "left");
      EXPECT_EQ(b["parent"], "spine0");
    }
  EXPECT_TRUE(found);
  ASSERT_EQ(j["chains"].size(), 2u);
  EXPECT_EQ(j["chains"][0]["part"], 2);
  EXPECT_GT(j["chains"][0]["pole"][2].get<double>(), 0.5);  // knee forward
}

TEST(SkeletonCli, RawSkipsNormalizer) {
  auto n = cf::test::run_command(lab("--creature " + asset("hexapod")));
  auto r = cf::test::run_command(lab("--creature " + asset("hexapod") + " --raw"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Json jn = Json::parse(n.out), jr = Json::parse(r.out);
  bool differs = false;
  for (std::size_t i = 0; i < jr["chains"].size(); ++i) {
    EXPECT_TRUE(jr["chains"][i]["cases"].empty());
    EXPECT_EQ(jr["chains"][i]["drawn"], jr["chains"][i]["normalized"]);
    differs = differs || !jn["chains"][i]["cases"].empty();
  }
  EXPECT_TRUE(differs);
}

struct BadCase {
  const char* file;
  const char* words;  // the field or problem the message must name
};

TEST(SkeletonCli, BadFilesExitTwoNamingFileAndPart) {
  const BadCase cases[] = {
      {"empty_stroke", "parts[1].stroke: stroke is empty"},
      {"one_point", "parts[1].stroke: stroke has only one point"},
      {"repeated_points", "parts[1].stroke: stroke repeats one point"},
      {"infinite", "parts[1].stroke[1][1]: number out of range: 1e999 overflows"},
      {"no_torso", "no torso"},
      {"two_torsos", "parts[2].tag: second torso"},
      {"far_limb", "parts[1].stroke[0]: leg root is"},
      {"unknown_tag", "parts[1].tag: unknown tag \"wing\""},
      {"unknown_format", "format: unsupported format"},
      {"truncated", "invalid JSON"},
  };
  for (const BadCase& c : cases) {
    std::string path = std::string(CF_SKELETON_TEST_DATA) + "/" + c.file + ".json";
    auto r = cf::test::run_command(lab("--creature " + path));
    EXPECT_EQ(r.exit_code, 2) << c.file;
    EXPECT_TRUE(r.out.empty()) << c.file;
    EXPECT_NE(r.err.find(path), std::string::npos) << c.file << ": " << r.err;
    EXPECT_NE(r.err.find(c.words), std::string::npos) << c.file << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
}

TEST(SkeletonCli, BadArguments) {
  EXPECT_EQ(cf::test::run_command(lab("")).exit_code, 2);
  EXPECT_EQ(cf::test::run_command(lab("--creature /no/such/file.json")).exit_code, 2);
  EXPECT_EQ(cf::test::run_command(lab("--creature " + asset("biped") + " --bogus 1")).exit_code, 2);
}

}  // namespace
