#pragma once
// What a trial shows over the picture: the countdown (3, 2, 1, GO), the clock (m:ss.hh, its ticks
// underneath), the next checkpoint, each split as it is passed (ahead in green with "-", behind in red
// with "+"), a missed checkpoint, the ghost's line, and the finish screen (time, splits, NEW BEST).
#include <cstdint>
#include <string>

#include "game/play/trial_run.h"
#include "game/ui/hud.h"
#include "render/command_list.h"
#include "render/frame_settings.h"

namespace cf {

class TrialHud {
 public:
  // Appends the run's HUD at 'tick' to the list (nothing when the run is kNone) in the rows the band
  // leaves free: first the top (the clock, the next checkpoint, ghost_line: "" or the ghost's word),
  // then, after the bottom's lines took theirs, the middle (countdown, split, missed checkpoint, the
  // finish screen), each drawn smaller or left out when it does not fit.
  void draw_top(const TrialRun& run, std::uint64_t tick, const std::string& ghost_line, const FrameSettings& settings,
                HudBand* band, CommandList* list);
  void draw_middle(const TrialRun& run, std::uint64_t tick, const FrameSettings& settings, HudBand* band,
                   CommandList* list);

 private:
  // The finish screen: the time, the splits, NEW BEST, under the clock and as large as fits.
  void draw_finish(const TrialRun& run, HudTextStyle small, HudTextStyle big, int base, HudBand* band, CommandList* list);
  std::string line_;  // reused: formatting the HUD allocates nothing once it has grown
};

}  // namespace cf
