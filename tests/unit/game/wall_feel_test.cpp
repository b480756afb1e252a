// Issue 48's walls and turning round, through the simulation, for every shipped creature: running
// into a long wall at 10 degrees keeps most of the speed along it; a wall's end is rounded without
// stopping and without flesh in the wall; pulling the stick back turns the creature round in half a
// second; after a turn-round beside a wall the camera still shows the body and the head.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "game/play/actions/locomotion.h"
#include "game/play/camera.h"
#include "game/session/clip_run.h"
#include "game_test_util.h"
#include "math/angles.h"
#include "world/clearance.h"
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
    if (std::getenv("CF_WALL_TRACE") && turning)
      std::printf("t %d x %.3f z %.3f h %.1f v %.2f blocked %u\n", t, after.x, after.z,
                  s.state().player().heading_rad * kRadToDeg, s.state().player().speed_mps,
                  s.state().player().blocked_ticks);
    if (after.x > wall_x + 0.25f) {  // round the end, past its far face (x 1.04)
      r.rounded = true;
      break;
    }
  }
  return r;
}

TEST(WallSlide, AWallsEndIsRoundedWithoutStoppingAndWithoutFleshInTheWall) {
  for (const char* creature : kCreatures) {
    for (float turn : {-0.6f, -0.4f}) {
      const Rounding r = round_the_end(creature, turn);
      EXPECT_TRUE(r.rounded) << creature << " stick " << turn;
      EXPECT_LE(r.stuck_ticks, 6) << creature << " stick " << turn;
      EXPECT_EQ(r.clips, 0) << creature << " stick " << turn << ": deepest " << r.deepest_m * 100.0f << " cm";
      std::printf("[wall end] %s stick x %.1f: rounded %d, stuck %d ticks, %d clips (deepest %.1f cm)\n", creature, turn,
                  r.rounded, r.stuck_ticks, r.clips, r.deepest_m * 100.0f);
    }
  }
}

// fence_wall_left's wall (x 0.64..1.04, z 0.5..5.5) ahead with its south-west corner 15 cm right of
// the body's line (the wall on that side), met at 68 degrees (near head-on: a bot walking to a creature beyond the wall stopped
// there for good): full stick ahead, no turn. It slips round the corner and on past the wall.
Rounding into_the_corner(const char* creature) {
  Scene sc = scene_of(creature, "fence_wall_left");
  sc.level.fences.clear();
  const float heading = 68.0f * kDegToRad;
  const glm::vec3 fwd(std::sin(heading), 0.0f, std::cos(heading)), left(fwd.z, 0.0f, -fwd.x);
  sc.level.spawn = glm::vec3(0.64f, 0.0f, 0.5f) - fwd * 2.5f + left * 0.15f;
  sc.level.spawn_heading_deg = 68.0f;
  Session s;
  s.start(std::move(sc), 1);
  Rounding r;
  const float walk = natural_speed(*make_species(s.scene()).walk_setup);
  for (int t = 0; t < 400; ++t) {
    const glm::vec3 before = s.state().player().root_ws;
    s.tick(test::stick(0.0f, 1.0f));
    const glm::vec3 after = s.state().player().root_ws;
    if (t > 30 && glm::length(after - before) * 60.0f < 0.2f * walk) ++r.stuck_ticks;
    for (int k = 0; k < s.clips().count(); ++k) {
      ++r.clips;
      r.deepest_m = std::max(r.deepest_m, s.clips().events()[k].depth_m);
      if (std::getenv("CF_WALL_TRACE"))
        std::printf("clip t %d bone %s depth %.3f obstacle %d\n", t,
                    s.scene().rig.skeleton.names[static_cast<std::size_t>(s.clips().events()[k].bone)].c_str(),
                    s.clips().events()[k].depth_m, static_cast<int>(s.clips().events()[k].obstacle));
    }
    if (std::getenv("CF_WALL_TRACE"))
      std::printf("t %d x %.3f z %.3f h %.1f v %.2f blocked %u\n", t, after.x, after.z,
                  s.state().player().heading_rad * kRadToDeg, s.state().player().speed_mps,
                  s.state().player().blocked_ticks);
    if (after.x > 1.04f + 0.25f) {  // past the wall's far face
      r.rounded = true;
      break;
    }
  }
  return r;
}

