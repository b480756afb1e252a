#include "math/spline.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "core/rng.h"

namespace cf {
namespace {

struct Keys {
  std::vector<float> t;
  std::vector<glm::vec3> v;
};

float uf(Rng& rng, double lo, double hi) { return static_cast<float>(rng.uniform(lo, hi)); }

// Random keys with non-uniform spacing in [0, period).
Keys random_keys(Rng& rng, int n, float period) {
  Keys k;
  float t = uf(rng, 0.0f, 0.2f * period / static_cast<float>(n));
  for (int i = 0; i < n; ++i) {
    k.t.push_back(t);
    k.v.emplace_back(uf(rng, -1.0f, 1.0f), uf(rng, -1.0f, 1.0f), uf(rng, -1.0f, 1.0f));
    t += uf(rng, 0.3f, 1.0f) * period / static_cast<float>(n + 1);
  }
  return k;
}

glm::vec3 at(const Keys& k, double t, const CurveParams& p) {
  return sample_curve(k.t.data(), k.v.data(), static_cast<int>(k.t.size()), t, p);
}

float dist(const glm::vec3& a, const glm::vec3& b) { return glm::length(a - b); }

TEST(Spline, PassesThroughEveryKey) {
  Rng rng = Rng::from_seed(7);
  for (int trial = 0; trial < 50; ++trial) {
    Keys k = random_keys(rng, 2 + trial % 9, 2.0f);
    for (TangentRule rule : {TangentRule::kClamped, TangentRule::kCatmullRom}) {
      for (bool loop : {false, true}) {
        CurveParams p{loop, 2.0, glm::vec3(0.1f, 0.0f, 0.7f), rule};
        for (std::size_t i = 0; i < k.t.size(); ++i)
          EXPECT_LT(dist(at(k, k.t[i], p), k.v[i]), 1e-6f) << "trial " << trial << " key " << i;
      }
    }
  }
}

TEST(Spline, ScalarPassesThroughKeysAndClampsOutside) {
  const float t[] = {0.0f, 0.3f, 1.0f};
  const float v[] = {1.0f, -2.0f, 5.0f};
  CurveParams p;
  for (int i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(sample_curve(t, v, 3, t[i], p), v[i]);
  EXPECT_FLOAT_EQ(sample_curve(t, v, 3, -4.0, p), 1.0f);
  EXPECT_FLOAT_EQ(sample_curve(t, v, 3, 9.0, p), 5.0f);
  EXPECT_FLOAT_EQ(sample_curve(t, v, 1, 0.5, p), 1.0f);
}

// One-sided derivative with the first-order error removed (Richardson): O(e^2) truncation.
glm::vec3 slope(const Keys& k, double t, double e, const CurveParams& p) {
  const glm::vec3 f0 = at(k, t, p);
  const glm::vec3 d1 = (at(k, t + e, p) - f0) / float(e);
  const glm::vec3 d2 = (at(k, t + 2 * e, p) - f0) / float(2 * e);
  return 2.0f * d1 - d2;
}

// Left and right derivatives at every key agree (C1).
// A time just under the last key in double but on it in float (a clip's duration in seconds sampled
// at its end) is the last key's value, not a segment past the end (it read an uninitialised key: NaN
// under Clang).
TEST(Spline, ATimeOnTheLastKeyInFloatIsItsValue) {
  const std::vector<float> times{0.0f, 0.5f, 0.78333f};
  const std::vector<glm::vec3> values{{0, 0, 0}, {1, 2, 3}, {4, 5, 6}};
  const double t = std::nextafter(static_cast<double>(times.back()), 0.0);
  ASSERT_LT(t, static_cast<double>(times.back()));
  ASSERT_EQ(static_cast<float>(t), times.back());
  const glm::vec3 v = sample_curve(times.data(), values.data(), 3, t, CurveParams{});
  EXPECT_EQ(v, values.back());
}

TEST(Spline, C1AtKeysNumerically) {
  Rng rng = Rng::from_seed(11);
  const double e = 1e-3;
  for (int trial = 0; trial < 30; ++trial) {
    Keys k = random_keys(rng, 3 + trial % 6, 3.0f);
    for (TangentRule rule : {TangentRule::kClamped, TangentRule::kCatmullRom}) {
      for (bool loop : {false, true}) {
        CurveParams p{loop, 3.0, glm::vec3(0.0f, 0.0f, 1.2f), rule};
        const std::size_t first = loop ? 0 : 1, last = loop ? k.t.size() : k.t.size() - 1;
        for (std::size_t i = first; i < last; ++i) {
          const double t = k.t[i];
          const glm::vec3 left = slope(k, t, -e, p);
          const glm::vec3 right = slope(k, t, e, p);
          EXPECT_LT(dist(left, right), 0.01f * (1.0f + glm::length(left))) << "trial " << trial << " key " << i;
        }
      }
    }
  }
}

// A curve with a kink (C0 only) fails the same check: the check can see a missing C1.
TEST(Spline, C1CheckDetectsAKink) {
  Keys k;
  k.t = {0.0f, 1.0f, 2.0f};
  k.v = {glm::vec3(0.0f), glm::vec3(1.0f), glm::vec3(0.0f)};
  CurveParams p;
  p.tangents = TangentRule::kCatmullRom;
  // The spline itself is smooth at key 1 ...
  EXPECT_LT(dist(slope(k, 1.0, -1e-3, p), slope(k, 1.0, 1e-3, p)), 0.01f);
  // ... while the polyline through the same keys is not.
  auto poly = [](double t) { return glm::vec3(float(t < 1.0 ? t : 2.0 - t)); };
  const glm::vec3 l = (poly(1.0) - poly(1.0 - 1e-3)) / 1e-3f, r = (poly(1.0 + 1e-3) - poly(1.0)) / 1e-3f;
  EXPECT_GT(dist(l, r), 1.0f);
}

TEST(Spline, LoopIsContinuousAcrossTheWrapWithCycleOffset) {
  Rng rng = Rng::from_seed(3);
  Keys k = random_keys(rng, 6, 1.5f);
  const glm::vec3 off(0.2f, 0.0f, 1.4f);
  CurveParams p{true, 1.5, off, TangentRule::kClamped};
  const double e = 1e-5;
  EXPECT_LT(dist(at(k, 1.5 - e, p), at(k, 1.5 + e, p)), 1e-3f);
  // value(t + period) = value(t) + offset, also for negative t
  for (double t : {0.0, 0.1, 0.77, 1.49}) {
    EXPECT_LT(dist(at(k, t + 1.5, p), at(k, t, p) + off), 1e-5f);
    EXPECT_LT(dist(at(k, t - 1.5, p), at(k, t, p) - off), 1e-5f);
  }
  // Velocity is continuous across the wrap too.
  const glm::vec3 vl = slope(k, 1.5, -1e-3, p), vr = slope(k, 1.5, 1e-3, p);
  EXPECT_LT(dist(vl, vr), 0.01f * (1.0f + glm::length(vl)));
}

TEST(Spline, ManyCyclesLaterIsExact) {
  Rng rng = Rng::from_seed(5);
  Keys k = random_keys(rng, 5, 1.0f);
  const glm::vec3 off(0.0f, 0.0f, 1.3f);
  CurveParams p{true, 1.0, off, TangentRule::kClamped};
  for (double t : {0.05, 0.4, 0.93}) {
    const glm::vec3 later = at(k, t + 1000.0, p);
    const glm::vec3 expect = at(k, t, p) + off * 1000.0f;
    EXPECT_LT(dist(later, expect), 2e-4f);  // float resolution at 1300 m is ~1e-4
  }
}

TEST(Spline, EqualKeysGiveAnExactlyConstantSegment) {
  // A planted foot: keys 1 and 2 equal; the curve between them is bit-identical to the key.
  const float t[] = {0.0f, 0.2f, 0.6f, 0.9f};
  const glm::vec3 v[] = {{0.1f, 0.3f, -0.4f}, {0.1f, 0.0f, 0.2f}, {0.1f, 0.0f, 0.2f}, {0.1f, 0.2f, 0.9f}};
  for (bool loop : {false, true}) {
    CurveParams p{loop, 1.0, glm::vec3(0.0f, 0.0f, 1.0f), TangentRule::kClamped};
    for (int i = 0; i <= 400; ++i) {
      const double s = 0.2 + 0.4 * i / 400.0;
      const glm::vec3 got = sample_curve(t, v, 4, s, p);
      ASSERT_EQ(got.x, v[1].x);
      ASSERT_EQ(got.y, v[1].y);
      ASSERT_EQ(got.z, v[1].z);
      const glm::vec3 later = sample_curve(t, v, 4, s + 7.0, p);  // 7 cycles later: moved by 7 offsets
      if (loop) {
        ASSERT_NEAR(later.z, v[1].z + 7.0f, 1e-6f);
      }
    }
  }
}

TEST(Spline, ClampedNeverOvershootsMonotoneKeys) {
  const float t[] = {0.0f, 0.1f, 0.15f, 1.0f};
  const float v[] = {0.0f, 0.9f, 1.0f, 1.01f};
  CurveParams p;
  float prev = -1.0f;
  for (int i = 0; i <= 1000; ++i) {
    const float y = sample_curve(t, v, 4, i / 1000.0, p);
    EXPECT_GE(y, prev - 1e-6f);
    EXPECT_LE(y, 1.01f + 1e-6f);
    prev = y;
  }
}

TEST(Spline, QuaternionCurveIsUnitThroughKeysAndSignInvariant) {
  const float t[] = {0.0f, 0.4f, 0.7f};
  glm::quat q[] = {glm::angleAxis(0.3f, glm::vec3(0, 1, 0)), glm::angleAxis(-0.2f, glm::vec3(1, 0, 0)),
                   glm::angleAxis(0.5f, glm::normalize(glm::vec3(0, 1, 1)))};
  glm::quat flipped[] = {q[0], -q[1], q[2]};  // same rotations
  for (bool loop : {false, true}) {
    CurveParams p{loop, 1.0, glm::vec3(0.0f), TangentRule::kClamped};
    for (int i = 0; i < 3; ++i) {
      const glm::quat s = sample_quat_curve(t, q, 3, t[i], p);
      EXPECT_GT(std::fabs(glm::dot(s, q[i])), 1.0f - 1e-6f);
    }
    for (int i = 0; i <= 100; ++i) {
      const double s = i / 100.0;
      const glm::quat a = sample_quat_curve(t, q, 3, s, p);
      const glm::quat b = sample_quat_curve(t, flipped, 3, s, p);
      EXPECT_NEAR(glm::length(a), 1.0f, 1e-6f);
      EXPECT_GT(std::fabs(glm::dot(a, b)), 1.0f - 1e-5f) << s;  // same rotation
    }
  }
  CurveParams lp{true, 1.0, glm::vec3(0.0f), TangentRule::kClamped};
  const glm::quat a = sample_quat_curve(t, q, 3, 1.0 - 1e-5, lp);
  const glm::quat b = sample_quat_curve(t, q, 3, 1.0 + 1e-5, lp);
  EXPECT_GT(std::fabs(glm::dot(a, b)), 1.0f - 1e-6f);
}

TEST(Spline, StepHoldsUntilTheNextKeyAndWraps) {
  const float t[] = {0.1f, 0.5f};
  const float v[] = {1.0f, 0.0f};
  CurveParams loop{true, 1.0, glm::vec3(0.0f), TangentRule::kClamped};
  CurveParams once;
  EXPECT_EQ(sample_step(t, v, 2, 0.05, loop), 0.0f);  // wraps: last key's value
  EXPECT_EQ(sample_step(t, v, 2, 0.05, once), 1.0f);  // before the first key: first value
  EXPECT_EQ(sample_step(t, v, 2, 0.1, loop), 1.0f);
  EXPECT_EQ(sample_step(t, v, 2, 0.49, loop), 1.0f);
  EXPECT_EQ(sample_step(t, v, 2, 0.5, loop), 0.0f);
  EXPECT_EQ(sample_step(t, v, 2, 3.2, loop), 1.0f);
  EXPECT_EQ(sample_step(t, v, 2, -0.7, loop), 1.0f);  // -0.7 = 0.3 of the previous cycle
}

TEST(Spline, SplitCyclesIsExactForLargeAndNegativeTimes) {
  double c = 0, l = 0;
  split_cycles(10.25, 1.0, &c, &l);
  EXPECT_EQ(c, 10.0);
  EXPECT_DOUBLE_EQ(l, 0.25);
  split_cycles(-0.25, 1.0, &c, &l);
  EXPECT_EQ(c, -1.0);
  EXPECT_DOUBLE_EQ(l, 0.75);
  split_cycles(3.0, 1.5, &c, &l);
  EXPECT_EQ(c, 2.0);
  EXPECT_EQ(l, 0.0);
}

}  // namespace
}  // namespace cf
