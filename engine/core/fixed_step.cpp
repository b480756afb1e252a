#include "core/fixed_step.h"

#include <cmath>

#include "core/tick.h"

namespace cf {

FixedStepClock::FixedStepClock(const FixedStepDesc& desc)
    : tick_(desc.tick_seconds > 0.0 ? desc.tick_seconds : kTick_s),
      max_frame_(desc.max_frame_seconds > 0.0 ? desc.max_frame_seconds : 0.25) {}

int FixedStepClock::advance(double frame_seconds) {
  if (!std::isfinite(frame_seconds) || frame_seconds < 0.0) frame_seconds = 0.0;
  if (frame_seconds > max_frame_) {
    dropped_ += frame_seconds - max_frame_;
    frame_seconds = max_frame_;
  }
  accumulator_ += frame_seconds;
  int n = 0;
  // Small epsilon so that e.g. 1/60 credited exactly yields one tick despite rounding.
  const double eps = tick_ * 1e-9;
  while (accumulator_ + eps >= tick_) {
    accumulator_ -= tick_;
    ++n;
  }
  if (accumulator_ < 0.0) accumulator_ = 0.0;
  ticks_ += static_cast<std::uint64_t>(n);
  return n;
}

double FixedStepClock::alpha() const {
  double a = accumulator_ / tick_;
  return a < 0.0 ? 0.0 : (a >= 1.0 ? 0.999999 : a);
}

}  // namespace cf
