#include "core/fixed_step.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

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

// Frames of random length in [lo_s, hi_s] until 'until_s' of wall time has passed: the wall time, the
// ticks run and the most ticks any frame ran.
struct LapRun {
  double wall = 0.0;
  std::uint64_t ticks = 0;
  int most = 0;
};
LapRun run_random_laps(FixedStepClock* c, unsigned seed, double lo_s, double hi_s, double until_s) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> lap(lo_s, hi_s);
  LapRun r;
  while (r.wall < until_s) {
    const double s = lap(rng);
    r.wall += s;
    const int n = c->advance(s);
    r.most = std::max(r.most, n);
    r.ticks += static_cast<std::uint64_t>(n);
  }
  return r;
}

// Random frames from lo to hi seconds for 'seconds' of wall time: exactly the ticks the wall time holds
// (60 per second) run, none lost or gained, none dropped; returns the most ticks one frame ran.
int expect_no_ticks_lost(unsigned seed, double lo, double hi, double seconds) {
  FixedStepClock c;
  const LapRun r = run_random_laps(&c, seed, lo, hi, seconds);
  EXPECT_EQ(r.ticks, static_cast<std::uint64_t>(std::floor(r.wall * 60.0 + 1e-6)));
  EXPECT_EQ(c.dropped_seconds(), 0.0);
  return r.most;
}

// Fast frames of any length (2-10 ms, jittery): one tick at most per frame.
TEST(FixedStep, FastJitteryFramesKeepSixtyTicksPerSecond) { EXPECT_LE(expect_no_ticks_lost(3, 0.002, 0.010, 10.0), 1); }

// Slow frames up to the clamp (30-250 ms) run several ticks each and still lose none.
TEST(FixedStep, SlowFramesUnderTheClampLoseNoTicks) { EXPECT_GT(expect_no_ticks_lost(5, 0.030, 0.250, 30.0), 1); }

// Past the clamp the clock drops time and says how much: the ticks run plus the ticks dropped are the
// ticks the wall time held.
TEST(FixedStep, TicksDroppedAfterHitchesAreAccountedFor) {
  FixedStepClock c;
  double wall = 0.0;
  std::uint64_t ticks = 0;
  for (const double s : {1.0 / 60.0, 0.4, 1.0 / 60.0, 1.0, 0.1, 1.0 / 60.0}) {
    wall += s;
    ticks += static_cast<std::uint64_t>(c.advance(s));
  }
  EXPECT_NEAR(c.dropped_seconds(), 0.15 + 0.75, 1e-9);
  EXPECT_NEAR(static_cast<double>(ticks) + c.dropped_seconds() / c.tick_seconds(), wall * 60.0, 1.0);
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
