// Climbing onto a ledge and down from it (the seed's FIG. 7), for every shipped creature, through the real
// session: A at a ledge with a protruding lip climbs it with no flesh in the platform, the ground or the
// lip; turned round at the edge, A climbs down again; a creature whose limbs cannot reach the top is
// refused with the reason, so is a ledge with a wall on its top; X climbs as A does.
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "game/play/actions/climb_action.h"
#include "game/session/session.h"
#include "core/rng.h"
#include "creature/creature_io.h"
#include "game_test_util.h"
#include "grid_creature.h"
#include "sweep.h"
#include "world/ground_query.h"
#include "world/level.h"

namespace cf {
namespace {

const char* const kCreatures[] = {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"};

Scene ledge_scene(const char* creature, glm::vec3 spawn) {
  Result<Scene> s = load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                               std::string(CF_ASSETS_DIR) + "/levels/ledge_lip.json");
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  s->level.spawn = spawn;
  return std::move(*s);
}

InputFrame press(Button b) {
  InputFrame f;
  f.buttons = b;
  f.pressed = b;
  return f;
}

struct ClimbRun {
  int clips = 0;
  float deepest_m = 0.0f;
  void watch(const Session& s) {
    for (int k = 0; k < s.clips().count(); ++k) {
      ++clips;
      deepest_m = std::max(deepest_m, s.clips().events()[k].depth_m);
    }
  }
};

// Walks the player forward until the HUD offers the climb (as a player stops to press A), it stands still
// (held at the face or the edge) or 'ticks' pass.
void walk_up_to(Session& s, ClimbRun& r, int ticks) {
  const Species sp = make_species(s.scene());
  int still = 0;
  for (int t = 0; t < ticks && still < 10; ++t) {
    if (ledge_in_climb_reach(s.state().player(), sp, s.scene().level)) break;
    const glm::vec3 before = s.state().player().root_ws;
    s.tick(test::stick(0.0f, 1.0f));
    r.watch(s);
    still = glm::length(s.state().player().root_ws - before) < 1e-3f ? still + 1 : 0;
    if (std::getenv("CF_CLIMB_TRACE"))
      std::printf("t %d z %.3f y %.3f speed %.2f blocked %u\n", t, s.state().player().root_ws.z,
                  s.state().player().root_ws.y, s.state().player().speed_mps, s.state().player().blocked_ticks);
  }
}

// Presses b and lets the climb play out (or the refusal stand).
void press_and_wait(Session& s, ClimbRun& r, Button b) {
  s.tick(press(b));
  r.watch(s);
  for (int t = 0; t < 150; ++t) {
    s.tick(InputFrame{});
    r.watch(s);
  }
}

TEST(Climb, EveryShippedCreatureClimbsOntoALedgeWithALipAndDownAgainWithNoFleshInIt) {
  for (const char* creature : kCreatures) {
    Session s;
    s.start(ledge_scene(creature, glm::vec3(0.0f)), 1);
    ClimbRun r;
    walk_up_to(s, r, 200);
    const float low_y = s.state().player().root_ws.y;
    press_and_wait(s, r, kButtonA);
    const ClimbActionState& st = climb_of(s.state().player());
    if (climb_reach_m(make_species(s.scene()), false) < 0.7f) {  // short legs (stubby, hexapod): out of their reach
      EXPECT_EQ(st.climbs, 0u) << creature;
      EXPECT_EQ(st.refused, kClimbTooHigh) << creature;
      EXPECT_NEAR(s.state().player().root_ws.y, low_y, 1e-4f) << creature;
      EXPECT_EQ(r.clips, 0) << creature;
      std::printf("[climb] %s: 0.70 m is too high (refused)\n", creature);
      continue;
    }
    EXPECT_EQ(st.climbs, 1u) << creature;
    EXPECT_FALSE(st.down);
    EXPECT_NEAR(s.state().player().root_ws.y, 0.7f, 0.01f) << creature << " stands on the top";
    EXPECT_GT(s.state().player().root_ws.z, 1.88f) << creature;
    EXPECT_EQ(r.clips, 0) << creature << " up: deepest " << r.deepest_m * 100.0f << " cm";
    std::printf("[climb] %s up 0.70 m in %d ticks, %d clips\n", creature, st.ticks, r.clips);
    // Turned round, to the edge, and down.
    for (int t = 0; t < 40; ++t) {
      s.tick(test::stick(0.0f, -1.0f));
      r.watch(s);
    }
    walk_up_to(s, r, 200);
    const glm::vec3 at = s.state().player().root_ws;
    if (LevelGround(&s.scene().level).at(at.x, at.z).y > 0.35f) press_and_wait(s, r, kButtonA);  // (a long-legged one walks down)
    EXPECT_NEAR(s.state().player().root_ws.y, 0.0f, 0.01f) << creature << " is down again";
    EXPECT_LT(s.state().player().root_ws.z, 1.88f) << creature;
    EXPECT_EQ(r.clips, 0) << creature << " down: deepest " << r.deepest_m * 100.0f << " cm";
    std::printf("[climb] %s down: %u climbs, %d clips\n", creature, climb_of(s.state().player()).climbs, r.clips);
  }
}

TEST(Climb, ALedgeWithAWallOnItsTopIsRefusedForWantOfRoom) {
  for (const char* creature : {"quadruped", "biped_arms_tail", "octopod"}) {
    Session s;
    s.start(ledge_scene(creature, glm::vec3(7.0f, 0.0f, 0.0f)), 1);
    ClimbRun r;
    walk_up_to(s, r, 200);
    s.tick(press(kButtonA));
    // The refusal's line is the climb's own (its HUD ids follow the clip action's many).
    EXPECT_EQ(s.state().hud, climb_hud(kClimbNoRoomOnTop)) << creature;
    ActionId owner = kNoAction;
    int code = -1;
    ASSERT_TRUE(s.registry().hud_owner(s.state().hud, &owner, &code));
    EXPECT_EQ(owner, s.registry().find("climb"));
    EXPECT_EQ(code, kClimbNoRoomOnTop);
    press_and_wait(s, r, kButtonA);
    const ClimbActionState& st = climb_of(s.state().player());
    EXPECT_EQ(st.climbs, 0u) << creature;
    EXPECT_EQ(st.refused, kClimbNoRoomOnTop) << creature;
    EXPECT_LT(s.state().player().root_ws.z, 1.88f) << creature << " stays below";
    EXPECT_EQ(r.clips, 0) << creature;
  }
}

TEST(Climb, TheJumpButtonAtALedgeClimbsItToo) {
  Session s;
  s.start(ledge_scene("quadruped", glm::vec3(0.0f)), 1);
  ClimbRun r;
  walk_up_to(s, r, 200);
  s.tick(press(kButtonX));
  EXPECT_TRUE(climb_of(s.state().player()).playing());
  for (int t = 0; t < 150; ++t) s.tick(InputFrame{});
  EXPECT_EQ(climb_of(s.state().player()).climbs, 1u);
  EXPECT_NEAR(s.state().player().root_ws.y, 0.7f, 0.01f);
}

// Each body on a ledge of its own size: halfway between the step it walks up and the most its limbs reach
// over, the lip jutting out as the fixture's does.
TEST(Climb, EveryCreatureClimbsALedgeHalfwayBetweenItsStepAndItsReachAndDownAgain) {
  for (const char* creature : kCreatures) {
    Scene sc = ledge_scene(creature, glm::vec3(0.0f));
    const Species sp = make_species(sc);
    const float step = climb_step_m(sp), reach = climb_reach_m(sp, false);
    ASSERT_GT(reach, step + 0.05f) << creature;
    const float h = 0.5f * (step + reach);
    sc.level.platforms.resize(2);
    sc.level.walls.clear();
    sc.level.platforms[0].centre.y = sc.level.platforms[0].half_extents.y = 0.5f * (h - 0.08f);
    sc.level.platforms[1].centre.y = h - 0.04f;
    Session s;
    s.start(std::move(sc), 1);
    ClimbRun r;
    walk_up_to(s, r, 240);
    press_and_wait(s, r, kButtonA);
    EXPECT_EQ(climb_of(s.state().player()).climbs, 1u) << creature;
    glm::vec3 at = s.state().player().root_ws;
    EXPECT_NEAR(LevelGround(&s.scene().level).at(at.x, at.z).y, h, 0.01f) << creature << " on top";
    for (int t = 0; t < 40; ++t) {
      s.tick(test::stick(0.0f, -1.0f));
      r.watch(s);
    }
    walk_up_to(s, r, 240);
    at = s.state().player().root_ws;
    if (LevelGround(&s.scene().level).at(at.x, at.z).y > 0.5f * h) press_and_wait(s, r, kButtonA);
    at = s.state().player().root_ws;
    EXPECT_NEAR(LevelGround(&s.scene().level).at(at.x, at.z).y, 0.0f, 0.01f) << creature << " down again";
    EXPECT_EQ(r.clips, 0) << creature << ": deepest " << r.deepest_m * 100.0f << " cm";
    std::printf("[climb] %s: step %.2f m, reach %.2f m, a %.2f m ledge up and down in %u climbs, %d clips\n", creature,
                step, reach, h, climb_of(s.state().player()).climbs, r.clips);
  }
}

// The climb grid: seeded random bodies (1-8 legs, 0-4 arms, tails, long and short) at seeded random ledges
// (a height between the body's step and its reach, a lip jutting 0-15 cm over the face, met up to 25 degrees
// off square): A climbs each, and climbs down again, with no clip event. Prints each failing cell and the
// pass count (every cell must pass). CF_GRID_ONLY=i plays cell i alone.
TEST(ClimbGrid, RandomBodiesClimbRandomLedgesUpAndDownWithNoFleshInThem) {
  constexpr int kCells = 45;
  const char* only = std::getenv("CF_GRID_ONLY");
  Rng bodies = Rng::from_seed(7070), ledges = Rng::from_seed(7171);
  int passed = 0, played = 0;
  for (int i = 0; i < kCells; ++i) {
    const Creature body = grid_creature(bodies, i);  // every cell drawn, so one cell alone sees the same body
    const float share = static_cast<float>(ledges.uniform(0.15, 0.85)), lip = static_cast<float>(ledges.uniform(0.0, 0.15));
    const float slant = static_cast<float>(ledges.uniform(-25.0, 25.0)) * 0.017453292f;
    if (i % 9 == 0 || (only && std::atoi(only) != i) || (!only && i % test::sweep_step(3) != 0)) continue;  // legless: no climb
    Json level = {{"format", "critterforge.level/1"}, {"name", "climb grid"}, {"ground", {{"y", 0}, {"half_size", 20}}},
                  {"spawn", {{"position", {0, 0, 0}}, {"heading_deg", slant / 0.017453292f}}},
                  {"fences", Json::array({{{"centre", {0, 0.3, -8}}, {"half_extents", {1, 0.3, 0.04}}, {"yaw_deg", 0}}})},
                  {"walls", Json::array()}, {"regions", Json::array()}};
    Result<Scene> scene = scene_from_json("grid.json", creature_to_json(body), "grid.json", "ledge.json", level, "ledge.json");
    ASSERT_TRUE(scene.ok()) << scene.error().to_string();
    const Species sp = make_species(*scene);
    if (!sp.walks()) continue;
    const float step = climb_step_m(sp), reach = climb_reach_m(sp, false);
    if (reach < step + 0.05f) {  // nothing it cannot step is within its reach: no ledge to climb
      std::printf("climb cell %d: step %.2f m, reach %.2f m: none to climb\n", i, step, reach);
      continue;
    }
    const float h = step + 0.02f + (reach - step - 0.04f) * share;
    // The ledge a metre beyond the body's reach ahead, as deep as the body is long (and 3 m more), twice as wide,
    // its top slab (8 cm) jutting 'lip' over the face under it.
    const float size = sp.footprint.bound_m, face = size + 1.0f, half = size + 1.5f;
    Box base, slab;
    base.centre = glm::vec3(0.0f, 0.5f * (h - 0.08f), face + half);
    base.half_extents = glm::vec3(2.0f * half, 0.5f * (h - 0.08f), half);  // (wide: a slanted walk drifts sideways)
    slab.centre = glm::vec3(0.0f, h - 0.04f, face + half - 0.5f * lip);
    slab.half_extents = glm::vec3(2.0f * half, 0.04f, half + 0.5f * lip);
    scene->level.platforms = {base, slab};
    ++played;
    Session s;
    s.start(std::move(*scene), 1);
    ClimbRun r;
    std::string failed;
    walk_up_to(s, r, 1200);
    press_and_wait(s, r, kButtonA);
    glm::vec3 at = s.state().player().root_ws;
    const LevelGround ground(&s.scene().level);
    if (climb_of(s.state().player()).climbs != 1 || std::fabs(ground.at(at.x, at.z).y - h) > 0.01f)
      failed = "did not climb up (refused " + std::to_string(climb_of(s.state().player()).refused) + ", at z " +
               std::to_string(at.z) + ")";
    for (int t = 0; t < 40; ++t) {
      s.tick(test::stick(0.0f, -1.0f));
      r.watch(s);
    }
    walk_up_to(s, r, 1200);
    at = s.state().player().root_ws;
    if (only)
      std::printf("at the edge: x %.2f z %.2f heading %.1f deg, walker heading %.1f, ground %.2f\n", at.x, at.z,
                  s.state().player().heading_rad / 0.017453292f, s.state().player().walker.heading_rad / 0.017453292f,
                  ground.at(at.x, at.z).y);
    if (ground.at(at.x, at.z).y > 0.5f * h) press_and_wait(s, r, kButtonA);
    at = s.state().player().root_ws;
    if (failed.empty() && std::fabs(ground.at(at.x, at.z).y) > 0.01f)
      failed = "did not climb down (refused " + std::to_string(climb_of(s.state().player()).refused) + ", at z " +
               std::to_string(at.z) + ", " + std::to_string(climb_of(s.state().player()).climbs) + " climbs)";
    if (failed.empty() && r.clips > 0) failed = std::to_string(r.clips) + " clip events, deepest " + std::to_string(r.deepest_m) + " m";
    if (failed.empty()) {
      ++passed;
    } else {
      std::printf("FAILED climb cell %d (%d legs, %d arms, ledge %.2f m of step %.2f / reach %.2f, lip %.2f, slant %.0f): %s\n", i,
                  i % 9, (i / 9) % 5, h, step, reach, lip, slant / 0.017453292f, failed.c_str());
    }
  }
  std::printf("climb grid: %d / %d random bodies climb random ledges up and down\n", passed, played);
  EXPECT_EQ(passed, played);
}

}  // namespace
}  // namespace cf
