#pragma once
// What a trial shows over the picture: the countdown (3, 2, 1, GO), the clock (m:ss.hh, its ticks
// underneath), the next checkpoint, each split as it is passed (ahead in green with "-", behind in red
// with "+"), a missed checkpoint, the ghost's line, and the finish screen (time, splits, NEW BEST).
#include <cstdint>
#include <string>

#include "game/play/trial_run.h"
#include "render/command_list.h"
#include "render/frame_settings.h"

namespace cf {

class TrialHud {
 public:
  // Appends the run's HUD at 'tick' to the list (nothing when the run is kNone). ghost_line: "" or
  // the ghost's word (dropped, racing whom).
  void draw(const TrialRun& run, std::uint64_t tick, const std::string& ghost_line, const FrameSettings& settings,
            CommandList* list);

 private:
  std::string line_;  // reused: formatting the HUD allocates nothing once it has grown
};

}  // namespace cf
