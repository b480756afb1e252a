// vault_pose: the per-tick pose job of a planned vault.
#include <cmath>

#include <gtest/gtest.h>

#include "alloc_counter.h"
#include "vault/vault_contacts.h"
#include "vault_test_util.h"

namespace cf {
namespace {

struct Fixture {
  Rig rig;
  Level level;
  VaultMotion motion;
  VaultPlan plan;
  bool ok = false;
};

Fixture make(const std::string& creature, const std::string& level_name) {
  Fixture f;
  f.rig = test::shipped_rig(creature);
  f.level = test::shipped_level(level_name);
  auto vm = prepare_vault(f.rig, test::vault_clip());
  if (!vm.ok()) return f;
  f.motion = *vm;
  auto d = decide_vault(f.level, 0, f.motion, f.level.spawn);
  if (!d.ok()) return f;
  auto plan = plan_vault(f.level, f.rig, f.motion, *d);
  if (!plan.ok()) return f;
  f.plan = *plan;
  f.ok = f.plan.ticks > 0;
  return f;
}

VaultPoseJob job_for(const Fixture& f, int tick, CreaturePose* out) {
  VaultPoseJob job;
  job.plan = &f.plan;
  job.motion = &f.motion;
  job.rig = &f.rig;
  job.level = &f.level;
  job.tick = tick;
  job.out = out;
  return job;
}

TEST(VaultPose, ValidateListsTheFailures) {
  const Fixture f = make("biped", "default");
  ASSERT_TRUE(f.ok);
  CreaturePose pose;
  pose.resize(f.rig);
  EXPECT_FALSE(VaultPoseJob{}.validate());
  EXPECT_TRUE(job_for(f, 0, &pose).validate());
  EXPECT_TRUE(job_for(f, f.plan.ticks - 1, &pose).validate());
  VaultPoseJob j = job_for(f, 0, &pose);
  j.plan = nullptr;
  EXPECT_FALSE(j.run());
  j = job_for(f, 0, &pose);
  j.motion = nullptr;
  EXPECT_FALSE(j.validate());
  j = job_for(f, 0, &pose);
  j.rig = nullptr;
  EXPECT_FALSE(j.validate());
  j = job_for(f, 0, &pose);
  j.level = nullptr;
  EXPECT_FALSE(j.validate());
  EXPECT_FALSE(job_for(f, 0, nullptr).validate());
  EXPECT_FALSE(job_for(f, -1, &pose).validate());
  EXPECT_FALSE(job_for(f, f.plan.ticks, &pose).validate());
  CreaturePose unsized;
  EXPECT_FALSE(job_for(f, 0, &unsized).run());
  Fixture refused = f;
  refused.plan.ticks = 0;
  EXPECT_FALSE(job_for(refused, 0, &pose).validate());
  Fixture short_lift = f;
  short_lift.plan.lift_m.pop_back();
  EXPECT_FALSE(job_for(short_lift, 0, &pose).validate());
}

// The per-tick path allocates nothing once the pose is sized (the planner's pass is the one that does).
TEST(VaultPose, RunAllocatesNothing) {
  const Fixture f = make("octopod", "fence_wall_left");
  ASSERT_TRUE(f.ok);
  CreaturePose pose;
  pose.resize(f.rig);
  ASSERT_TRUE(job_for(f, 0, &pose).run());  // warm-up
  const std::size_t before = test::allocation_count();
  for (int k = 0; k < f.plan.ticks; ++k) ASSERT_TRUE(job_for(f, k, &pose).run()) << k;
  EXPECT_EQ(test::allocation_count(), before);
  std::vector<int> probe(4);  // the counter does see allocations
  EXPECT_GT(test::allocation_count(), before);
}

// A tick's pose depends on the tick alone, not on what the pose held before: posing in any order gives
// the same bits (rewinding and replays rely on it).
TEST(VaultPose, ATicksPoseDoesNotDependOnThePoseBefore) {
  const Fixture f = make("quadruped", "wall_pipes_virtual_plane");
  ASSERT_TRUE(f.ok);
  CreaturePose fresh, reused;
  reused.resize(f.rig);
  const int last = f.plan.ticks - 1;
  for (int k : {last, 0, last / 2, last / 3}) {
    fresh.resize(f.rig);
    ASSERT_TRUE(job_for(f, k, &fresh).run());
    ASSERT_TRUE(job_for(f, k, &reused).run());
    for (int b = 0; b < f.rig.skeleton.size(); ++b) {
      ASSERT_EQ(fresh.head_ws[b], reused.head_ws[b]) << "tick " << k << " bone " << b;
      ASSERT_EQ(fresh.tail_ws[b], reused.tail_ws[b]) << "tick " << k << " bone " << b;
      ASSERT_EQ(fresh.bone_ms[b], reused.bone_ms[b]) << "tick " << k << " bone " << b;
    }
  }
}

// Every tick of a played vault: no flesh in a wall or the fence, no foot below the ground, and the limbs
// keep their lengths whatever clamping and turning did to them.
TEST(VaultPose, EveryTickIsClearAndKeepsTheLimbs) {
  for (const char* creature : {"biped", "strider"}) {
    SCOPED_TRACE(creature);
    const Fixture f = make(creature, "default");
    ASSERT_TRUE(f.ok);
    CreaturePose pose;
    pose.resize(f.rig);
    for (int k = 0; k < f.plan.ticks; ++k) {
      ASSERT_TRUE(job_for(f, k, &pose).run());
      EXPECT_EQ(pose_penetration(f.level, f.rig, pose).depth, 0.0f) << k;
      for (const LimbChain& limb : f.rig.limbs) {
        const int b0 = limb.bones[0], b1 = limb.bones[1];
        EXPECT_NEAR(glm::length(pose.tail_ms[b0] - pose.head_ms[b0]), limb.l1, 1e-3f) << k;
        EXPECT_NEAR(glm::length(pose.tail_ms[b1] - pose.head_ms[b1]), limb.l2, 1e-3f) << k;
        EXPECT_EQ(pose.tail_ms[b0], pose.head_ms[b1]) << k;  // the knee joins the two bones
        if (limb.tag != PartTag::kLeg) continue;
        const int foot = limb.bones[2];
        const float lowest = std::min(pose.head_ws[foot].y, pose.tail_ws[foot].y) - f.rig.skeleton.radius[foot];
        EXPECT_GE(lowest, f.level.ground_y - 0.01f) << k;
      }
    }
  }
}

// A hand the plan plants rests on the fence top while the clip holds it there and the arm reaches:
// the contact gap above it, never in.
TEST(VaultPose, APlantedHandRestsOnTheFenceTop) {
  const Fixture f = make("biped_arms_tail", "default");
  ASSERT_TRUE(f.ok);
  const Box& fence = f.level.fences[0];
  CreaturePose pose;
  pose.resize(f.rig);
  int contact_ticks = 0, reaching_ticks = 0;
  for (int k = 0; k < f.plan.ticks; ++k) {
    ASSERT_TRUE(job_for(f, k, &pose).run());
    for (std::size_t i = 0; i < f.rig.limbs.size(); ++i) {
      if (!f.plan.plants[i] || !pose.limbs[i].contact) continue;
      ++contact_ticks;
      const int hand = f.rig.limbs[i].bones[2];
      const Capsule flesh{pose.head_ws[hand], pose.tail_ws[hand], f.rig.skeleton.radius[hand]};
      EXPECT_EQ(penetration_capsule_box(flesh, fence), 0.0f) << k;
      // How far the flesh is above the fence: the least inflation that makes it touch.
      float lo = 0.0f, hi = 1.0f;
      for (int it = 0; it < 30; ++it) {
        const float mid = 0.5f * (lo + hi);
        (penetration_capsule_box(Capsule{flesh.a, flesh.b, flesh.radius + mid}, fence) > 0.0f ? hi : lo) = mid;
      }
      // While the arm reaches the planted point the hand rests the contact gap above the top; once the
      // body has gone too far over for the arm to reach, it lifts off.
      if (pose.limbs[i].reached) {
        ++reaching_ticks;
        EXPECT_NEAR(hi, kContactGap_m, 5e-4f) << k;
      }
    }
  }
  EXPECT_GT(contact_ticks, 5);
  EXPECT_GT(reaching_ticks, 5);
}

}  // namespace
}  // namespace cf
