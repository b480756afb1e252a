#include "platform/clock.h"

#include <SDL.h>

namespace cf {

MonotonicClock::MonotonicClock()
    : start_(SDL_GetPerformanceCounter()),
      last_(start_),
      inv_freq_(1.0 / static_cast<double>(SDL_GetPerformanceFrequency())) {}

double MonotonicClock::seconds() const {
  return static_cast<double>(SDL_GetPerformanceCounter() - start_) * inv_freq_;
}

double MonotonicClock::lap() {
  const std::uint64_t now = SDL_GetPerformanceCounter();
  const double dt = static_cast<double>(now - last_) * inv_freq_;
  last_ = now;
  return dt;
}

}  // namespace cf
