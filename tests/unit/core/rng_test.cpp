#include "core/rng.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

TEST(Rng, SameSeedSameSequence) {
  Rng a = Rng::from_seed(42), b = Rng::from_seed(42), c = Rng::from_seed(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    std::uint32_t x = a.next_u32();
    EXPECT_EQ(x, b.next_u32());
    differs |= x != c.next_u32();
  }
  EXPECT_TRUE(differs);
}

TEST(Rng, RangesStayInBounds) {
  Rng r = Rng::from_seed(7);
  for (int i = 0; i < 10000; ++i) {
    double u = r.uniform();
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
    int k = r.range(-3, 5);
    EXPECT_GE(k, -3);
    EXPECT_LE(k, 5);
  }
  EXPECT_EQ(r.range(4, 4), 4);
}

}  // namespace
}  // namespace cf
