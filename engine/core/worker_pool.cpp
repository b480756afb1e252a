#include "core/worker_pool.h"

#include <algorithm>
#include <chrono>

namespace cf {

WorkerPool::WorkerPool(int threads, void (*before_join)(void*), void* before_join_ctx)
    : before_join_(before_join), before_join_ctx_(before_join_ctx) {
  const int extra = std::clamp(threads, 1, 64) - 1;
  workers_.reserve(static_cast<std::size_t>(extra));
  for (int w = 0; w < extra; ++w) workers_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& t : workers_) t.join();
}

// Claims blocks of grain_ indices until none are left.
void WorkerPool::run_blocks() {
  for (;;) {
    const int begin = next_.fetch_add(grain_, std::memory_order_relaxed);
    if (begin >= count_) return;
    const int end = std::min(count_, begin + grain_);
    for (int i = begin; i < end; ++i) fn_(ctx_, i);
  }
}

void WorkerPool::run(int count, void (*fn)(void*, int), void* ctx) {
  if (count <= 0) return;
  if (workers_.empty() || count == 1) {
    for (int i = 0; i < count; ++i) fn(ctx, i);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    count_ = count;
    // About four blocks per thread: neighbouring indices (and the slots they write) stay on one thread,
    // and a late or slow thread leaves little for the others.
    grain_ = std::max(1, count / (4 * threads()));
    fn_ = fn;
    ctx_ = ctx;
    next_.store(0, std::memory_order_relaxed);
    open_ = true;
    ++generation_;
  }
  start_.notify_all();
  run_blocks();
  std::unique_lock<std::mutex> lock(mutex_);
  open_ = false;  // every index is claimed: a worker waking now has nothing to join
  if (active_ == 0) return;
  const auto t0 = std::chrono::steady_clock::now();
  done_.wait(lock, [this] { return active_ == 0; });
  waited_s_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void WorkerPool::work() {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    if (before_join_) before_join_(before_join_ctx_);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!open_ || generation_ != seen) continue;
      ++active_;
    }
    run_blocks();
    std::lock_guard<std::mutex> lock(mutex_);
    if (--active_ == 0) done_.notify_one();
  }
}

}  // namespace cf
