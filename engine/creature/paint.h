#pragma once
// A creature's paint: per part a base colour, a pattern, a second colour and the pattern's scale, and
// the creature's eyes. Colours are the console's 15 bits (5 per channel). Look only: paint never
// changes what the simulation computes.
#include <cstdint>
#include <string>

namespace cf {

// 15-bit colour, 5 bits per channel: r in bits 0-4, g 5-9, b 10-14 (the console's layout).
using Rgb555 = std::uint16_t;

enum class PaintPattern : std::uint8_t { kSolid, kStripes, kSpots, kBelly, kBands, kCount };

const char* to_string(PaintPattern p);  // "solid", "stripes", "spots", "belly", "bands"
bool parse_paint_pattern(const std::string& s, PaintPattern* out);

struct PartPaint {
  Rgb555 base = 7755;    // palette colour 1, the shared skin's green (default_part_paint)
  Rgb555 second = 5510;  // palette colour 2, its darker green
  PaintPattern pattern = PaintPattern::kSolid;
  float scale = 1.0f;  // pattern repeats per part, relative (kMinPaintScale..kMaxPaintScale)
  friend bool operator==(const PartPaint& a, const PartPaint& b) {
    return a.base == b.base && a.second == b.second && a.pattern == b.pattern && a.scale == b.scale;
  }
  friend bool operator!=(const PartPaint& a, const PartPaint& b) { return !(a == b); }
};

constexpr float kMinPaintScale = 0.25f;
constexpr float kMaxPaintScale = 4.0f;
constexpr int kMaxEyes = 6;

Rgb555 rgb555(int r8, int g8, int b8);  // 8-bit channels, truncated to 5 bits
void rgb555_to_rgb8(Rgb555 c, std::uint8_t* r, std::uint8_t* g, std::uint8_t* b);  // c<<3 | c>>2
std::string rgb555_to_hex(Rgb555 c);  // "#rrggbb"
// "#rrggbb" (either case) into 15 bits; false for anything else.
bool parse_hex_colour(const std::string& s, Rgb555* out);

// The retro palette the editor offers: 15-bit colours, none of them near white or black, so the
// 4x4 ordered dither and the lighting keep their tones apart.
constexpr int kPaletteSize = 24;
Rgb555 palette_colour(int index);  // index taken modulo kPaletteSize
int palette_index(Rgb555 c);       // the nearest palette entry

// A harmonious second colour for 'base' (Spore's "suggest"); 'variant' cycles through the
// complement, the two split complements, a darker and a lighter shade of the base. Always a palette
// colour different from the base.
Rgb555 suggest_second(Rgb555 base, int variant);
constexpr int kSuggestVariants = 5;

// The paint a part gets before anyone paints it: today's green skin tones.
PartPaint default_part_paint();

}  // namespace cf
