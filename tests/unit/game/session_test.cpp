// The session's own timing: --print-fps's slowest tick is the longest single tick, and the tick it made.
#include "game/session/session.h"

#include <gtest/gtest.h>

#include "game_test_util.h"

namespace cf {
namespace {

double g_clock_s = 0.0;
double fake_now() { return g_clock_s += 0.0001; }  // every reading moves the clock 0.1 ms

// Holds up the tick that makes state 'slow_tick' by 'extra_s' (the listener runs inside the tick).
struct SlowTick final : TickListener {
  std::uint64_t slow_tick = 0;
  double extra_s = 0.0;
  void on_tick(const Session& session) override {
    if (session.state().tick == slow_tick) g_clock_s += extra_s;
  }
};

// Runs 'ticks' timed ticks on open ground, the one making 'slow_tick' held up by 'extra_s'.
void run_with_a_slow_tick(Session* session, SlowTick* slow, std::uint64_t slow_tick, double extra_s, int ticks) {
  session->set_clock(&fake_now);
  slow->slow_tick = slow_tick;
  slow->extra_s = extra_s;
  session->set_tick_listener(slow);
  session->start(test::biped_scene_in("open_ground.json"), 1);
  for (int i = 0; i < ticks; ++i) ASSERT_TRUE(session->tick(InputFrame{}));
}

TEST(Session, KeepsTheSlowestTickAndTheTickItMade) {
  Session session;
  EXPECT_EQ(session.slowest_tick_s(), 0.0);  // no clock, nothing timed
  SlowTick slow;
  run_with_a_slow_tick(&session, &slow, 23, 0.004, 60);
  EXPECT_EQ(session.slowest_tick(), 23u);
  EXPECT_GE(session.slowest_tick_s(), 0.004);
  EXPECT_LT(session.slowest_tick_s(), 0.005);  // the 4 ms hold-up and a few 0.1 ms clock readings (7 a tick)
}

// --print-slow-ticks: each tick over the threshold is kept with its parts; the hold-up after the step is
// named as the cause. Fast ticks are not kept.
TEST(Session, LogsEveryTickOverTheThresholdWithItsCause) {
  Session session;
  session.log_slow_ticks(0.004);
  SlowTick slow;
  run_with_a_slow_tick(&session, &slow, 17, 0.005, 40);
  ASSERT_EQ(session.slow_ticks().size(), 1u);
  const Session::SlowTick& t = session.slow_ticks()[0];
  EXPECT_EQ(t.tick, 17u);
  EXPECT_GE(t.total_s, 0.005);
  EXPECT_GE(t.after_step_s, 0.005);
  EXPECT_STREQ(t.cause(), "after the step (trial, ghost, clip check, sound)");
  EXPECT_EQ(t.parts.slowest_creature, 0) << "the player, the only creature";
  EXPECT_STREQ(t.parts.slowest_action, "locomotion");
  // The parts of a step are each one part's largest share: a tick whose posing took longest says so.
  Session::SlowTick posing;
  posing.parts.posing_s = 0.003;
  posing.parts.controls_s = 0.001;
  EXPECT_STREQ(posing.cause(), "posing (retargeting, IK, the shared stages)");
}

// With the game thread's clock, a tick whose wall time the thread mostly did not run is named for the OS:
// descheduled, or waiting for the pool's worker; a tick it ran keeps its largest part. The fake thread clock
// runs 0.05 ms a reading, so the 5 ms hold-up (wall time only) is off the CPU.
double g_thread_cpu_s = 0.0;
ThreadClock fake_thread_clock() { return ThreadClock{g_thread_cpu_s += 0.00005, 3}; }

TEST(Session, NamesATickSpentOffTheCpuForTheOs) {
  Session session;
  session.log_slow_ticks(0.004);
  SlowTick slow;
  slow.slow_tick = 9;
  slow.extra_s = 0.005;
  session.set_clock(&fake_now, &fake_thread_clock);
  session.set_tick_listener(&slow);
  session.start(test::biped_scene_in("open_ground.json"), 1);
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(session.tick(InputFrame{}));
  ASSERT_EQ(session.slow_ticks().size(), 1u);
  const Session::SlowTick& t = session.slow_ticks()[0];
  EXPECT_EQ(t.tick, 9u);
  EXPECT_LT(t.cpu_s, 0.001);
  EXPECT_GT(t.off_cpu_s(), 0.004);
  EXPECT_EQ(t.preemptions, 0) << "the fake clock's count does not move";
  EXPECT_STREQ(t.cause(), "descheduled (the OS ran another thread or process on the game's core)");

  Session::SlowTick waiting;
  waiting.total_s = 0.005;
  waiting.cpu_s = 0.0015;
  waiting.pool_wait_s = 0.003;
  waiting.parts.posing_s = 0.0035;
  EXPECT_STREQ(waiting.cause(), "waiting for the pool's worker (descheduled mid-block)");
  Session::SlowTick ran = waiting;
  ran.cpu_s = 0.004;
  ran.pool_wait_s = 0.0005;
  EXPECT_STREQ(ran.cause(), "posing (retargeting, IK, the shared stages)");
}

TEST(Session, UntimedSessionReportsNoSlowestTick) {
  Session session;
  session.start(test::biped_scene_in("open_ground.json"), 1);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(session.tick(InputFrame{}));
  EXPECT_EQ(session.slowest_tick_s(), 0.0);
  EXPECT_EQ(session.slowest_tick(), 0u);
}

}  // namespace
}  // namespace cf
