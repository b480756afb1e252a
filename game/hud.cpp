#include "game/hud.h"

#include <cctype>
#include <cstring>

namespace cf {

namespace {

// Glyphs on a 4 x 6 grid (x right, y down): polylines of "xy" digit pairs, separated by spaces.
struct Glyph {
  char c;
  const char* strokes;
};
constexpr Glyph kGlyphs[] = {
    {'A', "0602204246 0343"}, {'B', "000030414233 033344453606 0006"}, {'C', "4130100105163645"},
    {'D', "00304145360600"}, {'E', "40000646 0333"}, {'F', "400006 0333"},
    {'G', "41301001051636454323"}, {'H', "0006 4046 0343"}, {'I', "1030 2026 1636"},
    {'J', "4045361605"}, {'K', "0006 40030346"}, {'L', "000646"},
    {'M', "0600234046"}, {'N', "06004640"}, {'O', "103041453616050110"},
    {'P', "06003041423303"}, {'Q', "103041453616050110 2446"}, {'R', "0600304142330346"},
    {'S', "4130100102334445361605"}, {'T', "0040 2026"}, {'U', "000516364540"},
    {'V', "002640"}, {'W', "0016234640"}, {'X', "0046 4006"},
    {'Y', "002340 2326"}, {'Z', "00400646"}, {'0', "103041453616050110 4105"},
    {'1', "112026 1636"}, {'2', "0110304142060646"}, {'3', "0110304142334445361605 2333"},
    {'4', "300343 3036"}, {'5', "400003334445361605"}, {'6', "413010010516364544332303"},
    {'7', "004016"}, {'8', "103041423313020110 3344453616050413"}, {'9', "051636454130100102133343"},
    {'.', "26"}, {',', "2527"}, {':', "22 26"},
    {'\'', "2021"}, {'-', "1333"}, {'+', "1333 2224"},
    {'(', "302011152636"}, {')', "102031352616"}, {'/', "0640"},
    {'?', "0110304142332324 26"}, {'!', "2024 26"}, {'=', "1232 1434"},
    {'>', "103316"}, {'<', "301336"}, {'_', "0646"},
};

const char* glyph_strokes(char c) {
  const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const Glyph& g : kGlyphs) {
    if (g.c == u) return g.strokes;
  }
  return nullptr;
}

constexpr int kAdvance = 5;  // grid units per character (4 wide + 1 gap)

void add_line(CommandList* list, int x0, int y0, int x1, int y1, Rgba8 color) {
  ScreenLine l;
  l.x0 = x0 * kSubpixelOne + kSubpixelOne / 2;
  l.y0 = y0 * kSubpixelOne + kSubpixelOne / 2;
  l.x1 = x1 * kSubpixelOne + kSubpixelOne / 2;
  l.y1 = y1 * kSubpixelOne + kSubpixelOne / 2;
  l.color = color;
  l.kind = kOverlayHud;
  list->lines.push_back(l);
}

void draw_glyph(const char* strokes, int x, int y, int s, Rgba8 color, CommandList* list) {
  // Points are digit pairs; a space starts a new polyline; a lone pair is a dot.
  const std::size_t n = std::strlen(strokes);
  int px = -1, py = -1;
  for (std::size_t i = 0; i < n;) {
    if (strokes[i] == ' ') {
      px = py = -1;
      ++i;
      continue;
    }
    if (i + 1 >= n || strokes[i + 1] == ' ') {
      ++i;  // malformed tail: ignore
      continue;
    }
    const int gx = strokes[i] - '0', gy = strokes[i + 1] - '0';
    i += 2;
    const bool lone = px < 0 && (i >= n || strokes[i] == ' ');
    if (lone) add_line(list, x + gx * s, y + gy * s, x + gx * s + (s > 1 ? s / 2 : 1), y + gy * s, color);
    if (px >= 0) add_line(list, x + px * s, y + py * s, x + gx * s, y + gy * s, color);
    px = gx;
    py = gy;
  }
}

}  // namespace

int hud_text_width(const std::string& text, const HudTextStyle& style) {
  const int s = style.scale > 0 ? style.scale : 1;
  return text.empty() ? 0 : static_cast<int>(text.size()) * kAdvance * s - s;
}

void draw_hud_text(const std::string& text, int x, int y, const HudTextStyle& style, CommandList* list) {
  if (!list) return;
  const int s = style.scale > 0 ? style.scale : 1;
  const Rgba8 shadow{0, 0, 0, 255};
  for (int pass = style.shadow ? 0 : 1; pass < 2; ++pass) {
    const int off = pass == 0 ? 1 : 0;
    int cx = x + off;
    for (char c : text) {
      if (c != ' ') {
        const char* strokes = glyph_strokes(c);
        if (strokes) {
          draw_glyph(strokes, cx, y + off, s, pass == 0 ? shadow : style.color, list);
        } else {
          draw_glyph("0040460600", cx, y + off, s, pass == 0 ? shadow : style.color, list);
        }
      }
      cx += kAdvance * s;
    }
  }
}

void draw_hud_text_centred(const std::string& text, int y, const HudTextStyle& style, CommandList* list) {
  if (!list) return;
  draw_hud_text(text, (list->width - hud_text_width(text, style)) / 2, y, style, list);
}

}  // namespace cf
