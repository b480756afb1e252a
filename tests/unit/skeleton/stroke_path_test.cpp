// StrokePath: a drawn stroke by arc length.
#include "skeleton/stroke_path.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

void expect_vec(const glm::vec3& got, const glm::vec3& want, float tol = 1e-4f) {
  EXPECT_NEAR(got.x, want.x, tol);
  EXPECT_NEAR(got.y, want.y, tol);
  EXPECT_NEAR(got.z, want.z, tol);
}

TEST(StrokePathTest, ArcLengthAndDistance) {
  auto p = StrokePath::from_points({{0, 0, 0}, {1, 0, 0}, {1, 2, 0}});
  EXPECT_FLOAT_EQ(p.length, 3.0f);
  expect_vec(p.at(0.5f), {0.5f, 0, 0});
  expect_vec(p.at(2.0f), {1, 1, 0});
  expect_vec(p.at(-1.0f), {0, 0, 0});
  expect_vec(p.at(9.0f), {1, 2, 0});
  EXPECT_NEAR(p.distance_to({0.5f, 1, 0}), 0.5f, 1e-6f);
}

// Arc lengths run from 0 at the first point to the length at the last, one per point.
TEST(StrokePathTest, ArcPerPointAndSinglePoint) {
  auto p = StrokePath::from_points({{0, 0, 0}, {0, 3, 4}, {0, 3, 5}});
  ASSERT_EQ(p.arc.size(), 3u);
  EXPECT_EQ(p.arc[0], 0.0f);
  EXPECT_FLOAT_EQ(p.arc[1], 5.0f);
  EXPECT_FLOAT_EQ(p.arc[2], p.length);
  EXPECT_EQ(p.distance_to({0, 3, 4}), 0.0f);
  auto dot = StrokePath::from_points({{1, 2, 3}});
  EXPECT_EQ(dot.length, 0.0f);
  expect_vec(dot.at(0.5f), {1, 2, 3});
  EXPECT_NEAR(dot.distance_to({1, 2, 4}), 1.0f, 1e-6f);
}

}  // namespace
}  // namespace cf
