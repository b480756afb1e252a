#pragma once
// What the calling thread itself got of the machine: CPU time it ran and the times the OS took a core from
// it for another thread or process. A slow tick's wall time less its thread's CPU time is time the game
// did not run (waiting for a worker, or descheduled), which no change to the game's code would shorten.
#include <cstdint>

namespace cf {

struct ThreadClock {
  double cpu_s = 0.0;             // CPU time the calling thread has run
  std::int64_t preemptions = 0;   // involuntary context switches of the calling thread
};

ThreadClock read_thread_clock();  // two system calls; zeros where the OS has no per-thread figures

}  // namespace cf
