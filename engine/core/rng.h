#pragma once
// Deterministic random numbers (PCG32): same seed, same sequence on every build and platform.
#include <cstdint>

namespace cf {

struct Rng {
  std::uint64_t state = 0x853c49e6748fea9bULL;
  std::uint64_t inc = 0xda3e39cb94b95bdbULL;

  static Rng from_seed(std::uint64_t seed, std::uint64_t stream = 54u) {
    Rng r;
    r.state = 0u;
    r.inc = (stream << 1u) | 1u;
    r.next_u32();
    r.state += seed;
    r.next_u32();
    return r;
  }

  std::uint32_t next_u32() {
    std::uint64_t old = state;
    state = old * 6364136223846793005ULL + inc;
    auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
  }

  // Uniform in [0, 1), 24 bits of mantissa so float and double agree.
  double uniform() { return static_cast<double>(next_u32() >> 8) * (1.0 / 16777216.0); }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  // Uniform integer in [lo, hi].
  int range(int lo, int hi) {
    if (hi <= lo) return lo;
    auto span = static_cast<std::uint32_t>(hi - lo + 1);
    return lo + static_cast<int>(next_u32() % span);
  }
};

}  // namespace cf
