// The player's marker and the see-through herd: geometry on the CPU, then through the view.
#include "game/view/player_focus.h"

#include <gtest/gtest.h>

#include <cmath>

#include "game/session/session.h"
#include "game/view/view.h"

namespace cf {
namespace {

TEST(PlayerFocus, TheMarkerIsAFlatRingWithAnArrowAhead) {
  const MeshData m = make_player_marker_mesh();
  ASSERT_FALSE(m.indices.empty());
  ASSERT_EQ(m.indices.size() % 3, 0u);
  float max_z = -1.0f, min_r = 10.0f, max_ring_r = 0.0f;
  for (const glm::vec3& p : m.positions_ms) {
    EXPECT_EQ(p.y, 0.0f);
    const float r = std::hypot(p.x, p.z);
    max_z = std::max(max_z, p.z);
    min_r = std::min(min_r, r);
    if (r <= 1.001f) max_ring_r = std::max(max_ring_r, r);
  }
  EXPECT_GT(min_r, 0.5f) << "a ring, not a disc: the feet show through its middle";
  EXPECT_NEAR(max_ring_r, 1.0f, 1e-4f);
  EXPECT_GT(max_z, 1.2f) << "the arrow points forward (+Z)";
  for (const glm::vec3& n : m.normals_ms) EXPECT_EQ(n, glm::vec3(0, 1, 0));
  for (std::uint32_t i : m.indices) EXPECT_LT(i, m.positions_ms.size());
}

TEST(PlayerFocus, TheMarkerSitsOnTheGroundAroundTheBodyFacingItsHeading) {
  const glm::mat4 t = player_marker_transform({2.0f, 0.9f, -1.0f}, 1.5707963f, 0.5f, 0.25f);
  const glm::vec3 centre = glm::vec3(t * glm::vec4(0, 0, 0, 1));
  EXPECT_NEAR(centre.x, 2.0f, 1e-5f);
  EXPECT_NEAR(centre.z, -1.0f, 1e-5f);
  EXPECT_GT(centre.y, 0.25f);
  EXPECT_LT(centre.y, 0.25f + 0.03f) << "just over the ground";
  // Heading 90 degrees faces +X: the arrow (+Z in the mesh) points there, outside the body.
  const glm::vec3 ahead = glm::vec3(t * glm::vec4(0, 0, 1, 1)) - centre;
  EXPECT_GT(ahead.x, 0.5f);
  EXPECT_NEAR(ahead.z, 0.0f, 1e-4f);
  EXPECT_GT(glm::length(ahead), 0.5f);
}

// On a slope the ring lies along it: its rim and its arrow in the plane square to the ground's normal.
TEST(PlayerFocus, OnASlopeTheMarkerLiesAlongTheGround) {
  const glm::vec3 n = glm::normalize(glm::vec3(-0.4f, 1.0f, 0.0f));  // ground rising 0.4 m a metre toward +X
  for (float heading : {0.0f, 0.8f, 2.5f}) {
    const glm::mat4 t = player_marker_transform({1.0f, 0.7f, 2.0f}, heading, 0.6f, 0.4f, n);
    const glm::vec3 centre = glm::vec3(t * glm::vec4(0, 0, 0, 1));
    EXPECT_NEAR(centre.y, 0.41f, 1e-5f);
    for (float a = 0.0f; a < 6.28f; a += 0.5f) {
      const glm::vec3 rim = glm::vec3(t * glm::vec4(std::cos(a), 0, std::sin(a), 1)) - centre;
      EXPECT_NEAR(glm::dot(rim, n), 0.0f, 1e-4f) << "heading " << heading << " rim angle " << a;
      EXPECT_NEAR(glm::length(rim), player_marker_radius(0.6f), 1e-4f);
    }
    const glm::vec3 ahead = glm::vec3(t * glm::vec4(0, 0, 1, 1)) - centre;
    EXPECT_NEAR(glm::dot(ahead, n), 0.0f, 1e-4f);
    EXPECT_GT(glm::dot(glm::normalize(glm::vec2(ahead.x, ahead.z)), glm::vec2(std::sin(heading), std::cos(heading))), 0.95f)
        << "still pointing where the creature faces";
  }
  // Flat ground gives the flat ring.
  const glm::mat4 flat = player_marker_transform({2.0f, 0.9f, -1.0f}, 1.0f, 0.5f, 0.25f, glm::vec3(0, 1, 0));
  const glm::mat4 plain = player_marker_transform({2.0f, 0.9f, -1.0f}, 1.0f, 0.5f, 0.25f);
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) EXPECT_FLOAT_EQ(flat[c][r], plain[c][r]);
}

// A one-bone creature standing upright at (x, z), 1 m tall.
CreaturePose post(float x, float z) {
  CreaturePose p;
  p.head_ws.assign(1, glm::vec3(x, 0.0f, z));
  p.tail_ws.assign(1, glm::vec3(x, 1.0f, z));
  return p;
}

TEST(PlayerFocus, OnlyFleshOnASightLineFromTheEyeToThePlayerHidesIt) {
  const glm::vec3 eye(0, 1.5f, -5);
  const glm::vec3 player[2] = {{0, 0.5f, 0}, {0, 0.05f, 0}};
  const float reach = 0.15f;
  EXPECT_TRUE(hides_player(post(0.0f, -2.5f), reach, player, 2, eye)) << "half way, on the line";
  EXPECT_TRUE(hides_player(post(0.12f, -1.0f), reach, player, 2, eye)) << "its flesh reaches the line";
  EXPECT_FALSE(hides_player(post(0.6f, -1.0f), reach, player, 2, eye)) << "beside it on screen, covering none of it";
  EXPECT_FALSE(hides_player(post(0.0f, 2.0f), reach, player, 2, eye)) << "behind the player";
  EXPECT_FALSE(hides_player(post(0.0f, -7.0f), reach, player, 2, eye)) << "behind the camera";
  EXPECT_FALSE(hides_player(CreaturePose{}, reach, player, 2, eye)) << "no bones";
}

// Through the view: in a herd, the creatures drawn see-through (colour alpha kSeeThroughAlpha) are
// exactly those in front of the player, and the player is never one of them.
TEST(PlayerFocus, AHerdCreatureBetweenTheCameraAndThePlayerIsDrawnSeeThrough) {
  // The playground's herd of 64 (seed 1): some graze near the player; the camera orbiting slowly once
  // round it puts some of them between it and the player (the screenshot in the README's report).
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/default.json");
  ASSERT_TRUE(scene.ok());
  Session session;
  Result<std::vector<HerdKind>> herd = pick_herd(64, 1, CF_ASSETS_DIR "/creatures");
  ASSERT_TRUE(herd.ok());
  (void)session.start(std::move(*scene), 1, *herd);
  View view;
  view.init(session.species_scenes(), ViewTextures{});
  InputFrame orbit;
  orbit.right_x = -12000;
  int frames_with_one = 0, see_through_meshes = 0;
  for (int t = 0; t < 400; ++t) {
    session.tick(t >= 80 ? orbit : InputFrame{});
    if (t < 90) continue;
    view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720);
    const glm::vec3 eye = glm::vec3(glm::inverse(orbit_camera_view(session.state(), session.scene().level,
                                                                    view.pose().cog_ws.y))[3]);
    const float player_m = glm::distance(eye, view.pose().cog_ws);
    int see_through = 0;
    for (std::size_t k = 0; k < view.meshes().size(); ++k) {
      const MeshInput& m = view.meshes()[k];
      if (m.color.a != kSeeThroughAlpha) continue;
      ++see_through;
      const glm::vec3 at = glm::vec3(m.model_to_world[3]);
      EXPECT_LT(glm::distance(eye, at), player_m + 0.5f) << "tick " << t << ": a see-through creature behind the player";
      EXPECT_GT(glm::distance(at, view.pose().cog_ws), 0.05f) << "the player itself";
    }
    frames_with_one += see_through > 0;
    see_through_meshes += see_through;
  }
  EXPECT_GT(frames_with_one, 0) << "no herd creature ever came between the camera and the player";
  // Only those in the way: never most of the herd.
  EXPECT_LT(see_through_meshes, frames_with_one * 6);
}

