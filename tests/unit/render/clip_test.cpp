#include <gtest/gtest.h>

#include "render/clip.h"

namespace cf {
namespace {

ClipVertex at(float x, float y, float z, float w) {
  ClipVertex v;
  v.pos = glm::vec4(x, y, z, w);
  return v;
}

TEST(Clip, InsidePolygonIsUntouched) {
  ClipPolygon p;
  p.count = 3;
  p.v[0] = at(0, 0, 0, 1);
  p.v[1] = at(0.5f, 0, 0, 1);
  p.v[2] = at(0, 0.5f, 0, 1);
  clip_polygon(&p, kGuardBand);
  ASSERT_EQ(p.count, 3);
  EXPECT_EQ(p.v[1].pos, glm::vec4(0.5f, 0, 0, 1));
}

TEST(Clip, NearPlaneCutsAtZEqualsMinusW) {
  ClipPolygon p;
  p.count = 3;
  p.v[0] = at(0, 0, 0, 1);      // inside
  p.v[1] = at(1, 0, -3, 1);     // z < -w: outside
  p.v[2] = at(0, 1, 0, 1);
  p.v[1].color = glm::vec4(255, 0, 0, 255);
  clip_polygon(&p, kGuardBand);
  ASSERT_EQ(p.count, 4);
  for (int i = 0; i < p.count; ++i) EXPECT_GE(p.v[i].pos.z + p.v[i].pos.w, -1e-6f);
  // Cut points sit a third of the way towards the outside corner; colour follows.
  EXPECT_NEAR(p.v[1].pos.x, 1.0f / 3.0f, 1e-6f);
  EXPECT_NEAR(p.v[1].color.r, 85.0f, 1e-3f);
}

TEST(Clip, AllOutsideLeavesNothing) {
  ClipPolygon p;
  p.count = 3;
  p.v[0] = at(0, 0, -5, 1);
  p.v[1] = at(1, 0, -5, 1);
  p.v[2] = at(0, 1, -5, 1);
  clip_polygon(&p, kGuardBand);
  EXPECT_EQ(p.count, 0);
}

TEST(Clip, SegmentIsCutToTheNearPlane) {
  glm::vec4 a(0, 0, 0, 1), b(0, 0, -3, 1);
  ASSERT_TRUE(clip_segment(&a, &b, kGuardBand));
  EXPECT_NEAR(b.z, -1.0f, 1e-6f);
  glm::vec4 c(0, 0, -2, 1), d(0, 0, -3, 1);
  EXPECT_FALSE(clip_segment(&c, &d, kGuardBand));
}

TEST(Clip, OutcodesNameTheSides) {
  EXPECT_EQ(outcode(glm::vec4(0, 0, 0, 1), kGuardBand), 0);
  EXPECT_EQ(outcode(glm::vec4(2, 0, 0, 1), kGuardBand), kOutRight);
  EXPECT_EQ(outcode(glm::vec4(-9, 0, 0, 1), kGuardBand), kOutLeft | kOutGuardLeft);
  EXPECT_EQ(outcode(glm::vec4(0, 0, -2, 1), kGuardBand), kOutNear);
}

}  // namespace
}  // namespace cf
