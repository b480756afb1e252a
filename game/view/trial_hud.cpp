#include "game/view/trial_hud.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include "game/ui/hud.h"
#include "game/ui/hud_font.h"

namespace cf {
namespace {

constexpr Rgba8 kWhite{255, 255, 255, 255}, kGreen{90, 240, 110, 255}, kRed{255, 90, 80, 255},
    kYellow{255, 230, 60, 255}, kGrey{190, 190, 200, 255};
constexpr std::uint64_t kShowTicks = 150;  // a split or a miss shows 2.5 s
constexpr std::uint64_t kGoTicks = 45;

void set(std::string* s, const char* fmt, const std::string& a, const std::string& b = "") {
  char buf[96];
  std::snprintf(buf, sizeof buf, fmt, a.c_str(), b.c_str());
  s->assign(buf);
}

// 'text' centred in at most two lines 'room' wide, in rows the band gives: from the top at 'at' or
// below it, or from the bottom with its first line at 'at' or above it. Left out when they do not fit.
// Allocates only for a text wider than the room.
void centred_lines(const std::string& text, int room, const HudTextStyle& st, bool from_top, int at, HudBand* band,
                   CommandList* list) {
  const int lh = hud_line_height(st);
  int y = 0;
  if (hud_text_width(text, st) <= room) {
    if (from_top ? band->take_top(lh, at, &y) : band->take_bottom(lh, at + lh, &y)) draw_hud_text_centred(text, y, st, list);
    return;
  }
  const std::vector<std::string> lines = wrap_hud_text(text, room, st, 2);
  const int h = static_cast<int>(lines.size()) * lh;
  if (!(from_top ? band->take_top(h, at, &y) : band->take_bottom(h, at + h, &y))) return;
  for (const std::string& l : lines) {
    draw_hud_text_centred(l, y, st, list);
    y += lh;
  }
}

}  // namespace

void TrialHud::draw_top(const TrialRun& run, std::uint64_t tick, const std::string& ghost_line,
                        const FrameSettings& settings, HudBand* band, CommandList* list) {
  if (run.phase == TrialRun::Phase::kNone || list->width <= 0) return;
  const int base = std::max(1, list->height / 240);  // the picture's pixels
  const int s = hud_pixel_scale(*list, settings);    // the words' (the player's text size)
  // The big numbers keep their size at any text size, and are never smaller than the words.
  HudTextStyle small{s, kWhite, true}, big{std::max(2 * base, s), kWhite, true};
  const int line = hud_line_height(small);
  const int margin = 4 * s, room = list->width - 2 * margin;
  const TrialRun::Phase phase = run.phase;

  // The clock, top right, its ticks underneath.
  const std::uint32_t clock = run.clock_ticks(tick);
  line_ = format_trial_time(clock);
  const int clock_x = list->width - margin - hud_text_width(line_, big);
  draw_hud_text(line_, clock_x, margin, big, list);
  char ticks[32];
  std::snprintf(ticks, sizeof ticks, "%u TICKS", clock);
  line_.assign(ticks);
  small.color = kGrey;
  const int ticks_x = list->width - margin - hud_text_width(line_, small);
  draw_hud_text(line_, ticks_x, margin + hud_line_height(big), small, list);
  const int right_x = std::min(clock_x, ticks_x), right_bottom = margin + hud_line_height(big) + line;

  // Which gate is next and the ghost's line, top left: beside the clock where they fit, else under it.
  int y = std::max(margin, band->top);
  const auto left = [&](const std::string& text, Rgba8 color) {
    small.color = color;
    const bool fits = hud_text_width(text, small) <= room;  // cut with "..." only when wider than the picture
    const std::string cut = fits ? std::string() : wrap_hud_text(text, room, small, 1).front();
    const std::string& shown = fits ? text : cut;
    if (y < right_bottom && margin + hud_text_width(shown, small) >= right_x - s) y = right_bottom;
    draw_hud_text(shown, margin, y, small, list);
    y += line;
  };
  char next[48];
  if (run.next < run.times.count) std::snprintf(next, sizeof next, "CHECKPOINT %u/%u", run.next + 1, run.times.count);
  else std::snprintf(next, sizeof next, "%s", phase == TrialRun::Phase::kFinished ? "FINISHED" : "TO THE FINISH");
  line_.assign(next);
  small.color = kWhite;
  if (hud_text_width(line_, small) > room && run.next < run.times.count)  // the number is what matters
    line_ = "CP " + std::to_string(run.next + 1) + "/" + std::to_string(run.times.count);
  left(line_, kWhite);
  if (!ghost_line.empty()) left(ghost_line, kGrey);
  band->top = std::max(band->top, std::max(y, right_bottom) + s);
}

void TrialHud::draw_middle(const TrialRun& run, std::uint64_t tick, const FrameSettings& settings, HudBand* band,
                           CommandList* list) {
  if (run.phase == TrialRun::Phase::kNone || list->width <= 0) return;
  const int base = std::max(1, list->height / 240);
  const int s = hud_pixel_scale(*list, settings);
  HudTextStyle small{s, kWhite, true}, big{std::max(2 * base, s), kWhite, true}, huge{std::max(5 * base, s), kYellow, true};
  const int line = hud_line_height(small);
  const int room = list->width - 8 * s;
  const TrialRun::Phase phase = run.phase;

  // The countdown, then GO for a moment: under the clock, above the creature, smaller when there is no room.
  const bool counting = tick < kTrialCountdownTicks;
  if (counting || (tick < kTrialCountdownTicks + kGoTicks && phase == TrialRun::Phase::kRunning)) {
    const int at = std::max(list->height / 8, band->top);
    const auto needed = [&] { return hud_line_height(huge) + (counting ? 2 * line : 0); };
    while (huge.scale > s && at + needed() > band->bottom) --huge.scale;
    int cy = 0;
    if (band->take_top(needed(), at, &cy)) {
      if (counting) {
        const unsigned left_s = (kTrialCountdownTicks - static_cast<unsigned>(tick) + 59) / 60;
        line_.assign(1, static_cast<char>('0' + left_s));
        draw_hud_text_centred(line_, cy, huge, list);
        small.color = kWhite;
        draw_hud_text_centred("GET READY", cy + hud_line_height(huge) + line, small, list);
      } else {
        huge.color = kGreen;
        draw_hud_text_centred("GO!", cy, huge, list);
      }
    }
  }

  // The last split, for a while: its time, and against the best with a sign and a colour.
  if (phase == TrialRun::Phase::kRunning && run.next > 0 && tick < run.split_tick + kShowTicks) {
    const std::uint32_t k = run.next - 1;
    char head[32];
    std::snprintf(head, sizeof head, "CHECKPOINT %u  ", k + 1);
    const std::string time = format_trial_time(run.times.splits[k]);
    Rgba8 color = kWhite;
    if (run.has_best) {
      const std::int64_t d = std::int64_t(run.times.splits[k]) - std::int64_t(run.best.splits[k]);
      set(&line_, "%s%s", std::string(head) + time + "  ", format_trial_delta(d));
      color = d <= 0 ? kGreen : kRed;
    } else {
      set(&line_, "%s%s", head, time);
    }
    HudTextStyle st = big;
    if (hud_text_width(line_, st) > room) st.scale = s;  // fits the picture's width
    if (hud_text_width(line_, st) > room) line_.erase(0, std::strlen(head));  // the time and the delta matter most
    st.color = color;
    centred_lines(line_, room, st, true, std::max(list->height / 5, band->top), band, list);
  }
  if (run.missed >= 0 && tick < run.missed_tick + kShowTicks) {
    char miss[80];
    std::snprintf(miss, sizeof miss, "%c MISSED CHECKPOINT %d: GO BACK THROUGH IT", kHudWarning, run.missed + 1);
    small.color = kYellow;
    line_.assign(miss);
    centred_lines(line_, room, small, false, list->height * 2 / 3, band, list);
  }
  if (phase == TrialRun::Phase::kFinished) draw_finish(run, small, big, base, band, list);
}

void TrialHud::draw_finish(const TrialRun& run, HudTextStyle small, HudTextStyle big, int base, HudBand* band,
                           CommandList* list) {
  const int line = hud_line_height(small), room = list->width - 8 * small.scale;
  HudTextStyle time = big;
  time.scale = std::max(3 * base, small.scale);
  // From the full screen down to what fits under the clock: the big words smaller, then without the
  // splits, then without the ticks.
  const int top = std::max(list->height / 4, band->top);
  bool splits = true, tick_row = true;
  // A split's line: "CHECKPOINT 1  0:20.56  -0:01.10", or without its name when that is too wide.
  const auto split_line = [&](std::uint32_t k, bool with_name, Rgba8* color) {
    const bool fin = k == run.times.count;
    const std::uint32_t t = fin ? run.times.finish : run.times.splits[k];
    char head[32];
    if (!with_name) head[0] = '\0';
    else if (fin) std::snprintf(head, sizeof head, "FINISH        ");
    else std::snprintf(head, sizeof head, "CHECKPOINT %u  ", k + 1);
    *color = kWhite;
    if (run.has_best) {
      const std::int64_t d = std::int64_t(t) - std::int64_t(fin ? run.best.finish : run.best.splits[k]);
      set(&line_, "%s%s", std::string(head) + format_trial_time(t) + "  ", format_trial_delta(d));
      *color = d <= 0 ? kGreen : kRed;
    } else {
      set(&line_, "%s%s", head, format_trial_time(t));
    }
  };
  Rgba8 color = kWhite;
  bool named = true;
  for (std::uint32_t k = 0; k <= run.times.count; ++k) {
    split_line(k, true, &color);
    named = named && hud_text_width(line_, small) <= room;
  }
  bool fits_wide = true;
  for (std::uint32_t k = 0; k <= run.times.count && !named; ++k) {
    split_line(k, false, &color);
    fits_wide = fits_wide && hud_text_width(line_, small) <= room;
  }
  splits = fits_wide;
  const auto height = [&] {
    int h = hud_line_height(big) + line / 2 + hud_line_height(time) + (tick_row ? line : 0) + line / 2;
    if (splits) h += static_cast<int>(run.times.count + 1) * line + line / 2;
    return h + hud_line_height(big) + (run.new_best && !run.has_best ? line : 0);
  };
  for (int step = 0; top + height() > band->bottom && step < 6; ++step) {
    if (big.scale > small.scale) --big.scale;
    else if (time.scale > small.scale) --time.scale;
    else if (splits) splits = false;
    else tick_row = false;
  }
  int y = 0;
  if (!band->take_top(height(), top, &y)) return;
  big.color = kWhite;
  draw_hud_text_centred("FINISH", y, big, list);
  y += hud_line_height(big) + line / 2;
  line_ = format_trial_time(run.times.finish);
  time.color = run.new_best ? kGreen : kWhite;
  draw_hud_text_centred(line_, y, time, list);
  y += hud_line_height(time);
  if (tick_row) {
    char ticks[32];
    std::snprintf(ticks, sizeof ticks, "%u TICKS", run.times.finish);
    small.color = kGrey;
    draw_hud_text_centred(ticks, y, small, list);
    y += line;
  }
  y += line / 2;
  if (splits) {
    for (std::uint32_t k = 0; k <= run.times.count; ++k) {
      split_line(k, named, &color);
      small.color = color;
      draw_hud_text_centred(line_, y, small, list);
      y += line;
    }
    y += line / 2;
  }
  if (run.new_best) {
    big.color = kGreen;
    draw_hud_text_centred("NEW BEST!", y, big, list);
    if (!run.has_best) {  // under it, small: big, the line ran from edge to edge
      small.color = kGreen;
      draw_hud_text_centred("(FIRST FINISH)", y + hud_line_height(big), small, list);
    }
  } else {
    small.color = kGrey;
    line_ = "BEST " + format_trial_time(run.best.finish);
    draw_hud_text_centred(line_, y, small, list);
  }
}

}  // namespace cf
