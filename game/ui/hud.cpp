#include "game/ui/hud.h"

#include <algorithm>
#include <cctype>
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

// A file path as messages write them: absolute, from home, or relative with ./ or ../.
bool is_path(const std::string& word) {
  return !word.empty() && (word[0] == '/' || word.compare(0, 2, "~/") == 0 || word.compare(0, 2, "./") == 0 ||
                           word.compare(0, 3, "../") == 0);
}

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
  if (!text.empty()) {
    TextBox box;
    box.x = x;
    box.y = y;
    box.w = hud_text_width(text, style) + (style.shadow ? 1 : 0);
    box.h = kHudGlyphSize * s + (style.shadow ? 1 : 0);
    text.copy(box.text, sizeof box.text - 1);
    list->texts.push_back(box);
  }
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

std::vector<std::string> wrap_hud_text(const std::string& text, int max_width, const HudTextStyle& style,
                                       int max_lines) {
  std::vector<std::string> lines;
  std::string line;
  auto fits = [&](const std::string& t) { return hud_text_width(t, style) <= max_width; };
  if (fits(text)) return {text};  // as written (its spacing kept)
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t end = std::min(text.find(' ', i), text.size());
    if (end == i) break;
    std::string word = text.substr(i, end - i);
    i = end;
    const std::string joined = line.empty() ? word : line + " " + word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (!line.empty()) lines.push_back(line);
    line = word;
    while (line.size() > 1 && !fits(line)) {  // a word wider than the line: broken where it must be
      std::size_t n = line.size() - 1;
      while (n > 1 && !fits(line.substr(0, n))) --n;
      lines.push_back(line.substr(0, n));
      line = line.substr(n);
    }
  }
  if (!line.empty()) lines.push_back(line);
  if (max_lines > 0 && static_cast<int>(lines.size()) > max_lines) {
    lines.resize(static_cast<std::size_t>(max_lines));
    std::string& last = lines.back();
    while (!last.empty() && !fits(last + "...")) last.pop_back();
    last += "...";
  }
  return lines;
}

std::string shorten_hud_paths(const std::string& text, const std::string& home, std::size_t max_path_chars) {
  std::string out;
  std::size_t i = 0;
  while (i <= text.size()) {
    const std::size_t end = std::min(text.find(' ', i), text.size());
    std::string word = text.substr(i, end - i);
    if (is_path(word)) {
      if (!home.empty() && home != "/" && word.compare(0, home.size() + 1, home + "/") == 0) {
        word = "~" + word.substr(home.size());
      }
      if (word.size() > max_path_chars) {
        // The folder is where saves always go; the last two names say which file.
        const std::size_t last = word.rfind('/');
        const std::size_t before = last > 0 ? word.rfind('/', last - 1) : std::string::npos;
        const std::string lead = word.compare(0, 2, "~/") == 0 ? "~/.../" : ".../";
        if (before != std::string::npos) {
          const std::string short_word = lead + word.substr(before + 1);
          if (short_word.size() < word.size()) word = short_word;
        }
      }
    }
    out += word;
    if (end >= text.size()) break;
    out += ' ';
    i = end + 1;
  }
  return out;
}

std::string hud_upper(const std::string& text) {
  std::string out = text;
  std::size_t i = 0;
  while (i < out.size()) {
    const std::size_t end = std::min(out.find(' ', i), out.size());
    if (!is_path(out.substr(i, end - i))) {
      for (std::size_t k = i; k < end; ++k) out[k] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[k])));
    }
    i = end + 1;
  }
  return out;
}

}  // namespace cf
