#include "game/view/trial_hud.h"

#include <cstdio>

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

}  // namespace

void TrialHud::draw(const TrialRun& run, std::uint64_t tick, const std::string& ghost_line,
                    const FrameSettings& settings, CommandList* list) {
  if (run.phase == TrialRun::Phase::kNone || list->width <= 0) return;
  const int s = hud_pixel_scale(*list, settings);
  HudTextStyle small{s, kWhite, true}, big{2 * s, kWhite, true}, huge{5 * s, kYellow, true};
  const int line = hud_line_height(small);
  const int margin = 4 * s;
  const TrialRun::Phase phase = run.phase;

  // The countdown, then GO for a moment.
  if (tick < kTrialCountdownTicks) {
    const unsigned left = (kTrialCountdownTicks - static_cast<unsigned>(tick) + 59) / 60;
    line_.assign(1, static_cast<char>('0' + left));
    // Above the creature, not over it.
    draw_hud_text_centred(line_, list->height / 8, huge, list);
    draw_hud_text_centred("GET READY", list->height / 8 + hud_line_height(huge) + line, small, list);
  } else if (tick < kTrialCountdownTicks + kGoTicks && phase == TrialRun::Phase::kRunning) {
    huge.color = kGreen;
    draw_hud_text_centred("GO!", list->height / 8, huge, list);
  }

  // The clock, top right, its ticks underneath.
  const std::uint32_t clock = run.clock_ticks(tick);
  line_ = format_trial_time(clock);
  draw_hud_text(line_, list->width - margin - hud_text_width(line_, big), margin, big, list);
  char ticks[32];
  std::snprintf(ticks, sizeof ticks, "%u TICKS", clock);
  line_.assign(ticks);
  small.color = kGrey;
  draw_hud_text(line_, list->width - margin - hud_text_width(line_, small), margin + hud_line_height(big), small, list);

  // Which gate is next, top left.
  char next[48];
  if (run.next < run.times.count) std::snprintf(next, sizeof next, "CHECKPOINT %u/%u", run.next + 1, run.times.count);
  else std::snprintf(next, sizeof next, "%s", phase == TrialRun::Phase::kFinished ? "FINISHED" : "TO THE FINISH");
  line_.assign(next);
  small.color = kWhite;
  draw_hud_text(line_, margin, margin, small, list);
  if (!ghost_line.empty()) {
    small.color = kGrey;
    draw_hud_text(ghost_line, margin, margin + line, small, list);
  }

  // The last split, for a while: its time, and against the best with a sign and a colour.
  if (phase == TrialRun::Phase::kRunning && run.next > 0 && tick < run.split_tick + kShowTicks) {
    const std::uint32_t k = run.next - 1;
    char head[32];
    std::snprintf(head, sizeof head, "CHECKPOINT %u  ", k + 1);
    const std::string time = format_trial_time(run.times.splits[k]);
    if (run.has_best) {
      const std::int64_t d = std::int64_t(run.times.splits[k]) - std::int64_t(run.best.splits[k]);
      set(&line_, "%s%s", std::string(head) + time + "  ", format_trial_delta(d));
      big.color = d <= 0 ? kGreen : kRed;
    } else {
      set(&line_, "%s%s", head, time);
      big.color = kWhite;
    }
    if (hud_text_width(line_, big) > list->width - 2 * margin) big.scale = s;  // fits the picture's width
    draw_hud_text_centred(line_, list->height / 5, big, list);
    big.scale = 2 * s;
  }
  if (run.missed >= 0 && tick < run.missed_tick + kShowTicks) {
    char miss[80];
    std::snprintf(miss, sizeof miss, "%c MISSED CHECKPOINT %d: GO BACK THROUGH IT", kHudWarning, run.missed + 1);
    line_.assign(miss);
    small.color = kYellow;
    draw_hud_text_centred(line_, list->height * 2 / 3, small, list);
  }

  // The finish screen.
  if (phase != TrialRun::Phase::kFinished) return;
  int y = list->height / 4;
  big.color = kWhite;
  draw_hud_text_centred("FINISH", y, big, list);
  y += hud_line_height(big) + line / 2;
  line_ = format_trial_time(run.times.finish);
  huge.color = run.new_best ? kGreen : kWhite;
  huge.scale = 3 * s;
  draw_hud_text_centred(line_, y, huge, list);
  y += hud_line_height(huge);
  std::snprintf(ticks, sizeof ticks, "%u TICKS", run.times.finish);
  line_.assign(ticks);
  small.color = kGrey;
  draw_hud_text_centred(line_, y, small, list);
  y += line + line / 2;
  for (std::uint32_t k = 0; k <= run.times.count; ++k) {
    const bool fin = k == run.times.count;
    const std::uint32_t t = fin ? run.times.finish : run.times.splits[k];
    char head[32];
    if (fin) std::snprintf(head, sizeof head, "FINISH        ");
    else std::snprintf(head, sizeof head, "CHECKPOINT %u  ", k + 1);
    small.color = kWhite;
    if (run.has_best) {
      const std::int64_t d = std::int64_t(t) - std::int64_t(fin ? run.best.finish : run.best.splits[k]);
      set(&line_, "%s%s", std::string(head) + format_trial_time(t) + "  ", format_trial_delta(d));
      small.color = d <= 0 ? kGreen : kRed;
    } else {
      set(&line_, "%s%s", head, format_trial_time(t));
    }
    draw_hud_text_centred(line_, y, small, list);
    y += line;
  }
  y += line / 2;
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
