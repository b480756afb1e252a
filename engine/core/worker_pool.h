#pragma once
// A fixed set of threads that runs one job at a time over an index range. A job's result must depend
// only on the index (each index writes only its own slot), so it is the same with any number of threads:
// determinism does not depend on the machine.
//
// Indices are claimed in blocks by whichever thread is free, the caller included, so a job never waits
// for a worker the OS has not woken yet (on 2 cores shared with a display server, a worker's wake-up can
// lag by a time slice): the caller runs what no worker has claimed and waits only for blocks already
// running.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace cf {

class WorkerPool {
 public:
  // 'threads' counts the caller: 1 runs everything on the calling thread. 'before_join' (tests only)
  // runs on a worker each time it wakes for a job, before it may join it.
  explicit WorkerPool(int threads = 1, void (*before_join)(void* ctx) = nullptr, void* before_join_ctx = nullptr);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  // Seconds the caller has spent, over all jobs, waiting for blocks still running on workers (a worker the
  // OS took the core from mid-block). Measured with the steady clock; never part of any result.
  double waited_s() const { return waited_s_; }

  // Calls fn(ctx, i) for every i in [0, count) and returns when all are done. No allocation.
  void run(int count, void (*fn)(void* ctx, int i), void* ctx);

  // The same with a callable (held by reference for the call's duration).
  template <class F>
  void for_each(int count, F&& f) {
    using Fn = std::remove_reference_t<F>;
    run(count, [](void* c, int i) { (*static_cast<Fn*>(c))(i); }, const_cast<void*>(static_cast<const void*>(&f)));
  }

 private:
  void work();
  void run_blocks();
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  std::uint64_t generation_ = 0;  // bumped per job; workers wait for a new one
  bool open_ = false;             // workers may still join the current job
  int active_ = 0;                // workers inside the current job
  bool stopping_ = false;
  std::atomic<int> next_{0};      // the next unclaimed index
  int count_ = 0, grain_ = 1;
  void (*fn_)(void*, int) = nullptr;
  void* ctx_ = nullptr;
  void (*before_join_)(void*) = nullptr;
  void* before_join_ctx_ = nullptr;
  double waited_s_ = 0.0;  // the caller's thread only
};

}  // namespace cf
