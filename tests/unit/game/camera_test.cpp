#include "game_test_util.h"
#include "game/play/camera.h"
#include "game/play/actions/vault_action.h"
#include "game/play/actions/clip_action.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "game/play/scene.h"
#include "game/session/session.h"
#include "game/view/creature_lod.h"
#include "game/view/view.h"
#include "math/angles.h"
#include "world/clearance.h"

namespace cf {
namespace {

Scene load(const std::string& creature, const std::string& level) {
  Result<Scene> s = load_scene(std::string(CF_ASSETS_DIR "/creatures/") + creature + ".json",
                               std::string(CF_ASSETS_DIR "/levels/") + level + ".json");
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
}

float body_height(const Session& s) { return s.runtime().pose(0).cog_ws.y - s.scene().level.ground_y; }

// Something between the eye and the creature's body (or the eye inside something).
bool hidden(const Level& level, const CameraPose& cp) {
  return level_penetration(level, Capsule{cp.target_ws, cp.eye_ws, 0.05f}).depth > 0.0f;
}

// The fixed-distance orbit the camera had before it avoided obstacles (for the before/after figure).
CameraPose naive_pose(const SimState& s, float h) {
  CameraPose cp;
  cp.target_ws = camera_target(s, h);
  cp.eye_ws = cp.target_ws + camera_back_direction(s.camera_yaw_rad(), s.camera_pitch_rad) * kCameraDistanceM;
  return cp;
}

struct CameraRun {
  int hidden_ticks = 0, naive_hidden_ticks = 0;
  float max_eye_step_m = 0.0f;  // largest per-tick move of the eye beyond the target's own move
  std::uint32_t vaults = 0;
  float final_distance_m = 0.0f, final_lift_rad = 0.0f;
};

// Plays 'input' for 'ticks' and checks the drawn camera every tick and at half ticks (blends).
template <class Input>
CameraRun play(const std::string& creature, const std::string& level, int ticks, Input input, float spawn_z = 0.0f) {
  Session s;
  Scene scene = load(creature, level);
  scene.level.spawn.z += spawn_z;
  s.start(std::move(scene), 1);
  const Level& lv = s.scene().level;
  CameraRun r;
  int worst_tick = -1;
  CameraPose last = camera_pose(s.state(), lv, body_height(s));
  for (int t = 0; t < ticks; ++t) {
    s.tick(input(t));
    const float h = body_height(s);
    const CameraPose cp = camera_pose(s.state(), lv, h);
    const CameraPose half = camera_pose(blend_for_drawing(s.previous(), s.state(), 0.5f), lv, h);
    if (hidden(lv, cp) || hidden(lv, half)) ++r.hidden_ticks;
    if (hidden(lv, naive_pose(s.state(), h))) ++r.naive_hidden_ticks;
    const glm::vec3 rel = (cp.eye_ws - cp.target_ws) - (last.eye_ws - last.target_ws);
    if (glm::length(rel) > r.max_eye_step_m) worst_tick = t;
    r.max_eye_step_m = std::max(r.max_eye_step_m, glm::length(rel));
    if (std::getenv("CAM_DEBUG")) std::printf("t%d vault%d appr%d root %.2f %.2f end %.2f %.2f lift %.2f dist %.2f eye %.2f %.2f %.2f\n", t, vault_of(s.state().player()).playing(), vault_of(s.state().player()).approaching, s.state().player().root_ws.x, s.state().player().root_ws.z, vault_of(s.state().player()).record.end_position_ws.x, vault_of(s.state().player()).record.end_position_ws.z, s.state().camera_lift_rad, s.state().camera_distance_m, cp.eye_ws.x, cp.eye_ws.y, cp.eye_ws.z);
    last = cp;
  }
  r.vaults = vault_of(s.state().player()).vaults_played;
  r.final_distance_m = s.state().camera_distance_m;
  if (std::getenv("CAM_DEBUG")) {
    const glm::vec3 tg = camera_target(s.state(), body_height(s));
    std::printf("  target %.2f %.2f %.2f ld %.2f\n", tg.x, tg.y, tg.z, level_distance(lv, tg));
    for (float lift = 0.0f; lift < 1.0f; lift += 0.1f) {
      const glm::vec3 d = camera_back_direction(s.state().camera_yaw_rad(), s.state().camera_pitch_rad + lift);
      std::printf("  lift %.1f clear %.2f wide %.2f\n", lift, clear_distance(lv, tg, d, 4.2f, 0.2f), clear_distance(lv, tg, d, 4.2f, 0.45f, 0.15f));
    }
  }
  r.final_lift_rad = s.state().camera_lift_rad;
  std::printf("  final distance %.2f m, lift %.2f rad, yaw offset %.2f, heading %.2f\n", r.final_distance_m,
              r.final_lift_rad, s.state().camera_yaw_offset_rad, s.state().player().heading_rad);
  std::printf("%s on %s: hidden %d ticks (fixed orbit: %d), largest eye step %.3f m (tick %d)\n", creature.c_str(),
              level.c_str(), r.hidden_ticks, r.naive_hidden_ticks, r.max_eye_step_m, worst_tick);
  return r;
}

using test::stick;

// Walks in circles beside the wall: the camera sweeps across it.
InputFrame circle(int t) { return t < 20 ? InputFrame{} : stick(0.6f, 1.0f); }

// Walks to the fence, vaults it, stands on the far side.
InputFrame vault_then_stand(int t) {
  InputFrame f;
  if (t == 10) f.buttons = f.pressed = kButtonA;
  return f;
}

TEST(Camera, NeverInsideAWallAndKeepsTheCreatureInSightWhileCircling) {
  for (const char* creature : {"biped", "octopod", "quadruped"}) {
    for (const char* level : {"default", "fence_wall_right", "wall_pipes_virtual_plane"}) {
      const CameraRun r = play(creature, level, 900, circle);
      EXPECT_EQ(r.hidden_ticks, 0) << creature << " on " << level;
      EXPECT_LT(r.max_eye_step_m, 0.25f) << creature << " on " << level << ": the camera snapped";
    }
  }
}

TEST(Camera, FollowsOverTheFenceAfterAVault) {
  for (const char* creature : {"octopod", "stubby", "biped", "hexapod"}) {
    const CameraRun r = play(creature, "open_ground", 400, vault_then_stand, 1.6f);
    EXPECT_EQ(r.vaults, 1u) << creature;
    EXPECT_EQ(r.hidden_ticks, 0) << creature;
    EXPECT_LT(r.max_eye_step_m, 0.25f) << creature;
    EXPECT_GT(r.final_distance_m, 2.0f) << creature << ": the camera stays pulled in after the vault";
  }
}

// Walks towards the fence beside the wall, stands, then holds the right stick one way, then the other.
InputFrame orbit_beside_the_wall(int t) {
  InputFrame f;
  if (t >= 10 && t < 55) f.left_y = 32767;
  if (t >= 80 && t < 230) f.right_x = 32767;   // towards the wall
  if (t >= 230 && t < 480) f.right_x = -32767;  // round the open side, over the fence
  return f;
}

TEST(Camera, TheStickDoesNotSwingTheCameraIntoAWall) {
  for (const char* creature : {"biped", "octopod", "quadruped"}) {
    Session s;
    s.start(load(creature, "fence_wall_left"), 1);
    const Level& lv = s.scene().level;
    float nearest = kCameraDistanceM, turned_back = 0.0f, lowest_offset = 0.0f;
    int hidden_ticks = 0;
    for (int t = 0; t < 500; ++t) {
      const float before = s.state().camera_yaw_offset_rad;
      s.tick(orbit_beside_the_wall(t));
      if (t >= 230) turned_back += wrap_angle(s.state().camera_yaw_offset_rad - before);
      if (t < 230) lowest_offset = std::min(lowest_offset, s.state().camera_yaw_offset_rad);
      const CameraPose cp = camera_pose(s.state(), lv, body_height(s));
      if (hidden(lv, cp)) ++hidden_ticks;
      if (t >= 80) nearest = std::min(nearest, glm::length(cp.eye_ws - cp.target_ws));
    }
    std::printf("%s: nearest camera %.2f m, orbit towards the wall %.2f rad, then back round %.2f rad\n", creature,
                nearest, lowest_offset, turned_back);
    // Before: the camera squeezed in between the creature and the wall (0.5-1.1 m, the body filling the view).
    EXPECT_GE(nearest, 1.3f) << creature;
    EXPECT_EQ(hidden_ticks, 0) << creature;
    EXPECT_LT(lowest_offset, -0.15f) << creature << ": the orbit should turn until the wall is near";
    EXPECT_GT(turned_back, 2.5f) << creature << ": the open side and the fence should not stop the orbit";
  }
}

// A tall wall right behind the creature, where the camera would be: it swings round beside the wall
// at once (keeping its minimum distance and the creature in sight) instead of squeezing in.
TEST(Camera, AWallBehindTheCreatureSwingsTheCameraRoundInsteadOfSqueezingIn) {
  for (const char* creature : {"biped", "octopod", "strider"}) {
    Scene scene = load(creature, "open_ground");
    const float heading = scene.level.spawn_heading_deg * kDegToRad;
    const glm::vec3 back = -heading_forward(heading);
    Wall w;
    w.box.centre = scene.level.spawn + back * 0.9f + glm::vec3(0.0f, 2.0f, 0.0f);
    w.box.half_extents = glm::vec3(3.0f, 2.0f, 0.1f);
    w.box.yaw_deg = scene.level.spawn_heading_deg;
    scene.level.walls.push_back(w);
    Session s;
    s.start(std::move(scene), 1);
    const float min_m = camera_min_distance_m(s.context().species[0].footprint.bound_m);
    float nearest = 1e9f;
    for (int t = 0; t < 120; ++t) {
      s.tick(InputFrame{});
      const CameraPose cp = camera_pose(s.state(), s.scene().level, body_height(s));
      nearest = std::min(nearest, glm::length(cp.eye_ws - cp.target_ws));
      EXPECT_FALSE(hidden(s.scene().level, cp)) << creature << " at tick " << t;
    }
    std::printf("%s: nearest %.2f m (minimum %.2f), orbit %.2f rad round\n", creature, nearest, min_m,
                s.state().camera_yaw_offset_rad);
    EXPECT_GE(nearest, min_m) << creature;
    EXPECT_GT(std::fabs(s.state().camera_yaw_offset_rad), 0.5f) << creature << ": the camera should be beside the wall";
  }
}

// The d-pad button that plays the library motion named 'name' (the session's bindings), or 0.
std::uint32_t button_for(const Session& s, const char* name) {
  const int m = clip_action(s.registry()).library().find(name);
  for (const ActionBinding& b : s.registry().bindings())
    if (m >= 0 && b.motion == m) return b.button;
  return 0;
}

// Where the head's tip is, world space (the creature's face is toward an eye nearer it than the cog).
glm::vec3 head_tip(const Session& s) {
  const Rig& rig = *s.context().species[0].rig;
  const CreaturePose& pose = s.runtime().pose(0);
  return rig.head_bones.empty() ? pose.cog_ws : pose.tail_ws[static_cast<std::size_t>(rig.head_bones.back())];
}

TEST(Camera, AnEmoteOrASitIsShownFromAThreeQuarterFrontViewAndTheCameraComesBackBehindAfter) {
  // Open ground, and facing a wall close ahead (no room for the view from the front: it goes as far round
  // as it has room for, never nearer than its minimum, never behind the wall).
  for (bool wall : {false, true}) {
    for (const std::string creature : {"biped", "biped_arms_tail", "quadruped", "hexapod", "octopod", "strider", "stubby"}) {
      Scene scene = load(creature, "open_ground");
      const float heading = scene.level.spawn_heading_deg * kDegToRad;
      if (wall) {
        Wall w;
        w.box.centre = scene.level.spawn + heading_forward(heading) * 1.4f + glm::vec3(0.0f, 2.0f, 0.0f);
        w.box.half_extents = glm::vec3(4.0f, 2.0f, 0.1f);
        w.box.yaw_deg = scene.level.spawn_heading_deg;
        scene.level.walls.push_back(w);
      }
      Session s;
      s.start(std::move(scene), 1);
      const Level& lv = s.scene().level;
      const float min_m = camera_min_distance_m(s.context().species[0].footprint.bound_m);
      for (const char* motion : {"dance", "sit"}) {
        const std::uint32_t button = button_for(s, motion);
        ASSERT_NE(button, 0u) << motion;
        for (int t = 0; t < 30; ++t) s.tick(InputFrame{});
        InputFrame press;
        press.buttons = press.pressed = button;
        s.tick(press);
        float most_round = 0.0f, nearest = 1e9f;
        int front_ticks = 0, shown_at = -1, hidden_ticks = 0;
        const bool held = std::string(motion) == "sit";
        for (int t = 0; t < 150; ++t) {
          s.tick(InputFrame{});
          const CameraPose cp = camera_pose(s.state(), lv, body_height(s));
          const float round = std::fabs(s.state().camera_yaw_offset_rad);
          most_round = std::max(most_round, round);
          nearest = std::min(nearest, glm::length(cp.eye_ws - cp.target_ws));
          if (hidden(lv, cp)) ++hidden_ticks;
          const bool face_seen = glm::length(cp.eye_ws - head_tip(s)) < glm::length(cp.eye_ws - s.runtime().pose(0).cog_ws);
          if (round > 2.0f && face_seen) {
            ++front_ticks;
            if (shown_at < 0) shown_at = t;
          }
        }
        std::printf("%s%s %s: round %.2f rad at most, face toward the camera from tick %d (%d ticks), nearest %.2f m\n",
                    creature.c_str(), wall ? " facing a wall" : "", motion, most_round, shown_at, front_ticks, nearest);
        if (!wall) {
          EXPECT_GE(most_round, 2.2f) << creature << " " << motion;
          EXPECT_GE(shown_at, 0) << creature << " " << motion << ": the face never toward the camera";
          EXPECT_LE(shown_at, 75) << creature << " " << motion;
        }
        EXPECT_EQ(hidden_ticks, 0) << creature << " " << motion;
        EXPECT_GE(nearest, min_m - 0.01f) << creature << " " << motion;
        // Over: a held sit ends when the stick moves; the camera comes back behind.
        for (int t = 0; t < 150; ++t) s.tick(held && t < 20 ? test::stick(0.0f, 0.5f) : InputFrame{});
        EXPECT_LT(std::fabs(s.state().camera_yaw_offset_rad), 0.3f) << creature << " " << motion << ": back behind";
        EXPECT_EQ(s.state().camera_showing, 0) << creature << " " << motion;
      }
    }
  }
}

TEST(Camera, TheStickTakesTheCameraFromTheShowOfAnAct) {
  Session s;
  s.start(load("biped", "open_ground"), 1);
  InputFrame press;
  press.buttons = press.pressed = button_for(s, "sit");
  s.tick(press);
  for (int t = 0; t < 40; ++t) s.tick(InputFrame{});
  ASSERT_NE(s.state().camera_showing, 0);
  InputFrame orbit;
  orbit.right_x = 32767;  // swung by the player
  s.tick(orbit);
  EXPECT_EQ(s.state().camera_showing, kShowHandedOver);
  const float offset = s.state().camera_yaw_offset_rad;
  for (int t = 0; t < 60; ++t) s.tick(InputFrame{});
  EXPECT_FLOAT_EQ(s.state().camera_yaw_offset_rad, offset) << "left where the player put it while it sits";
  for (int t = 0; t < 90; ++t) s.tick(test::stick(0.0f, 0.5f));  // up and away: the sit ends
  EXPECT_EQ(s.state().camera_showing, 0);
}

// The body's extent on a 960x720 picture (60 degree field): the larger of the height and the width of the
// box round its bones as drawn, in pixels.
float body_px(const CreaturePose& pose, const CameraPose& cp) {
  const glm::mat4 vp = glm::perspective(glm::radians(60.0f), 960.0f / 720.0f, 0.1f, 100.0f) * camera_view_matrix(cp);
  glm::vec2 lo(1e9f), hi(-1e9f);
  for (std::size_t b = 0; b < pose.head_ws.size(); ++b)
    for (const glm::vec3& p : {pose.head_ws[b], pose.tail_ws[b]}) {
      const glm::vec4 c = vp * glm::vec4(p, 1.0f);
      const glm::vec2 px(0.5f * (c.x / c.w + 1.0f) * 960.0f, 0.5f * (c.y / c.w + 1.0f) * 720.0f);
      lo = glm::min(lo, px);
      hi = glm::max(hi, px);
    }
  return std::max(hi.x - lo.x, hi.y - lo.y);
}

// Every shipped creature fills the picture by its size: standing on open ground with nothing in the
// way, seen from the chase camera, its bones span at least 150 pixels of a 960x720 picture (the small
// ones were 100-111 at the fixed 4.2 m: 33-37 of the 240 rows drawn); bodies the size of the biped or bigger keep the full distance (their runs hash as
// before), smaller ones are framed nearer, never nearer than the camera's minimum.
TEST(Camera, EveryCreatureIsFramedByItsSize) {
  for (const std::string creature : {"biped", "biped_arms_tail", "quadruped", "hexapod", "octopod", "strider", "stubby"}) {
    Session s;
    s.start(load(creature, "open_ground"), 1);
    for (int t = 0; t < 120; ++t) s.tick(InputFrame{});
    const Species& sp = s.context().species[0];
    const CameraPose cp = camera_pose(s.state(), s.scene().level, body_height(s));
    CameraPose fixed = cp;
    fixed.eye_ws = cp.target_ws + glm::normalize(cp.eye_ws - cp.target_ws) * kCameraDistanceM;
    const float px = body_px(s.runtime().pose(0), cp), px_fixed = body_px(s.runtime().pose(0), fixed);
    const float far = camera_far_m(sp.frame_m);
    std::printf("%-16s size %.2f m: camera %.2f m (was %.1f), the body %.0f px (was %.0f)\n", creature.c_str(),
                sp.frame_m, s.state().camera_distance_m, kCameraDistanceM, px, px_fixed);
    EXPECT_NEAR(s.state().camera_distance_m, far, 0.02f) << creature;
    EXPECT_GE(far, camera_min_distance_m(sp.footprint.bound_m)) << creature;
    EXPECT_GE(px, 150.0f) << creature;
    if (creature == "biped") {
      EXPECT_EQ(far, kCameraDistanceM);
    }
  }
}

TEST(Camera, ClearDistanceStopsBeforeABox) {
  Level lv;
  Box b;
  b.centre = glm::vec3(0.0f, 1.0f, 3.0f);
  b.half_extents = glm::vec3(2.0f, 1.0f, 0.5f);
  lv.fences.push_back(b);
  const float d = clear_distance(lv, glm::vec3(0.0f, 1.0f, 0.0f), glm::vec3(0, 0, 1), 10.0f, 0.2f);
  EXPECT_NEAR(d, 2.3f, 0.01f);  // face at z = 2.5, minus the radius
  EXPECT_EQ(clear_distance(lv, glm::vec3(0.0f, 1.0f, 0.0f), glm::vec3(0, 0, -1), 10.0f, 0.2f), 10.0f);
}

}  // namespace
}  // namespace cf
