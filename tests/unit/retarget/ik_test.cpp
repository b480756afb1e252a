// The IK solver: one bone, two bones (random reachable, unreachable, degenerate), frame transforms,
// clamping against a wall.
#include "retarget/ik.h"

#include <cmath>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "core/rng.h"

namespace cf {
namespace {

glm::dvec3 rand_dvec(Rng& r, double lo, double hi) {
  return {r.uniform(lo, hi), r.uniform(lo, hi), r.uniform(lo, hi)};
}
glm::dvec3 rand_unit(Rng& r) {
  for (;;) {
    glm::dvec3 v = rand_dvec(r, -1, 1);
    double l = glm::length(v);
    if (l > 0.1 && l <= 1) return v / l;
  }
}
bool finite3(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

TEST(OneBone, AnglesCarryXOntoControlPoint) {
  Rng rng = Rng::from_seed(7);
  for (int i = 0; i < 300; ++i) {
    glm::vec3 c(rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2));
    OneBoneAngles a = solve_one_bone(c);
    EXPECT_NEAR(a.length, glm::length(c), 1e-5f);
    glm::vec3 dir = one_bone_direction(a);
    glm::vec3 want = glm::normalize(c);
    EXPECT_LT(glm::length(dir - want), 1e-5f) << i;
    // Same thing through real rotation matrices: first about Z, then about Y.
    glm::mat4 rz = glm::rotate(glm::mat4(1.0f), a.about_z, glm::vec3(0, 0, 1));
    glm::mat4 ry = glm::rotate(glm::mat4(1.0f), a.about_y, glm::vec3(0, 1, 0));
    glm::vec3 x = glm::vec3(ry * rz * glm::vec4(1, 0, 0, 0));
    EXPECT_LT(glm::length(x - want), 1e-5f) << i;
  }
}

TEST(OneBone, NamedCases) {
  OneBoneAngles up = solve_one_bone({0, 2, 0});
  EXPECT_NEAR(up.about_z, M_PI / 2, 1e-6);
  OneBoneAngles back = solve_one_bone({0, 0, 3});  // +Z: rotate -90 degrees about Y
  EXPECT_NEAR(back.about_y, -M_PI / 2, 1e-6);
  EXPECT_NEAR(back.about_z, 0.0, 1e-6);
  OneBoneAngles zero = solve_one_bone({0, 0, 0});
  EXPECT_EQ(zero.length, 0.0f);
  EXPECT_EQ(zero.about_z, 0.0f);
  OneBoneAngles nan = solve_one_bone({NAN, 1, 0});
  EXPECT_TRUE(std::isfinite(nan.about_y) && std::isfinite(nan.about_z));
}

// Hundreds of random reachable targets: tip on target, lengths kept, joint in the plane of
// root/target/pole on the pole's side.
TEST(TwoBone, RandomReachableTargets) {
  Rng rng = Rng::from_seed(42);
  int solved = 0;
  for (int i = 0; i < 1000; ++i) {
    TwoBoneIkD job;
    job.root = rand_dvec(rng, -3, 3);
    job.l1 = rng.uniform(0.05, 2.0);
    job.l2 = rng.uniform(0.05, 2.0);
    double lo = std::abs(job.l1 - job.l2), hi = job.l1 + job.l2;
    double dist = lo + (hi - lo) * rng.uniform(0.001, 0.999);
    job.target = job.root + rand_unit(rng) * dist;
    job.pole = rand_unit(rng) * rng.uniform(0.1, 5.0);
    job.flip = rng.uniform() < 0.3;
    TwoBoneResult<double> r;
    job.out = &r;
    ASSERT_TRUE(job.run());
    ASSERT_TRUE(r.reached) << i;
    EXPECT_LT(glm::length(r.tip - job.target), 1e-5) << i;
    EXPECT_NEAR(glm::length(r.joint - job.root) / job.l1, 1.0, 1e-6) << i;
    EXPECT_NEAR(glm::length(r.tip - r.joint) / job.l2, 1.0, 1e-6) << i;
    // In the plane spanned by root->target and the pole.
    glm::dvec3 u = glm::normalize(job.target - job.root);
    glm::dvec3 pole_perp = job.pole - u * glm::dot(job.pole, u);
    if (glm::length(pole_perp) < 1e-3) continue;  // pole (almost) along the chain: plane undefined
    glm::dvec3 n = glm::normalize(glm::cross(u, pole_perp));
    EXPECT_LT(std::abs(glm::dot(r.joint - job.root, n)), 1e-6) << i;
    // On the pole's side (the other side when flipped), unless the chain is (almost) straight.
    double side = glm::dot(r.joint - job.root, glm::normalize(pole_perp));
    if (job.flip) side = -side;
    EXPECT_GT(side, -1e-9) << i;
    ++solved;
  }
  EXPECT_GT(solved, 900);
}

TEST(TwoBone, FloatVersionWithinFloatTolerances) {
  Rng rng = Rng::from_seed(3);
  for (int i = 0; i < 500; ++i) {
    TwoBoneIk job;
    job.root = glm::vec3(rand_dvec(rng, -1, 1));
    job.l1 = static_cast<float>(rng.uniform(0.1, 1.0));
    job.l2 = static_cast<float>(rng.uniform(0.1, 1.0));
    float lo = std::abs(job.l1 - job.l2), hi = job.l1 + job.l2;
    job.target = job.root + glm::vec3(rand_unit(rng)) * (lo + (hi - lo) * static_cast<float>(rng.uniform(0.01, 0.99)));
    job.pole = glm::vec3(rand_unit(rng));
    TwoBoneResult<float> r;
    job.out = &r;
    ASSERT_TRUE(job.run());
    EXPECT_TRUE(r.reached);
    EXPECT_LT(glm::length(r.tip - job.target), 1e-5f) << i;
    EXPECT_NEAR(glm::length(r.joint - job.root) / job.l1, 1.0f, 2e-5f) << i;
    EXPECT_NEAR(glm::length(r.tip - r.joint) / job.l2, 1.0f, 2e-5f) << i;
  }
}

TEST(TwoBone, KneeBendsTowardsPoleAndFlips) {
  TwoBoneIkD job;
  job.root = {0, 1, 0};
  job.target = {0, 0, 0};
  job.l1 = job.l2 = 0.6;
  job.pole = {0, 0, 1};  // knee forward
  TwoBoneResult<double> r;
  job.out = &r;
  ASSERT_TRUE(job.run());
  EXPECT_GT(r.joint.z, 0.3);
  EXPECT_NEAR(r.joint.y, 0.5, 1e-12);
  EXPECT_NEAR(r.joint.x, 0.0, 1e-12);
  job.flip = true;
  ASSERT_TRUE(job.run());
  EXPECT_LT(r.joint.z, -0.3);
  EXPECT_NEAR(r.bend, 2 * std::asin(0.5 / 0.6), 1e-9);
}

TEST(TwoBone, UnreachableIsStraightTowardsTarget) {
  Rng rng = Rng::from_seed(11);
  for (int i = 0; i < 200; ++i) {
    TwoBoneIkD job;
    job.root = rand_dvec(rng, -2, 2);
    job.l1 = rng.uniform(0.1, 1);
    job.l2 = rng.uniform(0.1, 1);
    glm::dvec3 u = rand_unit(rng);
    job.target = job.root + u * (job.l1 + job.l2) * rng.uniform(1.01, 10.0);
    job.pole = rand_unit(rng);
    TwoBoneResult<double> r;
    job.out = &r;
    ASSERT_TRUE(job.run());
    EXPECT_FALSE(r.reached);
    EXPECT_LT(glm::length(r.joint - (job.root + u * job.l1)), 1e-9);
    EXPECT_LT(glm::length(r.tip - (job.root + u * (job.l1 + job.l2))), 1e-9);
    EXPECT_NEAR(r.error, glm::length(job.target - r.tip), 1e-9);
    EXPECT_NEAR(r.bend, M_PI, 1e-12);
  }
}

TEST(TwoBone, TooCloseFoldsWithLengthsKept) {
  TwoBoneIkD job;
  job.root = {0, 0, 0};
  job.target = {0.1, 0, 0};
  job.l1 = 1.0;
  job.l2 = 0.3;
  TwoBoneResult<double> r;
  job.out = &r;
  ASSERT_TRUE(job.run());
  EXPECT_FALSE(r.reached);
  EXPECT_NEAR(glm::length(r.joint - job.root), 1.0, 1e-12);
  EXPECT_NEAR(glm::length(r.tip - r.joint), 0.3, 1e-12);
  EXPECT_NEAR(r.tip.x, 0.7, 1e-12);
}

// Degenerate inputs: every output finite; where a solution exists it is found.
TEST(TwoBone, DegenerateInputsGiveFiniteNumbers) {
  const double inf = std::numeric_limits<double>::infinity();
  struct Case {
    const char* name;
    glm::dvec3 root, target, pole;
    double l1, l2;
    bool valid;
  } cases[] = {
      {"target on root, equal lengths", {1, 1, 1}, {1, 1, 1}, {0, 0, 1}, 0.5, 0.5, true},
      {"target on root, unequal lengths", {1, 1, 1}, {1, 1, 1}, {0, 0, 1}, 0.5, 0.2, true},
      {"zero lengths", {0, 0, 0}, {1, 0, 0}, {0, 0, 1}, 0, 0, true},
      {"zero lengths on root", {0, 0, 0}, {0, 0, 0}, {0, 0, 1}, 0, 0, true},
      {"first length zero", {0, 0, 0}, {0.5, 0, 0}, {0, 0, 1}, 0, 0.5, true},
      {"pole along the chain", {0, 1, 0}, {0, 0, 0}, {0, -1, 0}, 0.6, 0.6, true},
      {"pole zero", {0, 1, 0}, {0, 0, 0}, {0, 0, 0}, 0.6, 0.6, true},
      {"NaN target", {0, 1, 0}, {NAN, 0, 0}, {0, 0, 1}, 0.6, 0.6, false},
      {"NaN root", {NAN, NAN, 0}, {0, 0, 0}, {0, 0, 1}, 0.6, 0.6, false},
      {"inf pole", {0, 1, 0}, {0, 0, 0}, {inf, 0, 0}, 0.6, 0.6, false},
      {"NaN length", {0, 1, 0}, {0, 0, 0}, {0, 0, 1}, NAN, 0.6, false},
      {"negative length", {0, 1, 0}, {0, 0, 0}, {0, 0, 1}, -1, 0.6, false},
      {"huge target", {0, 0, 0}, {1e300, 1e300, 0}, {0, 0, 1}, 0.6, 0.6, true},
  };
  for (const Case& c : cases) {
    TwoBoneIkD job;
    job.root = c.root;
    job.target = c.target;
    job.pole = c.pole;
    job.l1 = c.l1;
    job.l2 = c.l2;
    TwoBoneResult<double> r;
    job.out = &r;
    EXPECT_EQ(job.run(), c.valid) << c.name;
    EXPECT_TRUE(finite3(r.joint) && finite3(r.tip) && finite3(r.root)) << c.name;
    EXPECT_TRUE(std::isfinite(r.error) && std::isfinite(r.bend)) << c.name;
  }
  // Where a solution exists it is exact.
  TwoBoneIkD job;
  job.root = {1, 1, 1};
  job.target = {1, 1, 1};
  job.l1 = job.l2 = 0.5;
  TwoBoneResult<double> r;
  job.out = &r;
  job.run();
  EXPECT_TRUE(r.reached);
  EXPECT_NEAR(glm::length(r.joint - job.root), 0.5, 1e-12);
  EXPECT_LT(glm::length(r.tip - job.target), 1e-12);
  // Pole along the chain: still a valid bent solution, deterministic.
  job.root = {0, 1, 0};
  job.target = {0, 0, 0};
  job.l1 = job.l2 = 0.6;
  job.pole = {0, -1, 0};
  job.run();
  EXPECT_TRUE(r.reached);
  EXPECT_NEAR(glm::length(r.joint - job.root), 0.6, 1e-12);
  // Float version, same degenerate cases.
  TwoBoneIk fj;
  TwoBoneResult<float> fr;
  fj.out = &fr;
  fj.root = {NAN, 0, 0};
  fj.target = {0, std::numeric_limits<float>::infinity(), 0};
  fj.l1 = 1e30f;
  fj.l2 = 1e30f;
  EXPECT_FALSE(fj.run());
  EXPECT_TRUE(finite3(fr.joint) && finite3(fr.tip));
  fj.root = {0, 0, 0};
  fj.target = {3e38f, -3e38f, 3e38f};  // overflows the length
  fj.l1 = fj.l2 = 1.0f;
  EXPECT_TRUE(fj.run());
  EXPECT_TRUE(finite3(fr.joint) && finite3(fr.tip));
  TwoBoneIk null_out;
  EXPECT_FALSE(null_out.validate());
  EXPECT_FALSE(null_out.run());
}

// Float on metre-scale limbs (the control point within a couple of metres of its reference
// frame's origin), and double anywhere.
TEST(FrameTransform, InverseAndRigidAgree) {
  Rng rng = Rng::from_seed(5);
  for (int i = 0; i < 500; ++i) {
    glm::dvec3 axis = rand_unit(rng);
    double angle = rng.uniform(-3.1, 3.1);
    glm::dmat4 frame_d = glm::rotate(glm::dmat4(1.0), angle, axis);
    frame_d[3] = glm::dvec4(rand_dvec(rng, -1, 1), 1.0);
    glm::dvec3 p_d = glm::dvec3(frame_d[3]) + rand_dvec(rng, -1, 1);
    glm::mat4 frame(frame_d);
    glm::vec3 p(p_d);
    glm::vec3 a = to_frame_inverse(frame, p);
    glm::vec3 b = to_frame_rigid(frame, p);
    EXPECT_LT(glm::length(a - b), 1e-6f) << i;
    // And it is really the point in frame coordinates.
    glm::vec3 back = glm::vec3(frame * glm::vec4(b, 1.0f));
    EXPECT_LT(glm::length(back - p), 1e-6f) << i;
    // Double precision: far from the origin too.
    frame_d[3] = glm::dvec4(rand_dvec(rng, -100, 100), 1.0);
    p_d = rand_dvec(rng, -100, 100);
    EXPECT_LT(glm::length(to_frame_inverse(frame_d, p_d) - to_frame_rigid(frame_d, p_d)), 1e-6) << i;
  }
}

TEST(Clamp, PointBehindWallMovesOntoWallPlusMargin) {
  Plane wall = Plane::from_point_normal({0, 0, 1}, {0, 0, -1});  // wall face at z = 1, front is z < 1
  glm::vec3 p(0.2f, 0.5f, 1.1f);                                  // 10 cm behind the wall
  EXPECT_TRUE(clamp_to_plane(wall, 0.02f, &p));
  EXPECT_NEAR(wall.signed_distance(p), 0.02f, 1e-6f);
  EXPECT_NEAR(p.z, 0.98f, 1e-6f);
  glm::vec3 q(0, 0, 0);
  EXPECT_FALSE(clamp_to_plane(wall, 0.02f, &q));
}

// A hand reaching 10 cm into a wall: the target lands on the wall plus margin, the chain is
// re-solved and every joint is in front of the wall, even when the requested bend points into it.
TEST(Clamp, ChainStaysInFrontOfTheWall) {
  const float margin = 0.02f;
  Plane wall = Plane::from_point_normal({0, 0, 1}, {0, 0, -1});
  for (int bend_into_wall = 0; bend_into_wall < 2; ++bend_into_wall) {
    TwoBoneIk job;
    job.root = {0.0f, 1.0f, 0.8f};
    job.target = {0.1f, 1.1f, 1.1f};  // 10 cm behind the wall
    job.l1 = 0.35f;
    job.l2 = 0.35f;
    job.pole = bend_into_wall ? glm::vec3(0, 0, 1) : glm::vec3(0, 0, -1);
    ClampedSolve s = solve_two_bone_clamped(job, wall, margin);
    EXPECT_TRUE(s.clamped);
    EXPECT_TRUE(s.chain.reached);
    EXPECT_NEAR(wall.signed_distance(s.target), margin, 1e-6f);
    EXPECT_LT(glm::length(s.chain.tip - s.target), 1e-5f);
    EXPECT_GE(wall.signed_distance(s.chain.joint), margin - 1e-5f) << bend_into_wall;
    EXPECT_GE(wall.signed_distance(s.chain.tip), margin - 1e-5f);
    EXPECT_TRUE(s.clear);
    EXPECT_EQ(s.repoled, bend_into_wall == 1);
    EXPECT_NEAR(glm::length(s.chain.joint - job.root), job.l1, 1e-5f);
    EXPECT_NEAR(glm::length(s.chain.tip - s.chain.joint), job.l2, 1e-5f);
  }
}

TEST(Clamp, RandomChainsNearAWall) {
  Rng rng = Rng::from_seed(99);
  const float margin = 0.03f;
  int repoled = 0;
  for (int i = 0; i < 300; ++i) {
    glm::vec3 n = glm::vec3(rand_unit(rng));
    Plane wall = Plane::from_point_normal(glm::vec3(rand_dvec(rng, -1, 1)), n);
    TwoBoneIk job;
    job.l1 = static_cast<float>(rng.uniform(0.2, 0.6));
    job.l2 = static_cast<float>(rng.uniform(0.2, 0.6));
    // Root well in front, target possibly behind.
    float root_d = static_cast<float>(rng.uniform(0.1, 0.5)) + margin;
    job.root = glm::vec3(rand_dvec(rng, -1, 1));
    job.root += n * (root_d - wall.signed_distance(job.root));
    job.target = job.root + glm::vec3(rand_unit(rng)) * static_cast<float>(rng.uniform(0.1, 1.2));
    job.pole = glm::vec3(rand_unit(rng));
    ClampedSolve s = solve_two_bone_clamped(job, wall, margin);
    repoled += s.repoled;
    EXPECT_GE(wall.signed_distance(s.target), margin - 1e-5f);
    if (s.chain.reached) {
      EXPECT_TRUE(s.clear) << i;
      EXPECT_GE(wall.signed_distance(s.chain.joint), margin - 1e-5f) << i;
    }
  }
  EXPECT_GT(repoled, 0);
}

TEST(SoftReach, NearTargetsAreUntouchedAndFarOnesNearTheLengthWithoutAStep) {
  const glm::vec3 root(0.3f, 1.0f, -0.2f), dir = glm::normalize(glm::vec3(0.2f, -1.0f, 0.4f));
  const float length = 0.9f;
  EXPECT_EQ(soft_reach(root, root + dir * 0.8f, length, 0.94f), root + dir * 0.8f);  // below 94%: bit for bit
  float last = 0.0f, last_slope = 1.0f;
  for (int i = 0; i <= 400; ++i) {
    const float d = 0.8f + 0.001f * static_cast<float>(i);  // 0.8 .. 1.2 m, past the length
    const glm::vec3 p = soft_reach(root, root + dir * d, length, 0.94f);
    const float r = glm::length(p - root);
    EXPECT_LT(r, length) << d;
    EXPECT_LT(glm::length(glm::normalize(p - root) - dir), 1e-5f);  // along the same line
    if (i > 0) {
      const float slope = (r - last) / 0.001f;
      EXPECT_GE(slope, 0.0f) << d;                  // never back
      EXPECT_LE(slope, last_slope + 0.01f) << d;    // no kink at the start: the slope only eases off
      last_slope = slope;
    }
    last = r;
  }
  EXPECT_EQ(soft_reach(root, root, length, 0.94f), root);
  EXPECT_EQ(soft_reach(root, root + dir, 0.0f, 0.94f), root + dir);  // no length: nothing to ease
}

TEST(SoftBelow, DeepTargetsAreUntouchedAndATargetRaisedThroughItsRootStaysBelowIt) {
  const glm::vec3 root(0.3f, 1.0f, -0.2f), down(0.0f, -1.0f, 0.0f), side(0.1f, 0.0f, 0.05f);
  const float min_depth = 0.2f;
  EXPECT_EQ(soft_below(root, root + down * 0.5f + side, down, min_depth), root + down * 0.5f + side);  // deep: bit for bit
  float last = 1e9f, last_slope = 1.0f;
  for (int i = 0; i <= 800; ++i) {
    const float d = 0.6f - 0.001f * static_cast<float>(i);  // 0.6 m below the root .. 0.2 m above it
    const glm::vec3 p = soft_below(root, root + down * d + side, down, min_depth);
    const float depth = glm::dot(p - root, down);
    EXPECT_GT(depth, min_depth) << d;                                       // never up to the root
    EXPECT_LT(glm::length((p - root) - down * depth - side), 1e-5f) << d;   // only along 'down'
    if (i > 0) {
      const float slope = (last - depth) / 0.001f;
      EXPECT_GE(slope, 0.0f) << d;                // never back
      EXPECT_LE(slope, last_slope + 0.01f) << d;  // no kink where the easing starts
      last_slope = slope;
    }
    last = depth;
  }
  EXPECT_EQ(soft_below(root, root, down, 0.0f), root);  // no depth asked: nothing to ease
}

}  // namespace
}  // namespace cf
