// Ledges: a platform's face ahead too high to step (up), the edge of the platform underfoot over a drop
// (down), the lip of a protruding top slab, a face met at a slant, and the region kept round the lip.
#include "world/ledge.h"

#include <cmath>

#include <gtest/gtest.h>

#include "world/ground_query.h"

namespace cf {
namespace {

Box box(glm::vec3 centre, glm::vec3 half, float yaw = 0.0f) {
  Box b;
  b.centre = centre;
  b.half_extents = half;
  b.yaw_deg = yaw;
  return b;
}

// A ledge 0.7 m high from z = 2 to 7 whose top slab juts 0.12 m out over its face (the seed's FIG. 7).
Level lip_level() {
  Level lv;
  lv.platforms.push_back(box({0.0f, 0.31f, 4.5f}, {2.5f, 0.31f, 2.5f}));
  lv.platforms.push_back(box({0.0f, 0.66f, 4.44f}, {2.5f, 0.04f, 2.56f}));
  return lv;
}

const glm::vec3 kForward(0.0f, 0.0f, 1.0f);

TEST(Ledge, AFaceAheadTooHighToStepIsALedgeUpAtItsLip) {
  const Level lv = lip_level();
  Ledge l;
  ASSERT_TRUE(find_ledge(lv, glm::vec3(0.5f, 0.0f, 1.2f), kForward, 1.0f, 0.3f, 50.0f, &l));
  EXPECT_FALSE(l.down);
  EXPECT_EQ(l.platform, 1);  // the slab's edge is the lip, not the face under it
  EXPECT_NEAR(l.distance_m, 1.88f - 1.2f, 1e-4f);
  EXPECT_NEAR(l.lip_ws.z, 1.88f, 1e-4f);
  EXPECT_NEAR(l.lip_ws.x, 0.5f, 1e-4f);
  EXPECT_NEAR(l.top_y, 0.7f, 1e-4f);
  EXPECT_NEAR(l.low_y, 0.0f, 1e-6f);
  EXPECT_NEAR(l.height(), 0.7f, 1e-4f);
  EXPECT_NEAR(l.out_ws.z, -1.0f, 1e-6f);
  EXPECT_NEAR(l.half_span_m, 2.0f, 1e-4f);  // 0.5 m from the slab's middle: 2 m to its nearer end
}

TEST(Ledge, NoLedgeBeyondReachBelowTheStepOrAtASlant) {
  const Level lv = lip_level();
  Ledge l;
  EXPECT_FALSE(find_ledge(lv, glm::vec3(0.0f, 0.0f, 0.5f), kForward, 1.0f, 0.3f, 50.0f, &l));   // 1.38 m away
  EXPECT_FALSE(find_ledge(lv, glm::vec3(0.0f, 0.0f, 1.5f), kForward, 1.0f, 0.75f, 50.0f, &l));  // a step for it
  const float slant = 60.0f * 0.017453292f;
  const glm::vec3 across(std::sin(slant), 0.0f, std::cos(slant));
  EXPECT_FALSE(find_ledge(lv, glm::vec3(0.0f, 0.0f, 1.5f), across, 1.0f, 0.3f, 50.0f, &l));
  EXPECT_TRUE(find_ledge(lv, glm::vec3(0.0f, 0.0f, 1.5f), across, 1.0f, 0.3f, 65.0f, &l));
  EXPECT_FALSE(find_ledge(lv, glm::vec3(0.0f, 0.0f, 1.5f), -kForward, 1.0f, 0.3f, 50.0f, &l));  // facing away
}

TEST(Ledge, TheEdgeOfThePlatformUnderfootOverADropIsALedgeDown) {
  const Level lv = lip_level();
  Ledge l;
  ASSERT_TRUE(find_ledge(lv, glm::vec3(-1.0f, 0.7f, 2.3f), -kForward, 1.0f, 0.3f, 50.0f, &l));
  EXPECT_TRUE(l.down);
  EXPECT_NEAR(l.lip_ws.z, 1.88f, 1e-4f);
  EXPECT_NEAR(l.distance_m, 2.3f - 1.88f, 1e-4f);
  EXPECT_NEAR(l.top_y, 0.7f, 1e-4f);
  EXPECT_NEAR(l.low_y, 0.0f, 1e-6f);
  EXPECT_NEAR(l.out_ws.z, -1.0f, 1e-6f);
  // Along the top, toward the far end, the ledge is further than the reach.
  EXPECT_FALSE(find_ledge(lv, glm::vec3(-1.0f, 0.7f, 4.0f), kForward, 1.0f, 0.3f, 50.0f, &l));
}

TEST(Ledge, ATurnedPlatformsFaceIsFoundSquareToIt) {
  Level lv;
  lv.platforms.push_back(box({0.0f, 0.5f, 0.0f}, {1.0f, 0.5f, 1.0f}, 90.0f));  // its local +z along world +x
  Ledge l;
  ASSERT_TRUE(find_ledge(lv, glm::vec3(-1.5f, 0.0f, 0.2f), glm::vec3(1.0f, 0.0f, 0.0f), 1.0f, 0.3f, 50.0f, &l));
  EXPECT_NEAR(l.distance_m, 0.5f, 1e-4f);
  EXPECT_NEAR(l.out_ws.x, -1.0f, 1e-5f);
  EXPECT_NEAR(l.lip_ws.y, 1.0f, 1e-5f);
}

TEST(Ledge, TheRegionRoundTheLipHoldsFleshNearItAndNotFleshClearOfIt) {
  const Level lv = lip_level();
  Ledge l;
  ASSERT_TRUE(find_ledge(lv, glm::vec3(0.0f, 0.0f, 1.2f), kForward, 1.0f, 0.3f, 50.0f, &l));
  // A sphere 5 cm across, 2 cm above the top just past the lip: in the region of margin 4 cm (by 3 + 2 cm).
  EXPECT_NEAR(lip_region_depth(lv, l, {0.0f, 0.75f, 2.0f}, {0.0f, 0.75f, 2.0f}, 0.05f, 0.04f), 0.04f, 1e-4f);
  // Out in front of the face, 10 cm clear of the grown box: clear.
  EXPECT_EQ(lip_region_depth(lv, l, {0.0f, 0.5f, 1.64f}, {0.0f, 0.6f, 1.64f}, 0.05f, 0.04f), 0.0f);
  // A capsule along the top 20 cm above it: clear; through the lip's corner: in.
  EXPECT_EQ(lip_region_depth(lv, l, {0.0f, 0.9f, 1.5f}, {0.0f, 0.9f, 2.5f}, 0.05f, 0.04f), 0.0f);
  EXPECT_GT(lip_region_depth(lv, l, {0.0f, 0.9f, 1.6f}, {0.0f, 0.5f, 2.1f}, 0.05f, 0.04f), 0.05f);
  Ledge none;
  EXPECT_EQ(lip_region_depth(lv, none, {0.0f, 0.75f, 2.0f}, {0.0f, 0.75f, 2.0f}, 0.05f, 0.04f), 0.0f);
}

}  // namespace
}  // namespace cf
