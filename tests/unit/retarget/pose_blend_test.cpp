// blend_pose_world: hand-overs between two poses of one creature, in world space.
#include "retarget/pose_blend.h"

#include <gtest/gtest.h>

#include "retarget/walker.h"
#include "test_creatures.h"

namespace cf {
namespace {

struct TwoPoses {
  Rig rig;
  CreaturePose a, b;
};

// The walker standing at two places and headings (different model spaces).
TwoPoses two_poses() {
  TwoPoses t;
  t.rig = test::load_rig("biped");
  Result<RetargetSetup> setup = build_retarget_setup(t.rig, test::walk_clip());
  EXPECT_TRUE(setup.ok());
  t.a.resize(t.rig);
  t.b.resize(t.rig);
  WalkerState wa = make_walker(*setup, t.rig, glm::vec3(0.0f), 0.0f);
  WalkerState wb = make_walker(*setup, t.rig, glm::vec3(0.3f, 0.0f, 1.0f), 1.2f);
  EXPECT_TRUE(pose_walker(wa, *setup, t.rig, test::walk_clip(), &t.a));
  EXPECT_TRUE(pose_walker(wb, *setup, t.rig, test::walk_clip(), &t.b));
  return t;
}

float max_gap(const CreaturePose& p, const CreaturePose& q) {
  float m = 0.0f;
  for (std::size_t i = 0; i < p.head_ws.size(); ++i)
    m = std::max({m, glm::length(p.head_ws[i] - q.head_ws[i]), glm::length(p.tail_ws[i] - q.tail_ws[i])});
  return m;
}

TEST(PoseBlend, EndsAreThePosesAndTheModelSpaceIsTheTargets) {
  TwoPoses t = two_poses();
  CreaturePose out;
  out.resize(t.rig);
  ASSERT_TRUE(blend_pose_world(t.a, t.b, 0.0f, &out));
  EXPECT_LT(max_gap(out, t.a), 1e-5f);
  EXPECT_EQ(out.model_to_world, t.b.model_to_world);
  // Model-space points are the world points seen from the target's placement.
  const glm::mat4 w2m = glm::inverse(t.b.model_to_world);
  for (std::size_t i = 0; i < out.head_ms.size(); ++i)
    EXPECT_LT(glm::length(glm::vec3(w2m * glm::vec4(out.head_ws[i], 1.0f)) - out.head_ms[i]), 1e-4f);
  ASSERT_TRUE(blend_pose_world(t.a, t.b, 1.0f, &out));
  EXPECT_LT(max_gap(out, t.b), 1e-5f);
  EXPECT_LT(glm::length(out.cog_ws - t.b.cog_ws), 1e-5f);
}

TEST(PoseBlend, HalfwayIsBetweenAndFramesStayRotations) {
  TwoPoses t = two_poses();
  CreaturePose out = t.b;  // may blend in place
  ASSERT_TRUE(blend_pose_world(t.a, t.b, 0.5f, &out));
  for (std::size_t i = 0; i < out.head_ws.size(); ++i) {
    EXPECT_LT(glm::length(out.head_ws[i] - 0.5f * (t.a.head_ws[i] + t.b.head_ws[i])), 1e-5f);
    const glm::mat3 r(out.bone_ms[i]);
    EXPECT_NEAR(glm::determinant(r), 1.0f, 1e-3f) << "bone " << i;
  }
}

TEST(PoseBlend, MismatchedPosesAndBadWeightsAreRefused) {
  TwoPoses t = two_poses();
  CreaturePose other, out = t.b;
  EXPECT_FALSE(blend_pose_world(other, t.b, 0.5f, &out));
  EXPECT_FALSE(blend_pose_world(t.a, t.b, std::nanf(""), &out));
  EXPECT_FALSE(blend_pose_world(t.a, t.b, 0.5f, nullptr));
  EXPECT_LT(max_gap(out, t.b), 1e-6f);  // untouched
}

TEST(PoseBlend, LayeringADifferenceMovesEveryPointByItAndKeepsFramesRotations) {
  // b - a layered onto c: each world point of c moves by b's less a's, frames rebuilt in c's model space.
  TwoPoses t = two_poses();
  TwoPoses u = two_poses();
  CreaturePose c = u.b;
  ASSERT_TRUE(blend_pose_world(t.a, t.b, 0.3f, &c));
  const CreaturePose before = c;
  ASSERT_TRUE(add_pose_world(t.b, 0.5f, &c));
  ASSERT_TRUE(add_pose_world(t.a, -0.5f, &c));
  refit_pose_world(&c);
  const glm::mat4 w2m = glm::inverse(c.model_to_world);
  for (std::size_t i = 0; i < c.head_ws.size(); ++i) {
    const glm::vec3 want = before.tail_ws[i] + 0.5f * (t.b.tail_ws[i] - t.a.tail_ws[i]);
    EXPECT_LT(glm::length(c.tail_ws[i] - want), 1e-4f) << "bone " << i;
    EXPECT_LT(glm::length(glm::vec3(w2m * glm::vec4(c.tail_ws[i], 1.0f)) - c.tail_ms[i]), 1e-4f);
    EXPECT_NEAR(glm::determinant(glm::mat3(c.bone_ms[i])), 1.0f, 1e-3f) << "bone " << i;
  }
  EXPECT_LT(glm::length(c.cog_ws - (before.cog_ws + 0.5f * (t.b.cog_ws - t.a.cog_ws))), 1e-4f);
  // A difference of a pose with itself changes nothing.
  CreaturePose same = before;
  ASSERT_TRUE(add_pose_world(t.a, 1.0f, &same));
  ASSERT_TRUE(add_pose_world(t.a, -1.0f, &same));
  refit_pose_world(&same);
  EXPECT_LT(max_gap(same, before), 1e-4f);
  CreaturePose other;
  EXPECT_FALSE(add_pose_world(other, 1.0f, &same));
  EXPECT_FALSE(add_pose_world(t.a, std::nanf(""), &same));
}

TEST(PoseBlend, HandoverWeightRisesSmoothlyToOne) {
  EXPECT_GT(handover_weight(0, 10), 0.0f);
  float prev = 0.0f;
  for (int k = 0; k < 10; ++k) {
    const float w = handover_weight(k, 10);
    EXPECT_GT(w, prev);
    EXPECT_LT(w - prev, 0.2f);  // no step bigger than a fifth of the way
    prev = w;
  }
  EXPECT_FLOAT_EQ(handover_weight(10, 10), 1.0f);
  EXPECT_FLOAT_EQ(handover_weight(3, 0), 1.0f);
}

}  // namespace
}  // namespace cf
