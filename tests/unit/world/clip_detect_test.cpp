// Clip detector: forced clips into each obstacle kind are found with the right bone, index, depth
// and point; contact bones of a vault and shallow touches are not clips; bad jobs are refused.
#include <array>
#include <vector>

#include <gtest/gtest.h>

#include "world/clip_detect.h"

namespace cf {
namespace {

struct Bones {
  std::vector<glm::vec3> head, tail;
  std::vector<float> radius;
  void add(glm::vec3 a, glm::vec3 b, float r) { head.push_back(a), tail.push_back(b), radius.push_back(r); }
};

struct Detect {
  std::array<ClipEvent, 16> events{};
  ClipEventBuffer buf{events.data(), 16, 0, 0};
  ClipDetectJob job;
  Detect(const Level& lv, const Bones& b) {
    job.level = &lv;
    job.head_ws = b.head.data();
    job.tail_ws = b.tail.data();
    job.radius_m = b.radius.data();
    job.bones = static_cast<int>(b.radius.size());
    job.out = &buf;
  }
};

Level wall_level() {
  Level lv;
  Wall w;
  w.box = Box{{0, 1, 2}, {2, 1, 0.1f}, 0};  // face at z = 1.9
  w.pipes.push_back(Pipe{{1, 0, 1.85f}, {1, 2, 1.85f}, 0.05f});
  lv.walls.push_back(w);
  lv.fences.push_back(Box{{0, 0.4f, -2}, {1, 0.4f, 0.05f}, 0});
  return lv;
}

TEST(ClipDetect, BoneIntoWallIsFoundWithDepthAndPoint) {
  Level lv = wall_level();
  Bones b;
  b.add({-1, 1, 1.0f}, {-1, 1, 1.5f}, 0.05f);   // clear of the wall (0.35 m away)
  b.add({-1, 1.2f, 1.5f}, {-1, 1.2f, 1.95f}, 0.05f);  // tip 5 cm into the face, flesh 5 cm more
  Detect r(lv, b);
  r.job.tick = 42;
  r.job.creature = 3;
  r.job.ground = false;
  ASSERT_TRUE(r.job.run());
  ASSERT_EQ(r.buf.count, 1);
  const ClipEvent& e = r.events[0];
  EXPECT_EQ(e.tick, 42u);
  EXPECT_EQ(e.creature, 3);
  EXPECT_EQ(e.bone, 1);
  EXPECT_EQ(e.obstacle, ObstacleKind::kWall);
  EXPECT_EQ(e.index, 0);
  EXPECT_NEAR(e.depth_m, 0.10f, 1e-3f);
  EXPECT_NEAR(e.point_ws.z, 2.0f, 2e-3f);  // deepest flesh: the tip pushed on by the radius
  EXPECT_NEAR(e.point_ws.x, -1.0f, 1e-3f);
}

TEST(ClipDetect, PipeAndFenceAndGroundEachReportTheirKind) {
  Level lv = wall_level();
  Bones b;
  b.add({1, 1, 1.6f}, {1, 1, 1.78f}, 0.04f);   // into the pipe (surface at z = 1.80), not the wall
  b.add({0, 0.5f, -2.5f}, {0, 0.5f, -2.0f}, 0.03f);  // through the fence
  b.add({3, 0.5f, 0}, {3, -0.02f, 0}, 0.03f);  // 5 cm of flesh under the ground
  Detect r(lv, b);
  ASSERT_TRUE(r.job.run());
  ASSERT_EQ(r.buf.count, 3);
  EXPECT_EQ(r.events[0].obstacle, ObstacleKind::kPipe);
  EXPECT_EQ(r.events[0].index, 0);
  EXPECT_EQ(r.events[0].pipe, 0);
  EXPECT_NEAR(r.events[0].depth_m, 0.02f, 1e-3f);
  EXPECT_EQ(r.events[1].obstacle, ObstacleKind::kFence);
  EXPECT_EQ(r.events[1].bone, 1);
  EXPECT_NEAR(r.events[1].depth_m, 0.08f, 1e-3f);  // 5 cm half thickness + 3 cm flesh
  EXPECT_EQ(r.events[2].obstacle, ObstacleKind::kGround);
  EXPECT_EQ(r.events[2].index, -1);
  EXPECT_NEAR(r.events[2].depth_m, 0.05f, 1e-5f);
  EXPECT_NEAR(r.events[2].point_ws.y, -0.05f, 1e-5f);
}

TEST(ClipDetect, ShallowTouchIsNotAClipAndThresholdIsConfigurable) {
  Level lv;
  Bones b;
  b.add({0, 0.5f, 0}, {0, 0.045f, 0}, 0.05f);  // 5 mm under the ground
  Detect r(lv, b);
  ASSERT_TRUE(r.job.run());
  EXPECT_EQ(r.buf.count, 0);
  r.job.min_depth_m = 0.001f;
  ASSERT_TRUE(r.job.run());
  EXPECT_EQ(r.buf.count, 1);
}

TEST(ClipDetect, PlantedHandOnTheVaultedFenceIsAContactNotAClip) {
  Level lv = wall_level();
  Bones b;
  b.add({0, 0.9f, -2}, {0, 0.81f, -2}, 0.03f);  // hand pressed 2 cm into the fence top
  const std::uint8_t contact[] = {1};
  Detect r(lv, b);
  r.job.contact = contact;
  r.job.contact_fence = 0;
  ASSERT_TRUE(r.job.run());
  EXPECT_EQ(r.buf.count, 0);
  r.job.contact_fence = -1;  // not vaulting that fence: it is a clip
  ASSERT_TRUE(r.job.run());
  ASSERT_EQ(r.buf.count, 1);
  EXPECT_EQ(r.events[0].obstacle, ObstacleKind::kFence);
}

TEST(ClipDetect, FullBufferCountsDroppedEvents) {
  Level lv;
  Bones b;
  for (int i = 0; i < 20; ++i) b.add({float(i), 0.5f, 0}, {float(i), -0.1f, 0}, 0.02f);
  Detect r(lv, b);
  ASSERT_TRUE(r.job.run());
  EXPECT_EQ(r.buf.count, 16);
  EXPECT_EQ(r.buf.dropped, 4);
}

TEST(ClipDetect, RotatedWallIsCheckedInItsOwnFrame) {
  Level lv;
  Wall w;
  w.box = Box{{0, 1, 0}, {2, 1, 0.1f}, 90};  // thin along world x now
  lv.walls.push_back(w);
  Bones b;
  b.add({-0.5f, 1, 1}, {-0.05f, 1, 1}, 0.02f);
  Detect r(lv, b);
  r.job.ground = false;
  ASSERT_TRUE(r.job.run());
  ASSERT_EQ(r.buf.count, 1);
  EXPECT_NEAR(r.events[0].depth_m, 0.07f, 1e-3f);
}

TEST(ClipDetect, InvalidJobsAreRefused) {
  Level lv;
  Bones b;
  b.add({0, 1, 0}, {0, 2, 0}, 0.1f);
  Detect r(lv, b);
  ClipDetectJob j = r.job;
  j.level = nullptr;
  EXPECT_FALSE(j.run());
  j = r.job;
  j.out = nullptr;
  EXPECT_FALSE(j.run());
  j = r.job;
  j.head_ws = nullptr;
  EXPECT_FALSE(j.run());
  j = r.job;
  j.min_depth_m = -1;
  EXPECT_FALSE(j.run());
  j = r.job;
  j.bones = -2;
  EXPECT_FALSE(j.run());
  Bones nan;
  nan.add({0, NAN, 0}, {0, -1, 0}, 0.1f);
  Detect rn(lv, nan);
  EXPECT_TRUE(rn.job.run());
  EXPECT_EQ(rn.buf.count, 0);  // a broken pose is skipped, not reported as a clip
}

}  // namespace
}  // namespace cf
