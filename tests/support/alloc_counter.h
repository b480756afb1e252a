#pragma once
// Counts heap allocations in this test binary (the binary that links alloc_counter.cpp replaces the
// global operator new), so a test can assert a hot path allocates nothing after warm-up.
#include <cstddef>

namespace cf::test {

// Allocations made through operator new since the program started (all threads).
std::size_t allocation_count();

}  // namespace cf::test
