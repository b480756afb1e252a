#pragma once
// --print-fps: how fast the game really ran. Keeps each displayed frame's stage times (allocated once,
// up to kMaxFrames) and prints one summary line at exit: frames and ticks per second over the whole run
// and in the steady state a player sees (start-up left out), the ticks the clock had to drop after
// hitches, the median, 95th- and 99th-percentile frame time with each stage's median, and the slowest tick.
#include <cstdint>
#include <string>
#include <vector>

#include "game/play/stage_times.h"

namespace cf {

class FrameRateLog {
 public:
  static constexpr int kMaxFrames = 60 * 60 * 10;  // ten minutes at 60 fps; later frames only count

  FrameRateLog() { frames_.reserve(kMaxFrames); }
  // One displayed frame's times (frame_s is the wall time since the previous frame, when its ticks
  // were decided) and the ticks run so far, this frame's included.
  void add(const StageTimes& t, std::uint64_t ticks_run);
  // The whole run: wall seconds from before the first frame to the end, the ticks run in that time and
  // the ticks the clock dropped (wall time past its longest credited frame, FixedStepClock).
  void finish(double wall_s, std::uint64_t ticks, double dropped_ticks = 0.0) {
    wall_s_ = wall_s;
    ticks_ = ticks;
    dropped_ticks_ = dropped_ticks;
  }
  // The slowest single tick of the run (Session::slowest_tick_s) and the tick it made.
  void set_slowest_tick(double seconds, std::uint64_t tick) {
    slowest_tick_s_ = seconds;
    slowest_tick_ = tick;
  }
  int frames() const { return count_; }
  double fps() const { return wall_s_ > 0.0 ? count_ / wall_s_ : 0.0; }
  double ticks_per_s() const { return wall_s_ > 0.0 ? static_cast<double>(ticks_) / wall_s_ : 0.0; }
  // The steady state: from the second frame's start to the start of the one before the last, so the
  // first frame (shader compiles, first uploads) with the ticks its long lap owed, and the last lap (whose
  // ticks a bounded run cuts off) are outside. 0 with fewer than 4 frames.
  double steady_seconds() const;
  double steady_fps() const;
  double steady_ticks_per_s() const;
  // "fps 61.2 (612 frames in 10.15 s), ticks/s 59.1; steady fps 61.5 ticks/s 60.0 over 9.95 s; ticks
  // dropped 0; frame ms median 16.3 p95 18.0 p99 19.1; slowest tick 2.41 ms (tick 312); median ms: ..."
  std::string summary() const;

 private:
  std::vector<StageTimes> frames_;
  int count_ = 0;
  double lap_sum_ = 0.0;       // wall time from the first frame's start to the last frame's start
  double prev_lap_sum_ = 0.0;  // ... to the start of the frame before the last
  double steady_lap0_ = 0.0;   // lap_sum_ at the second frame's start
  std::uint64_t steady_ticks0_ = 0, prev_ticks_ = 0, last_ticks_ = 0;  // ticks run by those frames' ends
  double wall_s_ = 0.0;
  std::uint64_t ticks_ = 0;
  double dropped_ticks_ = 0.0;
  double slowest_tick_s_ = 0.0;
  std::uint64_t slowest_tick_ = 0;
};

}  // namespace cf
