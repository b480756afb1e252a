#pragma once
// Monotonic wall clock for the display loop. Never read by the simulation.
#include <cstdint>

namespace cf {

class MonotonicClock {
 public:
  MonotonicClock();
  // Seconds since construction; never goes backwards.
  double seconds() const;
  // Seconds since the previous lap() (or construction).
  double lap();

 private:
  std::uint64_t start_;
  std::uint64_t last_;
  double inv_freq_;
};

}  // namespace cf
