#include "core/json_util.h"
#include "core/json.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

TEST(JsonUtil, SyntaxErrorNamesFileAndOffset) {
  auto r = parse_json("{\"a\": [1, 2", "x.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().to_string().find("x.json"), std::string::npos);
  EXPECT_NE(r.error().to_string().find("byte"), std::string::npos);
}

TEST(JsonUtil, SyntaxErrorNamesLineAndColumn) {
  auto r = parse_json("{\n  \"a\": 1,\n  \"b\": ]\n}", "y.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().field.rfind("line 3, column 8", 0), 0u) << r.error().to_string();
}

// nlohmann reports a number that overflows a double (1e999) with no position: parse_json names the
// line, the column of the number's first character and the field it is in.
TEST(JsonUtil, NumberOutOfRangeNamesLineColumnAndField) {
  auto r = parse_json("{\n  \"a\": {\"b\": [1,\n    2, -1e999, 3]},\n  \"c\": 4\n}", "n.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().file, "n.json");
  EXPECT_EQ(r.error().field, "line 3, column 8 (byte 27), a.b[2]") << r.error().to_string();
  EXPECT_EQ(r.error().message, "number out of range: -1e999 overflows to infinity") << r.error().to_string();
  // A 400-digit integer overflows too; a top-level number has no field; a long literal is cut.
  r = parse_json("[0, " + std::string(400, '9') + "]", "long.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().field, "line 1, column 5 (byte 5), [1]") << r.error().to_string();
  EXPECT_LT(r.error().message.size(), 100u) << r.error().to_string();
  r = parse_json("1e400", "top.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().to_string(), "top.json: line 1, column 1 (byte 1): number out of range: 1e400 overflows to infinity");
}

TEST(JsonUtil, SyntaxErrorNamesTheFieldItIsIn) {
  auto r = parse_json("{\"walls\": [{\"centre\": [1, 2, 3]}, {\"centre\": [1, 2 3]}]}", "w.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().field, "line 1, column 52 (byte 52), walls[1].centre[2]") << r.error().to_string();
  EXPECT_EQ(r.error().message, "invalid JSON");
}

TEST(JsonUtil, FormatChecked) {
  Json j = Json::parse(R"({"format": "critterforge.level/1"})");
  EXPECT_TRUE(check_format(j, "critterforge.level/1", "f").ok());
  auto s = check_format(j, "critterforge.creature/1", "f");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error.field, "format");
  EXPECT_FALSE(check_format(Json::parse("[]"), "x", "f").ok());
  EXPECT_FALSE(check_format(Json::parse("{}"), "x", "f").ok());
}

TEST(JsonUtil, FieldReaders) {
  Json j = Json::parse(R"({"r": 0.5, "name": "bob", "p": [1, 2, 3], "bad": [1, "x", 3], "s": "str"})");
  double r = 0;
  EXPECT_TRUE(read_number(j, "r", &r, "f", "parts[0]").ok());
  EXPECT_EQ(r, 0.5);
  auto miss = read_number(j, "q", &r, "f", "parts[0]");
  ASSERT_FALSE(miss.ok());
  EXPECT_EQ(miss.error.field, "parts[0].q");
  EXPECT_FALSE(read_number(j, "s", &r, "f", "").ok());
  std::string name;
  EXPECT_TRUE(read_string(j, "name", &name, "f", "").ok());
  EXPECT_EQ(name, "bob");
  std::array<double, 3> v{};
  EXPECT_TRUE(read_vec3(j["p"], &v, "f", "p").ok());
  EXPECT_EQ(v[2], 3.0);
  EXPECT_FALSE(read_vec3(j["bad"], &v, "f", "bad").ok());
}

std::string nested(int levels, const std::string& inner = "1") {
  return std::string(static_cast<std::size_t>(levels), '[') + inner + std::string(static_cast<std::size_t>(levels), ']');
}

TEST(JsonUtil, NestingDeeperThanTheLimitIsRefusedBeforeParsing) {
  EXPECT_TRUE(parse_json(nested(kMaxJsonDepth), "ok.json").ok());
  auto r = parse_json(nested(kMaxJsonDepth + 1), "deep.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().file, "deep.json");
  EXPECT_NE(r.error().message.find("nested too deeply"), std::string::npos) << r.error().to_string();
  EXPECT_EQ(r.error().field, "byte " + std::to_string(kMaxJsonDepth));
  // 55,000 levels (110 KB) is refused quickly, with no recursion anywhere.
  auto huge = parse_json("{\"a\": " + nested(55000) + "}", "huge.json");
  ASSERT_FALSE(huge.ok());
  EXPECT_NE(huge.error().message.find("nested too deeply"), std::string::npos);
}

TEST(JsonUtil, BracketsInsideStringsDoNotCount) {
  const std::string brackets(5000, '[');
  EXPECT_TRUE(parse_json("{\"name\": \"" + brackets + "\"}", "s.json").ok());
  // An escaped quote does not end the string early.
  EXPECT_TRUE(parse_json("[\"a\\\"" + brackets + "\"]", "s.json").ok());
  // ["\\" then [[[1]]]: the escaped backslash does not swallow the closing quote; depth 4.
  EXPECT_EQ(find_too_deep("[\"\\\\\"" + nested(3), 4), std::string::npos);
  EXPECT_EQ(find_too_deep("[\"\\\\\"" + nested(3), 3), 5u + 2u);
  EXPECT_EQ(find_too_deep("{}{}{}", 1), std::string::npos);  // depth, not count
}

}  // namespace
}  // namespace cf
