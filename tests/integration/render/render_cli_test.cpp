// creature-lab render / texture through the real binary.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/file_io.h"
#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace cf::test {
namespace {

const std::string kLab = CF_LAB_EXE;

Json parse_out(const CommandResult& r) {
  Result<Json> j = parse_json(r.out, "stdout");
  EXPECT_TRUE(j.ok()) << r.out << r.err;
  return j.ok() ? *j : Json();
}

TEST(RenderCli, TestSceneStats) {
  const CommandResult r = run_command(kLab + " render");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = parse_out(r);
  EXPECT_EQ(j["target"], Json::array({320, 240}));
  EXPECT_EQ(j["modern"], false);
  EXPECT_GT(j["triangles_out"].get<int>(), 100);
  EXPECT_GT(j["culled_back"].get<int>(), 100);
  EXPECT_EQ(j["lines_out"].get<int>(), 0);
  const int in = j["triangles_in"].get<int>();
  // Without clipping (none in this view) or splitting every input triangle is culled or drawn exactly once.
  ASSERT_TRUE(j.contains("subdivided"));
  if (j["clipped"].get<int>() == 0 && j["subdivided"].get<int>() == 0) {
    EXPECT_EQ(in, j["culled_back"].get<int>() + j["culled_outside"].get<int>() + j["triangles_out"].get<int>());
  }
}

TEST(RenderCli, ModernOverlaysAndDump) {
  const std::string dump = std::string(CF_BINARY_DIR) + "/render_cli_dump.txt";
  const CommandResult r = run_command(kLab + " render --modern --window-width 1000 --window-height 480 " +
                                      "--overlays bones,joints --dump " + dump);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = parse_out(r);
  EXPECT_EQ(j["target"], Json::array({640, 480}));
  EXPECT_EQ(j["modern"], true);
  EXPECT_GT(j["lines_out"].get<int>(), 6);
  Result<std::string> text = read_file(dump);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(text->rfind("commands 640x480 modern=1", 0), 0u);
  EXPECT_NE(text->find("line 0 bones"), std::string::npos);
}

TEST(RenderCli, BadInputExitsTwo) {
  CommandResult r = run_command(kLab + " render --overlays sparkles");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("sparkles"), std::string::npos);
  r = run_command(kLab + " render --buckets -3");
  EXPECT_EQ(r.exit_code, 2);
  r = run_command(kLab + " render --snap maybe");
  EXPECT_EQ(r.exit_code, 2);
}

TEST(TextureCli, ProjectTextureAndBadFiles) {
  CommandResult r = run_command(kLab + " texture --file " + CF_ASSETS_DIR + "/textures/fence_wood.png");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(parse_out(r)["width"], 64);
  r = run_command(kLab + " texture --file /no/such/skin.png");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/no/such/skin.png"), std::string::npos) << r.err;
  const std::string junk = std::string(CF_BINARY_DIR) + "/render_cli_junk.png";
  ASSERT_TRUE(write_file_atomic(junk, "not a png").ok());
  r = run_command(kLab + " texture --file " + junk);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("render_cli_junk.png"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not a PNG"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace cf::test
