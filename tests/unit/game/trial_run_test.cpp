// A trial run read from the player's steps: the countdown, checkpoints in order with their splits, a
// missed checkpoint that does not count, the finish and "new best"; the clock's words.
#include <gtest/gtest.h>

#include "game/play/sim_state.h"
#include "game/play/trial_run.h"
#include "world/level.h"

namespace cf {
namespace {

Trial course() {
  Trial t;
  t.present = true;
  t.start.centre_xz = {0, 1};
  TrialGate a, b;
  a.centre_xz = {0, 5};
  a.width_m = 2;
  b.centre_xz = {0, 10};
  b.width_m = 2;
  t.checkpoints = {a, b};
  t.finish.centre_xz = {0, 15};
  t.finish.width_m = 4;
  return t;
}

// Walks the player from (x0, z0) to (x1, z1) in 'ticks' steps, updating the run after each.
struct Walk {
  Trial trial = course();
  TrialRun run;
  SimState prev, cur;
  Walk(const TrialTimes* best = nullptr) {
    run = begin_trial(trial, best);
    cur.creature_count = 1;
  }
  void to(float x, float z, int ticks) {
    const glm::vec3 from = cur.player().root_ws;
    for (int i = 1; i <= ticks; ++i) {
      prev = cur;
      cur.tick++;
      const float f = float(i) / float(ticks);
      cur.player().root_ws = from + (glm::vec3(x, 0, z) - from) * f;
      update_trial(&run, trial, prev, cur);
    }
  }
};

TEST(TrialRun, CountsDownThenTimesFromGo) {
  Walk w;
  EXPECT_EQ(w.run.phase, TrialRun::Phase::kCountdown);
  w.to(0, 0, kTrialCountdownTicks - 1);
  EXPECT_EQ(w.run.phase, TrialRun::Phase::kCountdown);
  EXPECT_EQ(w.run.clock_ticks(w.cur.tick), 0u);
  w.to(0, 0, 1);
  EXPECT_EQ(w.run.phase, TrialRun::Phase::kRunning);
  w.to(0, 0, 60);
  EXPECT_EQ(w.run.clock_ticks(w.cur.tick), 60u);
}

TEST(TrialRun, PassesTheCheckpointsInOrderAndFinishes) {
  Walk w;
  w.to(0, 0, kTrialCountdownTicks);
  w.to(0, 6, 60);  // through the first at z = 5 on the 50th tick
  ASSERT_EQ(w.run.next, 1u);
  EXPECT_EQ(w.run.times.splits[0], 50u);
  w.to(0, 16, 100);
  EXPECT_EQ(w.run.phase, TrialRun::Phase::kFinished);
  EXPECT_EQ(w.run.times.splits[1], 100u);
  EXPECT_EQ(w.run.times.finish, 150u);
  EXPECT_TRUE(w.run.new_best) << "the first finish is the best";
  EXPECT_EQ(w.run.clock_ticks(w.cur.tick + 500), 150u) << "the clock stops at the finish";
}

TEST(TrialRun, AMissedCheckpointDoesNotCountAndTheFinishWaitsForIt) {
  Walk w;
  w.to(0, 0, kTrialCountdownTicks);
  w.to(3, 4, 20);   // round the first checkpoint, beside it
  w.to(3, 6, 20);
  EXPECT_EQ(w.run.next, 0u);
  EXPECT_EQ(w.run.missed, 0);
  w.to(0, 16, 100);  // on through the second and the finish: neither counts
  EXPECT_NE(w.run.phase, TrialRun::Phase::kFinished);
  EXPECT_EQ(w.run.next, 0u);
  EXPECT_EQ(w.run.missed, 0);
  w.to(0, 4, 60);  // back behind the first (backwards through everything: nothing happens)
  EXPECT_EQ(w.run.next, 0u);
  w.to(0, 16, 60);  // and through all of them
  EXPECT_EQ(w.run.phase, TrialRun::Phase::kFinished);
  EXPECT_EQ(w.run.missed, -1);
}

TEST(TrialRun, SplitsAreComparedWithTheBest) {
  TrialTimes best;
  best.count = 2;
  best.splits = {40, 90};
  best.finish = 140;
  Walk w(&best);
  ASSERT_TRUE(w.run.has_best);
  w.to(0, 0, kTrialCountdownTicks);
  w.to(0, 16, 160);
  EXPECT_EQ(w.run.phase, TrialRun::Phase::kFinished);
  EXPECT_GT(w.run.times.finish, best.finish);
  EXPECT_FALSE(w.run.new_best);
  TrialTimes other = best;
  other.count = 3;  // a best of another course shape is not compared
  EXPECT_FALSE(begin_trial(course(), &other).has_best);
}

TEST(TrialRun, ALevelWithoutATrialHasNoRun) {
  Trial none;
  TrialRun r = begin_trial(none, nullptr);
  EXPECT_EQ(r.phase, TrialRun::Phase::kNone);
  SimState a, b;
  b.tick = 500;
  update_trial(&r, none, a, b);
  EXPECT_EQ(r.phase, TrialRun::Phase::kNone);
}

TEST(TrialRun, TheClockReadsMinutesSecondsHundredthsAndSigns) {
  EXPECT_EQ(format_trial_time(0), "0:00.00");
  EXPECT_EQ(format_trial_time(61), "0:01.01");
  EXPECT_EQ(format_trial_time(60 * 75 + 30), "1:15.50");
  EXPECT_EQ(format_trial_delta(30), "+0:00.50");
  EXPECT_EQ(format_trial_delta(-90), "-0:01.50");
}

}  // namespace
}  // namespace cf
