// The jump as a player feels it, through the real tick: lift-off within 6 ticks of X for every shipped
// creature standing and running, a rise and length that read (printed per creature), random bodies
// with arms jumping without flesh in the ground, a press a stride before the ditch held for the take-off
// point and clearing it, a low rail hopped, and presses in a landing or its hand-over kept.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "../retarget/test_creatures.h"
#include "core/file_io.h"
#include "game/play/action.h"
#include "game/play/actions/jump_action.h"
#include "game/play/world_runtime.h"
#include "game/session/clip_watch.h"
#include "game/session/session.h"
#include "game_test_util.h"
#include "grid_creature.h"
#include "retarget/jump.h"
#include "creature/creature_io.h"
#include "retarget/creature_pose.h"
#include "sweep.h"

namespace cf {
namespace {

InputFrame press_x(float stick_y = 0.0f) {
  InputFrame f = test::stick(0.0f, stick_y);
  f.buttons = f.pressed = kButtonX;
  return f;
}

const char* kOpenLevel = R"({"format": "critterforge.level/1", "name": "t", "ground": {"y": 0, "half_size": 30},
    "spawn": {"position": [0, 0, -20], "heading_deg": 0}, "fences": [], "walls": [], "regions": []})";

Scene scene_of(const Json& creature, const Json& level) {
  Result<Scene> s = scene_from_json("c.json", creature, "c.json", "t.json", level, "t.json");
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
}

Json shipped(const std::string& name) {
  Result<Json> j = load_json_file(test::asset("creatures/" + name + ".json"));
  EXPECT_TRUE(j.ok());
  return *j;
}

// True when no leg of the player's pose this tick touches the ground.
bool in_the_air(const Session& s) {
  const CreaturePose& p = s.runtime().pose(0);
  const Rig& rig = *s.context().species[0].rig;
  bool legs = false;
  for (std::size_t l = 0; l < rig.limbs.size(); ++l) {
    if (rig.limbs[l].tag != PartTag::kLeg) continue;
    legs = true;
    if (p.limbs[l].contact) return false;
  }
  return legs || jump_phase(jump_of(s.state().player())) == std::string("flight");
}

struct Measured {
  int liftoff = -1;     // ticks from the press's tick to the first tick in the air
  float rise_m = 0.0f;  // the cog's highest point over its standing height
  float length_m = 0.0f;  // from take-off to landing, on the ground
  int clips = 0;        // clip events from the press to the end of the landing
  bool started = false;
};

// Presses X on this tick (the stick at stick_y throughout) and plays the jump out.
Measured jump_now(Session& s, float stick_y, float standing_cog_y) {
  Measured m;
  const std::uint32_t before = jump_of(s.state().player()).jumps;
  s.tick(press_x(stick_y));
  m.started = jump_of(s.state().player()).jumps > before;
  if (!m.started) return m;
  const glm::vec3 from = jump_of(s.state().player()).from_ws;
  int run_start = -1;
  for (int t = 0; t < 300; ++t) {
    if (t > 0) s.tick(test::stick(0.0f, stick_y));
    m.clips += s.clips().count();
    // The lift-off: the first tick of the air time that ends at touchdown (a one-legged runner is
    // already off the ground between its hops when X is pressed).
    const bool air = in_the_air(s);
    if (air && run_start < 0) run_start = t;
    if (!air) run_start = -1;
    if (m.liftoff < 0 && air && jump_phase(jump_of(s.state().player())) == std::string("flight")) m.liftoff = run_start;
    m.rise_m = std::max(m.rise_m, s.runtime().pose(0).cog_ws.y - standing_cog_y);
    if (!jump_of(s.state().player()).playing()) break;
  }
  const glm::vec3 land = s.state().player().root_ws;
  m.length_m = glm::length(glm::vec2(land.x - from.x, land.z - from.z));
  return m;
}

// A standing jump (10 still ticks first) and a running one (1.5 s of full stick first) of a creature.
void standing_and_running(const Json& creature, Measured* standing, Measured* running) {
  const Json level = Json::parse(kOpenLevel);
  {
    Session s;
    s.start(scene_of(creature, level), 1);
    for (int t = 0; t < 10; ++t) s.tick(InputFrame{});
    *standing = jump_now(s, 0.0f, s.runtime().pose(0).cog_ws.y);
  }
  Session s;
  s.start(scene_of(creature, level), 1);
  for (int t = 0; t < 10; ++t) s.tick(InputFrame{});
  const float cog = s.runtime().pose(0).cog_ws.y;
  for (int t = 0; t < 90; ++t) s.tick(test::stick(0.0f, 1.0f));
  *running = jump_now(s, 1.0f, cog);
}

