#include "math/geometry.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

TEST(Geometry, SegmentClosestPoint) {
  glm::vec3 a(0, 0, 0), b(2, 0, 0);
  EXPECT_FLOAT_EQ(closest_param_on_segment({1, 5, 0}, a, b), 0.5f);
  EXPECT_FLOAT_EQ(closest_param_on_segment({-3, 0, 0}, a, b), 0.0f);
  EXPECT_FLOAT_EQ(closest_param_on_segment({9, 0, 0}, a, b), 1.0f);
  EXPECT_FLOAT_EQ(distance2_to_segment({1, 2, 0}, a, b), 4.0f);
  EXPECT_FLOAT_EQ(closest_param_on_segment({1, 1, 1}, a, a), 0.0f);  // zero-length segment
}

TEST(Geometry, PlaneSignedDistance) {
  Plane p = Plane::from_point_normal({0, 0, 2}, {0, 0, -1});
  EXPECT_FLOAT_EQ(p.signed_distance({0, 0, 0}), 2.0f);
  EXPECT_FLOAT_EQ(p.signed_distance({0, 0, 3}), -1.0f);
}

TEST(Geometry, Polyline) {
  std::vector<glm::vec3> pl{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
  EXPECT_FLOAT_EQ(polyline_length(pl), 2.0f);
  glm::vec3 m = polyline_point_at(pl, 1.5f);
  EXPECT_FLOAT_EQ(m.x, 1.0f);
  EXPECT_FLOAT_EQ(m.y, 0.5f);
  auto c = polyline_closest(pl, {2, 0.25f, 0});
  EXPECT_EQ(c.segment, 1u);
  EXPECT_FLOAT_EQ(c.arc, 1.25f);
  EXPECT_EQ(polyline_point_at({}, 1.0f), glm::vec3(0.0f));
}

TEST(Geometry, ASegmentMeetsARectangleWhenItCrossesOrTouchesIt) {
  const glm::vec2 lo(-1.0f, -0.5f), hi(1.0f, 0.5f);
  EXPECT_TRUE(segment_meets_rect({-2.0f, 0.0f}, {2.0f, 0.0f}, lo, hi));    // straight through
  EXPECT_TRUE(segment_meets_rect({0.0f, 0.0f}, {0.1f, 0.1f}, lo, hi));     // inside
  EXPECT_TRUE(segment_meets_rect({-2.0f, -2.0f}, {2.0f, 2.0f}, lo, hi));   // diagonally
  EXPECT_TRUE(segment_meets_rect({1.0f, 2.0f}, {1.0f, -2.0f}, lo, hi));    // along an edge
  EXPECT_FALSE(segment_meets_rect({-2.0f, 1.0f}, {2.0f, 1.0f}, lo, hi));   // passes above
  EXPECT_FALSE(segment_meets_rect({-3.0f, 0.0f}, {-1.5f, 0.0f}, lo, hi));  // stops short
  EXPECT_FALSE(segment_meets_rect({-2.0f, 0.0f}, {0.0f, 2.0f}, lo, hi));   // cuts past the corner
  EXPECT_FALSE(segment_meets_rect({2.0f, 2.0f}, {2.0f, 2.0f}, lo, hi));    // a point outside
}

}  // namespace
}  // namespace cf
