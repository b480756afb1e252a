#pragma once
// A lock-free single-producer / single-consumer ring of plain structs: the game thread pushes, the
// audio callback pops. Fixed capacity (a power of two), no allocation after construction, no locks.
#include <array>
#include <atomic>
#include <cstddef>
#include <type_traits>

namespace cf {

template <class T, std::size_t Capacity>
class EventRing {
  static_assert((Capacity & (Capacity - 1)) == 0, "capacity is a power of two");
  static_assert(std::is_trivially_copyable_v<T>, "ring items are plain data");

 public:
  // Producer side. False (and nothing written) when the ring is full.
  bool push(const T& item) {
    const std::size_t head = head_.load(std::memory_order_relaxed);
    if (head - tail_.load(std::memory_order_acquire) >= Capacity) return false;
    items_[head & (Capacity - 1)] = item;
    head_.store(head + 1, std::memory_order_release);
    return true;
  }
  // Consumer side. False when empty.
  bool pop(T* item) {
    const std::size_t tail = tail_.load(std::memory_order_relaxed);
    if (tail == head_.load(std::memory_order_acquire)) return false;
    *item = items_[tail & (Capacity - 1)];
    tail_.store(tail + 1, std::memory_order_release);
    return true;
  }
  std::size_t size() const { return head_.load(std::memory_order_acquire) - tail_.load(std::memory_order_acquire); }
  static constexpr std::size_t capacity() { return Capacity; }

 private:
  std::array<T, Capacity> items_{};
  alignas(64) std::atomic<std::size_t> head_{0};  // written by the producer only
  alignas(64) std::atomic<std::size_t> tail_{0};  // written by the consumer only
};

}  // namespace cf
