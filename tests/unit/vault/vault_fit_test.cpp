// lmax per creature-clip pair, the mirrored clip (twice = identity, hands swap roles).
#include <gtest/gtest.h>

#include "motion/mirror.h"
#include "vault_test_util.h"

namespace cf {
namespace {

// lmax recomputed here from the retargeted poses: every bone end plus its radius, sideways from
// the waist's start x, also checked against a dense sampling between the ticks.
TEST(VaultFit, LmaxBoundsEveryBoneAndIsAttained) {
  for (const std::string& name : test::shipped_creatures()) {
    SCOPED_TRACE(name);
    Rig rig = test::shipped_rig(name);
    auto vm = prepare_vault(rig, test::vault_clip());
    ASSERT_TRUE(vm.ok()) << vm.error().to_string();
    const VaultFit& fit = vm->fit;
    EXPECT_GT(fit.lmax, 0.0f);
    EXPECT_EQ(fit.lmax, std::max(fit.reach_left, fit.reach_right));
    EXPECT_EQ(std::fabs(fit.lmax_dir.x), 1.0f);
    EXPECT_EQ(fit.lmax_dir.y, 0.0f);
    CreaturePose pose;
    pose.resize(rig);
    RetargetJob job;
    job.setup = &vm->setup;
    job.rig = &rig;
    job.clip = &vm->clip;
    job.root_motion = RootMotion::kFromClip;
    job.out = &pose;
    float left = 0.0f, right = 0.0f;
    for (int k = 0; k < fit.ticks; ++k) {
      job.time_s = std::min(k / 60.0, vm->clip.duration_s);
      ASSERT_TRUE(job.run());
      for (int b = 0; b < rig.skeleton.size(); ++b)
        for (const glm::vec3& p : {pose.head_ms[b], pose.tail_ms[b]}) {
          left = std::max(left, p.x - fit.ref_start_ms.x + rig.skeleton.radius[b]);
          right = std::max(right, fit.ref_start_ms.x - p.x + rig.skeleton.radius[b]);
        }
    }
    EXPECT_NEAR(fit.reach_left, left, 1e-5f);
    EXPECT_NEAR(fit.reach_right, right, 1e-5f);
    // Between ticks the motion cannot reach much further (smooth clip, 1/60 s apart).
    float dense = 0.0f;
    for (int k = 0; k < 4 * fit.ticks; ++k) {
      job.time_s = std::min(k / 240.0, vm->clip.duration_s);
      ASSERT_TRUE(job.run());
      for (int b = 0; b < rig.skeleton.size(); ++b)
        for (const glm::vec3& p : {pose.head_ms[b], pose.tail_ms[b]})
          dense = std::max(dense, std::fabs(p.x - fit.ref_start_ms.x) + rig.skeleton.radius[b]);
    }
    EXPECT_LE(dense, fit.lmax + 0.01f);
  }
}

// The authored vault swings the body to the creature's left; for a symmetric creature the mirror
// reaches the same distance to the right.
TEST(VaultFit, AuthoredSwingsLeftMirrorSwingsRight) {
  Rig rig = test::shipped_rig("biped");
  auto vm = prepare_vault(rig, test::vault_clip());
  ASSERT_TRUE(vm.ok());
  EXPECT_GT(vm->fit.lmax_dir.x, 0.0f);
  EXPECT_GT(vm->fit.reach_left, vm->fit.reach_right);
  EXPECT_TRUE(vm->mirrored.mirrored);
  EXPECT_NEAR(vm->fit_mirrored.reach_right, vm->fit.reach_left, 1e-3f);
  EXPECT_NEAR(vm->fit_mirrored.reach_left, vm->fit.reach_right, 1e-3f);
  EXPECT_LT(vm->fit_mirrored.lmax_dir.x, 0.0f);
  // The reference plane is vertical through the waist, perpendicular to lmax_dir.
  EXPECT_EQ(vm->plane_normal_clip, glm::vec3(1.0f, 0.0f, 0.0f));
}

// lmax depends on the creature (retargeting changes limb lengths): cached per pair, not shared.
TEST(VaultFit, LmaxScalesWithTheCreature) {
  auto c = load_creature(test::asset("creatures/biped.json"));
  ASSERT_TRUE(c.ok());
  Creature big = *c;
  for (Part& p : big.parts) {
    p.radius *= 2.0f;
    for (glm::vec3& v : p.stroke) v *= 2.0f;
  }
  auto small = prepare_vault(test::rig_of(*c), test::vault_clip());
  auto large = prepare_vault(test::rig_of(big), test::vault_clip());
  ASSERT_TRUE(small.ok() && large.ok());
  EXPECT_NEAR(large->fit.lmax, 2.0f * small->fit.lmax, 0.02f * small->fit.lmax);
}

TEST(VaultFit, MirrorTwiceIsIdentity) {
  const MotionClip& clip = test::vault_clip();
  auto vm = prepare_vault(test::shipped_rig("biped"), clip);
  ASSERT_TRUE(vm.ok());
  MotionClip twice;
  ASSERT_TRUE(mirror_clip(vm->mirrored, vm->plane_point_clip, vm->plane_normal_clip, &twice));
  EXPECT_FALSE(twice.mirrored);
  MotionPose a, b;
  for (int k = 0; k <= 84; ++k) {
    sample_clip(clip, k / 60.0, &a);
    sample_clip(twice, k / 60.0, &b);
    for (int p = 0; p < kMotionPartCount; ++p) {
      EXPECT_LE(glm::length(a.parts[p].reference - b.parts[p].reference), 1e-6f);
      EXPECT_LE(glm::length(a.parts[p].control - b.parts[p].control), 1e-6f);
      EXPECT_LE(glm::length(a.parts[p].pole - b.parts[p].pole), 1e-6f);
    }
    EXPECT_LE(std::fabs(glm::dot(a.waist_orientation, b.waist_orientation)) - 1.0f, 1e-6f);
    EXPECT_GE(std::fabs(glm::dot(a.waist_orientation, b.waist_orientation)), 1.0f - 1e-6f);
    EXPECT_EQ(a.contact, b.contact);
  }
}

// Hands swap roles: the authored vault plants the RIGHT hand, the mirror the LEFT one; in a played
// vault the planting hand rests on the fence top and the other never touches it.
TEST(VaultFit, HandsSwapRolesWhenMirrored) {
  EXPECT_EQ(planted_hand(test::vault_clip()), 1);
  Rig rig = test::shipped_rig("biped_arms_tail");
  auto vm = prepare_vault(rig, test::vault_clip());
  ASSERT_TRUE(vm.ok());
  EXPECT_EQ(vm->fence_hand, 1);
  EXPECT_EQ(planted_hand(vm->mirrored), 0);
  for (const char* level : {"open_ground", "default"}) {
    SCOPED_TRACE(level);
    Level lv = test::shipped_level(level);
    auto d = decide_vault(lv, 0, *vm, lv.spawn);
    ASSERT_TRUE(d.ok());
    ASSERT_FALSE(d->refused) << d->reason;
    EXPECT_EQ(d->mirrored, std::string(level) == "default");
    auto plan = plan_vault(lv, rig, *vm, *d);
    ASSERT_TRUE(plan.ok());
    const Side on_fence = d->mirrored ? Side::kLeft : Side::kRight;
    const Box& f = lv.fences[0];
    CreaturePose pose;
    pose.resize(rig);
    int rest_ticks = 0, other_ticks = 0;
    for (int k = 0; k < plan->ticks; ++k) {
      ASSERT_TRUE(pose_vault_tick(*plan, *vm, rig, lv, k, &pose));
      for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
        const LimbChain& l = rig.limbs[i];
        if (l.tag != PartTag::kArm || !pose.limbs[i].contact) continue;
        // The wrist rests on top: above the fence by its flesh radius, over its footprint.
        const glm::vec3 wrist = pose.head_ws[l.bones[2]];
        const float r = rig.skeleton.radius[l.bones[2]];
        const bool resting = distance_to_footprint(f, wrist) <= 1e-3f && wrist.y >= f.top_y() + r - 1e-4f &&
                             wrist.y <= f.top_y() + r + 0.02f;
        if (l.side == on_fence) rest_ticks += resting ? 1 : 0;
        else other_ticks += 1;
      }
    }
    EXPECT_GT(rest_ticks, 10);
    EXPECT_EQ(other_ticks, 0);
  }
}

TEST(VaultFit, ErrorsForCreaturesThatCannotVault) {
  Creature c;
  c.name = "blob";
  Part torso;
  torso.tag = PartTag::kTorso;
  torso.stroke = {{0, 0.3f, 0}, {0, 0.5f, 0}};
  c.parts.push_back(torso);
  Rig rig = test::rig_of(c);
  auto vm = prepare_vault(rig, test::vault_clip());
  ASSERT_FALSE(vm.ok());
  EXPECT_NE(vm.error().message.find("legs"), std::string::npos);
  MotionClip looping = test::vault_clip();
  looping.loop = true;
  EXPECT_FALSE(prepare_vault(test::shipped_rig("biped"), looping).ok());
}

}  // namespace
}  // namespace cf
