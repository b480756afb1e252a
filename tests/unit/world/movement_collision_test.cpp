// Movement collision: circles on the ground pushed out of fence and wall footprints, kept on the ground.
#include <cmath>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "world/clearance.h"
#include "world/movement_collision.h"

namespace cf {
namespace {

// Horizontal distance from a point to the box's footprint (0 inside).
float footprint_distance(const Box& b, const glm::vec3& p) { return distance_to_footprint(b, p); }

TEST(MovementCollision, CircleClearOfTheBoxIsNotMoved) {
  const Box b{{0.0f, 0.5f, 0.0f}, {1.0f, 0.5f, 0.2f}, 0.0f};
  glm::vec3 p(0.0f, 0.0f, 0.6f);
  EXPECT_FALSE(push_circle_out_of_box(b, 0.3f, &p));
  EXPECT_EQ(p, glm::vec3(0.0f, 0.0f, 0.6f));
  p = glm::vec3(0.0f, 0.0f, 0.5f);  // exactly touching: not inside
  EXPECT_FALSE(push_circle_out_of_box(b, 0.3f, &p));
}

// A circle overlapping the footprint leaves straight away from the nearest footprint point, to exactly
// one radius from it; y is kept.
TEST(MovementCollision, OverlapLeavesAlongTheNearestPoint) {
  const Box b{{1.0f, 0.5f, 2.0f}, {1.0f, 0.5f, 0.2f}, 30.0f};
  Rng rng = Rng::from_seed(5);
  int moved = 0;
  for (int i = 0; i < 500; ++i) {
    const glm::vec3 local(static_cast<float>(rng.uniform(-1.6, 1.6)), 0.0f, static_cast<float>(rng.uniform(-0.8, 0.8)));
    glm::vec3 p = b.to_world(local);
    p.y = 0.25f;
    const float r = 0.3f;
    const float before = footprint_distance(b, p);
    if (!push_circle_out_of_box(b, r, &p)) {
      EXPECT_GE(before, r - 1e-5f) << i;
      continue;
    }
    ++moved;
    EXPECT_NEAR(footprint_distance(b, p), r, 1e-4f) << i;
    EXPECT_NEAR(p.y, 0.25f, 1e-5f) << i;
    EXPECT_LT(before, r) << i;
  }
  EXPECT_GT(moved, 100);
}

// A centre inside the footprint goes out through the nearest face (here the thin side, +z or -z).
TEST(MovementCollision, CentreInsideLeavesThroughTheNearestFace) {
  const Box b{{0.0f, 0.5f, 0.0f}, {1.0f, 0.5f, 0.2f}, 0.0f};
  glm::vec3 p(0.3f, 0.0f, 0.05f);
  ASSERT_TRUE(push_circle_out_of_box(b, 0.1f, &p));
  EXPECT_NEAR(p.z, 0.3f, 1e-6f);
  EXPECT_NEAR(p.x, 0.3f, 1e-6f);
  glm::vec3 q(0.9f, 0.0f, -0.01f);
  ASSERT_TRUE(push_circle_out_of_box(b, 0.1f, &q));
  EXPECT_NEAR(q.x, 1.1f, 1e-6f);  // the end face is nearer than the sides
}

// In a corner between a fence and a wall a few passes settle the circle clear of both, on the ground
// square; far from everything nothing moves.
TEST(MovementCollision, ResolvesCornersAndTheGroundEdge) {
  Level lv;
  lv.ground_half_size = 5.0f;
  lv.fences.push_back(Box{{0.0f, 0.3f, 0.0f}, {1.0f, 0.3f, 0.05f}, 0.0f});
  Wall w;
  w.box = Box{{1.2f, 1.0f, 0.0f}, {0.2f, 1.0f, 1.0f}, 0.0f};
  lv.walls.push_back(w);
  glm::vec3 p(0.95f, 0.1f, 0.1f);
  EXPECT_TRUE(resolve_circle_collisions(lv, 0.2f, &p));
  EXPECT_GE(footprint_distance(lv.fences[0], p), 0.2f - 1e-4f);
  EXPECT_GE(footprint_distance(lv.walls[0].box, p), 0.2f - 1e-4f);
  EXPECT_EQ(p.y, 0.1f);
  glm::vec3 edge(4.95f, 0.0f, -6.0f);
  EXPECT_TRUE(resolve_circle_collisions(lv, 0.2f, &edge));
  EXPECT_FLOAT_EQ(edge.x, 4.8f);
  EXPECT_FLOAT_EQ(edge.z, -4.8f);
  glm::vec3 free(-3.0f, 0.0f, 3.0f);
  EXPECT_FALSE(resolve_circle_collisions(lv, 0.2f, &free));
  EXPECT_EQ(free, glm::vec3(-3.0f, 0.0f, 3.0f));
}

}  // namespace
}  // namespace cf
