#include "core/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
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

}  // namespace
}  // namespace cf
