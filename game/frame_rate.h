#pragma once
// --print-fps: how fast the game really ran. Keeps each displayed frame's stage times (allocated once,
// up to kMaxFrames) and prints one summary line at exit: frames per second, ticks per second, and the
// median and 95th-percentile frame time with each stage's median.
#include <cstdint>
#include <string>
#include <vector>

#include "game/stage_times.h"

namespace cf {

class FrameRateLog {
 public:
  static constexpr int kMaxFrames = 60 * 60 * 10;  // ten minutes at 60 fps; later frames only count

  FrameRateLog() { frames_.reserve(kMaxFrames); }
  // One displayed frame's times (frame_s is the time since the previous frame).
  void add(const StageTimes& t);
  // The whole run: wall seconds from the first frame to the last and the ticks run in that time.
  void finish(double wall_s, std::uint64_t ticks) {
    wall_s_ = wall_s;
    ticks_ = ticks;
  }
  int frames() const { return count_; }
  double fps() const { return wall_s_ > 0.0 ? count_ / wall_s_ : 0.0; }
  double ticks_per_s() const { return wall_s_ > 0.0 ? static_cast<double>(ticks_) / wall_s_ : 0.0; }
  // "fps 61.2 (612 frames in 10.00 s), ticks/s 60.0, frame ms median 16.3 p95 18.0; median ms: ..."
  std::string summary() const;

 private:
  std::vector<StageTimes> frames_;
  int count_ = 0;
  double wall_s_ = 0.0;
  std::uint64_t ticks_ = 0;
};

}  // namespace cf
