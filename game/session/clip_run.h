#pragma once
// A whole session checked for clips, headless: a replay to its end, or a pad script's ticks fed
// straight to the simulation (no SDL: buttons' presses are their rising edges, sticks as scripted).
// Used by `creature-lab clipcheck` and the shipped-content grid test.
#include <cstdint>
#include <vector>

#include "game/session/pad_script.h"
#include "game/session/session.h"

namespace cf {

struct ClipRun {
  std::vector<ClipEvent> events;  // every tick's events, in tick order (up to max_events)
  std::uint64_t ticks = 0;        // ticks run
  std::uint64_t total = 0;        // events seen (events.size() plus what did not fit)
};

// The pad script's frame for 'tick' with 'pressed' set from the previous tick's held buttons.
InputFrame scripted_frame(const PadScript& script, std::uint64_t tick);

// Runs 'ticks' ticks of the session (a replay's input when it plays one back, else the script's,
// else neutral input) and collects the clip events of every tick, the start state's included.
// Stops early when a replay ends or diverges.
ClipRun run_clip_check(Session& session, const PadScript* script, std::uint64_t ticks, std::size_t max_events);

}  // namespace cf
