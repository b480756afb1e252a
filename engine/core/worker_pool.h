#pragma once
// A fixed set of threads that runs one job at a time over an index range, split into contiguous
// chunks. A job's result must depend only on the index (each index writes only its own slot), so it
// is the same with any number of threads: determinism does not depend on the machine.
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace cf {

class WorkerPool {
 public:
  // 'threads' counts the caller: 1 runs everything on the calling thread.
  explicit WorkerPool(int threads = 1);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls fn(ctx, i) for every i in [0, count) and returns when all are done. No allocation.
  void run(int count, void (*fn)(void* ctx, int i), void* ctx);

  // The same with a callable (held by reference for the call's duration).
  template <class F>
  void for_each(int count, F&& f) {
    using Fn = std::remove_reference_t<F>;
    run(count, [](void* c, int i) { (*static_cast<Fn*>(c))(i); }, const_cast<void*>(static_cast<const void*>(&f)));
  }

 private:
  void work(int worker);
  void run_chunk(int chunk);
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  std::uint64_t generation_ = 0;  // bumped per job; workers wait for a new one
  int pending_ = 0;               // workers still running the current job
  bool stopping_ = false;
  int count_ = 0;
  void (*fn_)(void*, int) = nullptr;
  void* ctx_ = nullptr;
};

}  // namespace cf
