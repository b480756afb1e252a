// The body footprint against walls, fences and the pipes on a wall.
#include <gtest/gtest.h>

#include "world/footprint.h"

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

}  // namespace
}  // namespace cf
