#include "creature/creature_io.h"
#include "core/json.h"

#include <cstdio>
#include <filesystem>

#include <gtest/gtest.h>

namespace cf {
namespace {

const char* kTorso = R"({"tag": "torso", "radius": 0.1, "stroke": [[0, 1, 0], [0, 1.5, 0]]})";

std::string creature_text(const std::string& extra_parts, const std::string& format = kCreatureFormat) {
  return std::string(R"({"format": ")") + format + R"(", "name": "t", "parts": [)" + kTorso +
         (extra_parts.empty() ? "" : ", " + extra_parts) + "]}";
}

std::string leg(const std::string& stroke, const std::string& more = "") {
  return R"({"tag": "leg", "radius": 0.05)" + more + R"(, "stroke": )" + stroke + "}";
}

const char* kGoodLeg = "[[0.1, 1, 0], [0.1, 0.5, 0.1], [0.1, 0, 0], [0.1, 0, 0.1]]";

TEST(CreatureIo, ParsesAndDerivesSide) {
  auto r = parse_creature(creature_text(leg(kGoodLeg) + ", " + leg(kGoodLeg, R"(, "side": "right")")), "t.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  ASSERT_EQ(r->parts.size(), 3u);
  EXPECT_EQ(r->name, "t");
  EXPECT_EQ(r->parts[0].tag, PartTag::kTorso);
  EXPECT_EQ(r->parts[1].side, Side::kLeft);  // mean x 0.1 > 0: derived left
  EXPECT_FALSE(r->parts[1].side_given);
  EXPECT_EQ(r->parts[2].side, Side::kRight);  // given, even though x > 0
  EXPECT_TRUE(r->parts[2].side_given);
  EXPECT_FLOAT_EQ(r->parts[1].radius, 0.05f);
  EXPECT_EQ(r->parts[1].stroke[1], glm::vec3(0.1f, 0.5f, 0.1f));
}

void expect_error(const std::string& text, const std::string& field, const std::string& words) {
  auto r = parse_creature(text, "bad.json");
  ASSERT_FALSE(r.ok()) << text;
  EXPECT_EQ(r.error().file, "bad.json");
  EXPECT_EQ(r.error().field, field) << r.error().to_string();
  EXPECT_NE(r.error().message.find(words), std::string::npos) << r.error().to_string();
}

// A number out of range is refused with the line, the column and the field it is in.
void expect_overflow(const std::string& text, const std::string& field_part, const std::string& also) {
  auto r = parse_creature(text, "bad.json");
  ASSERT_FALSE(r.ok()) << text;
  EXPECT_EQ(r.error().file, "bad.json");
  EXPECT_EQ(r.error().field.rfind("line ", 0), 0u) << r.error().to_string();
  EXPECT_NE(r.error().field.find(field_part), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().to_string().find(also), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().message.find("out of range"), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().message.find("infinity"), std::string::npos) << r.error().to_string();
}

TEST(CreatureIo, BadFilesNameFileFieldAndProblem) {
  expect_error(creature_text(leg("[]")), "parts[1].stroke", "empty");
  expect_error(creature_text(leg("[[0.1, 1, 0]]")), "parts[1].stroke", "one point");
  expect_error(creature_text(leg("[[0.1, 1, 0], [0.1, 1, 0], [0.1, 1, 0]]")), "parts[1].stroke", "zero length");
  // JSON has no NaN literal; 1e999 overflows a double (nlohmann 3.11 rejects it without a position:
  // parse_json finds its line and field).
  expect_overflow(creature_text(leg("[[0.1, 1, 0], [0.1, 1e999, 0]]")), "parts[1].stroke[1][1]", "1e999");
  expect_overflow(creature_text(leg("[[0.1, 1, 0], [0.1, 0, -1e999]]")), "parts[1].stroke[1][2]", "-1e999");
  expect_overflow(creature_text(leg(kGoodLeg, R"(, "side": "le\"ft", "radius": 1e400)")), "parts[1].radius", "1e400");
  expect_overflow("{\n \"format\": \"critterforge.creature/1\",\n \"name\": \"t\",\n \"parts\": [\n  " +
                      std::string(kTorso) + ",\n  " + leg("[[0.1, 1, 0],\n   [0.1, 0.5, 1e999]]") + "]}",
                  "line 7, column 15 (byte", "parts[1].stroke[1][2]");
  // Finite as a double but not as a float: caught by the range checks.
  expect_error(creature_text(leg("[[0.1, 1, 0], [0.1, 0, 1e300]]")), "parts[1].stroke[1]", "NaN or infinite");
  expect_error(creature_text(leg("[[0.1, 1, 0], [0.1, 0, 1e5]]")), "parts[1].stroke[1]", "out of range");
  expect_error(creature_text(leg("[[0.1, 1, 0], [0.1, null, 0]]")), "parts[1].stroke[1]", "3 numbers");
  expect_error(creature_text(leg("[[0.1, 1], [0.1, 0, 0]]")), "parts[1].stroke[0]", "3 numbers");
  expect_error(creature_text(leg("{}")), "parts[1].stroke", "array");
  expect_error(creature_text(R"({"tag": "wing", "radius": 0.1, "stroke": [[0, 1, 0], [0, 2, 0]]})"), "parts[1].tag",
               "unknown tag");
  expect_error(creature_text(leg(kGoodLeg, R"(, "side": "up")")), "parts[1].side", "unknown side");
  expect_error(creature_text(leg(kGoodLeg, R"(, "colour": 3)")), "parts[1].colour", "unknown field");
  expect_error(creature_text(R"({"tag": "leg", "stroke": [[0, 1, 0], [0, 2, 0]]})"), "parts[1].radius", "missing");
  expect_error(creature_text(leg(kGoodLeg), "critterforge.creature/2"), "format", "unsupported format");
  expect_error(creature_text(kTorso), "parts[1].tag", "second torso");
  expect_error(R"({"format": "critterforge.creature/1", "name": "t", "parts": [)" + leg(kGoodLeg) + "]}", "parts",
               "no torso");
  expect_error(creature_text(leg("[[3.1, 1, 0], [3.1, 0.5, 0.1], [3.1, 0, 0], [3.1, 0, 0.1]]")), "parts[1].stroke[0]",
               "from the torso");
  expect_error(R"({"format": "critterforge.creature/1", "parts": []})", "name", "missing");
  expect_error(R"({"format": "critterforge.creature/1", "name": "t", "parts": 3})", "parts", "array");
  expect_error("[1, 2]", "", "object");
  auto syntax = parse_creature(R"({"format": "critterforge.creature/1", "name": "t", "parts": [)", "bad.json");
  ASSERT_FALSE(syntax.ok());
  EXPECT_EQ(syntax.error().field.rfind("line 1, column ", 0), 0u) << syntax.error().to_string();
  EXPECT_NE(syntax.error().to_string().find("bad.json"), std::string::npos);
}

TEST(CreatureIo, MissingFileNamesPath) {
  auto r = load_creature("/nonexistent/dir/x.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().file, "/nonexistent/dir/x.json");
}

TEST(CreatureIo, SaveLoadRoundTrip) {
  auto r = parse_creature(creature_text(leg("[[0.1234567, 1, 0], [0.1, 0.5, 0.1], [0.1, 0, 0], [0.1, 0, 0.3333333]]") +
                                        ", " + leg(kGoodLeg, R"(, "side": "center")")),
                          "t.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  std::string dir = std::string(CF_BINARY_DIR) + "/creature_io_test";
  std::filesystem::create_directories(dir);
  std::string path = dir + "/round.json";
  ASSERT_TRUE(save_creature(path, *r).ok());
  auto back = load_creature(path);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back->parts.size(), r->parts.size());
  EXPECT_EQ(back->name, r->name);
  for (std::size_t i = 0; i < r->parts.size(); ++i) {
    EXPECT_EQ(back->parts[i].tag, r->parts[i].tag);
    EXPECT_EQ(back->parts[i].side, r->parts[i].side);
    EXPECT_EQ(back->parts[i].side_given, r->parts[i].side_given);
    EXPECT_EQ(back->parts[i].radius, r->parts[i].radius);
    EXPECT_EQ(back->parts[i].stroke, r->parts[i].stroke);  // bit-exact floats
  }
  EXPECT_EQ(creature_to_json(*back), creature_to_json(*r));
  // Only the saved file is left: the temporary was renamed.
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 1);
}

TEST(CreatureIo, SaveRejectsInvalidCreature) {
  Creature c;
  c.name = "empty";
  std::string path = std::string(CF_BINARY_DIR) + "/creature_io_test_invalid.json";
  Status s = save_creature(path, c);
  EXPECT_FALSE(s.ok());
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(CreatureIo, ShippedCreaturesLoad) {
  for (const char* name : {"biped", "quadruped", "hexapod", "strider", "stubby", "biped_arms_tail", "octopod"}) {
    auto r = load_creature(std::string(CF_ASSETS_DIR) + "/creatures/" + name + ".json");
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_EQ(r->name, name);
  }
}

}  // namespace
}  // namespace cf
