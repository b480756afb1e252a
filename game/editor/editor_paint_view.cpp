#include "game/editor/editor_paint_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <glm/gtc/matrix_transform.hpp>

#include "creature/creature_rules.h"
#include "game/editor/editor_colors.h"
#include "game/ui/hud.h"

namespace cf {

namespace {


Rgba8 rgba(Rgb555 c) {
  Rgba8 o;
  rgb555_to_rgb8(c, &o.r, &o.g, &o.b);
  return o;
}

void fill(int x, int y, int w, int h, Rgba8 c, CommandList* list) {
  for (int r = 0; r < h; ++r) {
    ScreenLine l;
    l.x0 = x * kSubpixelOne + kSubpixelOne / 2;
    l.x1 = (x + w - 1) * kSubpixelOne + kSubpixelOne / 2;
    l.y0 = l.y1 = (y + r) * kSubpixelOne + kSubpixelOne / 2;
    l.color = c;
    l.kind = kOverlayHud;
    list->lines.push_back(l);
  }
}

// A colour swatch with a black rim (and a white one around that when 'marked').
void swatch(int x, int y, int size, Rgb555 c, bool marked, CommandList* list) {
  if (marked) fill(x - 2, y - 2, size + 4, size + 4, kEdWhite, list);
  fill(x - 1, y - 1, size + 2, size + 2, kEdInk, list);
  fill(x, y, size, size, rgba(c), list);
}

}  // namespace

glm::mat4 paint_camera_view() {
  // From the creature's front right and a little above: its right flank, its face and its back.
  const glm::vec3 dir = glm::normalize(glm::vec3(-0.72f, 0.32f, 0.62f));
  return glm::lookAt(kEditorLookAt + dir * kEditorCameraDistance, kEditorLookAt, glm::vec3(0.0f, 1.0f, 0.0f));
}

PaintHudLayout add_paint_hud(const Editor& editor, int s, int text_scale, CommandList* list) {
  const Creature& c = editor.doc().creature;
  const PartPaint p = editor.shown_paint();
  const int sel = editor.doc().selected;
  std::string who = sel >= 0 ? describe_part(c, sel) : std::string("every part");
  if (sel >= 0 && editor.doc().symmetry && mirror_twin(c, sel) >= 0) who += " and its twin";
  char scale[24];
  std::snprintf(scale, sizeof scale, "%.2f", static_cast<double>(p.scale));
  const std::string rows[] = {"PAINT MODE (LB+Y BUILDS)",
                              hud_upper(who) + " (LEFT/RIGHT)",
                              "BASE (A)",
                              "SECOND (B)",
                              std::string("PATTERN (X): ") + hud_upper(to_string(p.pattern)),
                              std::string("SCALE (LT/RT): ") + scale,
                              "EYES (UP/DOWN): " + std::to_string(c.eyes)};
  constexpr int kRows = static_cast<int>(sizeof rows / sizeof rows[0]);
  std::string help = "SELECT UNDO  RB REDO  L3 SYMMETRY  START MENU";
  const int x0 = 4 * s;
  HudTextStyle st;
  // The column at the player's text size, or the largest below it that fits beside the palette
  // (the second swatch and "Y SUGGESTS" follow the SECOND row).
  PaintHudLayout out;
  for (st.scale = std::max(1, text_scale);; --st.scale) {
    const int line = hud_line_height(st);
    int w = hud_text_width("SECOND (B) ", st) + line + 2 * s + hud_text_width("Y SUGGESTS", st);
    for (int r = 0; r < kRows; ++r) {
      if (r != 1) w = std::max(w, hud_text_width(rows[r], st));  // the part's name shrinks on its own
    }
    // The palette row (as drawn below) and the message line over it stay clear.
    const int palette_y = list->height - 2 * line - std::max(4, (list->width - 2 * x0) / kPaletteSize - 3 * s);
    if (st.scale == 1 || (x0 + w <= list->width - x0 && x0 + kRows * line <= palette_y - line - 3 * s)) {
      out.text_scale = st.scale;
      out.column_w = w;
      out.column_h = kRows * line;
      break;
    }
  }
  const int line = hud_line_height(st);
  auto text = [&](const std::string& t, int row, Rgba8 col) {
    st.color = col;
    draw_hud_text(t, x0, x0 + row * line, st, list);
  };
  text(rows[0], 0, kEdWhite);
  {
    HudTextStyle ws = st;  // a long part name: smaller until it fits the width
    while (ws.scale > 1 && hud_text_width(rows[1], ws) > list->width - 2 * x0) --ws.scale;
    ws.color = kEdYellow;
    draw_hud_text(rows[1], x0, x0 + line + (line - hud_line_height(ws)) / 2, ws, list);
  }
  const int sw = line - 2 * s;
  text(rows[2], 2, kEdWhite);
  swatch(x0 + hud_text_width("SECOND (B) ", st), x0 + 2 * line, sw, p.base, false, list);
  text(rows[3], 3, kEdWhite);
  swatch(x0 + hud_text_width("SECOND (B) ", st), x0 + 3 * line, sw, p.second, false, list);
  st.color = kEdHint;
  draw_hud_text("Y SUGGESTS", x0 + hud_text_width("SECOND (B) ", st) + sw + 4 * s, x0 + 3 * line, st, list);
  text(rows[4], 4, kEdWhite);
  text(rows[5], 5, kEdWhite);
  text(rows[6], 6, kEdWhite);
  // The palette along the bottom: the base marked in white, the second with a yellow bar under it.
  const int n = kPaletteSize, size = std::max(4, (list->width - 2 * x0) / n - 3 * s);
  const int step = (list->width - 2 * x0) / n, y = list->height - 2 * line - size;
  for (int i = 0; i < n; ++i) {
    const int x = x0 + i * step + (step - size) / 2;
    swatch(x, y, size, palette_colour(i), palette_colour(i) == p.base, list);
    if (palette_colour(i) == p.second) fill(x, y + size + 3 * s, size, 2 * s, kEdYellow, list);
  }
  // The help line: the column's size, or smaller until it fits the width.
  HudTextStyle hs = st;
  while (hs.scale > 1 && hud_text_width(help, hs) > list->width - 2 * x0) --hs.scale;
  if (hud_text_width(help, hs) > list->width - 2 * x0) help = "SELECT UNDO RB REDO L3 MIRROR START MENU";
  hs.color = kEdHint;
  draw_hud_text_centred(help, list->height - hud_line_height(hs), hs, list);
  out.help_scale = hs.scale;
  out.help_w = hud_text_width(help, hs);
  if (!editor.message().empty()) {
    st.color = kEdYellow;
    const std::vector<std::string> ls = wrap_hud_text(hud_upper(editor.message()), list->width - 8 * s, st, 1);
    if (!ls.empty()) draw_hud_text_centred(ls.front(), y - line - 3 * s, st, list);
  }
  return out;
}

}  // namespace cf
