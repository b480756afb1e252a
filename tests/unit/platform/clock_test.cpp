#include "platform/clock.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

TEST(MonotonicClock, NeverGoesBackwards) {
  MonotonicClock c;
  double prev = c.seconds();
  for (int i = 0; i < 1000; ++i) {
    const double t = c.seconds();
    ASSERT_GE(t, prev);
    prev = t;
  }
  EXPECT_GE(c.lap(), 0.0);
  EXPECT_GE(c.lap(), 0.0);
}

}  // namespace
}  // namespace cf
