// VaultState: plain data stepped per tick; copies continue identically, refusals never play.
#include <vector>

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
  EXPECT_NE(d->reason.find("not enough room between the walls"), std::string::npos) << d->reason;
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

// Advancing or stepping a state that is not playing does nothing.
TEST(VaultState, OnlyAPlayingStateAdvances) {
  Rig rig = test::shipped_rig("biped");
  Level lv = test::shipped_level("default");
  auto vm = prepare_vault(rig, test::vault_clip());
  ASSERT_TRUE(vm.ok());
  auto d = decide_vault(lv, 0, *vm, lv.spawn);
  ASSERT_TRUE(d.ok());
  auto plan = plan_vault(lv, rig, *vm, *d);
  ASSERT_TRUE(plan.ok());
  CreaturePose pose;
  pose.resize(rig);
  VaultState idle;
  const std::uint64_t before = hash_of(idle);
  EXPECT_FALSE(advance_vault(*plan, rig, lv, pose, &idle));
  EXPECT_FALSE(step_vault(*plan, *vm, rig, lv, &idle, &pose));
  EXPECT_EQ(hash_of(idle), before);
  EXPECT_EQ(idle.tick, 0);
  VaultState s;
  start_vault(*plan, &s);
  // Play starts at the clip's entry (its wind-up step is walked by the approach instead).
  EXPECT_GT(plan->entry_tick, 0);
  EXPECT_EQ(vault_tick_to_pose(s), plan->entry_tick);
  EXPECT_EQ(vault_ticks_played(s, *plan), 0);
  ASSERT_TRUE(step_vault(*plan, *vm, rig, lv, &s, &pose));
  EXPECT_EQ(vault_tick_to_pose(s), plan->entry_tick + 1);
  EXPECT_EQ(vault_ticks_played(s, *plan), 1);
  EXPECT_EQ(s.ticks, plan->ticks);
  EXPECT_EQ(s.fence, 0);
  EXPECT_EQ(s.landed_heading_rad, plan->landed_heading_rad);
}

// Every field feeds the hash: a state differing in any one hashes differently.
TEST(VaultState, HashSeesEveryField) {
  const VaultState base;
  std::vector<VaultState> changed(10, base);
  changed[0].phase = VaultPhase::kPlaying;
  changed[1].fence = 2;
  changed[2].tick = 5;
  changed[3].ticks = 90;
  changed[4].mirrored = true;
  changed[5].max_penetration_m = 0.01f;
  changed[6].landed_ws.x = 1.0f;
  changed[7].landed_ws.z = -1.0f;
  changed[8].landed_heading_rad = 0.5f;
  changed[9].since_landed = 3;
  for (std::size_t i = 0; i < changed.size(); ++i) EXPECT_NE(hash_of(changed[i]), hash_of(base)) << i;
  EXPECT_STREQ(to_string(VaultPhase::kIdle), "idle");
  EXPECT_STREQ(to_string(VaultPhase::kPlaying), "playing");
  EXPECT_STREQ(to_string(VaultPhase::kRefused), "refused");
}

}  // namespace
}  // namespace cf
