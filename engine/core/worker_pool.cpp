#include "core/worker_pool.h"

#include <algorithm>

namespace cf {

WorkerPool::WorkerPool(int threads) {
  const int extra = std::clamp(threads, 1, 64) - 1;
  workers_.reserve(static_cast<std::size_t>(extra));
  for (int w = 0; w < extra; ++w) workers_.emplace_back([this, w] { work(w + 1); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void WorkerPool::run_chunk(int chunk) {
  const int n = threads();
  const int begin = static_cast<int>(static_cast<long long>(count_) * chunk / n);
  const int end = static_cast<int>(static_cast<long long>(count_) * (chunk + 1) / n);
  for (int i = begin; i < end; ++i) fn_(ctx_, i);
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
    fn_ = fn;
    ctx_ = ctx;
    pending_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  start_.notify_all();
  run_chunk(0);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return pending_ == 0; });
}

void WorkerPool::work(int worker) {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    run_chunk(worker);
    std::lock_guard<std::mutex> lock(mutex_);
    if (--pending_ == 0) done_.notify_one();
  }
}

}  // namespace cf
