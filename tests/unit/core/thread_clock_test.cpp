#include "core/thread_clock.h"

#include <chrono>
#include <thread>

#include <gtest/gtest.h>

namespace cf {
namespace {

double wall_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// A busy loop runs on the thread's clock; a sleep does not (its wall time is off the CPU).
TEST(ThreadClock, CountsTheThreadsOwnRunningNotItsSleep) {
  const ThreadClock a = read_thread_clock();
  const double w0 = wall_s();
  volatile double x = 1.0;
  while (wall_s() - w0 < 0.05) x = x * 1.0000001 + 1e-9;
  const ThreadClock b = read_thread_clock();
  EXPECT_GT(b.cpu_s - a.cpu_s, 0.005);  // ran at least a tenth of the 50 ms even on a loaded machine
  EXPECT_LE(b.cpu_s - a.cpu_s, wall_s() - w0 + 0.005);
  EXPECT_GE(b.preemptions, a.preemptions);
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  const ThreadClock c = read_thread_clock();
  EXPECT_LT(c.cpu_s - b.cpu_s, 0.03);  // slept 60 ms
}

// Another thread's work is not the caller's.
TEST(ThreadClock, IsPerThread) {
  const ThreadClock a = read_thread_clock();
  std::thread t([] {
    const double w0 = wall_s();
    volatile double x = 1.0;
    while (wall_s() - w0 < 0.08) x = x * 1.0000001 + 1e-9;
  });
  t.join();  // the caller sleeps in join
  const ThreadClock b = read_thread_clock();
  EXPECT_LT(b.cpu_s - a.cpu_s, 0.04);
}

}  // namespace
}  // namespace cf
