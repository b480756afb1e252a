#include "game/ui/hud.h"

#include <cstdint>

#include "game/ui/hud_font.h"

namespace cf {

namespace {

constexpr int kGap = 1;         // blank font pixels between two characters
constexpr int kSpaceWidth = 4;  // a space's advance in font pixels (before the gap)
// An unknown character: a hollow box, so missing glyphs are seen and reported.
constexpr std::uint8_t kBox[8] = {0x3F, 0x21, 0x21, 0x21, 0x21, 0x21, 0x3F, 0x00};

const std::uint8_t* glyph_or_box(char c) {
  const std::uint8_t* g = hud_glyph(c);
  return g ? g : kBox;
}

// Advance of one character in font pixels, the gap included; *first is its first inked column.
int advance(char c, int* first) {
  int a = 0, b = -1;
  hud_glyph_ink(glyph_or_box(c), &a, &b);
  if (b < a) {
    *first = 0;
    return kSpaceWidth + kGap;
  }
  *first = a;
  return b - a + 1 + kGap;
}

void add_run(CommandList* list, int x0, int x1, int y, Rgba8 color) {
  // Pixel centres; the end pixel is left out by the line rule, so this covers [x0, x1).
  ScreenLine l;
  l.x0 = x0 * kSubpixelOne + kSubpixelOne / 2;
  l.x1 = x1 * kSubpixelOne + kSubpixelOne / 2;
  l.y0 = l.y1 = y * kSubpixelOne + kSubpixelOne / 2;
  l.color = color;
  l.kind = kOverlayHud;
  list->lines.push_back(l);
}

// One glyph with its first inked column at x: each row's runs of set pixels, s lines per font row.
void draw_glyph(const std::uint8_t* rows, int first, int x, int y, int s, Rgba8 color, CommandList* list) {
  for (int r = 0; r < kHudGlyphSize; ++r) {
    const unsigned bits = rows[r];
    for (int b = 0; b < kHudGlyphSize;) {
      if (!(bits & (1u << b))) {
        ++b;
        continue;
      }
      int e = b;
      while (e < kHudGlyphSize && (bits & (1u << e))) ++e;
      for (int k = 0; k < s; ++k) add_run(list, x + (b - first) * s, x + (e - first) * s, y + r * s + k, color);
      b = e;
    }
  }
}

int scale_of(const HudTextStyle& style) { return style.scale > 0 ? style.scale : 1; }

}  // namespace

int hud_line_height(const HudTextStyle& style) { return (kHudGlyphSize + 1) * scale_of(style); }

int hud_text_width(const std::string& text, const HudTextStyle& style) {
  if (text.empty()) return 0;
  int w = 0, first = 0;
  for (char c : text) w += advance(c, &first);
  return (w - kGap) * scale_of(style);
}

void draw_hud_text(const std::string& text, int x, int y, const HudTextStyle& style, CommandList* list) {
  if (!list) return;
  const int s = scale_of(style);
  const Rgba8 shadow{0, 0, 0, 255};
  for (int pass = style.shadow ? 0 : 1; pass < 2; ++pass) {
    const int off = pass == 0 ? 1 : 0;
    int cx = x + off;
    for (char c : text) {
      int first = 0;
      const int adv = advance(c, &first);
      if (c != ' ') draw_glyph(glyph_or_box(c), first, cx, y + off, s, pass == 0 ? shadow : style.color, list);
      cx += adv * s;
    }
  }
}

void draw_hud_text_centred(const std::string& text, int y, const HudTextStyle& style, CommandList* list) {
  if (!list) return;
  draw_hud_text(text, (list->width - hud_text_width(text, style)) / 2, y, style, list);
}

}  // namespace cf
