// Level loading: good files, every class of bad input (error names file, field, problem), round trip.
#include <cstdio>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "world/level.h"
#include "core/json.h"

namespace cf {
namespace {

const char* kGood = R"({
  "format": "critterforge.level/1",
  "name": "t",
  "ground": {"y": 0, "half_size": 10},
  "spawn": {"position": [0, 0, -1], "heading_deg": 90},
  "fences": [{"centre": [0, 0.4, 2], "half_extents": [1, 0.4, 0.05], "yaw_deg": 15}],
  "walls": [{"centre": [1, 1, 2], "half_extents": [0.1, 1, 2],
             "pipes": [{"a": [0.85, 0, 1], "b": [0.85, 2, 1], "radius": 0.04}],
             "virtual_plane": {"face": "-x"}},
            {"centre": [-1, 1, 2], "half_extents": [0.1, 1, 2],
             "virtual_plane": {"point": [-0.8, 0, 0], "normal": [1, 0, 0]}}],
  "regions": [{"points": [[-3, -3], [3, -3], [3, 6], [-3, 6]], "height": 3}]
})";

std::string with(const std::string& from, const std::string& to) {
  std::string s = kGood;
  auto at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

// Parses text expected to fail; checks the error names the file and the field and says something.
void expect_error(const std::string& text, const std::string& field_part, const std::string& msg_part = "") {
  auto r = parse_level(text, "bad.json");
  ASSERT_FALSE(r.ok()) << "accepted: " << text;
  EXPECT_EQ(r.error().file, "bad.json");
  EXPECT_NE(r.error().field.find(field_part), std::string::npos) << r.error().to_string();
  EXPECT_FALSE(r.error().message.empty());
  if (!msg_part.empty()) {
    EXPECT_NE(r.error().message.find(msg_part), std::string::npos) << r.error().to_string();
  }
}

TEST(LevelIo, ParsesEveryField) {
  auto r = parse_level(kGood, "good.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  const Level& lv = *r;
  EXPECT_EQ(lv.name, "t");
  EXPECT_FLOAT_EQ(lv.ground_half_size, 10.0f);
  EXPECT_FLOAT_EQ(lv.spawn.z, -1.0f);
  EXPECT_FLOAT_EQ(lv.spawn_heading_deg, 90.0f);
  ASSERT_EQ(lv.fences.size(), 1u);
  EXPECT_FLOAT_EQ(lv.fences[0].yaw_deg, 15.0f);
  ASSERT_EQ(lv.walls.size(), 2u);
  ASSERT_EQ(lv.walls[0].pipes.size(), 1u);
  EXPECT_TRUE(lv.walls[0].has_virtual_plane);
  EXPECT_EQ(lv.walls[0].plane_face, "-x");
  // Derived from the -x face (x = 0.9) and pushed out past the pipe (0.85 - 0.04 = 0.81).
  EXPECT_NEAR(lv.walls[0].plane_point.x, 0.81f, 1e-6f);
  EXPECT_NEAR(lv.walls[0].plane_normal.x, -1.0f, 1e-6f);
  EXPECT_TRUE(lv.walls[1].has_virtual_plane);
  EXPECT_TRUE(lv.walls[1].plane_face.empty());
  ASSERT_EQ(lv.regions.size(), 1u);
  EXPECT_EQ(lv.regions[0].points_xz.size(), 4u);
}

TEST(LevelIo, OptionalFieldsDefault) {
  auto r = parse_level(R"({"format": "critterforge.level/1", "ground": {}, "fences": [], "walls": [], "regions": []})", "m.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_FLOAT_EQ(r->ground_y, 0.0f);
  EXPECT_FLOAT_EQ(r->spawn_heading_deg, 0.0f);
  EXPECT_TRUE(r->fences.empty());
}

TEST(LevelIo, SaveLoadRoundTrip) {
  auto r = parse_level(kGood, "good.json");
  ASSERT_TRUE(r.ok());
  auto path = (std::filesystem::temp_directory_path() / "cf_level_roundtrip.json").string();
  ASSERT_TRUE(save_level(path, *r).ok());
  auto back = load_level(path);
  std::remove(path.c_str());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(level_to_json(*back), level_to_json(*r));
  EXPECT_EQ(back->walls[0].plane_point, r->walls[0].plane_point);
}

// The ground's material: grass by default, sand when asked, written back only when not grass; anything else
// refused naming the field.
TEST(LevelIo, TheGroundsMaterialIsGrassOrSand) {
  auto grass = parse_level(kGood, "t.json");
  ASSERT_TRUE(grass.ok()) << grass.error().to_string();
  EXPECT_EQ(grass->ground_material, GroundMaterial::kGrass);
  EXPECT_FALSE(level_to_json(*grass)["ground"].contains("material"));
  auto sand = parse_level(with(R"("half_size": 10})", R"("half_size": 10, "material": "sand"})"), "t.json");
  ASSERT_TRUE(sand.ok()) << sand.error().to_string();
  EXPECT_EQ(sand->ground_material, GroundMaterial::kSand);
  EXPECT_EQ(level_to_json(*sand)["ground"]["material"], "sand");
  auto again = parse_level(level_to_json(*sand).dump(), "t.json");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(again->ground_material, GroundMaterial::kSand);
  expect_error(with(R"("half_size": 10})", R"("half_size": 10, "material": "lava"})"), "ground.material", "\"sand\"");
  expect_error(with(R"("half_size": 10})", R"("half_size": 10, "material": 3})"), "ground.material");
}

TEST(LevelIo, SaveRefusesInvalidLevel) {
  Level lv;
  lv.fences.push_back(Box{});
  lv.fences[0].half_extents.y = -1.0f;
  auto path = (std::filesystem::temp_directory_path() / "cf_level_never.json").string();
  Status s = save_level(path, lv);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.error.field, "fences[0].half_extents");
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(LevelIo, MissingFile) {
  auto r = load_level("/nonexistent/level.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().file, "/nonexistent/level.json");
}

TEST(LevelIo, BadSyntaxAndFormat) {
  expect_error("{", "byte");
  expect_error("[]", "", "object");
  expect_error(with("critterforge.level/1", "critterforge.level/9"), "format", "unsupported");
  expect_error(R"({"ground": {}, "fences": [], "walls": [], "regions": []})", "format", "missing");
}

// 1e999 overflows a double: the error names the line and the field (it said only "invalid JSON").
TEST(LevelIo, NumberOutOfRangeNamesLineAndField) {
  auto r = parse_level(with("\"yaw_deg\": 15", "\"yaw_deg\": 1e999"), "big.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().file, "big.json");
  EXPECT_EQ(r.error().field.rfind("line 6, column ", 0), 0u) << r.error().to_string();
  EXPECT_NE(r.error().field.find("fences[0].yaw_deg"), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().message.find("out of range: 1e999"), std::string::npos) << r.error().to_string();
  r = parse_level(with("\"radius\": 0.04", "\"radius\": -2e308"), "big.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().field.rfind("line 8, column ", 0), 0u) << r.error().to_string();
  EXPECT_NE(r.error().field.find("walls[0].pipes[0].radius"), std::string::npos) << r.error().to_string();
}

TEST(LevelIo, MissingArraysAndGround) {
  expect_error(R"({"format": "critterforge.level/1", "fences": [], "walls": [], "regions": []})", "ground");
  expect_error(R"({"format": "critterforge.level/1", "ground": {}, "walls": [], "regions": []})", "fences", "missing");
  expect_error(R"({"format": "critterforge.level/1", "ground": {}, "fences": {}, "walls": [], "regions": []})", "fences", "array");
  expect_error(R"({"format": "critterforge.level/1", "ground": {}, "fences": [], "walls": []})", "regions", "missing");
}

TEST(LevelIo, BadBoxes) {
  expect_error(with(R"("half_extents": [1, 0.4, 0.05])", R"("half_extents": [1, 0, 0.05])"), "fences[0].half_extents", "> 0");
  expect_error(with(R"("half_extents": [1, 0.4, 0.05])", R"("half_extents": [1, -2, 0.05])"), "fences[0].half_extents");
  expect_error(with(R"("half_extents": [1, 0.4, 0.05])", R"("half_extents": [1, 900, 0.05])"), "fences[0].half_extents", "500");
  expect_error(with(R"("centre": [0, 0.4, 2])", R"("centre": [0, 0.4])"), "fences[0].centre", "3 numbers");
  expect_error(with(R"("centre": [0, 0.4, 2])", R"("centre": [0, "a", 2])"), "fences[0].centre");
  expect_error(with(R"("centre": [0, 0.4, 2])", R"("centre": [0, 0.4, 1e9])"), "fences[0].centre", "1000");
  expect_error(with(R"("centre": [0, 0.4, 2], )", ""), "fences[0].centre", "missing");
  expect_error(with(R"("yaw_deg": 15)", R"("yaw_deg": "x")"), "fences[0].yaw_deg", "number");
  expect_error(with(R"("centre": [1, 1, 2])", R"("centre": [1, 1e400, 2])"), "walls[0].centre[1]", "out of range");
  expect_error(with(R"([{"centre": [0, 0.4, 2])", R"([3, {"centre": [0, 0.4, 2])"), "fences[0]", "object");
}

TEST(LevelIo, BadPipesAndPlanes) {
  expect_error(with(R"("radius": 0.04)", R"("radius": 0)"), "walls[0].pipes[0].radius");
  expect_error(with(R"("radius": 0.04)", R"("radius": 50)"), "walls[0].pipes[0].radius");
  expect_error(with(R"("a": [0.85, 0, 1], )", ""), "walls[0].pipes[0].a", "missing");
  expect_error(with(R"({"face": "-x"})", R"({"face": "up"})"), "walls[0].virtual_plane.face");
  expect_error(with(R"({"face": "-x"})", R"(3)"), "walls[0].virtual_plane");
  expect_error(with(R"("normal": [1, 0, 0])", R"("normal": [0, 0, 0])"), "walls[1].virtual_plane.normal", "zero");
  expect_error(with(R"("normal": [1, 0, 0])", R"("normal": [0, 1, 0])"), "walls[1].virtual_plane.normal", "horizontal");
  expect_error(with(R"("normal": [1, 0, 0])", R"("normal": [-1, 0, 0])"), "walls[1].virtual_plane.normal", "away");
  expect_error(with(R"("pipes": [{"a": [0.85, 0, 1], "b": [0.85, 2, 1], "radius": 0.04}],)", R"("pipes": 4,)"),
               "walls[0].pipes", "array");
}

TEST(LevelIo, BadRegions) {
  expect_error(with(R"([[-3, -3], [3, -3], [3, 6], [-3, 6]])", R"([[-3, -3], [3, -3]])"), "regions[0].points", "at least 3");
  // A dart (concave quad).
  expect_error(with(R"([[-3, -3], [3, -3], [3, 6], [-3, 6]])", R"([[-3, -3], [0, 0], [3, -3], [0, 6]])"),
               "regions[0].points", "convex");
  // All points on a line.
  expect_error(with(R"([[-3, -3], [3, -3], [3, 6], [-3, 6]])", R"([[0, 0], [1, 1], [2, 2]])"), "regions[0].points");
  expect_error(with(R"([[-3, -3], [3, -3], [3, 6], [-3, 6]])", R"([[-3, -3], [3], [3, 6]])"), "regions[0].points[1]");
  expect_error(with(R"("height": 3)", R"("height": -1)"), "regions[0].height");
  expect_error(with(R"(, "height": 3)", ""), "regions[0].height", "missing");
}

TEST(LevelIo, UnknownFieldsRejected) {
  expect_error(with(R"("name": "t")", R"("nmae": "t")"), "nmae", "unknown");
  expect_error(with(R"("yaw_deg": 15)", R"("yaw_deg": 15, "pipes": [])"), "fences[0].pipes", "unknown");
  expect_error(with(R"("radius": 0.04)", R"("radius": 0.04, "r": 1)"), "walls[0].pipes[0].r", "unknown");
  expect_error(with(R"({"face": "-x"})", R"({"face": "-x", "normal": [1, 0, 0]})"), "walls[0].virtual_plane", "not both");
  expect_error(with(R"("half_size": 10)", R"("half_size": 10, "z": 1)"), "ground.z", "unknown");
}

TEST(LevelIo, ClockwiseRegionAccepted) {
  auto r = parse_level(with(R"([[-3, -3], [3, -3], [3, 6], [-3, 6]])", R"([[-3, 6], [3, 6], [3, -3], [-3, -3]])"), "cw.json");
  EXPECT_TRUE(r.ok()) << r.error().to_string();
}

TEST(LevelIo, ShippedLevelsLoad) {
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CF_ASSETS_DIR) + "/levels")) {
    if (e.path().extension() != ".json") continue;
    auto r = load_level(e.path().string());
    EXPECT_TRUE(r.ok()) << r.error().to_string();
    if (r.ok()) {
      EXPECT_FALSE(r->fences.empty()) << e.path();
      EXPECT_FALSE(r->name.empty()) << e.path();
    }
    ++n;
  }
  EXPECT_GE(n, 6);
}

}  // namespace
}  // namespace cf
