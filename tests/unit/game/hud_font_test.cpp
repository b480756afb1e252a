// The HUD font: confusable characters look different, letters never touch, every message's
// characters are in the font.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "game/ui/hud.h"
#include "game/ui/hud_font.h"

namespace cf {
namespace {

// The text as drawn: a mask of the pixels its HUD runs cover (each run covers [x0, x1) of its row).
struct Mask {
  int w = 0, h = 0;
  std::vector<char> px;
  bool at(int x, int y) const { return x >= 0 && y >= 0 && x < w && y < h && px[std::size_t(y * w + x)]; }
};

Mask render(const std::string& text, int scale = 1) {
  CommandList list;
  list.width = 400;
  list.height = 40;
  HudTextStyle style;
  style.shadow = false;
  style.scale = scale;
  draw_hud_text(text, 0, 0, style, &list);
  Mask m;
  m.w = list.width;
  m.h = list.height;
  m.px.assign(std::size_t(m.w * m.h), 0);
  for (const ScreenLine& l : list.lines) {
    EXPECT_EQ(l.y0, l.y1) << "runs are horizontal";
    EXPECT_EQ(l.kind, kOverlayHud);
    const int y = l.y0 / kSubpixelOne;
    for (int x = l.x0 / kSubpixelOne; x < l.x1 / kSubpixelOne; ++x) {
      if (x >= 0 && x < m.w && y >= 0 && y < m.h) m.px[std::size_t(y * m.w + x)] = 1;
    }
  }
  return m;
}

int differing_pixels(const Mask& a, const Mask& b) {
  int n = 0;
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) n += a.at(x, y) != b.at(x, y);
  }
  return n;
}

TEST(HudFont, ConfusableCharactersDifferClearly) {
  const std::string confusable = "I[3]MN0O1l5S8B";
  for (char a : confusable) {
    for (char b : confusable) {
      if (a >= b) continue;
      EXPECT_GE(differing_pixels(render(std::string(1, a)), render(std::string(1, b))), 4)
          << "'" << a << "' and '" << b << "' look alike";
    }
  }
}

TEST(HudFont, NeighboursHaveABlankColumnBetweenThem) {
  // Every pair of printable characters ('_' is meant to join up and is left out).
  for (char a = '!'; a <= '~'; ++a) {
    for (char b = '!'; b <= '~'; ++b) {
      if (a == '_' || b == '_') continue;
      const int wa = hud_text_width(std::string(1, a));
      const Mask alone = render(std::string(1, a)), m = render(std::string{a, b});
      bool blank = true, a_intact = true;  // b starts right of a blank column and leaves a as it was
      for (int y = 0; y < 8; ++y) {
        blank = blank && !m.at(wa, y);
        for (int x = 0; x < wa; ++x) a_intact = a_intact && m.at(x, y) == alone.at(x, y);
      }
      EXPECT_TRUE(blank && a_intact) << "'" << a << "' touches '" << b << "'";
      if (!(blank && a_intact)) return;
    }
  }
}

TEST(HudFont, WidthMatchesTheInkAndScales) {
  const Mask m = render("Can't vault");
  int right = -1;
  for (int y = 0; y < m.h; ++y) {
    for (int x = 0; x < m.w; ++x) {
      if (m.at(x, y)) right = std::max(right, x);
    }
  }
  EXPECT_EQ(right + 1, hud_text_width("Can't vault"));
  HudTextStyle two;
  two.scale = 2;
  EXPECT_EQ(hud_text_width("Can't vault", two), 2 * hud_text_width("Can't vault"));
  EXPECT_EQ(hud_line_height(two), 18);
  // Scaled glyphs are the font pixels blown up: 'I' at scale 2 has twice the pixels in each direction.
  const Mask i1 = render("I"), i2 = render("I", 2);
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) EXPECT_EQ(i2.at(x, y), i1.at(x / 2, y / 2)) << x << "," << y;
  }
}

TEST(HudFont, LowerCaseIsDrawnAsLowerCase) {
  EXPECT_GT(differing_pixels(render("a"), render("A")), 4);
  // Unknown characters draw as a box; printable ASCII is all in the font.
  for (char c = ' '; c <= '~'; ++c) EXPECT_NE(hud_glyph(c), nullptr) << c;
  EXPECT_EQ(hud_glyph('\t'), nullptr);
  EXPECT_GT(render("\x01").px.size(), 0u);
  int inked = 0;
  for (char v : render("\x01").px) inked += v;
  EXPECT_GT(inked, 10);
}

}  // namespace
}  // namespace cf
