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

namespace cf {
namespace {

// A passage 1.28 m wide between two walls 0.4 m thick, as in the default level.
Level passage() {
  Level lv;
  lv.ground_half_size = 20.0f;
  for (float x : {-0.84f, 0.84f}) {
    Wall w;
    w.box.centre = glm::vec3(x, 1.25f, 0.0f);
    w.box.half_extents = glm::vec3(0.2f, 1.25f, 2.5f);
    lv.walls.push_back(w);
  }
  return lv;
}

// How deep the placed footprint's deepest circle is in a wall, metres (0: clear), and whether a
// circle's centre is beyond a wall's outer face (it went through).
struct InWalls {
  float depth_m = 0.0f;
  bool beyond = false;
};
InWalls in_walls(const Level& lv, const Footprint& fp, glm::vec3 p, float heading) {
  InWalls out;
  const PlacedFootprint placed = place_footprint(fp, glm::vec2(p.x, p.z), heading);
  for (int i = 0; i < placed.count; ++i) {
    const PlacedCircle& c = placed.circles[static_cast<std::size_t>(i)];
    const glm::vec2 at = placed.origin_ws + c.offset_ws;
    for (const Wall& w : lv.walls) {
      const float dx = std::max(std::fabs(at.x - w.box.centre.x) - w.box.half_extents.x, 0.0f);
      const float dz = std::max(std::fabs(at.y - w.box.centre.z) - w.box.half_extents.z, 0.0f);
      out.depth_m = std::max(out.depth_m, c.radius - std::sqrt(dx * dx + dz * dz));
    }
    out.beyond |= std::fabs(at.x) > 1.04f && std::fabs(at.y) < 2.5f;
  }
  return out;
}

TEST(Footprint, ABodyLongerThanAPassageIsWideTurningOnTheSpotNeverPassesThroughAWall) {
  // A quadruped's length (1.6 m with its flesh) in a passage 1.28 m wide, nearer one wall, turning
  // right for 200 ticks and left for 120 at 2 rad/s, as a player holding the stick sideways would.
  const glm::vec3 spine[2] = {glm::vec3(0.0f, 0.0f, -0.78f), glm::vec3(0.0f, 0.0f, 0.85f)};
  const FootprintStroke st{spine, 2, 0.13f};
  const Footprint fp = fit_footprint(&st, 1, glm::vec2(0.0f));
  const Level lv = passage();
  glm::vec3 p(-0.36f, 0.0f, 0.0f);
  float heading = 0.0f, widest = 0.0f, deepest = 0.0f;
  bool beyond = false;
  int undone = 0;
  for (int t = 0; t < 320; ++t) {
    const float before = heading;
    heading += (t < 200 ? -2.0f : 2.0f) / 60.0f;
    const FootprintMove m = move_footprint(lv, fp, before, &heading, &p);
    undone += m.turn_undone ? 1 : 0;
    const InWalls w = in_walls(lv, fp, p, heading);
    deepest = std::max(deepest, w.depth_m);
    beyond |= w.beyond;
    widest = std::max(widest, std::fabs(std::sin(heading)));
  }
  EXPECT_FALSE(beyond) << "a circle went through a wall";
  EXPECT_LT(deepest, 0.005f) << "deepest circle " << deepest * 100.0f << " cm in a wall";
  EXPECT_GT(undone, 0);  // it was stopped, not let through
  // Across the passage it cannot turn: 1.6 m of body fits 1.28 m only well short of 90 degrees.
  EXPECT_LT(widest, std::sin(70.0f * kDegToRad));
  EXPECT_TRUE(std::isfinite(p.x) && std::fabs(p.z) < 0.1f);
}

}  // namespace
}  // namespace cf
