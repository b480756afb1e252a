// The standing idle over the walker's stand pose: it eases in after 2 s, moves the body (breathing,
// weight shifts) with every foot where the walker planted it and the waist at the stand's height,
// and differs from creature to creature.
#include "retarget/idle.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "test_creatures.h"

namespace cf {
namespace {

const MotionClip& idle_clip() { return test::shipped_clip("idle"); }

TEST(Idle, EasesInAfterTwoSecondsStandingStill) {
  EXPECT_EQ(idle_weight(0), 0.0f);
  EXPECT_EQ(idle_weight(kIdleStartTicks), 0.0f);
  EXPECT_EQ(idle_weight(kIdleStartTicks + kIdleEaseTicks), 1.0f);
  EXPECT_EQ(idle_weight(100000), 1.0f);
  float prev = 0.0f, worst = 0.0f;
  for (std::uint32_t t = 0; t < 300; ++t) {
    EXPECT_GE(idle_weight(t), prev);
    worst = std::max(worst, idle_weight(t) - prev);
    prev = idle_weight(t);
  }
  EXPECT_LT(worst, 0.03f);  // no step: eased over a second
}

TEST(Idle, ShippedCreaturesBreatheAndShiftWithFeetPlantedAndTheWaistAtTheStandsHeight) {
  for (const std::string& name : test::shipped_creatures()) {
    Rig rig = test::load_rig(name);
    auto walk = build_retarget_setup(rig, test::walk_clip());
    ASSERT_TRUE(walk.ok()) << name;
    auto im = prepare_idle(rig, idle_clip(), *walk);
    ASSERT_TRUE(im.ok()) << name << ": " << im.error().to_string();
    const WalkerState stand = make_walker(*walk, rig, glm::vec3(1.0f, 0.0f, 2.0f), 0.5f);
    CreaturePose walker_pose, pose, first;
    walker_pose.resize(rig);
    pose.resize(rig);
    first.resize(rig);
    ASSERT_TRUE(pose_walker(stand, *walk, rig, test::walk_clip(), &walker_pose));
    float moved = 0.0f;
    for (int k = 0; k < 360; k += 5) {
      ASSERT_TRUE(pose_idle(*im, stand, rig, k / 60.0, 1.0f, k == 0 ? &first : &pose)) << name;
      const CreaturePose& p = k == 0 ? first : pose;
      EXPECT_NEAR(p.cog_ws.y, walker_pose.cog_ws.y, 1e-4f) << name << " tick " << k;
      for (std::size_t l = 0; l < rig.limbs.size(); ++l) {
        if (rig.limbs[l].tag != PartTag::kLeg) continue;
        EXPECT_TRUE(p.limbs[l].contact);
        EXPECT_TRUE(p.limbs[l].reached) << name << " leg " << l << " tick " << k;
        const glm::vec3 c = p.tail_ws[static_cast<std::size_t>(rig.limbs[l].bones[1])];
        const glm::vec3 c0 = walker_pose.tail_ws[static_cast<std::size_t>(rig.limbs[l].bones[1])];
        EXPECT_LT(glm::length(c - c0), 1e-3f) << name << " leg " << l << ": the foot stays where it stood";
      }
      for (std::size_t b = 0; b < p.tail_ws.size(); ++b) {
        EXPECT_TRUE(std::isfinite(p.tail_ws[b].x + p.tail_ws[b].y + p.tail_ws[b].z));
        if (k > 0) moved = std::max(moved, glm::length(pose.tail_ws[b] - first.tail_ws[b]));
      }
    }
    EXPECT_GT(moved, 0.01f) << name << ": the idle moves the body";
    EXPECT_LT(moved, 0.2f) << name;
  }
}

TEST(Idle, EveryCreatureIdlesAtItsOwnTime) {
  Rig rig = test::load_rig("quadruped");
  auto walk = build_retarget_setup(rig, test::walk_clip());
  ASSERT_TRUE(walk.ok());
  auto im = prepare_idle(rig, idle_clip(), *walk);
  ASSERT_TRUE(im.ok());
  int distinct = 0;
  for (std::uint32_t v = 1; v < 20; ++v)
    if (std::abs(idle_time(*im, 400, v) - idle_time(*im, 400, v + 1)) > 0.05) ++distinct;
  EXPECT_EQ(distinct, 19);
  // A clip that does not loop is refused.
  auto jump = load_motion(test::asset("motions/jump.json"));
  ASSERT_TRUE(jump.ok());
  EXPECT_FALSE(prepare_idle(rig, *jump, *walk).ok());
}

}  // namespace
}  // namespace cf
