#include "core/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace cf {
namespace {

TEST(WorkerPool, RunsEveryIndexOnceWithAnyThreadCount) {
  for (int threads : {1, 2, 3}) {
    WorkerPool pool(threads);
    EXPECT_EQ(pool.threads(), threads);
    for (int count : {0, 1, 2, 7, 1000}) {
      std::vector<int> hits(static_cast<std::size_t>(count), 0);
      pool.for_each(count, [&](int i) { ++hits[static_cast<std::size_t>(i)]; });
      for (int h : hits) EXPECT_EQ(h, 1) << threads << " threads, " << count << " items";
    }
  }
}

TEST(WorkerPool, UsesTheOtherThreadAndManyJobsInARowFinish) {
  WorkerPool pool(2);
  std::atomic<int> total{0};
  for (int job = 0; job < 2000; ++job) pool.for_each(4, [&](int i) { total += i; });
  EXPECT_EQ(total.load(), 2000 * 6);
}

// A worker held back before it may join a job (as the OS may hold it): released by the test, or after
// a long timeout so that a pool which waits for it still ends the test.
struct Gate {
  std::mutex m;
  std::condition_variable cv;
  bool holding = true;
  bool timed_out = false;
  static void hold(void* self) {
    Gate& g = *static_cast<Gate*>(self);
    std::unique_lock<std::mutex> lock(g.m);
    if (!g.cv.wait_for(lock, std::chrono::seconds(10), [&] { return !g.holding; })) g.timed_out = true;
  }
  void release() {
    std::lock_guard<std::mutex> lock(m);
    holding = false;
    cv.notify_all();
  }
  bool waited_out() {
    std::lock_guard<std::mutex> lock(m);
    return timed_out;
  }
};

TEST(WorkerPool, AJobNeverWaitsForAWorkerThatHasNotWoken) {
  Gate gate;
  WorkerPool pool(2, &Gate::hold, &gate);
  const std::thread::id caller = std::this_thread::get_id();
  std::vector<std::thread::id> ran_on(64);
  pool.for_each(64, [&](int i) { ran_on[static_cast<std::size_t>(i)] = caller == std::this_thread::get_id() ? caller : std::thread::id(); });
  gate.release();
  for (std::size_t i = 0; i < ran_on.size(); ++i) EXPECT_EQ(ran_on[i], caller) << "index " << i;

  // Released late, the worker joins later jobs, never the finished one; every index still runs once.
  std::atomic<int> by_worker{0};
  for (int job = 0; job < 50; ++job) {
    std::vector<int> hits(16, 0);
    pool.for_each(16, [&](int i) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));  // time for the worker to wake and join
      ++hits[static_cast<std::size_t>(i)];
      if (std::this_thread::get_id() != caller) ++by_worker;
    });
    for (int h : hits) ASSERT_EQ(h, 1) << "job " << job;
  }
  EXPECT_GT(by_worker.load(), 0) << "the worker never joined a job";
  EXPECT_FALSE(gate.waited_out()) << "the first job waited for the held worker";
}

// The caller's wait for a block still running on a worker is measured (a slow tick's "waiting for the pool");
// a job the caller finishes alone waits for nothing.
TEST(WorkerPool, MeasuresTheCallersWaitForABlockStillOnAWorker) {
  WorkerPool pool(2);
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<bool> worker_in{false};
  pool.for_each(4, [&](int) {
    if (std::this_thread::get_id() != caller) {
      worker_in = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(40));
      return;
    }
    const auto t0 = std::chrono::steady_clock::now();  // hold the caller until the worker holds a block
    while (!worker_in && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5)) std::this_thread::yield();
  });
  ASSERT_TRUE(worker_in.load()) << "the worker never joined";
  EXPECT_GT(pool.waited_s(), 0.02);
  EXPECT_LT(pool.waited_s(), 5.0);

  WorkerPool alone(1);
  alone.for_each(8, [](int) { std::this_thread::sleep_for(std::chrono::milliseconds(1)); });
  EXPECT_EQ(alone.waited_s(), 0.0);
}

}  // namespace
}  // namespace cf