// The edge of the ground one may walk on (a level's regions) stops a creature; held there with the stick
// pushing on, the HUD says why: once each time it is walked into, not every tick it is held.
TEST(WallSlide, HeldAtTheEdgeOfTheGroundTheHudSaysWhyOnceEachTimeItIsWalkedInto) {
  for (const char* creature : kCreatures) {
    Scene scene = scene_of(creature, "open_ground");
    scene.level.fences.clear();
    Region r;
    r.points_xz = {{-5.0f, -5.0f}, {5.0f, -5.0f}, {5.0f, 3.0f}, {-5.0f, 3.0f}};
    r.height = 4.0f;
    scene.level.regions = {r};
    scene.level.edges = region_edges(scene.level);  // the rail, as a loaded level has it
    Session s;
    s.start(std::move(scene), 1);
    const Skeleton& sk = s.scene().rig.skeleton;
    const HudMessage edge = hud_message_id(kLocomotion, kAtTheEdge);
    int said = 0, said_at = -1;
    float furthest = -1e9f, flesh = -1e9f;
    auto hold = [&](int ticks, InputFrame in, int t0) {
      for (int t = 0; t < ticks; ++t) {
        s.tick(in);
        furthest = std::max(furthest, s.state().player().root_ws.z);
        const CreaturePose& pose = s.runtime().pose(0);
        for (std::size_t b = 0; b < pose.head_ws.size(); ++b)
          flesh = std::max(flesh, std::max(pose.head_ws[b].z, pose.tail_ws[b].z) + sk.radius[b]);
        if (s.state().hud == edge && s.state().hud_ticks == kHudTicks) {
          ++said;
          if (said_at < 0) said_at = t0 + t;
        }
      }
    };
    hold(400, test::stick(0.0f, 1.0f), 0);  // walked up to the edge and held against it
    const int said_first = said;
    hold(40, InputFrame{}, 400);             // let go,
    hold(40, test::stick(0.0f, -1.0f), 440);  // turn round (stick back),
    hold(60, test::stick(0.0f, 1.0f), 480);   // walk off,
    hold(40, test::stick(0.0f, -1.0f), 540);  // turn round again
    hold(300, test::stick(0.0f, 1.0f), 580);  // and walk back into it
    std::printf("%s: stopped %.2f m short of the edge, flesh %.3f m past it, said at tick %d, %d times in two walks into it\n",
                creature, 3.0f - furthest, flesh - 3.0f, said_at, said);
    EXPECT_LE(furthest, 3.0f + 1e-4f) << creature;
    // The body's flesh stays inside the rail (its footprint stops there, not only its centre): a head or a
    // tail swinging round may pass the footprint's circles by a little.
    EXPECT_LE(flesh, 3.0f + 0.03f) << creature;
    EXPECT_EQ(said_first, 1) << creature << ": once, held against it for 6 s";
    EXPECT_EQ(said, 2) << creature;
    ActionId a = 0;
    int code = -1;
    ASSERT_TRUE(s.registry().hud_owner(edge, &a, &code));
    EXPECT_EQ(a, kLocomotion);
    EXPECT_EQ(code, kAtTheEdge);
    EXPECT_NE(s.registry()[a].hud_text(code, s.state().player(), PreparedAction{}).find("edge of the field"), std::string::npos);
    EXPECT_TRUE(s.registry()[a].hud_warns(code));
  }
}

