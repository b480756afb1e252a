#pragma once
// Fixed-rate simulation clock ("Fix Your Timestep"): the display rate never changes what the
// simulation computes, only how many ticks run per displayed frame.
#include <cstdint>

namespace cf {

struct FixedStepDesc {
  double tick_seconds = 0.0;       // 0 means kTick_s (core/tick.h)
  double max_frame_seconds = 0.0;  // longest frame credited after a hitch; 0 means 0.25 s
};

class FixedStepClock {
 public:
  explicit FixedStepClock(const FixedStepDesc& desc = {});

  // Credits one displayed frame's wall time and returns how many ticks to run now.
  // A frame longer than max_frame_seconds is clamped (no spiral of death).
  int advance(double frame_seconds);

  // Fraction of a tick left in the accumulator, in [0, 1): blend between the previous and the
  // current simulation state when drawing.
  double alpha() const;

  double tick_seconds() const { return tick_; }
  std::uint64_t ticks_run() const { return ticks_; }
  // Wall time dropped by clamping since construction.
  double dropped_seconds() const { return dropped_; }

 private:
  double tick_;
  double max_frame_;
  double accumulator_ = 0.0;
  double dropped_ = 0.0;
  std::uint64_t ticks_ = 0;
};

}  // namespace cf