// Before: X to lift-off 24 ticks (the strider 36), about 0.2 m high.
TEST(JumpFeel, EveryShippedCreatureLeavesTheGroundWithinSixTicksOfXStandingAndRunning) {
  std::printf("%-16s %9s %9s %8s %8s %9s %9s\n", "creature", "lift st", "lift run", "rise st", "rise run", "len st",
              "len run");
  for (const std::string& name : test::shipped_creatures()) {
    SCOPED_TRACE(name);
    Measured st, run;
    standing_and_running(shipped(name), &st, &run);
    ASSERT_TRUE(st.started && run.started);
    EXPECT_GE(st.liftoff, 0);
    EXPECT_LE(st.liftoff, 6) << "standing";
    EXPECT_GE(run.liftoff, 0);
    EXPECT_LE(run.liftoff, 6) << "running";
    EXPECT_EQ(st.clips + run.clips, 0);
    EXPECT_LT(st.length_m, 0.01f) << "standing: in place";
    EXPECT_GT(run.length_m, st.length_m + 0.3f) << "running: forward";
    std::printf("%-16s %6d tk %6d tk %6.2f m %6.2f m %7.2f m %7.2f m\n", name.c_str(), st.liftoff, run.liftoff,
                st.rise_m, run.rise_m, st.length_m, run.length_m);
  }
}

// A biped rises at least 0.4 m (before: 0.2), and a rise and length grow with the legs.
TEST(JumpFeel, ABipedRisesAtLeastFortyCentimetresAndTheJumpScalesWithTheLegs) {
  Measured biped_st, biped_run, strider_st, strider_run, hexapod_st, hexapod_run;
  standing_and_running(shipped("biped"), &biped_st, &biped_run);
  standing_and_running(shipped("strider"), &strider_st, &strider_run);
  standing_and_running(shipped("hexapod"), &hexapod_st, &hexapod_run);
  EXPECT_GE(biped_st.rise_m, 0.4f);
  EXPECT_GE(biped_run.rise_m, 0.4f);
  EXPECT_GT(strider_st.rise_m, biped_st.rise_m);
  EXPECT_LT(hexapod_st.rise_m, biped_st.rise_m);
  EXPECT_GT(strider_run.length_m, biped_run.length_m);
  EXPECT_LT(hexapod_run.length_m, biped_run.length_m);
  // A running biped's flight carries its run: over a metre and a quarter.
  EXPECT_GT(biped_run.length_m, 1.25f);
}

// Random bodies with arms (the grids' bodies: 0-8 legs, 1-4 arms, with and without a tail), standing
// and running jumps through the real tick: no flesh under the ground (before: 13 of 192 runs of bodies
// with 2 arms put flesh 1.7-3.1 cm under it).
TEST(JumpFeel, RandomBodiesWithArmsJumpStandingAndRunningWithoutFleshInTheGround) {
  Rng rng = Rng::from_seed(4848);
  int runs = 0, clean = 0, lifted = 0;
  // Under the sanitizers every fifth body: 5 is prime to 9 and 36, so every leg count still comes.
  for (int i = 0; i < 72; i += test::sweep_step(5)) {
    const int legs = i % 9, arms = 1 + (i / 9) % 4;
    const Creature c = grid_body(rng, legs, arms, (i / 36) % 2 == 1);
    Measured st, run;
    standing_and_running(creature_to_json(c), &st, &run);
    for (const Measured* m : {&st, &run}) {
      ++runs;
      if (!m->started) {
        ADD_FAILURE() << "body " << i << " (" << legs << " legs, " << arms << " arms): X did not jump";
        continue;
      }
      if (m->clips == 0) {
        ++clean;
      } else {
        ADD_FAILURE() << "body " << i << " (" << legs << " legs, " << arms << " arms) "
                      << (m == &st ? "standing" : "running") << ": " << m->clips << " clip events";
      }
      if (m->liftoff >= 0 && m->liftoff <= 6) {
        ++lifted;
      } else {
        ADD_FAILURE() << "body " << i << " (" << legs << " legs, " << arms << " arms) "
                      << (m == &st ? "standing" : "running") << ": lift-off " << m->liftoff << " ticks after X";
      }
    }
  }
  std::printf("random bodies with arms: %d / %d jumps without a clip event, %d lift off within 6 ticks\n", clean, runs,
              lifted);
  EXPECT_EQ(clean, runs);
  EXPECT_EQ(lifted, runs);
}

