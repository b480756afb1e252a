#pragma once
// A trial run as the player sees it: the countdown, the clock, the checkpoints passed in order with
// their split times, the finish. Derived after each tick from the player's step (it reads the states,
// never writes them), so it is not part of the hashed state: the same ticks give the same run. The
// countdown's hold on the player is the simulation's (sim.cpp), from the tick and the level alone.
#include <array>
#include <cstdint>
#include <string>

#include "core/json_util.h"
#include "world/level.h"

namespace cf {

struct SimState;

// A finished run's times, in ticks from GO (1/60 s each).
struct TrialTimes {
  std::uint32_t finish = 0;
  std::uint32_t count = 0;  // checkpoints
  std::array<std::uint32_t, kTrialMaxCheckpoints> splits{};
};

struct TrialRun {
  enum class Phase : std::uint8_t { kNone, kCountdown, kRunning, kFinished };
  Phase phase = Phase::kNone;
  std::uint32_t next = 0;  // the checkpoint to pass next (== checkpoint count: the finish)
  TrialTimes times;        // the splits so far; finish once finished
  // The checkpoint the player went past beside or skipped (-1 none), and the tick it happened.
  std::int32_t missed = -1;
  std::uint64_t missed_tick = 0;
  std::uint64_t split_tick = 0;  // the tick of the last split (it shows for a while)
  bool has_best = false;   // the best run to compare with (before this one)
  TrialTimes best;
  bool new_best = false;   // finished faster than the best (or the first finish)

  // Ticks on the clock at 'tick' (0 during the countdown, frozen at the finish).
  std::uint32_t clock_ticks(std::uint64_t tick) const;
};

// A fresh run on 'trial' (kNone when the level has none), compared with 'best' when given.
TrialRun begin_trial(const Trial& trial, const TrialTimes* best);
// The run after the player's step from prev to cur.
void update_trial(TrialRun* run, const Trial& trial, const SimState& prev, const SimState& cur);

// {"phase": "countdown"|"running"|"finished", "next", "splits": [ticks], "finish", "new_best"} (--print-state).
Json trial_json(const TrialRun& run);

// "m:ss.hh" of a tick count (1/60 s ticks, hundredths rounded down).
std::string format_trial_time(std::uint32_t ticks);
// A split against the best: "+0:01.25" behind, "-0:00.50" ahead (the sign says it, not only colour).
std::string format_trial_delta(std::int64_t ticks_vs_best);

}  // namespace cf
