// The walk controller against the acceptance bounds: shipped and random creatures, straight and
// turning; stride scaling with size; standing still; start/stop smoothness; determinism.
#include "retarget/walker.h"

#include <cmath>
#include <cstdio>

#include <vector>

#include <gtest/gtest.h>

#include "core/hash.h"
#include "retarget/walk_report.h"
#include "test_creatures.h"

namespace cf {
namespace {

using test::load_rig;
using test::walk_clip;

constexpr float kDt = 1.0f / 60.0f;
constexpr float kTurnRate = 0.7854f;  // 45 degrees per second

// The acceptance bounds of issue 5, per leg relative to its length; returns unreachable ticks.
int expect_within_bounds(const WalkReport& r, const std::string& what) {
  int unreachable = 0;
  for (const LegWalkStats& l : r.legs) {
    SCOPED_TRACE(what + " " + l.name);
    EXPECT_GT(l.stance_ticks, 0);
    EXPECT_LE(l.max_skate_m, 0.02f * l.length_m);
    EXPECT_LE(l.max_penetration_m, 0.005f * l.length_m);
    EXPECT_LE(l.max_float_m, 0.01f * l.length_m);
    EXPECT_LE(l.max_ik_error_m, 1e-4f);
    unreachable += l.unreachable_ticks;
  }
  EXPECT_GE(r.cog_min_height, 0.5f * r.stand_cog_height) << what;
  EXPECT_LE(r.cog_max_height, 1.5f * r.stand_cog_height) << what;
  return unreachable;
}

WalkReport walk(const Rig& rig, const RetargetSetup& setup, float seconds, float speed, float turn) {
  WalkRun run;
  run.seconds = seconds;
  run.speed_mps = speed;
  run.turn_rate_rps = turn;
  return simulate_walk(rig, walk_clip(), setup, run);
}

TEST(Walker, ShippedCreaturesStraightAndTurning) {
  for (const std::string& name : test::shipped_creatures()) {
    Rig rig = load_rig(name);
    auto setup = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(setup.ok()) << name;
    WalkReport straight = walk(rig, *setup, 10.0f, -1.0f, 0.0f);
    WalkReport turning = walk(rig, *setup, 10.0f, -1.0f, kTurnRate);
    WalkReport spin = walk(rig, *setup, 10.0f, 0.0f, -2.0f * kTurnRate);
    int u = expect_within_bounds(straight, name + " straight");
    u += expect_within_bounds(turning, name + " turning");
    u += expect_within_bounds(spin, name + " turning in place");
    EXPECT_EQ(u, 0) << name << ": shipped creatures reach every target";
    // Walked at about the natural speed (it ramps up over the first second).
    EXPECT_GT(straight.distance_m, 0.8f * 10.0f * natural_speed(*setup)) << name;
    EXPECT_LT(straight.distance_m, 1.01f * 10.0f * natural_speed(*setup)) << name;
    std::printf("%-16s %5.2f m  cog %.3f..%.3f (stand %.3f)\n", name.c_str(), straight.distance_m,
                straight.cog_min_height, straight.cog_max_height, straight.stand_cog_height);
  }
}

TEST(Walker, RandomCreaturesProperty) {
  Rng rng = Rng::from_seed(2024);
  int creatures = 0, unreachable = 0, ticks = 0;
  for (int i = 0; i < 240; ++i) {
    int legs = 1 + i % 8;
    Creature c = test::random_creature(rng, legs);
    auto rig = build_rig(c);
    ASSERT_TRUE(rig.ok()) << i << ": " << rig.error().to_string();
    auto setup = build_retarget_setup(*rig, walk_clip());
    ASSERT_TRUE(setup.ok()) << i;
    float turn = (i % 2 ? 1.0f : -1.0f) * kTurnRate;
    WalkReport straight = walk(*rig, *setup, 10.0f, -1.0f, 0.0f);
    WalkReport turning = walk(*rig, *setup, 10.0f, -1.0f, turn);
    std::string what = "creature " + std::to_string(i) + " (" + std::to_string(legs) + " legs)";
    unreachable += expect_within_bounds(straight, what + " straight");
    unreachable += expect_within_bounds(turning, what + " turning");
    ticks += straight.ticks + turning.ticks;
    ++creatures;
    if (HasFailure()) break;
  }
  std::printf("%d random creatures, %d ticks, %d unreachable leg-ticks\n", creatures, ticks, unreachable);
}

// Stride scales with size: distance per gait cycle is proportional to the creature's size.
TEST(Walker, HalfAndDoubleSizeScaleTheStride) {
  auto c = load_creature(test::asset("creatures/biped.json"));
  ASSERT_TRUE(c.ok());
  double per_cycle[3];
  const float sizes[3] = {0.5f, 1.0f, 2.0f};
  for (int k = 0; k < 3; ++k) {
    auto rig = build_rig(test::scaled(*c, sizes[k]));
    ASSERT_TRUE(rig.ok());
    auto setup = build_retarget_setup(*rig, walk_clip());
    ASSERT_TRUE(setup.ok());
    double cycles = 0.0;
    WalkRun run;
    run.seconds = 10.0f;
    WalkReport r = simulate_walk(*rig, walk_clip(), *setup, run,
                                 [&](const WalkerState& st, const CreaturePose&) { cycles = st.gait_phase; });
    expect_within_bounds(r, "size " + std::to_string(sizes[k]));
    per_cycle[k] = r.distance_m / cycles;
  }
  EXPECT_NEAR(per_cycle[0] / per_cycle[1], 0.5, 0.025);
  EXPECT_NEAR(per_cycle[2] / per_cycle[1], 2.0, 0.1);
}

TEST(Walker, StandingStillPlantsEveryFoot) {
  Rig rig = load_rig("hexapod");
  auto setup = build_retarget_setup(rig, walk_clip());
  ASSERT_TRUE(setup.ok());
  WalkerState st = make_walker(*setup, rig, glm::vec3(1, 0, 2), 0.5f);
  CreaturePose pose;
  pose.resize(rig);
  WalkCommand go{natural_speed(*setup), 0.3f}, stop{};
  for (int t = 0; t < 120; ++t) step_walker(&st, go, *setup, rig, kDt);
  for (int t = 0; t < 240; ++t) step_walker(&st, stop, *setup, rig, kDt);
  EXPECT_EQ(st.speed_mps, 0.0f);
  EXPECT_EQ(st.cadence_hz, 0.0f);
  EXPECT_EQ(st.motion_weight, 0.0f);
  for (int k = 0; k < st.leg_count; ++k) EXPECT_TRUE(st.feet[k].planted && st.feet[k].parked) << k;
  const WalkerState before = st;
  ASSERT_TRUE(pose_walker(st, *setup, rig, walk_clip(), &pose));
  for (int t = 0; t < 60; ++t) step_walker(&st, stop, *setup, rig, kDt);
  EXPECT_EQ(st.gait_phase, before.gait_phase);
  EXPECT_EQ(st.position_ws, before.position_ws);
  // The stand pose: cog at the standing height, feet's flesh on the ground (the ankle one foot radius
  // up) and reached.
  EXPECT_NEAR(pose.cog_ws.y, setup->stand_cog_height_m + rig.sole_height, 1e-5f);
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    if (rig.limbs[i].tag != PartTag::kLeg) continue;
    EXPECT_TRUE(pose.limbs[i].reached);
    EXPECT_TRUE(pose.limbs[i].contact);
    EXPECT_NEAR(pose.tail_ws[rig.limbs[i].bones[1]].y, foot_radius(rig, rig.limbs[i]), 1e-5f);
  }
}

// Start, stop and turn blend: speed changes gradually and no joint jumps between ticks.
TEST(Walker, StartStopTurnAreSmooth) {
  Rig rig = load_rig("quadruped");
  auto setup = build_retarget_setup(rig, walk_clip());
  ASSERT_TRUE(setup.ok());
  WalkerState st = make_walker(*setup, rig, glm::vec3(0.0f), 0.0f);
  CreaturePose pose, prev;
  pose.resize(rig);
  WalkMeter meter;
  meter.begin(rig, *setup);
  const float v = natural_speed(*setup);
  float last_speed = 0.0f, max_dv = 0.0f, max_jump = 0.0f, steady_jump = 0.0f;
  for (int t = 0; t < 900; ++t) {
    WalkCommand cmd;
    int phase = t / 150;  // stand, walk, turn left, stop, turn right in place, walk
    cmd.speed_mps = (phase == 1 || phase == 2 || phase == 5) ? v : 0.0f;
    cmd.turn_rate_rps = phase == 2 ? 1.0f : phase == 4 ? -1.0f : 0.0f;
    step_walker(&st, cmd, *setup, rig, kDt);
    ASSERT_TRUE(pose_walker(st, *setup, rig, walk_clip(), &pose));
    meter.add(rig, pose);
    max_dv = std::max(max_dv, std::abs(st.speed_mps - last_speed));
    last_speed = st.speed_mps;
    float jump = 0.0f;
    if (t > 0)
      for (int b = 0; b < rig.skeleton.size(); ++b) jump = std::max(jump, glm::length(pose.tail_ws[b] - prev.tail_ws[b]));
    max_jump = std::max(max_jump, jump);
    if (t >= 225 && t < 300) steady_jump = std::max(steady_jump, jump);  // steady straight walk
    prev = pose;
  }
  EXPECT_LT(max_dv, 0.1f * v);  // no speed step larger than 10% of the natural speed per tick
  // No joint moves faster in a transition than the swinging feet do in a steady walk.
  EXPECT_LT(max_jump, 1.5f * steady_jump);
  std::printf("largest joint move per tick: %.4f m (steady walk %.4f m)\n", max_jump, steady_jump);
  expect_within_bounds(meter.report, "start/stop/turn");
}

// Starting from a stand, the gait begins with the first leg mid-stance, so another may be mid-swing:
// its swing has only the rest of the swing's time, and lifts as much less (the foot rises and falls
// no faster than in a whole swing).
TEST(Walker, ASwingStartedLateLiftsNoFasterThanAWholeOne) {
  int late_swings = 0;
  for (const char* name : {"biped", "quadruped", "hexapod", "octopod"}) {
    Rig rig = load_rig(name);
    auto setup = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(setup.ok());
    WalkerState st = make_walker(*setup, rig, glm::vec3(0.0f), 0.0f);
    CreaturePose pose;
    pose.resize(rig);
    std::vector<float> last(static_cast<std::size_t>(st.leg_count), 0.0f);
    float late_rise = 0.0f, whole_rise = 0.0f;
    for (int t = 0; t < 240; ++t) {
      WalkCommand cmd;
      cmd.speed_mps = natural_speed(*setup);
      step_walker(&st, cmd, *setup, rig, kDt);
      ASSERT_TRUE(pose_walker(st, *setup, rig, walk_clip(), &pose));
      int k = 0;
      for (std::size_t i = 0; i < rig.limbs.size() && k < st.leg_count; ++i) {
        if (setup->limbs[i].tag != PartTag::kLeg) continue;
        const FootState& f = st.feet[static_cast<std::size_t>(k)];
        const float y = pose.limbs[i].target_ws.y, rise = std::fabs(y - last[static_cast<std::size_t>(k)]);
        if (!f.planted && t > 0) (f.swing_start > 0.0f ? late_rise : whole_rise) = std::max(f.swing_start > 0.0f ? late_rise : whole_rise, rise);
        if (!f.planted && f.swing_start > 0.0f && t > 0) ++late_swings;
        last[static_cast<std::size_t>(k++)] = y;
      }
    }
    EXPECT_LE(late_rise, 1.05f * whole_rise + 1e-4f) << name;
  }
  EXPECT_GT(late_swings, 0) << "no creature started with a foot mid-swing: the test saw nothing";
}

// The walk's weight eases in and out along an S-curve: its first tick moves it by a trickle (an
// exponential moved it 6.4% and every joint the walk swings jumped), it grows smoothly, and a stop
// lets the body motion go in about half a second.
TEST(Walker, TheWalksWeightEasesInAndOutWithoutAKink) {
  Rig rig = load_rig("biped_arms_tail");
  auto setup = build_retarget_setup(rig, walk_clip());
  ASSERT_TRUE(setup.ok());
  WalkerState st = make_walker(*setup, rig, glm::vec3(0.0f), 0.0f);
  std::vector<float> w{st.motion_weight};
  for (int t = 0; t < 120; ++t) {
    step_walker(&st, WalkCommand{natural_speed(*setup), 0.0f}, *setup, rig, kDt);
    w.push_back(st.motion_weight);
  }
  ASSERT_EQ(w.back(), 1.0f) << "walking two seconds, the walk plays in full";
  const int walking = static_cast<int>(w.size());
  int stop_ticks = 0;
  for (int t = 0; t < 240 && st.motion_weight > 0.0f; ++t, ++stop_ticks) {
    step_walker(&st, WalkCommand{}, *setup, rig, kDt);
    w.push_back(st.motion_weight);
  }
  EXPECT_EQ(st.motion_weight, 0.0f) << "standing, the walk's body motion is gone";
  EXPECT_LT(std::fabs(w[1] - w[0]), 0.015f) << "the first tick of the start";
  int first_fade = walking;
  while (first_fade < static_cast<int>(w.size()) && w[static_cast<std::size_t>(first_fade)] == 1.0f) ++first_fade;
  ASSERT_LT(first_fade, static_cast<int>(w.size()));
  EXPECT_LT(1.0f - w[static_cast<std::size_t>(first_fade)], 0.015f) << "the first tick of the fade";
  for (std::size_t k = 2; k < w.size(); ++k) {
    const float d = std::fabs(w[k] - w[k - 1]), before = std::fabs(w[k - 1] - w[k - 2]);
    // From rest the weight moves at its floor rate (0.0094 a tick over 0.5 s, a seventh of the
    // exponential's first tick), then no faster than its own rate a tick before allows.
    EXPECT_LE(d, 1.25f * before + 0.01f) << "tick " << k << ": the weight's rate jumps";
    EXPECT_LE(d, 0.06f) << "tick " << k;
  }
  const int fade_ticks = static_cast<int>(w.size()) - first_fade;
  EXPECT_GE(fade_ticks, 25);
  EXPECT_LE(fade_ticks, 40) << "the fade is about half a second";
}

// A run stopping quickly (an emote settling it at a 0.08 s blend) ends its run share in a tick or two,
// and the walk's longer stance window covers a foot that has only just lifted: it must swing on to its
// touchdown, not be planted at its goal a stride ahead (a 0.75 m jump of the biped's foot before). No
// foot's target jumps beyond its neighbouring ticks' moves, wherever in the stride the stop falls.
TEST(Walker, AQuickStopNeverPlantsAJustLiftedFootAStrideAhead) {
  int swings_seen = 0;
  for (const char* name : {"biped", "quadruped", "hexapod", "octopod", "strider"}) {
    Rig rig = load_rig(name);
    auto setup = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(setup.ok());
    for (int start = 60; start < 100; start += 3) {  // the stop falls at every point of the stride
      WalkerState st = make_walker(*setup, rig, glm::vec3(0.0f), 0.0f);
      CreaturePose pose;
      pose.resize(rig);
      WalkerParams quick;
      quick.blend_time_s = 0.08f;
      std::vector<std::vector<glm::vec3>> track(rig.limbs.size());
      for (int t = 0; t < start + 60; ++t) {
        const bool stopping = t >= start;
        step_walker(&st, stopping ? WalkCommand{} : WalkCommand{max_speed(*setup, WalkerParams{}), 0.0f}, *setup, rig,
                    kDt, stopping ? quick : WalkerParams{});
        ASSERT_TRUE(pose_walker(st, *setup, rig, walk_clip(), &pose));
        for (std::size_t i = 0; i < rig.limbs.size(); ++i)
          if (setup->limbs[i].tag == PartTag::kLeg) track[i].push_back(pose.limbs[i].target_ws - glm::vec3(st.position_ws.x, 0.0f, st.position_ws.z));
      }
      for (std::size_t i = 0; i < track.size(); ++i) {
        const auto& p = track[i];
        for (std::size_t k = static_cast<std::size_t>(start); k + 1 < p.size(); ++k) {
          const float before = glm::length(p[k - 1] - p[k - 2]), now = glm::length(p[k] - p[k - 1]),
                      after = glm::length(p[k + 1] - p[k]);
          swings_seen += now > 0.002f ? 1 : 0;
          EXPECT_LE(now, 1.5f * std::max(before, after) + 0.005f)
              << name << " leg " << i << ", the stop at tick " << start << ", tick " << k;
        }
      }
    }
  }
  EXPECT_GT(swings_seen, 0) << "no foot moved after the stop: the test saw nothing";
}

// Limb bone frames roll with the bend plane and never flip from one tick to the next, so skinned
// flesh does not twist.
TEST(Walker, LimbFramesDoNotFlip) {
  for (const char* name : {"biped_arms_tail", "octopod"}) {
    Rig rig = load_rig(name);
    auto setup = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(setup.ok());
    CreaturePose pose;
    pose.resize(rig);
    WalkerState st = make_walker(*setup, rig, glm::vec3(0.0f), 0.0f);
    std::vector<glm::mat4> prev;
    float worst = 0.0f;
    for (int t = 0; t < 400; ++t) {
      step_walker(&st, WalkCommand{natural_speed(*setup), t > 200 ? 0.8f : 0.0f}, *setup, rig, kDt);
      ASSERT_TRUE(pose_walker(st, *setup, rig, walk_clip(), &pose));
      if (!prev.empty())
        for (const LimbChain& l : rig.limbs)
          for (int b : l.bones) {
            float c = glm::dot(glm::vec3(pose.bone_ms[b][1]), glm::vec3(prev[b][1]));
            worst = std::max(worst, std::acos(std::clamp(c, -1.0f, 1.0f)));
          }
      prev = pose.bone_ms;
    }
    EXPECT_LT(worst, 0.35f) << name << ": a limb frame rolled " << worst << " rad in one tick";
  }
}

TEST(Walker, StandClipDoesNotWalk) {
  auto stand = load_motion(test::asset("motions/stand.json"));
  ASSERT_TRUE(stand.ok()) << stand.error().to_string();
  Rig rig = load_rig("biped");
  auto setup = build_retarget_setup(rig, *stand);
  ASSERT_TRUE(setup.ok());
  EXPECT_FALSE(can_step(*setup));
  auto walk_setup = build_retarget_setup(rig, walk_clip());
  EXPECT_TRUE(can_step(*walk_setup));
  WalkerState st = make_walker(*setup, rig, glm::vec3(0.0f), 0.0f);
  for (int t = 0; t < 60; ++t) step_walker(&st, WalkCommand{1.0f, 1.0f}, *setup, rig, kDt);
  EXPECT_EQ(st.position_ws, glm::vec3(0.0f));
  EXPECT_EQ(st.heading_rad, 0.0f);
}

TEST(Walker, DeterministicAndCopyable) {
  Rig rig = load_rig("octopod");
  auto setup = build_retarget_setup(rig, walk_clip());
  ASSERT_TRUE(setup.ok());
  auto run = [&](int ticks, WalkerState* snapshot_at_100) {
    WalkerState st = make_walker(*setup, rig, glm::vec3(0.0f), 0.0f);
    StateHasher h;
    for (int t = 0; t < ticks; ++t) {
      step_walker(&st, WalkCommand{0.5f, t > 200 ? 0.5f : 0.0f}, *setup, rig, kDt);
      if (t == 100 && snapshot_at_100) *snapshot_at_100 = st;
      hash_walker(st, &h);
    }
    return h.value();
  };
  WalkerState snap;
  EXPECT_EQ(run(400, &snap), run(400, nullptr));
  // A copied state continues exactly like the original.
  WalkerState a = snap, b = snap;
  for (int t = 0; t < 50; ++t) {
    step_walker(&a, WalkCommand{0.5f, 0.5f}, *setup, rig, kDt);
    step_walker(&b, WalkCommand{0.5f, 0.5f}, *setup, rig, kDt);
  }
  EXPECT_EQ(a.position_ws, b.position_ws);
  EXPECT_EQ(a.gait_phase, b.gait_phase);
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// Moving again while still settling into the stand (every foot parked, the body's walk motion not yet
// gone) keeps the gait's phase: the cog never jumps (it did by up to 16 cm when the cycle restarted).
TEST(Walker, RestartingBeforeTheStandHasSettledDoesNotPop) {
  for (const char* name : {"hexapod", "octopod", "quadruped", "biped"}) {
    Rig rig = test::load_rig(name);
    auto setup = build_retarget_setup(rig, test::walk_clip());
    ASSERT_TRUE(setup.ok()) << name;
    WalkerState w = make_walker(*setup, rig, glm::vec3(0.0f), 0.0f);
    WalkCommand go;
    go.speed_mps = natural_speed(*setup);
    CreaturePose pose;
    pose.resize(rig);
    glm::vec3 last(0.0f), last_root(0.0f);
    float worst = 0.0f;
    int restarts_while_settling = 0;
    for (int t = 0; t < 600; ++t) {
      bool parked = true;
      for (int k = 0; k < w.leg_count; ++k) parked = parked && w.feet[static_cast<std::size_t>(k)].parked;
      const bool settling = parked && w.motion_weight > 0.0f;
      // Walk, stop; go again as soon as every foot is parked, before the body has settled.
      const bool walking = t < 60 || (t >= 120 && settling) || t > 200;
      if (t >= 120 && t <= 200 && settling) ++restarts_while_settling;
      step_walker(&w, walking ? go : WalkCommand{}, *setup, rig, kTick_sf);
      ASSERT_TRUE(pose_walker(w, *setup, rig, test::walk_clip(), &pose));
      if (t > 0) worst = std::max(worst, glm::length((pose.cog_ws - last) - (w.position_ws - last_root)));
      last = pose.cog_ws;
      last_root = w.position_ws;
      if (t >= 120 && t <= 200 && restarts_while_settling > 0 && !settling) break;
    }
    EXPECT_LT(worst, 0.03f) << name;
    std::printf("%-10s restarted while settling %d times, largest cog step beyond the root's %.4f m\n", name,
                restarts_while_settling, worst);
  }
}

TEST(Walker, SwingingOnCarriesALiftedFootOnAndStopsAtItsTouchdown) {
  for (const std::string& name : {std::string("biped"), std::string("quadruped"), std::string("hexapod")}) {
    Rig rig = load_rig(name);
    auto setup = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(setup.ok()) << name;
    WalkerState w = make_walker(*setup, rig, glm::vec3(0.0f), 0.0f);
    // Standing, or asked for no ticks: nothing changes.
    EXPECT_EQ(walker_swinging_on(w, *setup, 5).gait_phase, w.gait_phase) << name;
    WalkCommand cmd;
    cmd.speed_mps = natural_speed(*setup);
    int swinging = -1;
    for (int t = 0; t < 600 && swinging < 0; ++t) {
      step_walker(&w, cmd, *setup, rig, kDt);
      if (t < 120) continue;  // up to speed
      for (int k = 0; k < w.leg_count; ++k)
        if (!w.feet[static_cast<std::size_t>(k)].planted && w.feet[static_cast<std::size_t>(k)].swing_start == 0.0f) swinging = k;
    }
    ASSERT_GE(swinging, 0) << name;
    EXPECT_EQ(walker_swinging_on(w, *setup, 0).gait_phase, w.gait_phase);
    const WalkerState on = walker_swinging_on(w, *setup, 1);
    EXPECT_NEAR(on.gait_phase - w.gait_phase, w.cadence_hz / 60.0, 1e-9) << name << ": one tick of its gait";
    EXPECT_EQ(on.position_ws, w.position_ws) << name << ": the body stays where it is";
    // The lifted foot swings on as the walk would move it.
    CreaturePose now, next, walked;
    now.resize(rig);
    next.resize(rig);
    walked.resize(rig);
    ASSERT_TRUE(pose_walker(w, *setup, rig, walk_clip(), &now));
    ASSERT_TRUE(pose_walker(on, *setup, rig, walk_clip(), &next));
    int leg = -1;
    for (std::size_t l = 0, k = 0; l < rig.limbs.size(); ++l)
      if (rig.limbs[l].tag == PartTag::kLeg && static_cast<int>(k++) == swinging) leg = static_cast<int>(l);
    ASSERT_GE(leg, 0);
    const auto ankle = static_cast<std::size_t>(rig.limbs[static_cast<std::size_t>(leg)].bones[1]);
    EXPECT_GT(glm::length(next.tail_ws[ankle] - now.tail_ws[ankle]), 1e-3f) << name << ": the swing goes on";
    // However long it is asked to go on, it stops before any swinging foot would touch down.
    const WalkerState far = walker_swinging_on(w, *setup, 600);
    EXPECT_GT(far.gait_phase, w.gait_phase);
    EXPECT_LT(far.gait_phase - w.gait_phase, 1.0) << name << ": within one cycle";
    EXPECT_EQ(walker_swinging_on(far, *setup, 1).gait_phase, far.gait_phase) << name << ": the next tick would land it";
    ASSERT_TRUE(pose_walker(far, *setup, rig, walk_clip(), &walked));
    EXPECT_LT(walked.tail_ws[ankle].y, now.tail_ws[ankle].y + 0.3f) << name;
    EXPECT_TRUE(std::isfinite(walked.tail_ws[ankle].x + walked.tail_ws[ankle].y + walked.tail_ws[ankle].z));
  }
}

// Ground rising along +Z at 'pitch' degrees and along +X at 'roll' degrees, with a low wave on top: no
// motion may assume a flat floor.
class SlopedGround final : public Ground {
 public:
  SlopedGround(float pitch_deg, float roll_deg, float wave_m)
      : dz_(std::tan(pitch_deg * 0.0174533f)), dx_(std::tan(roll_deg * 0.0174533f)), wave_(wave_m) {}
  GroundPoint at(float x, float z) const override {
    GroundPoint g;
    g.y = dx_ * x + dz_ * z + wave_ * std::sin(2.0f * z) * std::sin(1.5f * x);
    const float gx = dx_ + wave_ * 1.5f * std::sin(2.0f * z) * std::cos(1.5f * x);
    const float gz = dz_ + wave_ * 2.0f * std::cos(2.0f * z) * std::sin(1.5f * x);
    g.normal = glm::normalize(glm::vec3(-gx, 1.0f, -gz));
    return g;
  }

 private:
  float dz_, dx_, wave_;
};

TEST(Walker, FeetFindSlopingGroundUnderEveryShippedCreature) {
  struct Slope {
    float pitch, roll, wave;
  };
  const Slope slopes[] = {{12.0f, 0.0f, 0.0f}, {-12.0f, 0.0f, 0.0f}, {0.0f, 10.0f, 0.0f}, {8.0f, -6.0f, 0.03f}};
  for (const std::string& name : test::shipped_creatures()) {
    Rig rig = load_rig(name);
    auto setup = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(setup.ok()) << name;
    for (const Slope& sl : slopes) {
      const SlopedGround ground(sl.pitch, sl.roll, sl.wave);
      WalkRun run;
      run.seconds = 5.0f;
      run.ground = &ground;
      int planted_far = 0;
      WalkReport r = simulate_walk(rig, walk_clip(), *setup, run, [&](const WalkerState& st, const CreaturePose&) {
        // Every planted foot rests on the ground under it.
        for (int k = 0; k < st.leg_count; ++k) {
          const FootState& f = st.feet[k];
          if (f.planted && std::fabs(f.plant_ws.y - ground.at(f.plant_ws.x, f.plant_ws.z).y) > 1e-4f) ++planted_far;
        }
      });
      const std::string what = name + " pitch " + std::to_string(sl.pitch) + " roll " + std::to_string(sl.roll);
      EXPECT_EQ(planted_far, 0) << what;
      EXPECT_GT(r.distance_m, 0.5f * natural_speed(*setup) * run.seconds) << what;
      for (const LegWalkStats& l : r.legs) {
        SCOPED_TRACE(what + " " + l.name);
        EXPECT_LE(l.max_penetration_m, 0.01f);  // no flesh more than 1 cm below the ground under it
        EXPECT_LE(l.max_float_m, 0.02f);        // planted feet within 2 cm of it
        EXPECT_LE(l.max_skate_m, 0.02f * l.length_m);
      }
    }
  }
}

TEST(Walker, TheFlatGroundAskedIsTheGroundNotAsked) {
  // A ground that answers y = 0 everywhere walks bit for bit as no ground at all (the flat levels' replays).
  const SlopedGround flat(0.0f, 0.0f, 0.0f);
  for (const std::string& name : test::shipped_creatures()) {
    Rig rig = load_rig(name);
    auto setup = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(setup.ok()) << name;
    StateHasher a, b;
    WalkRun run;
    run.seconds = 3.0f;
    run.turn_rate_rps = kTurnRate;
    simulate_walk(rig, walk_clip(), *setup, run, [&](const WalkerState& st, const CreaturePose& p) {
      hash_walker(st, &a);
      for (const glm::vec3& v : p.tail_ws) a.bytes(&v, sizeof v);
    });
    run.ground = &flat;
    simulate_walk(rig, walk_clip(), *setup, run, [&](const WalkerState& st, const CreaturePose& p) {
      hash_walker(st, &b);
      for (const glm::vec3& v : p.tail_ws) b.bytes(&v, sizeof v);
    });
    EXPECT_EQ(a.value(), b.value()) << name;
  }
}

}  // namespace
}  // namespace cf