// trial_ditch's first ditch (z 7.75 to 8.25) on the run, through the real tick: where a running biped
// stops at its near edge without X, and whether X pressed 'before_m' short of that line clears it.
struct DitchRun {
  float stop_z = 0.0f;  // where the body stops without X
  bool cleared = false;
  int press_tick = -1;
  int takeoff_tick = -1;
};

Scene ditch_scene(const std::string& creature) {
  Result<Scene> s = load_scene(test::asset("creatures/" + creature + ".json"), test::asset("levels/trial_ditch.json"));
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
}

float ditch_stop_z(const std::string& creature) {
  Session s;
  s.start(ditch_scene(creature), 1);
  for (int t = 0; t < 900; ++t) s.tick(test::stick(0.0f, 1.0f));
  return s.state().player().root_ws.z;
}

DitchRun ditch_run(const std::string& creature, float stop_z, float before_m) {
  DitchRun r;
  r.stop_z = stop_z;
  Session s;
  s.start(ditch_scene(creature), 1);
  const std::uint32_t jumps0 = jump_of(s.state().player()).jumps;
  for (int t = 0; t < 900; ++t) {
    const bool press = r.press_tick < 0 && s.state().player().root_ws.z >= stop_z - before_m;
    if (press) r.press_tick = static_cast<int>(s.state().tick);
    s.tick(press ? press_x(1.0f) : test::stick(0.0f, 1.0f));
    if (r.takeoff_tick < 0 && jump_of(s.state().player()).jumps > jumps0 &&
        jump_phase(jump_of(s.state().player())) == std::string("flight"))
      r.takeoff_tick = static_cast<int>(s.state().tick);
    if (s.state().player().root_ws.z > 8.6f) {
      r.cleared = true;
      break;
    }
  }
  return r;
}

// Before: only presses 0.11-0.41 m before the stop line cleared (a 13-tick window); pressed a stride
// before (0.5-2 m) the jump was shortened and stopped dead at the lip.
TEST(JumpFeel, APressAStrideBeforeTheDitchIsHeldForTheTakeOffAndClearsIt) {
  for (const char* creature : {"biped", "quadruped", "strider"}) {
    SCOPED_TRACE(creature);
    if (test::kUnderSanitizer && std::string(creature) != "biped") continue;  // the window below is the biped's
    const float stop = ditch_stop_z(creature);
    ASSERT_GT(stop, 7.0f);
    ASSERT_LT(stop, 7.75f) << "a run is stopped at the ditch's edge";
    for (float before : {0.5f, 1.0f, 1.5f, 2.0f}) {
      const DitchRun r = ditch_run(creature, stop, before);
      EXPECT_TRUE(r.cleared) << "pressed " << before << " m before the stop line";
      EXPECT_GT(r.takeoff_tick, r.press_tick) << before;
    }
  }
  // The window, printed for the figures: every press tick of a biped's run up to the stop line.
  const float stop = ditch_stop_z("biped");
  Session probe;
  probe.start(ditch_scene("biped"), 1);
  std::vector<float> z_at;
  for (int t = 0; t < 600; ++t) {
    z_at.push_back(probe.state().player().root_ws.z);
    probe.tick(test::stick(0.0f, 1.0f));
  }
  int first = -1, last = -1, stop_tick = -1;
  float first_z = 0.0f, last_z = 0.0f;
  for (int t = 0; t < 600; ++t) {
    if (z_at[static_cast<std::size_t>(t)] < stop - 3.0f) continue;
    if (test::kUnderSanitizer && t % 3 != 0 && t > 0) continue;  // every third press tick
    if (stop_tick < 0 && z_at[static_cast<std::size_t>(t)] >= stop - 0.01f) stop_tick = t;
    Session s;
    s.start(ditch_scene("biped"), 1);
    for (int k = 0; k < t; ++k) s.tick(test::stick(0.0f, 1.0f));
    s.tick(press_x(1.0f));
    bool cleared = false;
    for (int k = 0; k < 200 && !cleared; ++k) {
      s.tick(test::stick(0.0f, 1.0f));
      cleared = s.state().player().root_ws.z > 8.6f;
    }
    if (cleared && first < 0) {
      first = t;
      first_z = stop - z_at[static_cast<std::size_t>(t)];
    }
    if (cleared) {
      last = t;
      last_z = stop - z_at[static_cast<std::size_t>(t)];
    }
    if (stop_tick >= 0 && t > stop_tick + 5) break;
  }
  ASSERT_GE(first, 0);
  std::printf("trial_ditch, running biped: X clears the first ditch pressed %d..%d ticks before reaching the stop "
              "line (%.2f..%.2f m before it): a %d-tick window\n",
              stop_tick - first, stop_tick - last, first_z, last_z, last - first + 1);
  EXPECT_GE(first_z, 2.0f);
  EXPECT_LE(last_z, 0.5f);
}

