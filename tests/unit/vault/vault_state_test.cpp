// VaultState: plain data stepped per tick; copies continue identically, refusals never play.
#include <gtest/gtest.h>

#include "vault_test_util.h"

namespace cf {
namespace {

std::uint64_t hash_of(const VaultState& s) {
  StateHasher h;
  hash_vault_state(s, &h);
  return h.value();
}

TEST(VaultState, StepsToLandedAndCopiesContinueIdentically) {
  Rig rig = test::shipped_rig("biped");
  Level lv = test::shipped_level("default");
  auto vm = prepare_vault(rig, test::vault_clip());
  ASSERT_TRUE(vm.ok());
  auto d = decide_vault(lv, 0, *vm, lv.spawn);
  ASSERT_TRUE(d.ok());
  auto plan = plan_vault(lv, rig, *vm, *d);
  ASSERT_TRUE(plan.ok());
  VaultState s;
  EXPECT_EQ(s.phase, VaultPhase::kIdle);
  start_vault(*plan, &s);
  EXPECT_EQ(s.phase, VaultPhase::kPlaying);
  EXPECT_TRUE(s.mirrored);
  CreaturePose pose, pose2;
  pose.resize(rig);
  pose2.resize(rig);
  for (int k = 0; k < 40; ++k) ASSERT_TRUE(step_vault(*plan, *vm, rig, lv, &s, &pose));
  VaultState snapshot = s;  // a snapshot for stepping back
  EXPECT_EQ(hash_of(snapshot), hash_of(s));
  while (step_vault(*plan, *vm, rig, lv, &s, &pose)) {
  }
  while (step_vault(*plan, *vm, rig, lv, &snapshot, &pose2)) {
  }
  EXPECT_EQ(s.phase, VaultPhase::kLanded);
  EXPECT_EQ(hash_of(s), hash_of(snapshot));
  for (int b = 0; b < rig.skeleton.size(); ++b) EXPECT_EQ(pose.head_ws[b], pose2.head_ws[b]);
  EXPECT_FALSE(step_vault(*plan, *vm, rig, lv, &s, &pose));  // nothing after landing
  EXPECT_EQ(s.landed_ws, plan->landed_ws);
  // The walker continues from the end position: beyond the fence, on the ground.
  EXPECT_GT(plan->end_position_ws.z, lv.fences[0].centre.z + lv.fences[0].half_extents.z);
  EXPECT_EQ(plan->end_position_ws.y, 0.0f);
  EXPECT_STREQ(to_string(s.phase), "landed");
}

TEST(VaultState, RefusedVaultNeverPlays) {
  Rig rig = test::shipped_rig("biped");
  Level lv = test::shipped_level("fence_walls_both");
  auto vm = prepare_vault(rig, test::vault_clip());
  ASSERT_TRUE(vm.ok());
  auto d = decide_vault(lv, 0, *vm, lv.spawn);
  ASSERT_TRUE(d.ok());
  ASSERT_TRUE(d->refused);
  EXPECT_NE(d->reason.find("no room"), std::string::npos);
  auto plan = plan_vault(lv, rig, *vm, *d);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->ticks, 0);
  VaultState s;
  start_vault(*plan, &s);
  EXPECT_EQ(s.phase, VaultPhase::kRefused);
  CreaturePose pose;
  pose.resize(rig);
  EXPECT_FALSE(step_vault(*plan, *vm, rig, lv, &s, &pose));
}

// Same inputs, same plan, bit for bit (floats must not depend on anything but the inputs).
TEST(VaultState, PlanIsDeterministic) {
  Rig rig = test::shipped_rig("quadruped");
  Level lv = test::shipped_level("wall_pipes_virtual_plane");
  auto vm = prepare_vault(rig, test::vault_clip());
  ASSERT_TRUE(vm.ok());
  auto d = decide_vault(lv, 0, *vm, lv.spawn);
  ASSERT_TRUE(d.ok());
  auto a = plan_vault(lv, rig, *vm, *d), b = plan_vault(lv, rig, *vm, *d);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->lift_m, b->lift_m);
  EXPECT_EQ(a->forward_m, b->forward_m);
  EXPECT_EQ(a->landed_ws, b->landed_ws);
}

}  // namespace
}  // namespace cf
