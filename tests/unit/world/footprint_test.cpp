// The body footprint against walls, fences and the pipes on a wall.
#include <gtest/gtest.h>

#include "math/angles.h"
#include "world/footprint.h"

#include <cmath>
#include <initializer_list>

namespace cf {
namespace {

Footprint one_circle(float r) {
  const glm::vec3 pts[2] = {glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 0.001f)};
  FootprintStroke st{pts, 2, r};
  return fit_footprint(&st, 1, glm::vec2(0.0f));
}

Level level_with_piped_wall() {
  Level lv;
  lv.ground_half_size = 20.0f;
  Wall w;
  w.box.centre = glm::vec3(2.2f, 1.25f, 0.0f);
  w.box.half_extents = glm::vec3(0.2f, 1.25f, 2.5f);
  w.pipes.push_back(Pipe{glm::vec3(1.94f, 0.0f, 0.0f), glm::vec3(1.94f, 2.5f, 0.0f), 0.06f});  // drain pipe
  lv.walls.push_back(w);
  return lv;
}

TEST(Footprint, ADrainPipeOnAWallStopsTheBodyLikeTheWall) {
  const Level lv = level_with_piped_wall();
  const Footprint fp = one_circle(0.3f);
  ASSERT_GE(fp.count, 1);
  // Walking up to the wall where the pipe stands: stopped at the pipe's surface, not the wall's.
  glm::vec3 p(1.9f, 0.0f, 0.0f);
  EXPECT_TRUE(resolve_footprint_collisions(lv, fp, 0.0f, &p));
  const float r = fp.circles[0].radius;
  EXPECT_LE(p.x, 1.94f - 0.06f - r + 1e-4f);
  EXPECT_NEAR(p.z, 0.0f, 1e-4f);
  // Beside the pipe (along the wall) only the wall stops it.
  glm::vec3 q(1.9f, 0.0f, 1.5f);
  EXPECT_TRUE(resolve_footprint_collisions(lv, fp, 0.0f, &q));
  EXPECT_NEAR(q.x, 2.0f - r, 1e-3f);
  // Far away nothing moves.
  glm::vec3 far(-3.0f, 0.0f, 0.0f);
  EXPECT_FALSE(resolve_footprint_collisions(lv, fp, 0.0f, &far));
  EXPECT_EQ(far, glm::vec3(-3.0f, 0.0f, 0.0f));
}

// A footprint of circles at the given model offsets, all of radius r (bound set as fit_footprint does).
Footprint circles_at(std::initializer_list<glm::vec2> at, float r) {
  Footprint fp;
  for (glm::vec2 p : at) fp.circles[static_cast<std::size_t>(fp.count++)] = {p, r};
  fp.bound_m = footprint_bound(fp);
  return fp;
}

TEST(Footprint, TheBoundReachesTheFarthestCircle) {
  EXPECT_NEAR(footprint_bound(circles_at({{0.0f, 0.0f}, {0.0f, 1.0f}}, 0.2f)), 1.2f, 1e-6f);
  EXPECT_NEAR(one_circle(0.3f).bound_m, 0.3f, 2e-3f);
}

TEST(Footprint, TheGapBetweenTwoBodiesIsBetweenTheirNearestCircles) {
  // A long body along its heading: turned a quarter (facing +X) its tail circle comes near the other.
  const Footprint longbody = circles_at({{0.0f, 0.0f}, {0.0f, -1.0f}}, 0.2f);
  const Footprint one = circles_at({{0.0f, 0.0f}}, 0.3f);
  const PlacedFootprint other = place_footprint(one, glm::vec2(-1.5f, 0.0f), 0.0f);
  const FootprintGap far = footprint_gap(place_footprint(longbody, glm::vec2(0.0f), 0.0f), other, 2.0f);
  EXPECT_NEAR(far.gap_m, 1.0f, 1e-5f);
  const FootprintGap near = footprint_gap(place_footprint(longbody, glm::vec2(0.0f), 0.5f * kPi), other, 2.0f);
  EXPECT_NEAR(near.gap_m, 0.0f, 1e-5f);  // tail at x = -1: 1.5 - 1 - 0.2 - 0.3
  EXPECT_NEAR(near.normal_ab.x, -1.0f, 1e-5f);
  // Farther than asked: only said to be farther.
  EXPECT_GT(footprint_gap(place_footprint(longbody, glm::vec2(0.0f), 0.0f), other, 0.5f).gap_m, 0.5f);
}

TEST(Footprint, InterlockedBodiesArePartedAlongTheLineBetweenThem) {
  // b's circle sits between a's two: their pushes cancel, so b leaves along the origins' line.
  const PlacedFootprint a = place_footprint(circles_at({{-0.5f, 0.0f}, {0.5f, 0.0f}}, 0.3f), glm::vec2(0.0f), 0.0f);
  PlacedFootprint b = place_footprint(circles_at({{0.0f, 0.0f}}, 0.3f), glm::vec2(0.0f, 0.1f), 0.0f);
  const FootprintPush push = footprint_push(a, b);
  EXPECT_NEAR(push.direction_ab.x, 0.0f, 1e-5f);
  EXPECT_NEAR(push.direction_ab.y, 1.0f, 1e-5f);
  EXPECT_NEAR(push.distance_m, std::sqrt(0.36f - 0.25f) - 0.1f, 1e-4f);
  b.origin_ws += push.direction_ab * push.distance_m;
  EXPECT_GE(footprint_gap(a, b, 1.0f).gap_m, -1e-5f);
  EXPECT_EQ(footprint_push(a, b).distance_m, 0.0f);
}

TEST(Footprint, OverlappingBodiesArePushedApartAlongTheirOverlap) {
  const PlacedFootprint a = place_footprint(circles_at({{0.0f, 0.0f}, {0.0f, 0.5f}}, 0.3f), glm::vec2(0.0f), 0.0f);
  const PlacedFootprint b = place_footprint(circles_at({{0.0f, 0.0f}, {0.0f, 0.5f}}, 0.3f), glm::vec2(0.5f, 0.0f), 0.0f);
  const FootprintPush push = footprint_push(a, b);  // side by side, 0.1 m into each other
  EXPECT_NEAR(push.direction_ab.x, 1.0f, 1e-5f);
  EXPECT_NEAR(push.distance_m, 0.1f, 1e-5f);
}

}  // namespace
}  // namespace cf