// A rail 0.4 leg lengths high is jumped over, running at it or standing at it with the stick forward; a
// fence higher than that still is not (the jump is shortened before it).
TEST(JumpFeel, AKneeHighRailIsHoppedAndAHighFenceIsNot) {
  Session probe;
  probe.start(test::biped_scene_in("open_ground.json"), 1);
  const JumpMotion* jm = jump_motion(probe.context().species[0]);
  ASSERT_NE(jm, nullptr);
  const float legs = jm->setup.creature_leg_length_m;
  for (const float share : {0.4f, 0.7f}) {
    const float h = share * legs;
    char level[512];
    std::snprintf(level, sizeof level,
                  R"({"format": "critterforge.level/1", "name": "rail", "ground": {"y": 0, "half_size": 20},
        "spawn": {"position": [0, 0, 0], "heading_deg": 0}, "walls": [], "regions": [],
        "fences": [{"centre": [0, %.4f, 4], "half_extents": [2, %.4f, 0.04], "yaw_deg": 0}]})",
                  0.5f * h, 0.5f * h);
    for (const bool run : {true, false}) {
      SCOPED_TRACE(std::string(run ? "running" : "standing at it") + " at a rail " + std::to_string(share) +
                   " leg lengths high");
      Session s;
      s.start(scene_of(shipped("biped"), Json::parse(level)), 1);
      // Running: X 2 m before the rail (held for the take-off), 1 m before the high fence; standing:
      // pushed against it first.
      const float press_z = !run ? 99.0f : share <= kHopLegLengths + 1e-3f ? 2.0f : 3.0f;
      int t = 0;
      for (; t < 400 && s.state().player().root_ws.z < press_z; ++t) s.tick(test::stick(0.0f, 1.0f));
      if (!run) {
        for (int k = 0; k < 60; ++k) s.tick(test::stick(0.0f, 1.0f));
      }
      s.tick(press_x(1.0f));
      int clips = 0;
      bool refused_line = false;
      for (int k = 0; k < 200; ++k) {
        s.tick(test::stick(0.0f, 1.0f));
        clips += s.clips().count();
        for (int e = 0; e < s.clips().count(); ++e)
          ADD_FAILURE() << clip_event_line(s.clips().events()[e], &s.scene().rig.skeleton) << " in the "
                        << jump_phase(jump_of(s.state().player())) << " at jump tick "
                        << jump_of(s.state().player()).tick << " of " << jump_of(s.state().player()).ticks;
        refused_line = refused_line || s.state().hud == jump_hud(kJumpShortened) || s.state().hud == jump_hud(kJumpInPlace);
        if (jump_of(s.state().player()).jumps > 0 && !jump_of(s.state().player()).playing()) break;
      }
      ASSERT_EQ(jump_of(s.state().player()).jumps, 1u);
      const float z = s.state().player().root_ws.z;
      if (share <= kHopLegLengths + 1e-3f) {
        EXPECT_GT(z, 4.2f) << "landed past the rail";
        EXPECT_FALSE(refused_line);
        EXPECT_EQ(clips, 0);
      } else {
        EXPECT_LT(z, 3.9f) << "stayed short of the fence";
        EXPECT_TRUE(refused_line);
      }
    }
  }
}

// X pressed late in the flight, in the landing or in its hand-over into the walk is kept and jumps
// once the creature is on its feet (before: pressed in the landing it was dropped).
TEST(JumpFeel, XPressedInTheFlightsEndTheLandingOrTheHandOverJumpsAgain) {
  Session probe;
  probe.start(test::biped_scene_in("open_ground.json"), 1);
  for (int t = 0; t < 10; ++t) probe.tick(InputFrame{});
  probe.tick(press_x());
  const int touchdown = jump_of(probe.state().player()).touchdown_tick;
  const int ticks = jump_of(probe.state().player()).ticks;
  for (const int at : {touchdown - 8, touchdown + 2, touchdown + 10, ticks + 3}) {
    SCOPED_TRACE(at);
    Session s;
    s.start(test::biped_scene_in("open_ground.json"), 1);
    for (int t = 0; t < 10; ++t) s.tick(InputFrame{});
    s.tick(press_x());
    for (int t = 1; t < at; ++t) s.tick(InputFrame{});
    s.tick(press_x());
    for (int t = 0; t < 60 && jump_of(s.state().player()).jumps < 2; ++t) s.tick(InputFrame{});
    EXPECT_EQ(jump_of(s.state().player()).jumps, 2u);
  }
}

}  // namespace
}  // namespace cf
