#include "game/options/menu_list.h"

#include <algorithm>

#include "game/ui/hud.h"

namespace cf {

std::uint32_t MenuInput::actions(const InputFrame& in) {
  swallow_ &= in.buttons;  // released buttons count again
  InputFrame live = in;
  live.pressed &= ~swallow_;
  const InputFrame before = prev_;
  prev_ = in;
  return map_menu_actions(live, before);
}

namespace {

void fill(CommandList* list, int x0, int y0, int x1, int y1, Rgba8 c) {
  for (int y = std::max(0, y0); y < std::min(list->height, y1); ++y) {
    ScreenLine l;
    l.x0 = std::max(0, x0) * kSubpixelOne + kSubpixelOne / 2;
    l.x1 = std::min(list->width, x1) * kSubpixelOne + kSubpixelOne / 2;
    l.y0 = l.y1 = y * kSubpixelOne + kSubpixelOne / 2;
    l.color = c;
    l.kind = kOverlayHud;
    list->lines.push_back(l);
  }
}

// Cut to 'room' pixels with "..." when it does not fit.
std::string fit(std::string s, int room, const HudTextStyle& st) {
  if (hud_text_width(s, st) <= room) return s;
  while (!s.empty() && hud_text_width(s + "...", st) > room) s.pop_back();
  return s + "...";
}

}  // namespace

void draw_menu(const std::string& title, const std::vector<MenuRow>& rows, int cursor, const std::string& note,
               const std::string& keys, const FrameSettings& fs, CommandList* list) {
  if (!list || list->width <= 0 || list->height <= 0) return;
  HudTextStyle st;
  const int unit = std::max(1, list->height / 240);  // margins follow the picture, text the player's size
  const int margin = 8 * unit, room = list->width - 2 * margin;
  const int n = static_cast<int>(rows.size());
  // The player's text size, or the largest below it at which three rows (all, when fewer) fit with the
  // title, the note and the keys; as tall as the rows need (the picture shows below, so look switches
  // are seen as they change).
  int line = 0, pitch = 0, visible = 0, fixed = 0;
  bool two_lines = false;
  std::vector<std::string> note_lines, key_lines;
  for (st.scale = hud_pixel_scale(*list, fs);; --st.scale) {
    line = hud_line_height(st) + st.scale;
    note_lines = note.empty() ? std::vector<std::string>{} : wrap_hud_text(note, room, st, 2);
    key_lines = wrap_hud_text(keys, room, st, 2);
    // A value that leaves less than a few letters of its label beside it goes on a line of its own
    // (every row then takes two lines, so the cursor moves evenly).
    two_lines = false;
    for (const MenuRow& r : rows)
      two_lines = two_lines || (!r.value.empty() && hud_text_width(r.value, st) + hud_text_width("> MMMMMM", st) + 8 * st.scale > room);
    pitch = two_lines ? 2 * line : line;
    fixed = margin + line + 4 * unit + line * static_cast<int>(note_lines.size() + key_lines.size()) + margin;
    visible = std::max(1, std::min(n, (list->height - fixed) / pitch));
    if (st.scale <= unit || visible >= std::min(n, 3)) break;
  }
  const int panel_h = std::min(list->height, fixed + visible * pitch);
  fill(list, margin / 2, margin / 2, list->width - margin / 2, panel_h - margin / 2, Rgba8{16, 18, 36, 255});
  int y = margin;
  st.color = Rgba8{255, 210, 80, 255};
  draw_hud_text(fit(title, room, st), margin, y, st, list);
  y += line + 4 * unit;
  const int first = std::max(0, std::min(cursor - visible / 2, n - visible));
  for (int i = first; i < n && i < first + visible; ++i, y += pitch) {
    const MenuRow& r = rows[static_cast<std::size_t>(i)];
    st.color = !r.enabled ? Rgba8{120, 120, 130, 255} : i == cursor ? Rgba8{255, 230, 60, 255} : Rgba8{255, 255, 255, 255};
    const std::string value = fit(r.value, room, st);
    const int value_w = hud_text_width(value, st);
    draw_hud_text(fit((i == cursor ? "> " : "  ") + r.label, two_lines ? room : room - value_w - 8 * st.scale, st), margin,
                  y, st, list);
    if (!value.empty()) draw_hud_text(value, list->width - margin - value_w, two_lines ? y + line : y, st, list);
  }
  st.color = Rgba8{255, 150, 80, 255};
  for (const std::string& l : note_lines) {
    draw_hud_text(l, margin, y, st, list);
    y += line;
  }
  st.color = Rgba8{170, 180, 210, 255};
  for (const std::string& l : key_lines) {
    draw_hud_text(l, margin, y, st, list);
    y += line;
  }
}

}  // namespace cf
