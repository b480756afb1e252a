#include "core/thread_clock.h"

#include <sys/resource.h>
#include <time.h>

namespace cf {

ThreadClock read_thread_clock() {
  ThreadClock c;
  timespec ts{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0) c.cpu_s = static_cast<double>(ts.tv_sec) + 1e-9 * ts.tv_nsec;
#ifdef RUSAGE_THREAD
  rusage u{};
  if (getrusage(RUSAGE_THREAD, &u) == 0) c.preemptions = u.ru_nivcsw;
#endif
  return c;
}

}  // namespace cf
