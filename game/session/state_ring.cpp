#include "game/session/state_ring.h"

#include <algorithm>

namespace cf {

void StateRing::reserve(int ticks) {
  slots_.assign(static_cast<std::size_t>(std::max(1, ticks)), SimState{});
  size_ = 0;
  newest_ = 0;
}

void StateRing::push(const SimState& s) {
  if (slots_.empty()) return;
  if (size_ > 0 && s.tick <= newest_ && s.tick >= oldest_tick()) {
    drop_after(s.tick);
    size_ = std::max(0, size_ - 1);  // the state at s.tick itself is replaced below
    newest_ = s.tick - 1;
  } else if (size_ > 0 && s.tick != newest_ + 1) {
    size_ = 0;
  }
  slots_[slot_of(s.tick)] = s;
  newest_ = s.tick;
  size_ = std::min(size_ + 1, capacity());
}

const SimState* StateRing::find(std::uint64_t tick) const {
  if (size_ == 0 || tick > newest_ || tick < oldest_tick()) return nullptr;
  return &slots_[slot_of(tick)];
}

void StateRing::drop_after(std::uint64_t tick) {
  if (size_ == 0 || tick >= newest_) return;
  if (tick < oldest_tick()) {
    size_ = 0;
    return;
  }
  size_ -= static_cast<int>(newest_ - tick);
  newest_ = tick;
}

}  // namespace cf
