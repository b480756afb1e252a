// The capsule depths' early outs against the whole search they shortcut: the search as it was (kept
// here as the reference) gives the same depth, bit for bit, or (with 'enough') the same answer to
// "at least this deep". Capsules are drawn near, across and just off each object's surface.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "math/geometry.h"
#include "world/penetration.h"
#include "penetration_reference.h"

namespace cf {
namespace {

using ref::ref_box;
using ref::ref_box_sdf;
using ref::ref_min_along_segment;
using ref::ref_pipe;

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// With 'enough': the same value, or both at least 'enough' with the new one no deeper than the whole.
::testing::AssertionResult agrees(float fast, float ref, float whole, float enough) {
  if (same_bits(fast, ref)) return ::testing::AssertionSuccess();
  if (!std::isinf(enough) && fast >= enough && ref >= enough && fast <= whole) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "fast " << fast << " reference " << ref << " whole " << whole
                                       << " enough " << enough;
}

struct Draw {
  std::mt19937 rng{20261202u};
  float u(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); }
  glm::vec3 v(float lo, float hi) { return glm::vec3(u(lo, hi), u(lo, hi), u(lo, hi)); }
};

// A segment near the object at 'centre' (scale about its size), with a radius near the segment's
// reference distance so that many capsules just touch or just miss.
Capsule near_capsule(Draw& d, const glm::vec3& centre, float size, float min_dist_of(const Capsule&, const void*),
                     const void* obj) {
  Capsule c;
  c.a = centre + d.v(-2.0f * size, 2.0f * size);
  c.b = d.u(0.0f, 1.0f) < 0.05f ? c.a : c.a + d.v(-0.8f, 0.8f);
  const float m = min_dist_of(c, obj);
  const float pick = d.u(0.0f, 1.0f);
  if (pick < 0.4f) {
    c.radius = std::max(0.0f, m + d.u(-2e-3f, 2e-3f));       // just touching or just apart
  } else if (pick < 0.6f) {
    c.radius = std::max(0.0f, m + d.u(-2e-6f, 2e-6f));       // on the surface, to rounding
  } else {
    c.radius = d.u(0.0f, 0.3f);
  }
  return c;
}

float box_min(const Capsule& c, const void* obj) {
  const Box& b = *static_cast<const Box*>(obj);
  Capsule z = c;
  z.radius = 0.0f;
  return ref_min_along_segment(z.a, z.b, [&](const glm::vec3& p) { return ref_box_sdf(b, p); });
}
float pipe_min(const Capsule& c, const void* obj) {
  const Pipe& p = *static_cast<const Pipe*>(obj);
  return ref_min_along_segment(
      c.a, c.b, [&](const glm::vec3& q) { return std::sqrt(distance2_to_segment(q, p.a, p.b)) - p.radius; });
}

TEST(PenetrationReference, BoxesMatchTheWholeSearch) {
  Draw d;
  int touching = 0, apart = 0;
  for (int n = 0; n < 60000; ++n) {
    const float far = d.u(0.0f, 1.0f) < 0.5f ? 0.0f : 40.0f;  // near the origin and far out in a level
    Box box{d.v(-3.0f, 3.0f) + glm::vec3(far, 0.0f, -far), d.v(0.05f, 1.5f), d.u(-180.0f, 180.0f)};
    const Capsule c = near_capsule(d, box.centre, std::max({box.half_extents.x, box.half_extents.y, box.half_extents.z}),
                                   box_min, &box);
    const float whole = ref_box(c, box, std::numeric_limits<float>::infinity());
    (whole > 0.0f ? touching : apart)++;
    for (float enough : {std::numeric_limits<float>::infinity(), std::numeric_limits<float>::min(), d.u(0.0f, 0.05f)})
      ASSERT_TRUE(agrees(penetration_capsule_box(c, box, enough), ref_box(c, box, enough), whole, enough)) << n;
    ASSERT_TRUE(same_bits(penetration_capsule_box(c, box), whole)) << n;
  }
  EXPECT_GT(touching, 10000);
  EXPECT_GT(apart, 10000);
}

TEST(PenetrationReference, PipesMatchTheWholeSearch) {
  Draw d;
  int touching = 0, apart = 0;
  for (int n = 0; n < 60000; ++n) {
    const float far = d.u(0.0f, 1.0f) < 0.5f ? 0.0f : 40.0f;
    Pipe pipe;
    pipe.a = d.v(-3.0f, 3.0f) + glm::vec3(far, 0.0f, far);
    pipe.b = pipe.a + d.v(-2.0f, 2.0f);
    pipe.radius = d.u(0.01f, 0.3f);
    const Capsule c = near_capsule(d, 0.5f * (pipe.a + pipe.b), 1.0f, pipe_min, &pipe);
    const float whole = ref_pipe(c, pipe, std::numeric_limits<float>::infinity());
    (whole > 0.0f ? touching : apart)++;
    for (float enough : {std::numeric_limits<float>::infinity(), std::numeric_limits<float>::min(), d.u(0.0f, 0.05f)})
      ASSERT_TRUE(agrees(penetration_capsule_pipe(c, pipe, enough), ref_pipe(c, pipe, enough), whole, enough)) << n;
    ASSERT_TRUE(same_bits(penetration_capsule_pipe(c, pipe), whole)) << n;
  }
  EXPECT_GT(touching, 10000);
  EXPECT_GT(apart, 10000);
}

// level_touches answers level_penetration's "deeper than 0" for every capsule.
TEST(PenetrationReference, LevelTouchesIsDepthAboveZero) {
  Draw d;
  Level lv;
  for (int i = 0; i < 3; ++i) lv.fences.push_back(Box{d.v(-3.0f, 3.0f), d.v(0.05f, 0.8f), d.u(-90.0f, 90.0f)});
  for (int i = 0; i < 2; ++i) {
    Wall w;
    w.box = Box{d.v(-3.0f, 3.0f), d.v(0.1f, 1.0f), d.u(-90.0f, 90.0f)};
    w.pipes.push_back(Pipe{w.box.centre + d.v(-1.0f, 1.0f), w.box.centre + d.v(-1.0f, 1.0f), d.u(0.02f, 0.2f)});
    lv.walls.push_back(w);
  }
  int touching = 0, apart = 0;
  for (int n = 0; n < 30000; ++n) {
    const Box& near = lv.fences[static_cast<std::size_t>(n % 3)];
    const Capsule c = near_capsule(d, near.centre, 1.0f, box_min, &near);
    PenetrationOptions opt;
    opt.walls = n % 5 != 0;
    opt.fences = n % 7 != 0;
    opt.skip_fence = n % 4 == 0 ? 1 : -1;
    opt.ground = n % 3 == 0;
    const bool deep = level_penetration(lv, c, opt).depth > 0.0f;
    (deep ? touching : apart)++;
    ASSERT_EQ(level_touches(lv, c, opt), deep) << n;
  }
  EXPECT_GT(touching, 5000);
  EXPECT_GT(apart, 5000);
}

}  // namespace
}  // namespace cf