TEST(WallSlide, AWallsCornerMetNearlyHeadOnIsSteppedRound) {
  for (const char* creature : kCreatures) {
    const Rounding r = into_the_corner(creature);
    EXPECT_TRUE(r.rounded) << creature;
    EXPECT_LE(r.stuck_ticks, 10) << creature;  // a hitch of a sixth of a second at most, where face meets corner
    // The strider's far-reaching swing passes the corner with its toe: the hand and foot stage pushes it
    // out from the toe's side of the corner (from the ankle's it pushed along the face, 2.1 cm left in).
    EXPECT_EQ(r.clips, 0) << creature << ": deepest " << r.deepest_m * 100.0f << " cm";
    std::printf("[wall corner] %s: rounded %d, stuck %d ticks, %d clips (deepest %.1f cm)\n", creature, r.rounded,
                r.stuck_ticks, r.clips, r.deepest_m * 100.0f);
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


// Every bone end of the player's body, head, arms, tail and thighs inside the 60-degree, 4:3 view with a
// small margin (a close camera may cut the shins and feet at the bottom edge), and how far the camera is.
struct View {
  bool all_in_frame = true;
  float distance_m = 0.0f;
  float worst_off_axis = 0.0f;  // the largest share of the half view any bone end reaches
};
View view_of(const Session& s) {
  View v;
  const float height = s.runtime().pose(0).cog_ws.y - s.scene().level.ground_y;
  const CameraPose cam = camera_pose(s.state(), s.scene().level, height);
  v.distance_m = glm::length(cam.eye_ws - cam.target_ws);
  const glm::mat4 view = camera_view_matrix(cam);
  const float tan_y = std::tan(30.0f * kDegToRad), tan_x = tan_y * 4.0f / 3.0f;
  const CreaturePose& pose = s.runtime().pose(0);
  std::vector<bool> lower_leg(pose.head_ws.size(), false);  // shins and feet may leave at the bottom edge
  for (const LimbChain& l : s.scene().rig.limbs)
    if (l.tag == PartTag::kLeg)
      for (int b : {l.bones[1], l.bones[2]})
        if (b >= 0) lower_leg[static_cast<std::size_t>(b)] = true;
  for (std::size_t b = 0; b < pose.head_ws.size(); ++b) {
    if (lower_leg[b]) continue;
    for (const glm::vec3& p : {pose.head_ws[b], pose.tail_ws[b]}) {
      const glm::vec3 q = glm::vec3(view * glm::vec4(p, 1.0f));
      const float depth = -q.z;
      if (depth <= 0.05f) {
        v.all_in_frame = false;
        v.worst_off_axis = 9.0f;
        continue;
      }
      const float off = std::max(std::fabs(q.x) / (depth * tan_x), std::fabs(q.y) / (depth * tan_y));
      v.worst_off_axis = std::max(v.worst_off_axis, off);
      if (off > 0.95f) v.all_in_frame = false;
      if (off > 0.95f && std::getenv("CF_WALL_TRACE"))
        std::printf("out: %s %s at %.2f\n", s.scene().rig.skeleton.names[b].c_str(),
                    std::fabs(q.x) / (depth * tan_x) > std::fabs(q.y) / (depth * tan_y) ? (q.x > 0 ? "right" : "left") : (q.y > 0 ? "top" : "bottom"), off);
    }
  }
  return v;
}

// Turned round with the stick pulled back at the default level's spawn (its wall close on the left)
// and standing beside fence_wall_left's wall, facing along it: during the turn and after it the
// camera keeps every bone in the picture, comes no nearer than its minimum and ends behind the
// creature again.
TEST(TurnRound, TheCameraFollowsRoundAndShowsTheBodyAndHeadBesideAWall) {
  for (const char* creature : kCreatures) {
    for (int where = 0; where < 2; ++where) {
      Scene sc = scene_of(creature, where == 0 ? "default" : "fence_wall_left");
      const Species sp = make_species(sc);
      if (where == 1) {
        sc.level.fences.clear();
        glm::vec3 p(0.6f, 0.0f, 2.0f);
        resolve_footprint_collisions(sc.level, sp.footprint, 0.0f, &p);
        sc.level.spawn = p;
      }
      Session s;
      s.start(std::move(sc), 1);
      for (int t = 0; t < 60; ++t) s.tick(InputFrame{});
      const float start = s.state().player().heading_rad;
      float nearest = 1e9f, farthest = 0.0f, worst = 0.0f;
      int out_of_frame = 0;
      for (int t = 0; t < 120; ++t) {
        s.tick(t < 20 ? test::stick(0.0f, -1.0f) : InputFrame{});
        const View v = view_of(s);
        nearest = std::min(nearest, v.distance_m);
        farthest = std::max(farthest, v.distance_m);
        worst = std::max(worst, v.worst_off_axis);
        out_of_frame += v.all_in_frame ? 0 : 1;
        if (std::getenv("CF_WALL_TRACE"))
          std::printf("%s %d: heading %.0f offset %.2f lag %.2f distance %.2f off-axis %.2f\n", creature, t,
                      s.state().player().heading_rad * kRadToDeg, s.state().camera_yaw_offset_rad,
                      s.state().camera_turn_lag_rad, v.distance_m, v.worst_off_axis);
      }
      const std::string what = std::string(creature) + (where == 0 ? " at default's spawn" : " beside a wall");
      EXPECT_GT(std::fabs(wrap_angle(s.state().player().heading_rad - start)), 170.0f * kDegToRad) << what;
      EXPECT_EQ(out_of_frame, 0) << what << ": worst bone at " << worst << " of the half view";
      EXPECT_GE(nearest, camera_min_distance_m(sp.footprint.bound_m) - 0.05f) << what;
      EXPECT_LE(farthest, kCameraDistanceM + 0.05f) << what;
      EXPECT_LT(std::fabs(s.state().camera_turn_lag_rad), 1e-3f) << what << ": still swinging round after 2 s";
      // Round with it: behind or beside the creature again, not left looking at its face.
      const float offset = s.state().camera_yaw_offset_rad;
      EXPECT_LT(std::fabs(offset), 0.5f * kPi) << what << ": the camera ended " << offset * kRadToDeg << " deg round";
      std::printf("[turn round camera] %s: camera %.2f-%.2f m, every bone within %.2f of the half view, %d ticks out, "
                  "ends %.0f deg from behind\n", what.c_str(), nearest, farthest, worst, out_of_frame, offset * kRadToDeg);
    }
  }
}

}  // namespace
}  // namespace cf
