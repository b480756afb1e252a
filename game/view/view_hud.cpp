// The view's words over the picture: the player's HUD message, the banner, the notice, the legend.
#include <algorithm>

#include "game/ui/hud.h"
#include "game/ui/hud_font.h"
#include "game/session/motion_menu.h"
#include "game/view/view.h"

namespace cf {

// Word-wraps 'text' to lines at most 'width' pixels wide.
static std::vector<std::string> wrap_text(const std::string& text, int width, const HudTextStyle& style) {
  std::vector<std::string> lines;
  std::string line, word;
  auto flush_word = [&]() {
    if (word.empty()) return;
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && hud_text_width(candidate, style) > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = candidate;
    }
    word.clear();
  };
  for (char c : text) {
    if (c == ' ') flush_word(); else word += c;
  }
  flush_word();
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// Text with '\n' between lines, each word-wrapped to 'width' pixels, into *out.
static void wrap_lines(const std::string& text, int width, const HudTextStyle& style, std::vector<std::string>* out) {
  out->clear();
  for (std::size_t a = 0; a <= text.size();) {
    const std::size_t b = std::min(text.find('\n', a), text.size());
    for (std::string& l : wrap_text(text.substr(a, b - a), width, style)) out->push_back(l);
    a = b + 1;
  }
}

// 'text' cut to at most 'width' pixels, ending in ".." when cut.
static std::string fit_text(const std::string& text, int width, const HudTextStyle& style) {
  if (hud_text_width(text, style) <= width) return text;
  std::string t = text;
  while (!t.empty() && hud_text_width(t + "..", style) > width) t.pop_back();
  return t + "..";
}

// The motion menu: a dark panel on the left, its motions under a header per group (ONCE, HELD, FOX,
// ...), the cursor's highlighted. When the rows do not fit, a window of them around the cursor, the
// cursor's group header kept on its first row, and a triangle at the panel's right edge where rows are
// hidden above or below; labels wider than the screen end in "..". The keys at the bottom. Everything
// stays inside the picture at every text size.
void View::add_motion_menu(HudTextStyle style) {
  if (!menu_ || !menu_->open() || menu_->entries().empty()) return;
  const auto& entries = menu_->entries();
  const auto& groups = menu_->groups();
  const int n = static_cast<int>(entries.size());
  const int line_h = hud_line_height(style);
  const auto group_name = [&](int g) { return g >= 0 && g < static_cast<int>(groups.size()) ? groups[static_cast<std::size_t>(g)] : std::string(); };
  // Rows: a header where the group changes, then the entry (-1 - g: the header of group g).
  std::vector<int> rows_of;
  int cursor_row = 0;
  for (int i = 0; i < n; ++i) {
    const auto& e = entries[static_cast<std::size_t>(i)];
    if (i == 0 || e.group != entries[static_cast<std::size_t>(i - 1)].group) rows_of.push_back(-1 - e.group);
    if (i == menu_->cursor()) cursor_row = static_cast<int>(rows_of.size());
    rows_of.push_back(i);
  }
  const int total = static_cast<int>(rows_of.size());
  const int x = 8 * style.scale, y0 = list_.height / 8;
  const int room_w = std::max(1, list_.width - 2 * x);
  // The keys on one line, or on two when the text is large.
  const bool one_line = hud_text_width("A: PLAY  B: CLOSE", style) <= room_w;
  const int footer = one_line ? 1 : 2;
  const int fit = std::max(3, (list_.height * 3 / 4) / line_h - 1 - footer);
  const int rows = std::min(total, fit);
  const int first = std::clamp(cursor_row - rows / 2, 0, std::max(0, total - rows));
  const int pad = 3 * style.scale;
  const int mark = 3 * style.scale;  // the scroll triangles' half width
  int widest = hud_text_width(one_line ? "A: PLAY  B: CLOSE" : "B: CLOSE", style);
  for (const auto& e : entries) widest = std::max(widest, hud_text_width("> " + e.label, style) + 3 * mark);
  for (const auto& g : groups) widest = std::max(widest, hud_text_width(g, style) + 3 * mark);
  widest = std::min(widest, room_w);
  const int y_end = std::min(list_.height, y0 + (rows + footer) * line_h + line_h / 2 + pad);
  for (int y = std::max(0, y0 - pad); y < y_end; ++y) {
    ScreenLine l;  // the panel: one dark line per pixel row, drawn before the text over it
    l.x0 = std::max(0, x - pad) * kSubpixelOne + kSubpixelOne / 2;
    l.x1 = std::min(list_.width - 1, x + widest + pad) * kSubpixelOne + kSubpixelOne / 2;
    l.y0 = l.y1 = y * kSubpixelOne + kSubpixelOne / 2;
    l.color = Rgba8{16, 18, 36, 255};
    l.kind = kOverlayHud;
    list_.lines.push_back(l);
  }
  const int text_w = widest - 3 * mark;  // the triangles' column kept clear
  int y = y0;
  for (int r = first; r < first + rows; ++r) {
    int what = rows_of[static_cast<std::size_t>(r)];
    // The window's first row names the group its motions belong to, even when its header is above.
    if (r == first && what >= 0 && r > 0) what = -1 - entries[static_cast<std::size_t>(what)].group;
    if (what < 0) {
      style.color = Rgba8{255, 255, 255, 255};
      draw_hud_text(fit_text(group_name(-1 - what), text_w, style), x, y, style, &list_);
    } else {
      const bool at = what == menu_->cursor();
      style.color = at ? Rgba8{255, 230, 60, 255} : Rgba8{200, 220, 255, 255};
      draw_hud_text(fit_text((at ? "> " : "  ") + entries[static_cast<std::size_t>(what)].label, text_w, style), x, y,
                    style, &list_);
    }
    y += line_h;
  }
  // Triangles where rows are hidden: pointing up at the top right, down at the bottom right.
  const int cx = x + widest - mark;
  const auto triangle = [&](int top, bool up) {
    for (int k = 0; k <= mark; ++k) {
      const int half = up ? k : mark - k;
      ScreenLine l;
      l.x0 = (cx - half) * kSubpixelOne + kSubpixelOne / 2;
      l.x1 = (cx + half) * kSubpixelOne + kSubpixelOne / 2;
      l.y0 = l.y1 = (top + k) * kSubpixelOne + kSubpixelOne / 2;
      l.color = Rgba8{255, 230, 60, 255};
      l.kind = kOverlayHud;
      list_.lines.push_back(l);
    }
  };
  if (first > 0) triangle(y0 + (line_h - mark) / 2, true);
  if (first + rows < total) triangle(y0 + (rows - 1) * line_h + (line_h - mark) / 2, false);
  style.color = Rgba8{200, 200, 200, 255};
  if (one_line) {
    draw_hud_text("A: PLAY  B: CLOSE", x, y + line_h / 2, style, &list_);
  } else {
    draw_hud_text("A: PLAY", x, y + line_h / 2, style, &list_);
    draw_hud_text("B: CLOSE", x, y + line_h / 2 + line_h, style, &list_);
  }
}

void View::add_hud(const SimState& draw, const FrameSettings& settings) {
  if (list_.width <= 0) return;
  HudTextStyle style;
  style.scale = hud_pixel_scale(list_, settings);
  const int line_h = hud_line_height(style);
  // A warning (a refused action) carries the sign beside its yellow; a message saying what plays
  // (an emote's variant) is pale blue, without it.
  bool warns = true;
  std::string msg = action_line(draw, &warns);
  if (!msg.empty() && warns) msg = std::string(1, kHudWarning) + " " + msg;
  if (!msg.empty()) {
    style.color = warns ? Rgba8{255, 230, 60, 255} : Rgba8{200, 230, 255, 255};
    const std::vector<std::string> lines = wrap_text(msg, list_.width - 8 * style.scale, style);
    int y = list_.height * 3 / 4;
    for (const std::string& l : lines) {
      draw_hud_text_centred(l, y, style, &list_);
      y += line_h;
    }
  }
  if (trial_) trial_hud_.draw(*trial_, draw.tick, ghost_line_, settings, &list_);
  add_motion_menu(style);
  if (!banner_.empty()) {
    style.color = Rgba8{255, 255, 255, 255};
    const int left = static_cast<int>(banner_left_ * static_cast<float>(list_.width));
    draw_hud_text(banner_, left + (list_.width - left - hud_text_width(banner_, style)) / 2, list_.height / 3, style,
                  &list_);
  }
  if (!notice_.empty() && notice_fade_ > 0.0f) {
    // Lines separated by '\n', each word-wrapped, ending one line above the bottom edge.
    const auto dim = [&](int c) { return static_cast<std::uint8_t>(static_cast<float>(c) * std::min(notice_fade_, 1.0f)); };
    style.color = Rgba8{dim(255), dim(120), dim(90), 255};
    const int width = list_.width - 8 * style.scale;
    if (notice_dirty_ || width != notice_width_) {  // wrapped again only when it changes
      wrap_lines(notice_, width, style, &notice_lines_);
      notice_dirty_ = false;
      notice_width_ = width;
    }
    int ny = list_.height - (static_cast<int>(notice_lines_.size()) + 1) * line_h;
    for (const std::string& l : notice_lines_) {
      draw_hud_text_centred(l, ny, style, &list_);
      ny += line_h;
    }
  }
  // Legend of what is switched on (F1..F9 overlays, F10 modern), top left; the hints go under it.
  int legend_lines = settings.modern ? 1 : 0;
  for (int k = 0; k < 9; ++k) legend_lines += (settings.overlay_mask >> k) & 1u;
  // A trial's countdown, clock and splits own the top of the picture: the hints wait for free roam.
  const bool trial_hud = trial_ && trial_->phase != TrialRun::Phase::kNone;
  if (!hint_.empty() && !trial_hud) {
    // The control hints: white, high on the picture, so the action messages and notices at the
    // bottom stay readable and the creature in the middle stays in view.
    style.color = Rgba8{255, 255, 255, 255};
    const int width = list_.width - 8 * style.scale;
    if (width != hint_width_) {
      wrap_lines(hint_, width, style, &hint_lines_);
      hint_width_ = width;
    }
    int hy = 4 * style.scale + legend_lines * line_h + line_h / 2;
    for (const std::string& l : hint_lines_) {
      draw_hud_text_centred(l, hy, style, &list_);
      hy += line_h;
    }
  }
  style.color = Rgba8{200, 220, 255, 255};
  int y = 4 * style.scale;
  if (settings.modern) {
    draw_hud_text("MODERN (F10)", 4 * style.scale, y, style, &list_);
    y += line_h;
  }
  for (int k = 0; k < 9; ++k) {
    if (settings.overlay_mask & (1u << k)) {
      draw_hud_text("F" + std::to_string(k + 1) + " " + overlay_kind_name(1u << k), 4 * style.scale, y, style, &list_);
      y += line_h;
    }
  }
}

std::string View::action_line(const SimState& s, bool* warns) const {
  // The finish screen owns the middle: a button pressed there is not news.
  if (trial_ && trial_->phase == TrialRun::Phase::kFinished) return {};
  return hud_text(s, warns);
}

std::string View::hud_text(const SimState& s, bool* warns) const {
  if (!scene_ || s.creature_count == 0) return {};
  const ActionRegistry& actions = scene_->actions_for ? *scene_->actions_for : game_actions();
  ActionId a = 0;
  int code = 0;
  if (!actions.hud_owner(s.hud, &a, &code)) return {};
  if (warns) *warns = actions[a].hud_warns(code);
  static const PreparedAction kNone;
  const PreparedAction& prepared = a < scene_->actions.size() ? scene_->actions[a] : kNone;
  return actions[a].hud_text(code, s.player(), prepared);
}

}  // namespace cf