// The ring marks the player while it plays; on a trial's finish screen, whose text stands over the
// player, it is not drawn (it showed through the gaps between the letters); a ditch is drawn under it.
TEST(PlayerFocus, TheMarkerIsDrawnDuringATrialAndNotOnItsFinishScreen) {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/trial_ditch.json");
  ASSERT_TRUE(scene.ok());
  Session session;
  (void)session.start(std::move(*scene), 1);
  View view;
  view.init(session.scene(), ViewTextures{});
  auto markers = [&](TrialRun::Phase phase) {
    TrialRun run;
    run.phase = phase;
    view.set_trial(&run);
    view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 640, 480);
    view.set_trial(nullptr);
    int n = 0;
    for (const MeshInput& m : view.meshes())
      if (m.color.r == kPlayerMarkerColor.r && m.color.g == kPlayerMarkerColor.g && m.color.b == kPlayerMarkerColor.b) ++n;
    return n;
  };
  EXPECT_EQ(markers(TrialRun::Phase::kRunning), 1);
  EXPECT_EQ(markers(TrialRun::Phase::kCountdown), 1);
  EXPECT_EQ(markers(TrialRun::Phase::kFinished), 0);
  EXPECT_EQ(markers(TrialRun::Phase::kNone), 1);
  // The course's two ditches, their floors and inner walls, are floor marks (drawn under the ring at the feet,
  // whatever their depth); the ring is not.
  int ditches = 0, ditch_walls = 0;
  for (const MeshInput& m : view.meshes()) {
    if (m.color.r == kDitchFloorColor.r && m.color.g == kDitchFloorColor.g && m.color.b == kDitchFloorColor.b) {
      ++ditches;
      EXPECT_TRUE(m.floor_mark);
    }
    if (m.color.r == kDitchWallColor.r && m.color.g == kDitchWallColor.g && m.color.b == kDitchWallColor.b) {
      ++ditch_walls;
      EXPECT_TRUE(m.floor_mark);
    }
    if (m.color.r == kPlayerMarkerColor.r && m.color.g == kPlayerMarkerColor.g) {
      EXPECT_FALSE(m.floor_mark);
    }
  }
  EXPECT_EQ(ditches, 2);
  EXPECT_EQ(ditch_walls, 2);
}

}  // namespace
}  // namespace cf
