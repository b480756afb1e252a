#include "creature/paint.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cf {

namespace {

// 8-bit sources, stored as 15 bits. Mid tones: the lighting darkens, the dither spreads them.
constexpr std::uint8_t kPalette8[kPaletteSize][3] = {
    {88, 144, 56},   {48, 96, 40},    {160, 200, 72},  {216, 200, 88},  {232, 160, 48},  {200, 104, 40},
    {176, 56, 48},   {112, 40, 40},   {136, 88, 48},   {88, 64, 40},    {200, 168, 128}, {232, 208, 176},
    {64, 112, 184},  {40, 64, 120},   {96, 176, 200},  {48, 136, 128},  {120, 80, 168},  {72, 48, 104},
    {208, 112, 160}, {232, 168, 184}, {128, 128, 136}, {72, 72, 80},    {184, 184, 176}, {40, 40, 48},
};

struct Hsv {
  float h, s, v;  // h in [0, 360)
};

Hsv to_hsv(Rgb555 c) {
  std::uint8_t r8, g8, b8;
  rgb555_to_rgb8(c, &r8, &g8, &b8);
  const float r = r8 / 255.0f, g = g8 / 255.0f, b = b8 / 255.0f;
  const float mx = std::max({r, g, b}), mn = std::min({r, g, b}), d = mx - mn;
  float h = 0.0f;
  if (d > 1e-6f) {
    if (mx == r) h = 60.0f * std::fmod((g - b) / d + 6.0f, 6.0f);
    else if (mx == g) h = 60.0f * ((b - r) / d + 2.0f);
    else h = 60.0f * ((r - g) / d + 4.0f);
  }
  return {h, mx > 1e-6f ? d / mx : 0.0f, mx};
}

Rgb555 from_hsv(Hsv c) {
  const float h = std::fmod(c.h + 360.0f, 360.0f) / 60.0f;
  const float s = std::clamp(c.s, 0.0f, 1.0f), v = std::clamp(c.v, 0.0f, 1.0f);
  const float k = v * s, x = k * (1.0f - std::fabs(std::fmod(h, 2.0f) - 1.0f)), m = v - k;
  float r = 0, g = 0, b = 0;
  switch (static_cast<int>(h)) {
    case 0: r = k, g = x; break;
    case 1: r = x, g = k; break;
    case 2: g = k, b = x; break;
    case 3: g = x, b = k; break;
    case 4: r = x, b = k; break;
    default: r = k, b = x; break;
  }
  auto ch = [m](float f) { return static_cast<int>(std::lround((f + m) * 255.0f)); };
  return rgb555(ch(r), ch(g), ch(b));
}

int distance2(Rgb555 a, Rgb555 b) {
  int d = 0;
  for (int sh = 0; sh < 15; sh += 5) {
    const int x = ((a >> sh) & 31) - ((b >> sh) & 31);
    d += x * x;
  }
  return d;
}

}  // namespace

const char* to_string(PaintPattern p) {
  switch (p) {
    case PaintPattern::kSolid: return "solid";
    case PaintPattern::kStripes: return "stripes";
    case PaintPattern::kSpots: return "spots";
    case PaintPattern::kBelly: return "belly";
    case PaintPattern::kBands: return "bands";
    case PaintPattern::kCount: break;
  }
  return "?";
}

bool parse_paint_pattern(const std::string& s, PaintPattern* out) {
  for (int i = 0; i < static_cast<int>(PaintPattern::kCount); ++i) {
    if (s == to_string(static_cast<PaintPattern>(i))) {
      *out = static_cast<PaintPattern>(i);
      return true;
    }
  }
  return false;
}

Rgb555 rgb555(int r8, int g8, int b8) {
  auto c5 = [](int v) { return static_cast<unsigned>(std::clamp(v, 0, 255)) >> 3; };
  return static_cast<Rgb555>(c5(r8) | (c5(g8) << 5) | (c5(b8) << 10));
}

void rgb555_to_rgb8(Rgb555 c, std::uint8_t* r, std::uint8_t* g, std::uint8_t* b) {
  auto c8 = [](unsigned v) { return static_cast<std::uint8_t>((v << 3) | (v >> 2)); };
  *r = c8(c & 31u);
  *g = c8((c >> 5) & 31u);
  *b = c8((c >> 10) & 31u);
}

std::string rgb555_to_hex(Rgb555 c) {
  std::uint8_t r, g, b;
  rgb555_to_rgb8(c, &r, &g, &b);
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
  return buf;
}

bool parse_hex_colour(const std::string& s, Rgb555* out) {
  if (s.size() != 7 || s[0] != '#') return false;
  int ch[3];
  for (int k = 0; k < 3; ++k) {
    int v = 0;
    for (int d = 0; d < 2; ++d) {
      const char c = s[static_cast<std::size_t>(1 + 2 * k + d)];
      int x;
      if (c >= '0' && c <= '9') x = c - '0';
      else if (c >= 'a' && c <= 'f') x = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') x = c - 'A' + 10;
      else return false;
      v = v * 16 + x;
    }
    ch[k] = v;
  }
  *out = rgb555(ch[0], ch[1], ch[2]);
  return true;
}

Rgb555 palette_colour(int index) {
  const int i = ((index % kPaletteSize) + kPaletteSize) % kPaletteSize;
  return rgb555(kPalette8[i][0], kPalette8[i][1], kPalette8[i][2]);
}

int palette_index(Rgb555 c) {
  int best = 0;
  for (int i = 1; i < kPaletteSize; ++i)
    if (distance2(palette_colour(i), c) < distance2(palette_colour(best), c)) best = i;
  return best;
}

Rgb555 suggest_second(Rgb555 base, int variant) {
  const Hsv b = to_hsv(base);
  Hsv t = b;
  switch (((variant % kSuggestVariants) + kSuggestVariants) % kSuggestVariants) {
    case 0: t.h += 180.0f; break;
    case 1: t.h += 150.0f; break;
    case 2: t.h += 210.0f; break;
    case 3: t.v *= 0.55f; break;
    default: t.v = std::min(1.0f, t.v * 1.35f + 0.15f), t.s *= 0.6f; break;
  }
  // Grey has no hue to turn: a tinted partner instead.
  if (b.s < 0.15f && t.h != b.h) t.s = 0.55f;
  Rgb555 want = from_hsv(t);
  int best = -1;
  for (int i = 0; i < kPaletteSize; ++i) {
    const Rgb555 p = palette_colour(i);
    if (p == base) continue;
    if (best < 0 || distance2(p, want) < distance2(palette_colour(best), want)) best = i;
  }
  return palette_colour(best);
}

PartPaint default_part_paint() { return PartPaint{}; }

}  // namespace cf
