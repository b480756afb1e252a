// The terrain's heightmap: a greyscale PNG beside the level file (8 or 16 bits), its samples spread over
// "height_range_m"; what is refused, and how.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/json.h"
#include "grey_png.h"
#include "world/ground_query.h"
#include "world/level.h"

namespace cf {
namespace {

namespace fs = std::filesystem;

using test::png;

struct Folder {
  fs::path dir;
  Folder() {
    dir = fs::temp_directory_path() / ("cf_heightmap_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Folder() { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& bytes) const {
    std::ofstream(dir / name, std::ios::binary) << bytes;
  }
  Result<Level> parse(const std::string& terrain) const {
    return parse_level(R"({"format": "critterforge.level/1", "name": "t",
      "ground": {"y": 0, "half_size": 20}, "spawn": {"position": [0, 0, 0], "heading_deg": 0},
      "fences": [], "walls": [], "regions": [], "terrain": )" + terrain + "}",
                       (dir / "level.json").string());
  }
};

TEST(LevelTerrain, ASixteenBitHeightmapSpreadsItsSamplesOverTheRange) {
  Folder f;
  // 3 x 2: the top row is the grid's first (at origin z), the left column at origin x.
  f.write("ground.png", png(3, 2, 16, 0, {0, 65535, 32768, 16384, 0, 65535}));
  Result<Level> lv = f.parse(R"({"origin": [-2, 4], "cell_m": 0.5, "heightmap": "ground.png", "height_range_m": [-1, 3]})");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  const Terrain& t = lv->terrain;
  ASSERT_EQ(t.columns, 3);
  ASSERT_EQ(t.rows, 2);
  EXPECT_FLOAT_EQ(t.sample(0, 0), -1.0f);
  EXPECT_FLOAT_EQ(t.sample(1, 0), 3.0f);
  EXPECT_NEAR(t.sample(2, 0), -1.0f + 4.0f * 32768.0f / 65535.0f, 1e-6f);
  EXPECT_NEAR(t.sample(0, 1), 0.0f, 1e-4f);  // 16384 of 65535 is a quarter, less 1/65535
  const LevelGround g(&*lv);
  EXPECT_FLOAT_EQ(g.at(-1.5f, 4.0f).y, 3.0f);   // sample [0][1]
  EXPECT_FLOAT_EQ(g.at(-1.0f, 4.5f).y, 3.0f);   // sample [1][2]: rows go along +Z
  EXPECT_FLOAT_EQ(g.at(-1.75f, 4.0f).y, 1.0f);  // half way along the first row
  EXPECT_FLOAT_EQ(g.at(5.0f, 5.0f).y, 0.0f);    // outside the grid: the level's flat ground
}

TEST(LevelTerrain, AnEightBitHeightmapReadsWhiteAsTheTopOfTheRange) {
  Folder f;
  f.write("g8.png", png(2, 2, 8, 0, {0, 255, 51, 102}));
  Result<Level> lv = f.parse(R"({"origin": [0, 0], "cell_m": 1, "heightmap": "g8.png", "height_range_m": [0, 5]})");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  EXPECT_FLOAT_EQ(lv->terrain.sample(0, 0), 0.0f);
  EXPECT_FLOAT_EQ(lv->terrain.sample(1, 0), 5.0f);
  EXPECT_NEAR(lv->terrain.sample(0, 1), 1.0f, 1e-5f);  // 51 / 255 of 5 m
  EXPECT_NEAR(lv->terrain.sample(1, 1), 2.0f, 1e-5f);
}

// Saved as it was loaded (the name and range), and loaded back the same.
TEST(LevelTerrain, AHeightmapLevelIsSavedWithItsNameAndRange) {
  Folder f;
  f.write("g.png", png(2, 3, 16, 0, {0, 1000, 2000, 3000, 4000, 65535}));
  Result<Level> lv = f.parse(R"({"origin": [1, 2], "cell_m": 2, "heightmap": "g.png", "height_range_m": [0.5, 2.5]})");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  const Json j = level_to_json(*lv);
  EXPECT_EQ(j["terrain"]["heightmap"], "g.png");
  EXPECT_FALSE(j["terrain"].contains("heights_m"));
  Result<Level> again = parse_level(j.dump(), (f.dir / "again.json").string());
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(again->terrain.heights_m, lv->terrain.heights_m);
  // Inline, the same heights travel without the picture (a scene's JSON, a replay).
  const Json inline_terrain = terrain_to_json(lv->terrain, true);
  ASSERT_TRUE(inline_terrain.contains("heights_m"));
  Json moved = j;
  moved["terrain"] = inline_terrain;
  Result<Level> elsewhere = parse_level(moved.dump(), "/nonexistent/replay.json");
  ASSERT_TRUE(elsewhere.ok()) << elsewhere.error().to_string();
  EXPECT_EQ(elsewhere->terrain.heights_m, lv->terrain.heights_m);
}

void expect_refused(const Folder& f, const std::string& terrain, const std::string& field, const std::string& msg) {
  Result<Level> r = f.parse(terrain);
  ASSERT_FALSE(r.ok()) << "accepted: " << terrain;
  EXPECT_EQ(r.error().field, field) << r.error().to_string();
  EXPECT_NE(r.error().to_string().find(msg), std::string::npos) << r.error().to_string();
  EXPECT_EQ(r.error().to_string().find('\n'), std::string::npos) << "one line";
}

TEST(LevelTerrain, ABadHeightmapIsOneLineNamingTheFieldAndTheProblem) {
  Folder f;
  f.write("rgb.png", png(2, 2, 8, 2, std::vector<std::uint16_t>(12, 7)));
  f.write("tiny.png", png(1, 4, 16, 0, {1, 2, 3, 4}));
  f.write("wide.png", png(600, 2, 8, 0, std::vector<std::uint16_t>(1200, 9)));
  f.write("cut.png", png(4, 4, 16, 0, std::vector<std::uint16_t>(16, 9)).substr(0, 60));
  f.write("text.png", "not a picture at all");
  const auto t = [](const std::string& name, const std::string& range = "[0, 1]") {
    return R"({"origin": [0, 0], "cell_m": 1, "heightmap": )" + name + R"(, "height_range_m": )" + range + "}";
  };
  expect_refused(f, t("\"rgb.png\""), "terrain.heightmap", "must be an 8- or 16-bit greyscale PNG, not 8-bit RGB");
  expect_refused(f, t("\"tiny.png\""), "terrain.heightmap", "at least 2 x 2");
  expect_refused(f, t("\"wide.png\""), "terrain.heightmap", "at most 512 a side");
  expect_refused(f, t("\"cut.png\""), "terrain.heightmap", "cut.png");
  expect_refused(f, t("\"text.png\""), "terrain.heightmap", "not a PNG");
  expect_refused(f, t("\"missing.png\""), "terrain.heightmap", "missing.png");
  // Only one plain name in the level's own folder: never a path out of it.
  expect_refused(f, t("\"../level.png\""), "terrain.heightmap", "beside the level");
  expect_refused(f, t("\"/etc/passwd\""), "terrain.heightmap", "beside the level");
  expect_refused(f, t("\"sub/g.png\""), "terrain.heightmap", "beside the level");
  expect_refused(f, t("\"level.json\""), "terrain.heightmap", ".png");
  expect_refused(f, t("7"), "terrain.heightmap", ".png");
  expect_refused(f, t("\"rgb.png\"", "[2, 1]"), "terrain.height_range_m", "low <= high");
  expect_refused(f, t("\"rgb.png\"", "[0, 1e9]"), "terrain.height_range_m", "200 m");
  expect_refused(f, t("\"rgb.png\"", "\"tall\""), "terrain.height_range_m", "[low, high]");
  expect_refused(f, R"({"origin": [0, 0], "cell_m": 1, "heightmap": "rgb.png"})", "terrain.height_range_m", "missing");
  expect_refused(f, R"({"origin": [0, 0], "cell_m": 1, "heightmap": "rgb.png", "height_range_m": [0, 1], "heights_m": [[0, 0], [0, 0]]})",
                 "terrain", "both");
  expect_refused(f, R"({"origin": [0, 0], "cell_m": 1, "heights_m": [[0, 0], [0, 0]], "height_range_m": [0, 1]})",
                 "terrain.height_range_m", "heightmap");
}

}  // namespace
}  // namespace cf
