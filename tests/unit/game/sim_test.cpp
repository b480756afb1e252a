#include "game/sim.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/fixed_step.h"
#include "game/scene.h"
#include "game/session.h"

namespace cf {
namespace {

Scene default_scene() {
  Result<Scene> s = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/default.json");
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
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

TEST(Sim, SameInputsSameHash) {
  const Scene scene = default_scene();
  const SimContext ctx = make_sim_context(scene);
  SimState a = initial_state(ctx, 7), b = initial_state(ctx, 7);
  EXPECT_EQ(hash_state(a), hash_state(b));
  for (std::uint64_t t = 0; t < 600; ++t) {
    step(a, scripted(t), ctx);
    step(b, scripted(t), ctx);
  }
  EXPECT_EQ(a.tick, 600u);
  EXPECT_EQ(hash_state(a), hash_state(b));
}

TEST(Sim, HashCoversSeedInputAndEveryTick) {
  const Scene scene = default_scene();
  const SimContext ctx = make_sim_context(scene);
  EXPECT_NE(hash_state(initial_state(ctx, 1)), hash_state(initial_state(ctx, 2)));
  SimState a = initial_state(ctx, 1), b = a;
  step(a, InputFrame{}, ctx);
  EXPECT_NE(hash_state(a), hash_state(b));  // the tick counter alone changes it
  step(b, scripted(30), ctx);
  EXPECT_NE(hash_state(a), hash_state(b));  // different input, different state
}

TEST(Sim, SnapshotIsACopy) {
  const Scene scene = default_scene();
  const SimContext ctx = make_sim_context(scene);
  SimState s = initial_state(ctx, 3);
  for (std::uint64_t t = 0; t < 100; ++t) step(s, scripted(t), ctx);
  const SimState snapshot = s;
  for (std::uint64_t t = 100; t < 300; ++t) step(s, scripted(t), ctx);
  SimState again = snapshot;
  for (std::uint64_t t = 100; t < 300; ++t) step(again, scripted(t), ctx);
  EXPECT_EQ(hash_state(s), hash_state(again));
}

TEST(Sim, LeftStickWalksAwayFromTheCamera) {
  Level open;  // no obstacles
  SimContext ctx;
  ctx.level = &open;
  SimState s = initial_state(ctx, 1);
  InputFrame up;
  up.left_y = 32767;
  for (int t = 0; t < 180; ++t) step(s, up, ctx);  // 3 s
  // 1.4 m/s after a 0.35 s ramp at 4 m/s^2: 3 * 1.4 - 1.4^2 / (2 * 4) = 3.955 m.
  EXPECT_NEAR(s.root_ws.z, 3.955f, 0.03f);
  EXPECT_NEAR(s.root_ws.x, 0.0f, 1e-4f);
  EXPECT_NEAR(s.speed_mps, 1.4f, 1e-4f);

  // Stick right (camera behind, looking +Z): the creature turns to -X, its right.
  InputFrame right;
  right.left_x = 32767;
  for (int t = 0; t < 60; ++t) step(s, right, ctx);
  EXPECT_NEAR(s.heading_rad, -1.5707963f, 1e-3f);
  EXPECT_LT(s.root_ws.x, -0.5f);
}

TEST(Sim, RightStickOrbitsTheCameraWithinPitchLimits) {
  Level open;
  SimContext ctx;
  ctx.level = &open;
  SimState s = initial_state(ctx, 1);
  InputFrame in;
  in.right_x = 32767;
  in.right_y = 32767;
  for (int t = 0; t < 120; ++t) step(s, in, ctx);
  EXPECT_NE(s.camera_yaw_rad, 0.0f);
  EXPECT_EQ(s.camera_pitch_rad, kCameraPitchMax);
  EXPECT_EQ(s.root_ws, glm::vec3(0.0f));  // the camera never moves the creature
}

TEST(Sim, WallsAndFencesBlockWalking) {
  const Scene scene = default_scene();
  const SimContext ctx = make_sim_context(scene);
  SimState s = initial_state(ctx, 1);
  InputFrame up;
  up.left_y = 32767;
  for (int t = 0; t < 600; ++t) step(s, up, ctx);  // 10 s towards the fence at z = 3
  const Box& fence = scene.level.fences[0];
  EXPECT_LT(s.root_ws.z, fence.centre.z - fence.half_extents.z);
  EXPECT_GT(s.blocked_ticks, 0u);
  EXPECT_EQ(s.root_ws.y, 0.0f);
}

TEST(Sim, IdleLooksAroundUsingTheSeededRng) {
  Level open;
  SimContext ctx;
  ctx.level = &open;
  SimState a = initial_state(ctx, 11), b = initial_state(ctx, 12);
  float max_look = 0.0f;
  for (int t = 0; t < 600; ++t) {
    step(a, InputFrame{}, ctx);
    step(b, InputFrame{}, ctx);
    max_look = std::max(max_look, std::fabs(a.look_yaw_rad));
  }
  EXPECT_GT(max_look, 0.05f);
  EXPECT_NE(hash_state(a), hash_state(b));
}

// The same scripted session shown on 30, 60 and 144 Hz displays, and with a 2 s hitch: the clock
// decides how many ticks run per frame, never what they compute.
std::uint64_t run_at_display_rate(double hz, bool hitch, std::uint64_t* frames, double* dropped) {
  Session session;
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/default.json");
  session.start(std::move(*scene), 5);
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
