// One test per normalizer case with a hand-made stroke, checking the positions the rule gives.
#include "skeleton/limb_normalizer.h"

#include <cmath>

#include <gtest/gtest.h>

namespace cf {
namespace {

constexpr float kTol = 1e-4f;

void expect_vec(const glm::vec3& got, const glm::vec3& want, float tol = kTol) {
  EXPECT_NEAR(got.x, want.x, tol);
  EXPECT_NEAR(got.y, want.y, tol);
  EXPECT_NEAR(got.z, want.z, tol);
}

float arc_at(const std::vector<glm::vec3>& pts, std::size_t i) {
  float s = 0.0f;
  for (std::size_t k = 1; k <= i; ++k) s += glm::length(pts[k] - pts[k - 1]);
  return s;
}

// The natural bend offset the rule adds to a straight chain.
glm::vec3 bend(const glm::vec3& a, const glm::vec3& c, const glm::vec3& natural, float amount) {
  glm::vec3 d = glm::normalize(c - a);
  return glm::normalize(natural - glm::dot(natural, d) * d) * amount;
}

void expect_ideal(const NormalizedLimb& n) {
  EXPECT_TRUE(limb_is_ideal(n.normalized.l1, n.normalized.l2, n.normalized.l3))
      << n.normalized.l1 << " " << n.normalized.l2 << " " << n.normalized.l3;
  EXPECT_NEAR(glm::length(n.pole), 1.0f, 1e-5f);
  glm::vec3 ac = glm::normalize(n.normalized.p[2] - n.normalized.p[0]);
  EXPECT_NEAR(glm::dot(n.pole, ac), 0.0f, 1e-4f);
}

TEST(Normalizer, IdealChainUntouched) {
  std::vector<glm::vec3> s = {{0, 1, 0}, {0, 0.5f, 0.1f}, {0, 0, 0}, {0, 0, 0.15f}};
  auto n = normalize_limb(s, {0, arc_at(s, 1), arc_at(s, 2), arc_at(s, 3)}, PartTag::kLeg);
  EXPECT_EQ(n.cases, "");
  EXPECT_FALSE(n.bent);
  for (int i = 0; i < 4; ++i) expect_vec(n.normalized.p[i], s[i]);
  expect_vec(n.pole, glm::normalize(glm::vec3(0, 0.5f, 0.1f) - glm::vec3(0, 0.5f, 0)), 1e-3f);
}

// (b) L3 > L1 + L2: B moves to C; C moves towards D until |BC| = |AB|.
TEST(Normalizer, CaseB_LongFoot) {
  std::vector<glm::vec3> s = {{0, 0.3f, 0}, {0, 0.15f, 0.05f}, {0, 0, 0}, {0, 0, 0.45f}};
  auto n = normalize_limb(s, {0, arc_at(s, 1), arc_at(s, 2), arc_at(s, 3)}, PartTag::kLeg);
  EXPECT_EQ(n.cases, "b");
  expect_vec(n.normalized.p[0], s[0]);
  expect_vec(n.normalized.p[1], {0, 0, 0});     // old C
  expect_vec(n.normalized.p[2], {0, 0, 0.3f});  // |BC| = |AB| = 0.3
  expect_vec(n.normalized.p[3], s[3]);
  expect_ideal(n);
}

// (b) twice: after one pass the foot is still longer than the leg.
TEST(Normalizer, CaseB_Repeats) {
  std::vector<glm::vec3> s = {{0, 0.3f, 0}, {0, 0.15f, 0.05f}, {0, 0, 0}, {0, 0, 1.0f}};
  auto n = normalize_limb(s, {0, arc_at(s, 1), arc_at(s, 2), arc_at(s, 3)}, PartTag::kLeg);
  EXPECT_EQ(n.cases, "bb");
  expect_vec(n.normalized.p[1], {0, 0, 0.3f});
  expect_vec(n.normalized.p[2], {0, 0, 0.3f + 0.3f * std::sqrt(2.0f)});
  expect_ideal(n);
}

// (c) L1 > L2 + L3: C moves to B, D moves to C, B moves between A and C.
TEST(Normalizer, CaseC_LongThigh) {
  std::vector<glm::vec3> s = {{0, 1, 0}, {0, 0.2f, 0.1f}, {0, 0, 0}, {0, 0, 0.1f}};
  auto n = normalize_limb(s, {0, arc_at(s, 1), arc_at(s, 2), arc_at(s, 3)}, PartTag::kLeg);
  EXPECT_EQ(n.cases, "c");
  expect_vec(n.normalized.p[3], s[2]);  // D = old C
  expect_vec(n.normalized.p[2], s[1]);  // C = old B
  // B between A and C on the (straight) thigh: its midpoint, then bent since A, B, C are in line.
  EXPECT_NEAR(n.normalized.s[1], 0.5f * arc_at(s, 1), kTol);
  EXPECT_TRUE(n.bent);
  float drawn_len = arc_at(s, 3);
  expect_vec(n.normalized.p[1], 0.5f * (s[0] + s[1]) + bend(s[0], s[1], {0, 0, 1}, 0.04f * drawn_len));
  expect_ideal(n);
}

// (d) A, B, C in line with a misplaced knee: B moves between A and C.
TEST(Normalizer, CaseD_StraightUpperChain) {
  std::vector<glm::vec3> s = {{0, 1, 0}, {0, 0, 0}, {0, 0, 0.25f}};
  auto n = normalize_limb(s, {0, 0.3f, 1.0f, 1.25f}, PartTag::kLeg);
  EXPECT_EQ(n.cases, "d");
  EXPECT_NEAR(n.normalized.s[1], 0.5f, kTol);
  expect_vec(n.normalized.p[1], glm::vec3(0, 0.5f, 0) + glm::vec3(0, 0, 0.04f * 1.25f));  // knee bent forward
  expect_vec(n.normalized.p[2], {0, 0, 0});
  expect_vec(n.normalized.p[3], {0, 0, 0.25f});
  EXPECT_TRUE(n.bent);
  expect_vec(n.pole, {0, 0, 1});
  expect_ideal(n);
}

// Solves |CD| = 0.25 |AC| for C on segment D -> toward 'from' (the part of the stroke nearest D).
glm::vec3 close_to_d(const glm::vec3& a, const glm::vec3& d, const glm::vec3& from) {
  glm::vec3 u = glm::normalize(from - d);
  float lo = 0.0f, hi = glm::length(from - d);
  for (int i = 0; i < 60; ++i) {
    float t = 0.5f * (lo + hi);
    (glm::length(u * t) < 0.25f * glm::length(d + u * t - a) ? lo : hi) = t;
  }
  return d + u * lo;
}

// (e) B, C, D in line: C moves close to D, B between A and C.
TEST(Normalizer, CaseE_StraightLowerChain) {
  std::vector<glm::vec3> s = {{0, 1.1f, 0}, {0, 0.6f, 0.3f}, {0, 0, -0.06f}};
  float s1 = arc_at(s, 1);
  auto n = normalize_limb(s, {0, s1, s1 + 0.2f, arc_at(s, 2)}, PartTag::kLeg);
  EXPECT_EQ(n.cases, "e");
  glm::vec3 c = close_to_d(s[0], s[2], s[1]);
  expect_vec(n.normalized.p[2], c);
  expect_vec(n.normalized.p[3], s[2]);
  EXPECT_NEAR(glm::length(n.normalized.p[1] - s[0]), glm::length(n.normalized.p[1] - c), kTol);
  EXPECT_FALSE(n.bent);
  expect_ideal(n);
}

// (f) everything in line: C close to D, B between A and C, then the small forward bend.
TEST(Normalizer, CaseF_StraightStroke) {
  std::vector<glm::vec3> s = {{0, 1, 0}, {0, 0, 0}};
  auto n = normalize_limb(s, {0, 0.2f, 0.55f, 1.0f}, PartTag::kLeg);
  EXPECT_EQ(n.cases, "f");
  expect_vec(n.normalized.p[2], {0, 0.2f, 0});  // |CD| = 0.25 |AC|: 0.2 = 0.25 x 0.8
  EXPECT_NEAR(n.normalized.s[1], 0.4f, kTol);
  expect_vec(n.normalized.p[1], {0, 0.6f, 0.04f});
  expect_vec(n.normalized.p[3], {0, 0, 0});
  EXPECT_TRUE(n.bent);
  expect_ideal(n);
}

// Arms bend the other way: elbows back (-Z).
TEST(Normalizer, StraightArmBendsBack) {
  std::vector<glm::vec3> s = {{0.2f, 1.4f, 0}, {0.2f, 0.6f, 0}};
  auto n = normalize_limb(s, {0, 0.16f, 0.44f, 0.8f}, PartTag::kArm);
  EXPECT_EQ(n.cases, "f");
  expect_vec(n.pole, {0, 0, -1});
  EXPECT_LT(n.normalized.p[1].z, 0.0f);
  expect_ideal(n);
}

// General slide, knee only: B slides along the stroke to where |AB| = |BC|.
TEST(Normalizer, GeneralSlideKnee) {
  std::vector<glm::vec3> s = {{0, 1, 0}, {0, 0.6f, 0.1f}, {0, 0, 0}, {0, 0, 0.15f}};
  auto n = normalize_limb(s, {0, arc_at(s, 1), arc_at(s, 2), arc_at(s, 3)}, PartTag::kLeg);
  EXPECT_EQ(n.cases, "g");
  expect_vec(n.normalized.p[1], {0, 0.5f, 0.1f / 1.2f});  // solved by hand on the shin segment
  expect_vec(n.normalized.p[2], s[2]);
  expect_ideal(n);
}

// General slide, foot too long: C slides towards D until |CD| = 0.3 |AC|, then B balances.
TEST(Normalizer, GeneralSlideFoot) {
  std::vector<glm::vec3> s = {{0, 1, 0}, {0, 0.45f, 0.12f}, {0, 0, 0}, {0, 0, 0.45f}};
  auto n = normalize_limb(s, {0, arc_at(s, 1), arc_at(s, 2), arc_at(s, 3)}, PartTag::kLeg);
  EXPECT_EQ(n.cases, "g");
  // 0.45 - z = 0.3 sqrt(1 + z^2)
  float lo = 0, hi = 0.45f;
  for (int i = 0; i < 60; ++i) {
    float z = 0.5f * (lo + hi);
    (0.45f - z > 0.3f * std::sqrt(1 + z * z) ? lo : hi) = z;
  }
  expect_vec(n.normalized.p[2], {0, 0, lo});
  EXPECT_NEAR(glm::length(n.normalized.p[1] - s[0]), glm::length(n.normalized.p[1] - n.normalized.p[2]), kTol);
  expect_ideal(n);
}

TEST(Normalizer, RawKeepsDrawnNodes) {
  std::vector<glm::vec3> s = {{0, 1, 0}, {0, 0, 0}};
  auto n = normalize_limb(s, {0, 0.2f, 0.55f, 1.0f}, PartTag::kLeg, /*normalize=*/false);
  EXPECT_EQ(n.cases, "");
  for (int i = 0; i < 4; ++i) expect_vec(n.normalized.p[i], n.drawn.p[i]);
  expect_vec(n.pole, {0, 0, 1});
}

TEST(PickNodes, CornersAndFallbacks) {
  // Two clear corners: knee and ankle.
  auto two = StrokePath::from_points({{0, 1, 0}, {0, 0.5f, 0.1f}, {0, 0, 0}, {0, 0, 0.15f}});
  auto s = pick_limb_nodes(two);
  EXPECT_NEAR(s[1], two.arc[1], 1e-6f);
  EXPECT_NEAR(s[2], two.arc[2], 1e-6f);
  EXPECT_EQ(s[3], two.length);
  // Straight stroke: arc-length fallback at 45% and 90%.
  auto line = StrokePath::from_points({{0, 1, 0}, {0, 0.5f, 0}, {0, 0, 0}});
  s = pick_limb_nodes(line);
  EXPECT_NEAR(s[1], 0.45f, 1e-6f);
  EXPECT_NEAR(s[2], 0.9f, 1e-6f);
  // One corner late in the stroke is the ankle.
  auto ankle = StrokePath::from_points({{0, 1, 0}, {0, 0, 0}, {0, 0, 0.2f}});
  s = pick_limb_nodes(ankle);
  EXPECT_NEAR(s[2], 1.0f, 1e-6f);
  EXPECT_NEAR(s[1], 0.5f, 1e-6f);
  // A noisy hand-drawn knee (many points) still finds the corners.
  std::vector<glm::vec3> pts;
  for (int i = 0; i <= 20; ++i) pts.push_back({0.002f * (i % 2), 1 - 0.025f * i, 0.01f * i});
  for (int i = 1; i <= 20; ++i) pts.push_back({0.002f * (i % 2), 0.5f - 0.025f * i, 0.2f - 0.01f * i});
  pts.push_back({0, 0, 0.15f});
  auto noisy = StrokePath::from_points(pts);
  s = pick_limb_nodes(noisy);
  EXPECT_NEAR(noisy.at(s[1]).y, 0.5f, 0.05f);
  EXPECT_NEAR(noisy.at(s[2]).y, 0.0f, 1e-4f);
}

// The ideal bounds are inclusive: 0.8 <= L1/L2 <= 1.25 and L3 <= 0.35 (L1 + L2).
TEST(Normalizer, IdealBoundsAreInclusive) {
  EXPECT_TRUE(limb_is_ideal(0.4f, 0.5f, 0.1f));   // L1/L2 = 0.8
  EXPECT_TRUE(limb_is_ideal(0.5f, 0.4f, 0.1f));   // 1.25
  EXPECT_TRUE(limb_is_ideal(0.5f, 0.5f, 0.35f));  // L3 = 0.35 (L1 + L2)
  EXPECT_FALSE(limb_is_ideal(0.39f, 0.5f, 0.1f));
  EXPECT_FALSE(limb_is_ideal(0.5f, 0.39f, 0.1f));
  EXPECT_FALSE(limb_is_ideal(0.5f, 0.5f, 0.36f));
}

// The bend angle at the middle node: 0 straight on, 90 for a right angle, 180 doubling back, 0 when a
// segment has no length.
TEST(Normalizer, BendAngleNamedCases) {
  EXPECT_NEAR(bend_angle_deg({0, 0, 0}, {1, 0, 0}, {2, 0, 0}), 0.0f, 1e-3f);
  EXPECT_FLOAT_EQ(bend_angle_deg({0, 0, 0}, {1, 0, 0}, {1, 1, 0}), 90.0f);
  EXPECT_NEAR(bend_angle_deg({0, 0, 0}, {1, 0, 0}, {0, 0, 0}), 180.0f, 1e-3f);
  EXPECT_EQ(bend_angle_deg({0, 0, 0}, {0, 0, 0}, {1, 1, 0}), 0.0f);
  EXPECT_EQ(bend_angle_deg({0, 0, 0}, {1, 0, 0}, {1, 0, 0}), 0.0f);
}

// Whatever the cases did, every node stays on the drawn stroke (B off it by the bend only), the nodes
// keep their order along it, A stays the stroke's start and D never passes its end.
TEST(Normalizer, NodesStayOnTheStrokeInOrder) {
  const std::vector<std::vector<glm::vec3>> strokes = {
      {{0, 1, 0}, {0, 0.95f, 0.02f}, {0, 0.1f, 0.02f}, {0, 0, 0.5f}},  // long foot (b)
      {{0, 1, 0}, {0, 0.2f, 0.1f}, {0, 0.1f, 0}, {0, 0, 0.05f}},       // long thigh (c)
      {{0, 1, 0}, {0, 0.5f, 0}, {0, 0, 0}, {0, 0, 0.1f}}};             // straight upper chain (d)
  for (const auto& pts : strokes) {
    const StrokePath path = StrokePath::from_points(pts);
    const NormalizedLimb n = normalize_limb(pts, pick_limb_nodes(path), PartTag::kLeg);
    SCOPED_TRACE(n.cases);
    EXPECT_EQ(n.normalized.s[0], 0.0f);
    EXPECT_LE(n.normalized.s[3], path.length + 1e-5f);
    for (int k = 1; k < 4; ++k) EXPECT_LT(n.normalized.s[k - 1], n.normalized.s[k]);
    for (int k : {0, 2, 3}) EXPECT_LT(path.distance_to(n.normalized.p[k]), 1e-4f) << k;
    EXPECT_LT(path.distance_to(n.normalized.p[1]), 0.05f * path.length);
    EXPECT_NEAR(n.normalized.l1, glm::length(n.normalized.p[1] - n.normalized.p[0]), 1e-5f);
    expect_ideal(n);
  }
}

}  // namespace
}  // namespace cf
