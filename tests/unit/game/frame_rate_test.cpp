// --print-fps's summary: frames and ticks per second over the run, medians and the 95th percentile.
#include "game/frame_rate.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

TEST(FrameRateLog, SummarisesRatesMediansAndTheSlowFrames) {
  FrameRateLog log;
  StageTimes t;
  t.frame_s = 1.0;  // the first frame's lap includes start-up: left out of the frame figures
  log.add(t);
  for (int i = 0; i < 99; ++i) {
    t.frame_s = i < 90 ? 0.010 : 0.030;  // 90 quick frames, 9 slow ones
    t.rasterizer_s = 0.004;
    t.skinning_s = i < 40 ? 0.001 : 0.002;
    log.add(t);
  }
  log.finish(2.0, 120);
  EXPECT_EQ(log.frames(), 100);
  EXPECT_DOUBLE_EQ(log.fps(), 50.0);
  EXPECT_DOUBLE_EQ(log.ticks_per_s(), 60.0);
  const std::string s = log.summary();
  EXPECT_NE(s.find("fps 50.0 (100 frames in 2.00 s), ticks/s 60.0"), std::string::npos) << s;
  EXPECT_NE(s.find("frame ms median 10.00 p95 30.00"), std::string::npos) << s;
  EXPECT_NE(s.find("rasterizer 4.00"), std::string::npos) << s;
  EXPECT_NE(s.find("skinning 2.00"), std::string::npos) << s;  // 40 frames at 1 ms, 59 at 2 ms
}

TEST(FrameRateLog, AnEmptyRunSaysZero) {
  FrameRateLog log;
  log.finish(0.0, 0);
  EXPECT_EQ(log.fps(), 0.0);
  EXPECT_NE(log.summary().find("fps 0.0 (0 frames"), std::string::npos);
}

}  // namespace
}  // namespace cf
