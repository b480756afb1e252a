#include "creature/paint.h"

#include <filesystem>
#include <set>

#include <gtest/gtest.h>

#include "creature/creature_io.h"
#include "core/json.h"

namespace cf {
namespace {

const char* kBody = R"("parts": [
  {"tag": "torso", "radius": 0.1, "stroke": [[0, 1, 0], [0, 1, 0.5]]},
  {"tag": "head", "radius": 0.08, "stroke": [[0, 1, 0.55], [0, 1.1, 0.7]]}])";

std::string text(const std::string& paint) {
  return std::string(R"({"format": "critterforge.creature/1", "name": "p", )") + kBody +
         (paint.empty() ? "" : ", \"paint\": " + paint) + "}";
}

const char* kTwo = R"({"eyes": 2, "parts": [
  {"base": "#c06030", "pattern": "stripes", "second": "#302010", "scale": 1.5},
  {"base": "#C06030", "pattern": "spots", "second": "#f0e0c0", "scale": 1}]})";

void expect_refused(const std::string& paint, const std::string& field, const std::string& words) {
  auto r = parse_creature(text(paint), "p.json");
  ASSERT_FALSE(r.ok()) << paint;
  EXPECT_EQ(r.error().field, field) << r.error().to_string();
  EXPECT_NE(r.error().message.find(words), std::string::npos) << r.error().to_string();
  // Drafts (rules unchecked) refuse bad paint values too: they are not work in progress.
  EXPECT_FALSE(parse_creature(text(paint), "p.json", false).ok());
}

TEST(Paint, ColoursAreFifteenBitAndRoundTripThroughHex) {
  Rgb555 c = 0;
  ASSERT_TRUE(parse_hex_colour("#c06030", &c));
  EXPECT_EQ(c & 31u, 0xc0u >> 3);
  EXPECT_EQ((c >> 5) & 31u, 0x60u >> 3);
  EXPECT_EQ((c >> 10) & 31u, 0x30u >> 3);
  Rgb555 back = 0;
  ASSERT_TRUE(parse_hex_colour(rgb555_to_hex(c), &back));
  EXPECT_EQ(back, c);
  EXPECT_EQ(rgb555_to_hex(rgb555(255, 0, 8)), "#ff0008");
  for (const char* bad : {"c06030", "#c0603", "#c0603g", "#c0603000", ""}) EXPECT_FALSE(parse_hex_colour(bad, &c)) << bad;
}

TEST(Paint, FileWithoutPaintIsUnpaintedAndWritesNoPaintBlock) {
  auto r = parse_creature(text(""), "p.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_FALSE(r->painted);
  EXPECT_FALSE(creature_to_json(*r).contains("paint"));
}

TEST(Paint, ParsesEveryFieldAndWritesTheSameFileBack) {
  auto r = parse_creature(text(kTwo), "p.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  ASSERT_TRUE(r->painted);
  EXPECT_EQ(r->eyes, 2);
  EXPECT_EQ(r->parts[0].paint.pattern, PaintPattern::kStripes);
  EXPECT_EQ(r->parts[1].paint.pattern, PaintPattern::kSpots);
  EXPECT_EQ(r->parts[0].paint.base, r->parts[1].paint.base);  // hex digits in either case
  EXPECT_FLOAT_EQ(r->parts[0].paint.scale, 1.5f);
  const std::string once = creature_to_json(*r).dump(2);
  auto again = parse_creature(once, "p2.json");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(creature_to_json(*again).dump(2), once);
  EXPECT_EQ(again->parts[1].paint, r->parts[1].paint);
}

TEST(Paint, BadPaintIsRefusedNamingTheField) {
  expect_refused(R"([1])", "paint", "must be an object");
  expect_refused(R"({"eyes": 2})", "paint.parts", "missing");
  expect_refused(R"({"eyes": 2, "parts": [{"base": "#000000", "pattern": "solid", "second": "#000000", "scale": 1}]})",
                 "paint.parts", "1 entries for 2 parts");
  expect_refused(R"({"eyes": 9, "parts": []})", "paint.eyes", "0 to 6");
  expect_refused(R"({"eyes": 1.5, "parts": []})", "paint.eyes", "whole number");
  expect_refused(R"({"eyes": 2, "parts": [{"base": "red", "pattern": "solid", "second": "#000000", "scale": 1}, {}]})",
                 "paint.parts[0].base", "#rrggbb");
  expect_refused(R"({"eyes": 2, "parts": [{"base": "#000000", "pattern": "plaid", "second": "#000000", "scale": 1}, {}]})",
                 "paint.parts[0].pattern", "unknown pattern \"plaid\"");
  expect_refused(R"({"eyes": 2, "parts": [{"base": "#000000", "pattern": "solid", "second": "#000000", "scale": 1},
                 {"base": "#000000", "pattern": "solid", "second": "#000000", "scale": 40}]})",
                 "paint.parts[1].scale", "out of range");
  expect_refused(R"({"eyes": 2, "parts": [{"base": "#000000", "pattern": "solid", "second": "#000000", "scale": 1, "gloss": 1}, {}]})",
                 "paint.parts[0].gloss", "unknown field");
  expect_refused(R"({"eyes": 2, "parts": [], "shine": true})", "paint.shine", "unknown field");
}

TEST(Paint, ValidateNamesThePaintField) {
  auto r = parse_creature(text(kTwo), "p.json");
  ASSERT_TRUE(r.ok());
  Creature c = *r;
  c.parts[1].paint.scale = 0.0f;
  Status s = validate_creature(c, "mem");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error.field, "paint.parts[1].scale");
  c = *r;
  c.eyes = -1;
  s = validate_creature(c, "mem");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error.field, "paint.eyes");
}

TEST(Paint, EveryShippedCreatureStillLoadsUnpainted) {
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CF_SOURCE_DIR) + "/assets/creatures")) {
    auto r = load_creature(e.path().string());
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_FALSE(r->painted) << e.path();
    ++n;
  }
  EXPECT_GE(n, 7);
}

TEST(Paint, PaletteIsFifteenBitDistinctAndFarFromBlackAndWhite) {
  std::set<Rgb555> seen;
  for (int i = 0; i < kPaletteSize; ++i) {
    const Rgb555 c = palette_colour(i);
    EXPECT_LE(c, 0x7fffu);
    EXPECT_TRUE(seen.insert(c).second) << i;
    EXPECT_EQ(palette_index(c), i);
    std::uint8_t r, g, b;
    rgb555_to_rgb8(c, &r, &g, &b);
    EXPECT_GT(std::max({r, g, b}), 40) << i;    // lighting and fog still leave a colour
    EXPECT_LT(std::min({r, g, b}), 220) << i;   // not white: the dither keeps a tone
  }
}

TEST(Paint, SuggestGivesAPaletteColourUnlikeTheBaseAndTheComplementFirst) {
  for (int i = 0; i < kPaletteSize; ++i) {
    const Rgb555 base = palette_colour(i);
    for (int v = 0; v < kSuggestVariants; ++v) {
      const Rgb555 s = suggest_second(base, v);
      EXPECT_NE(s, base) << i << " " << v;
      EXPECT_EQ(palette_colour(palette_index(s)), s);
    }
  }
  // Orange's complement is a blue: blue leads red in the suggestion.
  const Rgb555 orange = rgb555(232, 160, 48);
  std::uint8_t r, g, b;
  rgb555_to_rgb8(suggest_second(orange, 0), &r, &g, &b);
  EXPECT_GT(b, r);
}

}  // namespace
}  // namespace cf
