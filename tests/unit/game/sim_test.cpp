#include "game_test_util.h"
#include "game/play/sim.h"
#include "game/play/controls.h"
#include "game/play/actions/vault_action.h"

#include <gtest/gtest.h>

#include "retarget/run_gait.h"

#include <cmath>
#include <cstdio>

#include "core/file_io.h"
#include "core/fixed_step.h"
#include "game/play/scene.h"
#include "game/session/session.h"
#include "math/angles.h"

namespace cf {
namespace {

Scene scene_in(const char* level) { return test::biped_scene_in(level); }

// Empty ground: the default level with its fence and wall removed.
Scene open_scene() {
  Scene s = scene_in("default.json");
  s.level.fences.clear();
  s.level.walls.clear();
  return s;
}

// Scripted input as a function of the tick only: walk, turn, orbit the camera, press A.
InputFrame scripted(std::uint64_t tick) {
  InputFrame f;
  if (tick >= 20 && tick < 140) f.left_y = 32767;
  if (tick >= 90 && tick < 140) f.left_x = -20000;
  if (tick >= 100 && tick < 130) f.right_x = 25000;
  if (tick == 150) f.buttons = f.pressed = kButtonA;
  return f;
}

using test::stick;

TEST(Sim, DefaultCreatureWalksWithTheRetargetedWalker) {
  const Scene scene = scene_in("default.json");
  EXPECT_TRUE(scene.can_walk) << scene.walk_problem;
  EXPECT_NE(vault_motion(make_species(scene)), nullptr) << scene.actions[game_vault().id()].unavailable;
  EXPECT_GT(scene.rig.skeleton.size(), 5);
}

TEST(Sim, SameInputsSameHash) {
  Session a, b;
  a.start(scene_in("default.json"), 7);
  b.start(scene_in("default.json"), 7);
  EXPECT_EQ(hash_state(a.state()), hash_state(b.state()));
  for (std::uint64_t t = 0; t < 600; ++t) {
    a.tick(scripted(t));
    b.tick(scripted(t));
  }
  EXPECT_EQ(a.state().tick, 600u);
  EXPECT_EQ(hash_state(a.state()), hash_state(b.state()));
}

TEST(Sim, HashCoversSeedInputAndEveryTick) {
  Session a, b, c;
  a.start(scene_in("default.json"), 1);
  b.start(scene_in("default.json"), 1);
  c.start(scene_in("default.json"), 2);
  EXPECT_NE(hash_state(a.state()), hash_state(c.state()));
  a.tick(InputFrame{});
  EXPECT_NE(hash_state(a.state()), hash_state(b.state()));  // the tick counter alone changes it
  b.tick(stick(0.0f, 1.0f));
  EXPECT_NE(hash_state(a.state()), hash_state(b.state()));  // different input, different state
}

TEST(Sim, SnapshotIsACopy) {
  Session session;
  session.start(scene_in("default.json"), 3);
  for (std::uint64_t t = 0; t < 100; ++t) session.tick(scripted(t));
  const SimState snapshot = session.state();
  for (std::uint64_t t = 100; t < 300; ++t) session.tick(scripted(t));  // includes a vault
  SimState again = snapshot;
  WorldRuntime runtime;  // a fresh runtime: the vault plan is rebuilt from the state
  for (std::uint64_t t = 100; t < 300; ++t) step(again, scripted(t), session.context(), runtime);
  EXPECT_EQ(hash_state(session.state()), hash_state(again));
}

TEST(Sim, LeftStickWalksForwardAndTurns) {
  Session s;
  s.start(open_scene(), 1);
  for (int t = 0; t < 180; ++t) s.tick(stick(0.0f, 1.0f));  // 3 s
  const float top = stick_speed(s.scene().walk_setup, 1.0f);
  // Full stick runs: faster than the walk's top speed, at most the run's (what the legs can reach).
  const float v = s.state().player().speed_mps;
  EXPECT_GT(v, 1.2f * max_speed(s.scene().walk_setup));
  EXPECT_LE(v, top);
  EXPECT_GT(s.state().player().root_ws.z, 2.5f * v);  // blends up to speed in a fraction of a second
  EXPECT_LT(s.state().player().root_ws.z, 3.0f * v + 0.01f);
  EXPECT_NEAR(s.state().player().root_ws.x, 0.0f, 1e-3f);
  EXPECT_EQ(s.state().player().root_ws.y, 0.0f);

  // Stick right turns right (towards -X, the creature's right).
  for (int t = 0; t < 60; ++t) s.tick(stick(1.0f, 1.0f));
  EXPECT_LT(s.state().player().heading_rad, -0.5f);
  EXPECT_LT(s.state().player().root_ws.x, -0.1f);
  // Let go: it stops.
  for (int t = 0; t < 120; ++t) s.tick(InputFrame{});
  EXPECT_LT(s.state().player().speed_mps, 0.01f);
}

TEST(Sim, RightStickOrbitsTheCameraWithinPitchLimits) {
  Session s;
  s.start(open_scene(), 1);
  const glm::vec3 start = s.state().player().root_ws;
  InputFrame in;
  in.right_x = 32767;
  in.right_y = 32767;
  for (int t = 0; t < 120; ++t) s.tick(in);
  EXPECT_NE(s.state().camera_yaw_offset_rad, 0.0f);
  EXPECT_EQ(s.state().camera_pitch_rad, kCameraPitchMax);
  EXPECT_EQ(s.state().player().root_ws, start);  // the camera never moves the creature
  // Walking with the right stick released swings the camera back behind.
  for (int t = 0; t < 180; ++t) s.tick(stick(0.0f, 1.0f));
  EXPECT_NEAR(s.state().camera_yaw_offset_rad, 0.0f, 1e-6f);
}

TEST(Sim, WallsAndFencesBlockWalking) {
  Session s;
  s.start(scene_in("default.json"), 1);
  for (int t = 0; t < 600; ++t) s.tick(stick(0.0f, 1.0f));  // 10 s towards the fence at z = 3
  const Box& fence = s.scene().level.fences[0];
  EXPECT_LT(s.state().player().root_ws.z, fence.centre.z - fence.half_extents.z);
  EXPECT_GT(s.state().player().blocked_ticks, 0u);
}

TEST(Sim, IdleLooksAroundUsingTheSeededRng) {
  Session a, b;
  a.start(open_scene(), 11);
  b.start(open_scene(), 12);
  float max_look = 0.0f;
  for (int t = 0; t < 600; ++t) {
    a.tick(InputFrame{});
    b.tick(InputFrame{});
    max_look = std::max(max_look, std::fabs(a.state().player().look_yaw_rad));
  }
  EXPECT_GT(max_look, 0.05f);
  EXPECT_NE(hash_state(a.state()), hash_state(b.state()));
}

// Walks 60 ticks towards the fence, presses A, lets the vault play out.
// Returns the largest move of the root in one tick.
float vault_in(const char* level, Session& s) {
  s.start(scene_in(level), 1);
  for (int t = 0; t < 60; ++t) s.tick(stick(0.0f, 1.0f));
  InputFrame a;
  a.buttons = a.pressed = kButtonA;
  float max_step = 0.0f;
  glm::vec3 last = s.state().player().root_ws;
  s.tick(a);
  for (int t = 0; t < 240; ++t) {
    if (t == 0) {
      EXPECT_TRUE(vault_of(s.state().player()).approaching);  // walks to the vault's start first
    }
    s.tick(InputFrame{});
    max_step = std::max(max_step, glm::length(s.state().player().root_ws - last));
    last = s.state().player().root_ws;
  }
  return max_step;
}

TEST(Sim, VaultBesideTheWallIsMirroredAndLandsBeyondTheFence) {
  Session s;
  const float max_step = vault_in("default.json", s);
  EXPECT_LT(max_step, 0.1f);  // no teleport from where A was pressed to the vault's start
  const SimState& st = s.state();
  EXPECT_EQ(vault_of(st.player()).vaults_played, 1u);
  EXPECT_EQ(vault_of(st.player()).vault.phase, VaultPhase::kLanded);
  EXPECT_TRUE(vault_of(st.player()).vault.mirrored);
  const Box& fence = s.scene().level.fences[0];
  EXPECT_GT(st.player().root_ws.z, fence.centre.z + fence.half_extents.z);
  EXPECT_LE(vault_of(st.player()).vault.max_penetration_m, 0.0f);
}

TEST(Sim, VaultOnOpenGroundIsTheAuthoredOne) {
  Session s;
  vault_in("open_ground.json", s);
  EXPECT_EQ(vault_of(s.state().player()).vaults_played, 1u);
  EXPECT_FALSE(vault_of(s.state().player()).vault.mirrored);
  EXPECT_GT(s.state().player().root_ws.z, 3.04f);
}

TEST(Sim, VaultBetweenTwoWallsIsRefusedWithAHudMessage) {
  Session s;
  s.start(scene_in("fence_walls_both.json"), 1);
  for (int t = 0; t < 60; ++t) s.tick(stick(0.0f, 1.0f));
  InputFrame a;
  a.buttons = a.pressed = kButtonA;
  s.tick(a);
  EXPECT_EQ(vault_of(s.state().player()).vault.phase, VaultPhase::kRefused);
  EXPECT_EQ(s.state().hud, vault_hud(kVaultRefused));
  EXPECT_FALSE(vault_of(s.state().player()).record.reason_text().empty());
  for (int t = 0; t < 200; ++t) s.tick(InputFrame{});
  EXPECT_EQ(s.state().hud, kHudNone);  // the message times out
  EXPECT_EQ(vault_of(s.state().player()).vaults_played, 0u);
  EXPECT_LT(s.state().player().root_ws.z, 3.0f);
}

TEST(Sim, VaultWithNoFenceInReachSaysSo) {
  Session s;
  s.start(open_scene(), 1);
  InputFrame a;
  a.buttons = a.pressed = kButtonA;
  s.tick(a);
  EXPECT_EQ(s.state().hud, vault_hud(kNoFenceInReach));
  EXPECT_EQ(vault_of(s.state().player()).vault.phase, VaultPhase::kIdle);
}

// The same scripted session shown on 30, 60 and 144 Hz displays, and with a 2 s hitch: the clock
// decides how many ticks run per frame, never what they compute.
std::uint64_t run_at_display_rate(double hz, bool hitch, std::uint64_t* frames, double* dropped) {
  Session session;
  session.start(scene_in("default.json"), 5);
  FixedStepClock clock;
  *frames = 0;
  while (session.state().tick < 300) {
    const double frame = (hitch && *frames == 20) ? 2.0 : 1.0 / hz;
    const int n = clock.advance(frame);
    EXPECT_LE(n, 15);  // a 2 s hitch is clamped to 0.25 s of ticks
    for (int i = 0; i < n && session.state().tick < 300; ++i) session.tick(scripted(session.state().tick));
    ++*frames;
  }
  *dropped = clock.dropped_seconds();
  return hash_state(session.state());
}

TEST(Sim, ResultIndependentOfDisplayRate) {
  std::uint64_t f30 = 0, f60 = 0, f144 = 0, fh = 0;
  double d = 0, dh = 0;
  const std::uint64_t h60 = run_at_display_rate(60.0, false, &f60, &d);
  EXPECT_EQ(run_at_display_rate(30.0, false, &f30, &d), h60);
  EXPECT_EQ(run_at_display_rate(144.0, false, &f144, &d), h60);
  EXPECT_EQ(run_at_display_rate(60.0, true, &fh, &dh), h60);
  EXPECT_NEAR(static_cast<double>(f30), 150.0, 2.0);
  EXPECT_NEAR(static_cast<double>(f60), 300.0, 2.0);
  EXPECT_NEAR(static_cast<double>(f144), 720.0, 3.0);
  EXPECT_NEAR(dh, 1.75, 1e-6);  // 2 s hitch credited as 0.25 s
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// Turns with the stick until the heading passes 'release_rad', then lets the turn go (keeping 'forward'
// on the stick) for 'ticks'; returns how far the heading went on after the release.
float drift_after_release(const char* level, float release_rad, float forward, int walk_first, int ticks) {
  Session s;
  s.start(scene_in(level), 1);
  for (int t = 0; t < walk_first; ++t) s.tick(stick(0.0f, 1.0f));
  for (int t = 0; t < 300 && wrap_angle(s.state().player().heading_rad) < release_rad; ++t) s.tick(stick(-1.0f, forward));
  const float at_release = s.state().player().heading_rad;
  for (int t = 0; t < ticks; ++t) s.tick(stick(0.0f, forward));
  const float drift = std::abs(wrap_angle(s.state().player().heading_rad - at_release));
  std::printf("%s: released at %.1f deg, drifted %.1f deg\n", level, at_release / kDegToRad, drift / kDegToRad);
  return drift;
}

TEST(Sim, ReleasingTheStickStopsTheTurn) {
  EXPECT_LT(drift_after_release("open_ground.json", 33.0f * kDegToRad, 0.0f, 0, 120), 6.0f * kDegToRad);
  EXPECT_LT(drift_after_release("open_ground.json", 33.0f * kDegToRad, 1.0f, 30, 120), 6.0f * kDegToRad);
  // Beside the default level's wall: face it and keep walking into it.
  EXPECT_LT(drift_after_release("default.json", 90.0f * kDegToRad, 1.0f, 70, 120), 6.0f * kDegToRad);
}

// A creature drawn without legs, in the air (the biped's torso and head, 0.9 m up), rests its lowest
// flesh on the ground instead of floating at its drawn height, standing and sliding.
TEST(Sim, ALeglessCreatureRestsOnTheGround) {
  Json c = Json::parse(R"({"format": "critterforge.creature/1", "name": "blob", "parts": [
    {"tag": "torso", "radius": 0.14, "stroke": [[0.0, 0.90, 0.0], [0.0, 1.15, 0.02], [0.0, 1.40, 0.02]]},
    {"tag": "head", "radius": 0.11, "stroke": [[0.0, 1.42, 0.02], [0.0, 1.55, 0.04], [0.0, 1.68, 0.05]]}]})");
  Result<Json> level = load_json_file(CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(level.ok());
  Result<Scene> scene = scene_from_json("blob.json", c, "blob.json", "open_ground.json", *level, "open_ground.json");
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  EXPECT_FALSE(scene->can_walk);
  const float ground = scene->level.ground_y;
  Session s;
  s.start(std::move(*scene), 1);
  auto lowest_flesh = [&]() {
    const CreaturePose& pose = s.runtime().pose(0);
    const Skeleton& sk = s.scene().rig.skeleton;
    float lowest = 1e9f;
    for (std::size_t b = 0; b < pose.head_ws.size(); ++b)
      lowest = std::min(lowest, std::min(pose.head_ws[b].y, pose.tail_ws[b].y) - sk.radius[b]);
    return lowest;
  };
  EXPECT_NEAR(lowest_flesh(), ground, 1e-3f);
  for (int t = 0; t < 60; ++t) s.tick(test::stick(0.0f, 1.0f));  // it slides forward
  EXPECT_GT(s.state().player().speed_mps, 0.5f);
  EXPECT_NEAR(lowest_flesh(), ground, 1e-3f);
}

}  // namespace
}  // namespace cf
