// The run: past 80% of the stick the walk blends into a run (faster cadence, longer stride), the
// walk below it unchanged; long legs run faster; it blends back smoothly; planted feet stay planted.
#include "retarget/run_gait.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "retarget/walk_report.h"
#include "test_creatures.h"

namespace cf {
namespace {

using test::walk_clip;

constexpr float kDt = 1.0f / 60.0f;

struct RunResult {
  float speed_mps = 0.0f;  // over the last second
  float cadence_hz = 0.0f;
  WalkReport report;
  float max_speed_step = 0.0f;  // largest speed change in one tick, m/s
};

// Holds the stick at 'stick' for 'seconds' from the stand pose (then 'after' for 'after_s' seconds).
RunResult hold_stick(const Rig& rig, const RetargetSetup& setup, float stick, float seconds, float after = -1.0f,
                     float after_s = 0.0f) {
  RunResult r;
  WalkerState st = make_walker(setup, rig, glm::vec3(0.0f), 0.0f);
  WalkMeter meter;
  meter.begin(rig, setup);
  CreaturePose pose;
  pose.resize(rig);
  const int ticks = static_cast<int>(seconds * 60.0f), more = static_cast<int>(after_s * 60.0f);
  glm::vec3 at_last_second(0.0f);
  for (int t = 0; t < ticks + more; ++t) {
    const float s = t < ticks ? stick : after;
    WalkCommand cmd;
    cmd.speed_mps = stick_speed(setup, s);
    const float before = st.speed_mps;
    step_walker(&st, cmd, setup, rig, kDt, gait_params(setup, s, st.speed_mps));
    r.max_speed_step = std::max(r.max_speed_step, std::abs(st.speed_mps - before));
    EXPECT_TRUE(pose_walker(st, setup, rig, walk_clip(), &pose));
    meter.add(rig, pose);
    if (t == ticks + more - 61) at_last_second = st.position_ws;
  }
  r.speed_mps = glm::length(st.position_ws - at_last_second);
  r.cadence_hz = st.cadence_hz;
  r.report = meter.report;
  return r;
}

TEST(RunGait, TheStickRunsOnlyPastEightyPercent) {
  EXPECT_EQ(run_share(0.0f), 0.0f);
  EXPECT_EQ(run_share(0.8f), 0.0f);
  EXPECT_NEAR(run_share(0.9f), 0.5f, 1e-5f);
  EXPECT_EQ(run_share(1.0f), 1.0f);
  EXPECT_EQ(run_share(std::nanf("")), 0.0f);
  // Below it, at a walking speed, the walker's tuning is its default, bit for bit (recorded walks replay
  // unchanged); a speed above the walk's keeps the run's limits while it blends down.
  Rig rig = test::load_rig("biped");
  auto setup = build_retarget_setup(rig, walk_clip());
  ASSERT_TRUE(setup.ok());
  const WalkerParams walk = gait_params(*setup, 0.8f, stick_speed(*setup, 0.8f));
  EXPECT_EQ(walk.max_speed_ratio, 0.0f);
  EXPECT_EQ(walk.max_cadence_ratio, 0.0f);
  EXPECT_EQ(walk.reach_share, 0.0f);
  EXPECT_GT(gait_params(*setup, 1.0f, 0.0f).max_speed_ratio, 1.6f);
  EXPECT_EQ(gait_params(*setup, 0.0f, stick_speed(*setup, 1.0f)).max_speed_ratio, kRunSpeedRatio);
  EXPECT_EQ(gait_params(*setup, 0.0f, std::nanf("")).max_speed_ratio, 0.0f);
}

TEST(RunGait, StickSpeedIsTheWalkBelowEightyPercentAndGrowsContinuouslyAbove) {
  Rig rig = test::load_rig("biped");
  auto setup = build_retarget_setup(rig, walk_clip());
  ASSERT_TRUE(setup.ok());
  for (float s : {0.0f, 0.3f, 0.5f, 0.8f}) EXPECT_EQ(stick_speed(*setup, s), s * max_speed(*setup)) << s;
  float prev = 0.0f, worst_step = 0.0f;
  for (int i = 0; i <= 1000; ++i) {
    const float v = stick_speed(*setup, i / 1000.0f);
    EXPECT_GE(v, prev) << i;
    worst_step = std::max(worst_step, v - prev);
    prev = v;
  }
  EXPECT_LT(worst_step, 0.01f * stick_speed(*setup, 1.0f)) << "no jump in speed anywhere along the stick";
  EXPECT_NEAR(stick_speed(*setup, 1.0f), kRunSpeedRatio * natural_speed(*setup), 1e-4f);
  EXPECT_EQ(stick_speed(*setup, std::nanf("")), 0.0f);
}

TEST(RunGait, ShippedCreaturesRunFasterWithAHigherCadenceAndPlantedFeet) {
  for (const std::string& name : test::shipped_creatures()) {
    Rig rig = test::load_rig(name);
    auto setup = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(setup.ok()) << name;
    const RunResult walk = hold_stick(rig, *setup, 0.8f, 5.0f);
    const RunResult run = hold_stick(rig, *setup, 1.0f, 5.0f);
    EXPECT_GT(run.speed_mps, 1.3f * walk.speed_mps) << name;
    EXPECT_GT(run.cadence_hz, 1.1f * walk.cadence_hz) << name;
    for (const LegWalkStats& l : run.report.legs) {
      EXPECT_LE(l.max_skate_m, 0.02f * l.length_m) << name << " " << l.name;
      EXPECT_LE(l.max_penetration_m, 0.005f * l.length_m) << name << " " << l.name;
    }
    std::printf("%-16s walk %.2f m/s %.2f Hz  run %.2f m/s %.2f Hz\n", name.c_str(), walk.speed_mps, walk.cadence_hz,
                run.speed_mps, run.cadence_hz);
  }
}

TEST(RunGait, RunSpeedGrowsWithLegLengthOverRandomCreatures) {
  Rng rng = Rng::from_seed(27);
  int pairs = 0;
  for (int i = 0; i < 60; ++i) {
    const Creature c = test::random_creature(rng, 1 + i % 8);
    auto small = build_rig(test::scaled(c, 0.7f));
    auto big = build_rig(test::scaled(c, 1.4f));
    ASSERT_TRUE(small.ok() && big.ok()) << i;
    auto ss = build_retarget_setup(*small, walk_clip());
    auto sb = build_retarget_setup(*big, walk_clip());
    ASSERT_TRUE(ss.ok() && sb.ok()) << i;
    const float vs = hold_stick(*small, *ss, 1.0f, 4.0f).speed_mps;
    const float vb = hold_stick(*big, *sb, 1.0f, 4.0f).speed_mps;
    // Twice the legs: sqrt(2) the speed by the Froude rule; at least 20% more whatever the shape.
    EXPECT_GT(vb, 1.2f * vs) << "creature " << i << " (" << 1 + i % 8 << " legs): " << vs << " -> " << vb;
    ++pairs;
  }
  std::printf("%d random creature pairs (0.7x and 1.4x): the longer legs ran faster in every pair\n", pairs);
}

TEST(RunGait, EasingTheStickBlendsBackToTheWalkSmoothly) {
  Rig rig = test::load_rig("quadruped");
  auto setup = build_retarget_setup(rig, walk_clip());
  ASSERT_TRUE(setup.ok());
  const RunResult r = hold_stick(rig, *setup, 1.0f, 3.0f, 0.5f, 3.0f);
  EXPECT_NEAR(r.speed_mps, stick_speed(*setup, 0.5f), 0.05f * stick_speed(*setup, 0.5f));
  // The speed changes gradually (the walker's blend), never by more than a tenth of the run's top speed a tick.
  EXPECT_LT(r.max_speed_step, 0.1f * stick_speed(*setup, 1.0f));
  for (const LegWalkStats& l : r.report.legs) EXPECT_LE(l.max_skate_m, 0.02f * l.length_m) << l.name;
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

struct GaitCount {
  int flight_ticks = 0, flights = 0, ticks = 0;
  float max_target_step_m = 0.0f;  // the largest move of a foot's IK target in one tick, world space
  float max_dip_m = 0.0f;          // how far below its walking height the placement sank
};

// From the stand: 'stick' for 3 s, then 'after' for 3 s; counts ticks with no foot down in the last
// second of each part and follows every foot's target.
GaitCount count_gait(const Rig& rig, const RetargetSetup& setup, float stick, float after) {
  GaitCount g;
  WalkerState st = make_walker(setup, rig, glm::vec3(0.0f), 0.0f);
  CreaturePose pose;
  pose.resize(rig);
  std::vector<glm::vec3> last(rig.limbs.size());
  bool was_flying = false;
  for (int t = 0; t < 360; ++t) {
    const float s = t < 180 ? stick : after;
    WalkCommand cmd;
    cmd.speed_mps = stick_speed(setup, s);
    step_walker(&st, cmd, setup, rig, kDt, gait_params(setup, s, st.speed_mps));
    EXPECT_TRUE(pose_walker(st, setup, rig, walk_clip(), &pose));
    bool down = false;
    for (std::size_t l = 0; l < rig.limbs.size(); ++l) {
      if (rig.limbs[l].tag != PartTag::kLeg) continue;
      down = down || pose.limbs[l].contact;
      const glm::vec3 target = glm::vec3(pose.model_to_world * glm::vec4(pose.limbs[l].target_ms, 1.0f));
      if (t > 0) g.max_target_step_m = std::max(g.max_target_step_m, glm::length(target - last[l]));
      last[l] = target;
    }
    g.max_dip_m = std::max(g.max_dip_m, walker_placement(st, rig)[3].y + rig.sole_height - pose.model_to_world[3].y);
    const bool counted = (t >= 120 && t < 180) || t >= 300;
    if (counted) {
      ++g.ticks;
      if (!down) ++g.flight_ticks;
      if (!down && !was_flying) ++g.flights;
    }
    was_flying = !down;
  }
  return g;
}

TEST(RunGait, ARunningBipedLeavesTheGroundBetweenStepsFourLegsOrMoreKeepAFootDown) {
  for (const std::string& name : test::shipped_creatures()) {
    Rig rig = test::load_rig(name);
    auto setup = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(setup.ok()) << name;
    int legs = 0;
    for (const LimbChain& l : rig.limbs) legs += l.tag == PartTag::kLeg ? 1 : 0;
    if (legs == 0) continue;
    const GaitCount walk = count_gait(rig, *setup, 0.8f, 0.8f);
    const GaitCount run = count_gait(rig, *setup, 1.0f, 1.0f);
    EXPECT_EQ(walk.flight_ticks, 0) << name << ": a walk always has a foot down";
    EXPECT_EQ(walk.max_dip_m, 0.0f) << name << ": the walk's body is the walk's, bit for bit";
    if (legs == 2) {
      // Two flights a cycle, each a few ticks: a run, not a hop.
      EXPECT_GE(run.flights, 3) << name;
      EXPECT_GE(run.flight_ticks, 2 * run.flights) << name;
      EXPECT_LE(run.flight_ticks, run.ticks / 3) << name;
      EXPECT_GT(run.max_dip_m, 0.01f * setup->creature_leg_length_m) << name << ": the body sinks into each stance";
    } else {
      EXPECT_EQ(run.flight_ticks, 0) << name << ": four legs or more trot and run in tripods, a foot always down";
      EXPECT_EQ(run.max_dip_m, 0.0f) << name;
    }
    std::printf("%-16s %d legs: run %d flights, %d of %d ticks in the air, dip %.1f mm\n", name.c_str(), legs,
                run.flights, run.flight_ticks, run.ticks, 1000.0f * run.max_dip_m);
  }
}

TEST(RunGait, RunningIntoAndOutOfTheFlightMovesNoFootTargetByMoreThanAStride) {
  // Easing from a run to a walk lengthens every stance again: a foot that has just lifted must swing
  // on to its landing, not drop back to the ground ahead or behind (a foot target jumping, by a good
  // part of a stride). Speeding up moves a swinging foot's predicted landing on a little faster than
  // the steady run does (the strider: 6%), so the bound is 1.2 x the steady run's largest move.
  for (const char* name : {"biped", "biped_arms_tail", "strider", "quadruped", "hexapod"}) {
    Rig rig = test::load_rig(name);
    auto setup = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(setup.ok()) << name;
    const GaitCount steady = count_gait(rig, *setup, 1.0f, 1.0f);
    for (float after : {0.0f, 0.3f, 0.6f, 0.85f}) {
      const GaitCount eased = count_gait(rig, *setup, 1.0f, after);
      EXPECT_LE(eased.max_target_step_m, 1.2f * steady.max_target_step_m)
          << name << " easing to " << after << ": " << eased.max_target_step_m << " m in one tick against "
          << steady.max_target_step_m << " m running";
    }
    const GaitCount up = count_gait(rig, *setup, 0.5f, 1.0f);
    EXPECT_LE(up.max_target_step_m, 1.2f * steady.max_target_step_m) << name << " from a walk into the run";
  }
}

}  // namespace
}  // namespace cf
