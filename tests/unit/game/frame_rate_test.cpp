// --print-fps's summary: frames and ticks per second over the run, medians and the 95th percentile.
#include "game/run/frame_rate.h"

#include <gtest/gtest.h>

#include "core/fixed_step.h"

namespace cf {
namespace {

TEST(FrameRateLog, SummarisesRatesMediansAndTheSlowFrames) {
  FrameRateLog log;
  StageTimes t;
  t.frame_s = 1.0;  // the first frame's lap includes start-up: left out of the frame figures
  log.add(t, 1);
  for (int i = 0; i < 99; ++i) {
    t.frame_s = i < 90 ? 0.010 : 0.030;  // 90 quick frames, 9 slow ones
    t.rasterizer_s = 0.004;
    t.skinning_s = i < 40 ? 0.001 : 0.002;
    log.add(t, static_cast<std::uint64_t>(i + 2));
  }
  log.finish(2.0, 120);
  EXPECT_EQ(log.frames(), 100);
  EXPECT_DOUBLE_EQ(log.fps(), 50.0);
  EXPECT_DOUBLE_EQ(log.ticks_per_s(), 60.0);
  const std::string s = log.summary();
  EXPECT_NE(s.find("fps 50.0 (100 frames in 2.00 s), ticks/s 60.0"), std::string::npos) << s;
  EXPECT_NE(s.find("frame ms median 10.00 p95 30.00 p99 30.00"), std::string::npos) << s;
  EXPECT_NE(s.find("slowest tick 0.00 ms (tick 0)"), std::string::npos) << s;  // none given
  log.set_slowest_tick(0.00625, 312);
  EXPECT_NE(log.summary().find("slowest tick 6.25 ms (tick 312)"), std::string::npos) << log.summary();
  EXPECT_NE(s.find("rasterizer 4.00"), std::string::npos) << s;
  EXPECT_NE(s.find("skinning 2.00"), std::string::npos) << s;  // 40 frames at 1 ms, 59 at 2 ms
}

// What a player sees: the first frame (shader compiles) takes 0.2 s, the second frame runs the 12 ticks
// the clock owes for it, then frames come every 12.5 ms; the last lap is a 0.4 s hitch of which the
// bounded run (--ticks) runs one tick. The whole run's rates include the start-up and that end; the
// steady ones include neither, nor the catch-up ticks.
TEST(FrameRateLog, SteadyStateLeavesOutStartUpCatchUpAndTheCutOffEnd) {
  FrameRateLog log;
  FixedStepClock clock;
  StageTimes t;
  std::uint64_t ticks = 0;
  double wall = 0.0;
  auto frame = [&](double lap, int max_ticks) {
    t.frame_s = lap;
    wall += lap;
    const int due = clock.advance(lap);
    ticks += static_cast<std::uint64_t>(due < max_ticks ? due : max_ticks);
    log.add(t, ticks);
  };
  frame(0.001, 99);  // the loop's first lap: nothing due
  frame(0.2, 99);    // the start-up frame's wall time, credited: 12 ticks at once
  EXPECT_EQ(ticks, 12u);
  for (int i = 0; i < 100; ++i) frame(0.0125, 99);  // 80 fps
  frame(0.4, 1);                                    // the run ends one tick later
  wall += 0.0125;                                   // the last frame itself
  log.finish(wall, ticks, clock.dropped_seconds() / clock.tick_seconds());
  EXPECT_EQ(ticks, 88u);
  EXPECT_NEAR(log.steady_seconds(), 1.25, 1e-9);
  EXPECT_NEAR(log.steady_fps(), 80.0, 1e-6);
  EXPECT_NEAR(log.steady_ticks_per_s(), 60.0, 1e-6);
  EXPECT_LT(log.ticks_per_s(), 50.0);  // the whole run: start-up and the cut-off end counted
  const std::string s = log.summary();
  EXPECT_NE(s.find("steady fps 80.0 ticks/s 60.0 over 1.25 s; ticks dropped 9;"), std::string::npos) << s;
}

TEST(FrameRateLog, SaysHowManyTicksAHitchDropped) {
  FrameRateLog log;
  FixedStepClock clock;
  StageTimes t;
  std::uint64_t ticks = 0;
  for (const double lap : {0.001, 0.3, 1.0 / 60.0, 1.0 / 60.0}) {  // a 0.3 s hitch: 0.05 s (3 ticks) over
    t.frame_s = lap;
    ticks += static_cast<std::uint64_t>(clock.advance(lap));
    log.add(t, ticks);
  }
  log.finish(0.4, ticks, clock.dropped_seconds() / clock.tick_seconds());
  EXPECT_EQ(ticks, 17u);  // 15 for the clamped hitch, one per 60 Hz frame
  EXPECT_NE(log.summary().find("ticks dropped 3;"), std::string::npos) << log.summary();
}

TEST(FrameRateLog, ThreeFramesHaveNoSteadyState) {
  FrameRateLog log;
  StageTimes t;
  t.frame_s = 0.02;
  for (std::uint64_t i = 1; i <= 3; ++i) log.add(t, i);
  log.finish(0.06, 3);
  EXPECT_EQ(log.steady_fps(), 0.0);
  EXPECT_EQ(log.steady_ticks_per_s(), 0.0);
}

TEST(FrameRateLog, AnEmptyRunSaysZero) {
  FrameRateLog log;
  log.finish(0.0, 0);
  EXPECT_EQ(log.fps(), 0.0);
  EXPECT_NE(log.summary().find("fps 0.0 (0 frames"), std::string::npos);
}

}  // namespace
}  // namespace cf
