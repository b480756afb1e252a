// knee_turns: a knee turned about its hip->ankle line to stay out of the fence, and the easing of the
// planned turns. Posed on the biped's bind pose (model space = world space).
#include <cmath>

#include <gtest/gtest.h>

#include "math/angles.h"
#include "vault/knee_turns.h"
#include "vault/vault_contacts.h"
#include "vault_test_util.h"

namespace cf {
namespace {

const glm::mat4 kIdentity(1.0f);
constexpr float kStep = kPi / LimbTurn::kStepsPerHalfTurn;

struct BindPose {
  Rig rig;
  CreaturePose pose;
  int leg = -1;  // a left leg (root on +X of the centre of gravity)
};

BindPose bind_pose() {
  BindPose b;
  b.rig = test::shipped_rig("biped");
  b.pose.resize(b.rig);
  for (std::size_t i = 0; i < b.rig.limbs.size(); ++i)
    if (b.rig.limbs[i].tag == PartTag::kLeg && b.rig.limbs[i].nodes[0].x > b.rig.cog.x) b.leg = static_cast<int>(i);
  return b;
}

glm::vec3 knee_of(const BindPose& b) { return b.pose.tail_ms[b.rig.limbs[b.leg].bones[0]]; }

// LimbTurn keeps references to what it is given: the fence must outlive it.
const Box& far_fence() {
  static const Box fence{{100.0f, 0.3f, 100.0f}, {1.0f, 0.3f, 0.04f}, 0.0f};
  return fence;
}

// A small box just in front of the knee (the knee bends forward, +Z), clear of the hip and the ankle.
Box box_at_knee(const BindPose& b) {
  const glm::vec3 knee = knee_of(b);
  const float r = b.rig.skeleton.radius[b.rig.limbs[b.leg].bones[0]];
  return Box{knee + glm::vec3(0.0f, 0.0f, r + 0.01f), {0.03f, 0.03f, 0.02f}, 0.0f};
}

TEST(LimbTurn, KneeOnItsLimbLineCannotTurn) {
  BindPose b = bind_pose();
  ASSERT_GE(b.leg, 0);
  const Level empty;
  const LimbChain& leg = b.rig.limbs[b.leg];
  EXPECT_TRUE(LimbTurn(b.rig, b.leg, far_fence(), empty, kIdentity, b.pose).valid());
  CreaturePose straight = b.pose;
  straight.tail_ms[leg.bones[0]] = 0.5f * (straight.head_ms[leg.bones[0]] + straight.tail_ms[leg.bones[1]]);
  EXPECT_FALSE(LimbTurn(b.rig, b.leg, far_fence(), empty, kIdentity, straight).valid());
  CreaturePose folded = b.pose;
  folded.tail_ms[leg.bones[1]] = folded.head_ms[leg.bones[0]];  // ankle on the hip
  EXPECT_FALSE(LimbTurn(b.rig, b.leg, far_fence(), empty, kIdentity, folded).valid());
}

// The knee moves on a circle about the hip->ankle line: same distance from its centre, in the plane
// across the line, and turn 0 is the knee as posed.
TEST(LimbTurn, KneeStaysOnItsCircle) {
  BindPose b = bind_pose();
  const Level empty;
  const LimbTurn turn(b.rig, b.leg, far_fence(), empty, kIdentity, b.pose);
  ASSERT_TRUE(turn.valid());
  const glm::vec3 knee = knee_of(b), centre = turn.centre();
  const LimbChain& leg = b.rig.limbs[b.leg];
  const glm::vec3 axis = glm::normalize(b.pose.tail_ms[leg.bones[1]] - b.pose.head_ms[leg.bones[0]]);
  const float radius = glm::length(knee - centre);
  EXPECT_GT(radius, 0.0f);
  EXPECT_NEAR(glm::length(turn.joint(0.0f) - knee), 0.0f, 1e-5f);
  EXPECT_NEAR(turn.angle_to(knee - centre), 0.0f, 1e-5f);
  for (float phi : {0.3f, -1.0f, 2.5f, -3.0f}) {
    const glm::vec3 j = turn.joint(phi);
    EXPECT_NEAR(glm::length(j - centre), radius, 1e-5f) << phi;
    EXPECT_NEAR(glm::dot(j - centre, axis), 0.0f, 1e-5f) << phi;
    EXPECT_NEAR(turn.angle_to(j - centre), std::remainder(phi, kTwoPi), 1e-4f) << phi;
  }
}

// Turning rewrites the knee only: hip, ankle, the end bone and both bone lengths stay.
TEST(LimbTurn, ApplyKeepsHipAnkleFootAndLengths) {
  BindPose b = bind_pose();
  const Level empty;
  const LimbTurn turn(b.rig, b.leg, far_fence(), empty, kIdentity, b.pose);
  ASSERT_TRUE(turn.valid());
  const LimbChain& leg = b.rig.limbs[b.leg];
  CreaturePose turned = b.pose;
  turn.apply(1.2f, b.leg, &turned);
  EXPECT_EQ(turned.head_ms[leg.bones[0]], b.pose.head_ms[leg.bones[0]]);
  EXPECT_EQ(turned.tail_ms[leg.bones[1]], b.pose.tail_ms[leg.bones[1]]);
  EXPECT_EQ(turned.tail_ms[leg.bones[2]], b.pose.tail_ms[leg.bones[2]]);
  EXPECT_NEAR(glm::length(turned.tail_ms[leg.bones[0]] - turn.joint(1.2f)), 0.0f, 1e-6f);
  EXPECT_EQ(turned.tail_ms[leg.bones[0]], turned.head_ms[leg.bones[1]]);
  for (int k = 0; k < 2; ++k) {
    const int bone = leg.bones[k];
    EXPECT_NEAR(glm::length(turned.tail_ms[bone] - turned.head_ms[bone]),
                glm::length(b.pose.tail_ms[bone] - b.pose.head_ms[bone]), 1e-5f);
  }
  EXPECT_EQ(turned.head_ws[leg.bones[0]], turned.head_ms[leg.bones[0]]);  // identity placement
}

// With nothing in reach no turn is blocked, and the nearest clear turn is the first bisected sample
// beside the start: a step's 256th, never the start itself.
TEST(LimbTurn, NothingInReachBlocksNothing) {
  BindPose b = bind_pose();
  const Level empty;
  const LimbTurn turn(b.rig, b.leg, far_fence(), empty, kIdentity, b.pose);
  ASSERT_TRUE(turn.valid());
  for (int k = -48; k <= 48; k += 8) {
    EXPECT_EQ(turn.depth(kStep * static_cast<float>(k)), 0.0f);
    EXPECT_FALSE(turn.blocked(kStep * static_cast<float>(k)));
  }
  const float nearest = turn.nearest_clear(0.0f, 0.0f);
  EXPECT_GT(std::fabs(nearest), 0.0f);
  EXPECT_LE(std::fabs(nearest), kStep / 200.0f);
  EXPECT_LT(turn.nearest_clear(0.0f, -1.0f), 0.0f);
  EXPECT_EQ(turn.shallowest(0.4f), 0.4f);  // every sample ties at 0: the start wins
}

// A knee in a box: blocked where it is, the nearest clear turn is clear and, a bisection step back, blocked
// again; searching one way only finds a turn that way.
TEST(LimbTurn, KneeInAFenceFindsTheNearestClearTurn) {
  BindPose b = bind_pose();
  const Box box = box_at_knee(b);
  const Level empty;
  const LimbTurn turn(b.rig, b.leg, box, empty, kIdentity, b.pose);
  ASSERT_TRUE(turn.valid());
  ASSERT_TRUE(turn.blocked(0.0f));
  EXPECT_GT(turn.depth(0.0f), 0.0f);
  EXPECT_GE(turn.depth_under(0.0f, 1e-4f), std::min(turn.depth(0.0f), 1e-4f));
  const float phi = turn.nearest_clear(0.0f, 0.0f);
  ASSERT_FALSE(std::isnan(phi));
  EXPECT_FALSE(turn.blocked(phi));
  EXPECT_EQ(turn.depth(phi), 0.0f);
  EXPECT_LT(std::fabs(phi), kPi / 2.0f);
  EXPECT_TRUE(turn.blocked(phi - std::copysign(kStep / 128.0f, phi)));
  for (float sign : {1.0f, -1.0f}) {
    const float one_way = turn.nearest_clear(0.0f, sign);
    ASSERT_FALSE(std::isnan(one_way));
    EXPECT_GT(one_way * sign, 0.0f);
    EXPECT_FALSE(turn.blocked(one_way));
  }
}

// A box around the whole leg: no turn clears, and the shallowest sample is no deeper than the start.
TEST(LimbTurn, NoClearTurnGivesNaNAndTheShallowestSample) {
  BindPose b = bind_pose();
  const LimbChain& leg = b.rig.limbs[b.leg];
  const glm::vec3 hip = b.pose.head_ms[leg.bones[0]], ankle = b.pose.tail_ms[leg.bones[1]];
  const Box around{0.5f * (hip + ankle), {0.5f, 0.5f * std::fabs(hip.y - ankle.y) + 0.3f, 0.5f}, 0.0f};
  const Level empty;
  const LimbTurn turn(b.rig, b.leg, around, empty, kIdentity, b.pose);
  ASSERT_TRUE(turn.valid());
  EXPECT_TRUE(std::isnan(turn.nearest_clear(0.0f, 0.0f)));
  const float best = turn.shallowest(0.0f);
  EXPECT_LE(turn.depth(best), turn.depth(0.0f));
  EXPECT_LE(std::fabs(best), kPi);
}

// Outward turns take a left knee further left (+X), inward ones towards the body's middle.
TEST(LimbTurn, OutwardIsAwayFromTheMiddle) {
  BindPose b = bind_pose();
  const Level empty;
  const LimbTurn turn(b.rig, b.leg, far_fence(), empty, kIdentity, b.pose);
  ASSERT_TRUE(turn.valid());
  const float out = turn.outward();
  EXPECT_TRUE(out == 1.0f || out == -1.0f);
  EXPECT_GT(turn.joint(0.5f * out).x, turn.joint(-0.5f * out).x);
}

// With nothing to avoid, a planned turn is played as planned and no plan leaves the pose alone.
TEST(KneeTurns, PlannedTurnIsPlayedWhenClear) {
  BindPose b = bind_pose();
  const Level empty;
  std::vector<float> planned(b.rig.limbs.size(), 0.0f);
  CreaturePose untouched = b.pose;
  turn_limbs_clear_of_fence(b.rig, far_fence(), empty, kIdentity, planned.data(), nullptr, &untouched);
  for (int bone = 0; bone < b.rig.skeleton.size(); ++bone) EXPECT_EQ(untouched.tail_ms[bone], b.pose.tail_ms[bone]);
  planned[static_cast<std::size_t>(b.leg)] = 0.7f;
  const LimbTurn turn(b.rig, b.leg, far_fence(), empty, kIdentity, b.pose);
  CreaturePose turned = b.pose;
  turn_limbs_clear_of_fence(b.rig, far_fence(), empty, kIdentity, planned.data(), nullptr, &turned);
  EXPECT_NEAR(glm::length(turned.tail_ms[b.rig.limbs[b.leg].bones[0]] - turn.joint(0.7f)), 0.0f, 1e-6f);
}

// A knee in the fence, no plan (planning the lift): turned clear, hip and ankle where they were.
TEST(KneeTurns, KneeInTheFenceIsTurnedClear) {
  BindPose b = bind_pose();
  const Box box = box_at_knee(b);
  Wall as_wall;
  as_wall.box = box;
  const LimbChain& leg = b.rig.limbs[b.leg];
  ASSERT_GT(limb_wall_depth(b.rig, leg, b.pose, as_wall), 0.0f);
  CreaturePose pose = b.pose;
  turn_limbs_clear_of_fence(b.rig, box, Level{}, kIdentity, nullptr, nullptr, &pose);
  EXPECT_EQ(limb_wall_depth(b.rig, leg, pose, as_wall), 0.0f);
  EXPECT_EQ(pose.head_ms[leg.bones[0]], b.pose.head_ms[leg.bones[0]]);
  EXPECT_EQ(pose.tail_ms[leg.bones[1]], b.pose.tail_ms[leg.bones[1]]);
  EXPECT_NE(pose.tail_ms[leg.bones[0]], b.pose.tail_ms[leg.bones[0]]);
}

std::vector<float> one_limb(const std::vector<std::pair<int, float>>& at, int ticks) {
  std::vector<float> v(static_cast<std::size_t>(ticks), 0.0f);
  for (auto [k, turn] : at) v[static_cast<std::size_t>(k)] = turn;
  return v;
}

TEST(SmoothTurns, NoNeedNoTurns) {
  const std::vector<float> zero(40 * 3, 0.0f);
  EXPECT_EQ(smooth_turns(zero, 40, 3), zero);
}

// One tick's need is held and averaged over the window either side: the full turn at that tick, easing
// to nothing two windows away, symmetric, never less than needed.
TEST(SmoothTurns, ASingleNeedEasesInAndOut) {
  constexpr int kTicks = 60, kAt = 30, kW = kTurnSmoothTicks;
  const std::vector<float> out = smooth_turns(one_limb({{kAt, 0.5f}}, kTicks), kTicks, 1);
  EXPECT_FLOAT_EQ(out[kAt], 0.5f);
  for (int d = 1; d <= 2 * kW + 3; ++d) {
    EXPECT_FLOAT_EQ(out[kAt - d], out[kAt + d]) << d;
    EXPECT_LE(out[kAt - d], out[kAt - d + 1] + 1e-7f) << d;
    if (d <= 2 * kW) {
      EXPECT_GT(out[kAt + d], 0.0f) << d;
    } else {
      EXPECT_EQ(out[kAt + d], 0.0f) << d;
    }
  }
}

// -3.1 then +3.1 rad is the same knee turned a hair further: kept continuous, not averaged to nothing.
TEST(SmoothTurns, ATurnFoundTheOtherWayRoundIsTheSameKnee) {
  constexpr int kTicks = 40;
  const std::vector<float> out = smooth_turns(one_limb({{19, -3.1f}, {20, 3.1f}}, kTicks), kTicks, 1);
  EXPECT_LT(out[19], -3.0f);
  EXPECT_LT(out[20], -3.0f);
  EXPECT_NEAR(std::remainder(out[20], kTwoPi), 3.1f, 1e-4f);
}

// Limbs are eased independently: [tick * limbs + limb].
TEST(SmoothTurns, LimbsDoNotMix) {
  constexpr int kTicks = 30;
  std::vector<float> need(kTicks * 2, 0.0f);
  need[15 * 2 + 1] = -0.4f;
  const std::vector<float> out = smooth_turns(need, kTicks, 2);
  for (int k = 0; k < kTicks; ++k) EXPECT_EQ(out[k * 2], 0.0f) << k;
  EXPECT_FLOAT_EQ(out[15 * 2 + 1], -0.4f);
}

}  // namespace
}  // namespace cf
