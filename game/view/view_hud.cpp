// The view's words over the picture: the player's HUD message, the banner, the notice, the legend.
#include <algorithm>

#include "game/ui/hud.h"
#include "game/ui/hud_font.h"
#include "game/session/motion_menu.h"
#include "game/view/view.h"

namespace cf {

// Text with '\n' between blocks, each wrapped to 'width' pixels (a word wider than that broken where it
// must), into *out; *block_ends gets the index one past each block's last line.
// items: each ", "-separated item of a block is a block of its own (the hints a page at a time).
static void wrap_blocks(const std::string& text, int width, const HudTextStyle& style, std::vector<std::string>* out,
                        std::vector<int>* block_ends = nullptr, bool items = false) {
  out->clear();
  if (block_ends) block_ends->clear();
  for (std::size_t a = 0; a <= text.size();) {
    const std::size_t b = std::min(text.find('\n', a), text.size());
    for (std::size_t i = a;;) {
      const std::size_t end = items ? std::min(text.find(", ", i), b) : b;
      for (std::string& l : wrap_hud_text(text.substr(i, end - i), width, style, 0))
        if (!l.empty()) out->push_back(l);
      if (block_ends && (items || end == b)) block_ends->push_back(static_cast<int>(out->size()));
      if (end >= b) break;
      i = end + 2;
    }
    a = b + 1;
  }
}

// 'text' without its figures: "Can't vault: not enough room between the walls: 1.280 m, needs 1.283 m" gives
// "Can't vault: not enough room between the walls" (a last clause with a digit in it dropped).
static std::string without_figures(const std::string& text) {
  const std::size_t colon = text.rfind(": ");
  if (colon == std::string::npos) return text;
  const bool figures = std::any_of(text.begin() + static_cast<std::ptrdiff_t>(colon), text.end(),
                                   [](char c) { return c >= '0' && c <= '9'; });
  return figures ? text.substr(0, colon) : text;
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
// hidden above or below; labels wider than the screen end in "..". The keys (as the player mapped them)
// at the bottom. Everything stays inside the rows of the picture the HUD band leaves.
namespace {
const char* const kTestDriveTitle = "TEST DRIVE";
}  // namespace

void View::add_motion_menu(HudTextStyle style, HudBand* band) {
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
  const int x = 8 * style.scale, y0 = std::max(list_.height / 8, band->top + style.scale);
  const int room_w = std::max(1, list_.width - 2 * x);
  // The keys on one line, or on two when the text is large.
  const bool one_line = hud_text_width(menu_keys_[2], style) <= room_w;
  int footer = one_line ? 1 : 2;
  // Rows down to what the bottom of the picture shows (the action line, a notice).
  const int room_rows = std::max(1, std::min((list_.height * 3 / 4) / line_h - 1, (band->bottom - y0 - line_h / 2) / line_h) - footer);
  // The Test drive's title, kept above the rows while they keep three or more (large text: the motions first).
  const int title = menu_->drive() && room_rows >= 4 ? 1 : 0;
  // At larger text (or fewer rows) the Test drive shrinks to one line at the top, the cursor's motion with
  // its group, so the body it plays stays in sight; the keys are those of the motion menu.
  const int text_size = style.scale / std::max(1, list_.height / 240);  // the player's text size, 1-3
  const bool compact = menu_->drive() && (room_rows < 4 || text_size >= 2);
  if (compact) footer = 0;
  const int fit = compact ? 1 : room_rows - title;
  const int rows = std::min(total, fit);
  const int first = std::clamp(cursor_row - rows / 2, 0, std::max(0, total - rows));
  const int pad = 3 * style.scale;
  const int mark = 3 * style.scale;  // the scroll triangles' half width
  int widest = std::max(hud_text_width(one_line ? menu_keys_[2] : menu_keys_[0], style),
                        one_line ? 0 : hud_text_width(menu_keys_[1], style));
  for (const auto& e : entries) widest = std::max(widest, hud_text_width("> " + e.label, style) + 3 * mark);
  for (const auto& g : groups) widest = std::max(widest, hud_text_width(g, style) + 3 * mark);
  if (menu_->drive()) widest = std::max(widest, hud_text_width(kTestDriveTitle, style) + 3 * mark);
  widest = std::min(widest, room_w);
  const int y_end = std::min(list_.height, y0 + (title + rows + footer) * line_h + line_h / 2 + pad);
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
  if (title) {
    style.color = Rgba8{255, 230, 60, 255};
    draw_hud_text(fit_text(kTestDriveTitle, text_w, style), x, y, style, &list_);
    y += line_h;
  }
  const int list_y0 = y;
  for (int r = first; r < first + rows; ++r) {
    int what = rows_of[static_cast<std::size_t>(r)];
    // The window's first row names the group its motions belong to, even when its header is above.
    if (r == first && what >= 0 && r > 0 && what != menu_->cursor()) what = -1 - entries[static_cast<std::size_t>(what)].group;
    if (compact) {
      const auto& e = entries[static_cast<std::size_t>(menu_->cursor())];
      style.color = Rgba8{255, 230, 60, 255};
      draw_hud_text(fit_text("> " + group_name(e.group) + " " + e.label, text_w, style), x, y, style, &list_);
    } else if (what < 0) {
      style.color = Rgba8{255, 255, 255, 255};
      draw_hud_text(fit_text(group_name(-1 - what), text_w, style), x, y, style, &list_);
    } else {
      const bool at = what == menu_->cursor();
      const bool chosen = what == menu_->chosen();  // the Test drive's motion playing (or played last)
      style.color = at ? Rgba8{255, 230, 60, 255} : chosen ? Rgba8{120, 255, 140, 255} : Rgba8{200, 220, 255, 255};
      draw_hud_text(fit_text((at ? "> " : chosen ? "* " : "  ") + entries[static_cast<std::size_t>(what)].label, text_w, style),
                    x, y, style, &list_);
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
  if (first > 0) triangle(list_y0 + (line_h - mark) / 2, true);
  if (first + rows < total) triangle(list_y0 + (rows - 1) * line_h + (line_h - mark) / 2, false);
  style.color = Rgba8{200, 200, 200, 255};
  if (footer == 0) return;
  if (one_line) {
    draw_hud_text(menu_keys_[2], x, y + line_h / 2, style, &list_);
  } else {
    draw_hud_text(menu_keys_[0], x, y + line_h / 2, style, &list_);
    draw_hud_text(menu_keys_[1], x, y + line_h / 2 + line_h, style, &list_);
  }
}

void View::add_hud(const SimState& draw, const FrameSettings& settings) {
  if (list_.width <= 0) return;
  HudTextStyle style;
  style.scale = hud_pixel_scale(list_, settings);
  const int line_h = hud_line_height(style);
  const int width = list_.width - 8 * style.scale;  // a margin of 4 font pixels each side
  // The picture's rows are handed out by priority: the legend and the trial's clock at the top, the
  // notice and the action line at the bottom, then what fits between (hints, banner, motion menu).
  HudBand band{0, list_.height};
  // Legend of what is switched on (F1..F9 overlays, F10 modern), top left.
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
  band.top = y > 4 * style.scale ? y : 0;
  if (trial_) trial_hud_.draw_top(*trial_, draw.tick, ghost_line_, settings, &band, &list_);
  if (!befriend_.empty() && !(menu_ && menu_->open())) {
    // "FRIENDS 3/12" top right; a challenge's lines centred under the top rows (white; the motion to
    // play now marked '>', the ones answered '+').
    if (befriend_width_ != width * 16 + style.scale) {  // wrapped again only when it or the text size changes
      befriend_width_ = width * 16 + style.scale;
      std::size_t at = befriend_.find('\n');
      befriend_friends_ = befriend_.substr(0, at);
      befriend_lines_.clear();
      while (at != std::string::npos) {
        const std::size_t next = befriend_.find('\n', at + 1);
        const std::string line = befriend_.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
        for (std::string& l : wrap_hud_text(line, width, style, 2)) befriend_lines_.push_back(std::move(l));
        at = next;
      }
    }
    style.color = Rgba8{255, 200, 220, 255};
    draw_hud_text(befriend_friends_, list_.width - 4 * style.scale - hud_text_width(befriend_friends_, style), 4 * style.scale,
                  style, &list_);
    band.top = std::max(band.top, 4 * style.scale + line_h);
    style.color = Rgba8{255, 255, 255, 255};
    for (const std::string& l : befriend_lines_) {
      int ly = 0;
      if (band.take_top(line_h, band.top, &ly)) draw_hud_text_centred(l, ly, style, &list_);
    }
  }
  if (!notice_.empty() && notice_fade_ > 0.0f) {
    // Lines separated by '\n', each word-wrapped, ending a line above the bottom edge (a little at large text).
    const auto dim = [&](int c) { return static_cast<std::uint8_t>(static_cast<float>(c) * std::min(notice_fade_, 1.0f)); };
    style.color = Rgba8{dim(255), dim(120), dim(90), 255};
    if (notice_dirty_ || width != notice_width_) {  // wrapped again only when it changes
      wrap_blocks(notice_, width, style, &notice_lines_);
      notice_dirty_ = false;
      notice_width_ = width;
    }
    const int gap = style.scale > 1 ? 2 * style.scale : line_h;
    int ny = 0;
    // At most three lines (the newest, the last), fewer when the picture has no room.
    int n = std::min(3, static_cast<int>(notice_lines_.size()));
    while (n > 0 && !band.take_bottom(n * line_h, list_.height - gap, &ny)) --n;
    for (std::size_t i = notice_lines_.size() - static_cast<std::size_t>(n); i < notice_lines_.size(); ++i) {
      draw_hud_text_centred(notice_lines_[i], ny, style, &list_);
      ny += line_h;
    }
  }
  // A warning (a refused action) carries the sign beside its yellow; a message saying what plays
  // (an emote's variant) is pale blue, without it. Five sixths down (below the feet of a creature the
  // camera frames near), or above the notice.
  bool warns = true;
  std::string msg = action_line(draw, &warns);
  if (!msg.empty() && warns) msg = std::string(1, kHudWarning) + " " + msg;
  if (!msg.empty()) {
    style.color = warns ? Rgba8{255, 230, 60, 255} : Rgba8{200, 230, 255, 255};
    // Two lines, or with large text as many as the reason needs (up to four, room allowing); a reason
    // longer than two lines is said without its figures (the debug panel keeps them). Cut only as a last resort.
    std::vector<std::string> lines = wrap_hud_text(msg, width, style, 0);
    if (lines.size() > 2) lines = wrap_hud_text(without_figures(msg), width, style, 0);
    int n = std::min(static_cast<int>(lines.size()), 4);
    int ay = 0;
    while (n > 0 && !band.take_bottom(n * line_h, std::max(list_.height * 5 / 6 + n * line_h, band.top + n * line_h), &ay)) --n;
    if (n < static_cast<int>(lines.size())) lines = wrap_hud_text(without_figures(msg), width, style, n);
    for (int i = 0; i < n && i < static_cast<int>(lines.size()); ++i) {
      draw_hud_text_centred(lines[static_cast<std::size_t>(i)], ay, style, &list_);
      ay += line_h;
    }
  }
  const bool menu_open = menu_ && menu_->open();
  if (msg.empty() && !prompt_.empty() && !menu_open) {  // green: what a button does here
    style.color = Rgba8{150, 255, 150, 255};
    int py = 0;
    if (band.take_bottom(line_h, std::max(list_.height * 5 / 6 + line_h, band.top + line_h), &py))
      draw_hud_text_centred(prompt_, py, style, &list_);
  }
  if (trial_) trial_hud_.draw_middle(*trial_, draw.tick, settings, &band, &list_);
  // A trial's countdown, clock and splits own the top of the picture: the hints wait for free roam;
  // the motion menu has its own keys.
  const bool trial_hud = trial_ && trial_->phase != TrialRun::Phase::kNone;
  // The rows the hints and the banner take at the top: the next frame's picture moves down below them.
  const int top_before = band.top;
  if (!hint_.empty() && !trial_hud && !menu_open) add_hints(draw.tick, style, &band);
  if (!banner_.empty() && !menu_open) {  // the motion menu's B closes it, whatever the banner says
    style.color = Rgba8{255, 255, 255, 255};
    const int left = static_cast<int>(banner_left_ * static_cast<float>(list_.width));
    const int room = list_.width - left - 8 * style.scale;
    const std::vector<std::string> lines =  // a banner that fits is drawn as it is, without a copy
        hud_text_width(banner_, style) <= room ? std::vector<std::string>{} : wrap_hud_text(banner_, room, style, 2);
    const std::string* first = lines.empty() ? &banner_ : nullptr;
    int by = 0;
    const int n = first ? 1 : static_cast<int>(lines.size());
    if (band.take_top(n * line_h, band.top + line_h / 2, &by)) {
      for (int i = 0; i < n; ++i, by += line_h) {
        const std::string& l = first ? *first : lines[static_cast<std::size_t>(i)];
        draw_hud_text(l, left + (list_.width - left - hud_text_width(l, style)) / 2, by, style, &list_);
      }
    }
  }
  text_over_share_ = band.top > top_before && list_.height > 0
                         ? static_cast<float>(band.top + line_h / 2) / static_cast<float>(list_.height)
                         : 0.0f;
  add_motion_menu(style, &band);
}

void View::add_hints(std::uint64_t tick, HudTextStyle style, HudBand* band) {
  // The control hints: white, high on the picture, in at most a third of it so the creature stays in
  // view. When they do not fit they come a page at a time (kHintPageTicks each), the line that says
  // how to hide them always under them.
  constexpr std::uint64_t kHintPageTicks = 150;
  const int line_h = hud_line_height(style);
  const int width = list_.width - 8 * style.scale;
  const int first_y = std::max(band->top + line_h / 2, 4 * style.scale + line_h / 2);
  const int rows = std::min(std::max(4, list_.height / 3 / line_h), (band->bottom - first_y) / line_h);
  if (width != hint_width_) {
    wrap_blocks(hint_, width, style, &hint_lines_, &hint_blocks_);
    hint_width_ = width;
    hint_items_ = false;
  }
  if (hint_lines_.empty() || hint_blocks_.empty()) return;
  if (static_cast<int>(hint_lines_.size()) > rows && !hint_items_) {  // pages: one item a line where it can
    wrap_blocks(hint_, width, style, &hint_lines_, &hint_blocks_, true);
    hint_items_ = true;
  }
  const int total = static_cast<int>(hint_lines_.size());
  const int pinned = hint_blocks_.size() > 1 ? total - hint_blocks_[hint_blocks_.size() - 2] : 0;  // the last block
  int from = 0, to = total - pinned;  // the lines of this page (before the pinned ones)
  if (total > rows && rows > pinned) {
    // Pages of whole blocks (a block taller than a page is cut), cycled by the tick.
    const int room = rows - pinned, body = total - pinned;
    int page_start[33] = {};
    int pages = 0, start = 0;
    std::size_t b = 0;  // the next block end to consider
    while (start < body && pages < 32) {
      page_start[pages++] = start;
      int end = start;
      while (b < hint_blocks_.size() && hint_blocks_[b] <= body && hint_blocks_[b] - start <= room) end = hint_blocks_[b++];
      if (end == start) end = std::min(start + room, body);
      while (b < hint_blocks_.size() && hint_blocks_[b] <= end) ++b;
      start = end;
    }
    page_start[pages] = start;
    const int p = static_cast<int>((tick / kHintPageTicks) % static_cast<std::uint64_t>(std::max(1, pages)));
    from = page_start[p];
    to = page_start[p + 1];
  } else if (total > rows) {
    from = 0, to = 0;  // room for the pinned line alone
  }
  const int shown = to - from + std::min(pinned, rows);
  int hy = 0;
  if (shown <= 0 || !band->take_top(shown * line_h, first_y, &hy)) return;
  style.color = Rgba8{255, 255, 255, 255};
  for (int i = from; i < to; ++i, hy += line_h) draw_hud_text_centred(hint_lines_[static_cast<std::size_t>(i)], hy, style, &list_);
  for (int i = total - std::min(pinned, rows); i < total; ++i, hy += line_h)
    draw_hud_text_centred(hint_lines_[static_cast<std::size_t>(i)], hy, style, &list_);
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
