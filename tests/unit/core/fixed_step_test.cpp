#include "core/fixed_step.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

// Simulates a display at 'hz' for 'seconds' of wall time and returns the ticks run.
std::uint64_t run_display(double hz, double seconds, FixedStepClock* clock) {
  const int frames = static_cast<int>(seconds * hz + 0.5);
  std::uint64_t ticks = 0;
  for (int i = 0; i < frames; ++i) ticks += static_cast<std::uint64_t>(clock->advance(1.0 / hz));
  return ticks;
}

TEST(FixedStep, SixtyHzDisplayRunsOneTickPerFrame) {
  FixedStepClock c;
  for (int i = 0; i < 600; ++i) EXPECT_EQ(c.advance(1.0 / 60.0), 1) << "frame " << i;
}

TEST(FixedStep, ThirtyHzDisplayRunsTwoTicksPerFrame) {
  FixedStepClock c;
  EXPECT_EQ(run_display(30.0, 10.0, &c), 600u);
  FixedStepClock c2;
  for (int i = 0; i < 100; ++i) EXPECT_EQ(c2.advance(1.0 / 30.0), 2);
}

TEST(FixedStep, HundredFortyFourHzDisplayKeepsSimulationRate) {
  FixedStepClock c;
  std::uint64_t ticks = run_display(144.0, 10.0, &c);
  EXPECT_NEAR(static_cast<double>(ticks), 600.0, 1.0);
  FixedStepClock c2;
  for (int i = 0; i < 144; ++i) {
    int n = c2.advance(1.0 / 144.0);
    EXPECT_GE(n, 0);
    EXPECT_LE(n, 1);
    EXPECT_GE(c2.alpha(), 0.0);
    EXPECT_LT(c2.alpha(), 1.0);
  }
}

TEST(FixedStep, TwoSecondHitchIsClamped) {
  FixedStepClock c;
  int n = c.advance(2.0);
  EXPECT_EQ(n, 15);  // 0.25 s worth of ticks, not 120
  EXPECT_NEAR(c.dropped_seconds(), 1.75, 1e-9);
  EXPECT_EQ(c.advance(1.0 / 60.0), 1);
}

TEST(FixedStep, AlphaIsLeftoverFraction) {
  FixedStepClock c;
  EXPECT_EQ(c.advance(1.5 / 60.0), 1);
  EXPECT_NEAR(c.alpha(), 0.5, 1e-9);
  EXPECT_EQ(c.advance(0.5 / 60.0), 1);
  EXPECT_NEAR(c.alpha(), 0.0, 1e-6);
}

TEST(FixedStep, BadFrameTimesRunNothing) {
  FixedStepClock c;
  EXPECT_EQ(c.advance(-1.0), 0);
  EXPECT_EQ(c.advance(0.0 / 0.0), 0);
  EXPECT_EQ(c.ticks_run(), 0u);
}

TEST(FixedStep, CustomRate) {
  FixedStepDesc d;
  d.tick_seconds = 0.01;
  FixedStepClock c(d);
  EXPECT_EQ(c.advance(0.05), 5);
}

}  // namespace
}  // namespace cf
