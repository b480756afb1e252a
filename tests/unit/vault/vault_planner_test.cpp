// VaultPlanner: the plan made a piece at a time (while a creature walks to the vault's start) is
// plan_vault's, bit for bit, however it is cut; and the decision's end position is the plan's.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "core/worker_pool.h"
#include "vault/vault_plan.h"
#include "vault_test_util.h"

namespace cf {
namespace {

void expect_same_plan(const VaultPlan& a, const VaultPlan& b, const std::string& what) {
  EXPECT_EQ(a.ticks, b.ticks) << what;
  EXPECT_EQ(a.lift_m, b.lift_m) << what;
  EXPECT_EQ(a.forward_m, b.forward_m) << what;
  EXPECT_EQ(a.plant_ws, b.plant_ws) << what;
  EXPECT_EQ(a.plants, b.plants) << what;
  EXPECT_EQ(a.turn_rad, b.turn_rad) << what;
  EXPECT_EQ(a.cog_y, b.cog_y) << what;
  EXPECT_EQ(a.max_penetration_m, b.max_penetration_m) << what;
  EXPECT_EQ(a.deepest, b.deepest) << what;
  EXPECT_EQ(a.landed_ws, b.landed_ws) << what;
  EXPECT_EQ(a.landed_heading_rad, b.landed_heading_rad) << what;
  EXPECT_EQ(a.end_position_ws, b.end_position_ws) << what;
  EXPECT_EQ(a.decision.refused, b.decision.refused) << what;
  EXPECT_EQ(a.decision.reason, b.decision.reason) << what;
}

// Every shipped creature on the levels with a fence beside a wall and in the open, from three points
// along the fence 1 m before it: fn(what, level, rig, motion, decision).
template <class F>
void for_each_vault(F&& fn) {
  for (const char* creature : {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"}) {
    const Rig rig = test::shipped_rig(creature);
    auto vm = prepare_vault(rig, test::vault_clip());
    ASSERT_TRUE(vm.ok()) << creature;
    for (const char* level_name : {"default", "fence_wall_left", "fence_walls_both", "wall_pipes_virtual_plane"}) {
      const Level lv = test::shipped_level(level_name);
      const Box& f = lv.fences[0];
      for (float along : {-0.6f, 0.0f, 0.6f}) {
        const glm::vec3 from = f.centre + f.axis_x() * (along * f.half_extents.x) - f.axis_z() * (f.half_extents.z + 1.0f);
        auto d = decide_vault(lv, 0, *vm, from);
        ASSERT_TRUE(d.ok());
        fn(std::string(creature) + " on " + level_name + " at " + std::to_string(along), lv, rig, *vm, *d);
      }
    }
  }
}

// Every shipped creature on the levels with a fence beside a wall (where the knee turns and wall
// clamps work hardest) and in the open, from three points along the fence: the planner advanced by
// random budgets of 1 to 60 poses (one planner reused, as a creature's runtime does) makes the plan
// plan_vault makes, and vault_end_position says where it ends before any of it is made.
TEST(VaultPlanner, PiecesMakeThePlanOfOneGoBitForBit) {
  Rng rng = Rng::from_seed(31);
  VaultPlanner planner;
  CreaturePose scratch;
  int compared = 0, refused_by_plan = 0;
  for_each_vault([&](const std::string& what, const Level& lv, const Rig& rig, const VaultMotion& vm,
                     const VaultDecision& d) {
    auto whole = plan_vault(lv, rig, vm, d);
    ASSERT_TRUE(whole.ok()) << what;
    planner.start(lv, rig, vm, d);
    EXPECT_EQ(planner.done(), d.refused) << what;
    int rounds = 0;
    std::uint64_t before = planner.poses();
    while (!planner.advance(rng.range(1, 60))) {
      EXPECT_GT(planner.poses(), before) << what;  // every call makes progress
      before = planner.poses();
      ++rounds;
    }
    auto pieces = planner.take();
    ASSERT_TRUE(pieces.ok()) << what;
    expect_same_plan(*whole, *pieces, what);
    if (!d.refused) {
      EXPECT_GT(rounds, 5) << what;
      const glm::vec3 end = vault_end_position(lv, rig, vm, d, &scratch);
      EXPECT_EQ(end, whole->end_position_ws) << what;
    }
    refused_by_plan += !d.refused && whole->decision.refused ? 1 : 0;
    ++compared;
  });
  EXPECT_EQ(compared, 7 * 4 * 3);
  std::printf("%d plans compared, %d refused by the plan (a limb would touch)\n", compared, refused_by_plan);
}

// The same plans finished on a pool of 2 and of 3 threads (the lift rounds and the check spread over
// it), from the start and after a random number of poses made one at a time (so the spread begins in
// any stage, mid-round or mid-check): plan_vault's plan, bit for bit, and the same count of poses.
TEST(VaultPlanner, FinishedOnAPoolTheSamePlanBitForBit) {
  Rng rng = Rng::from_seed(57);
  WorkerPool two(2), three(3);
  VaultPlanner planner, alone;
  int compared = 0;
  for_each_vault([&](const std::string& where, const Level& lv, const Rig& rig, const VaultMotion& vm,
                     const VaultDecision& d) {
    alone.start(lv, rig, vm, d);
    auto whole = alone.take();
    ASSERT_TRUE(whole.ok()) << where;
    const std::uint64_t whole_poses = alone.poses();
    for (WorkerPool* pool : {&two, &three}) {
      const int ahead = compared % 3 == 0 ? 0 : rng.range(1, static_cast<int>(whole_poses));
      const std::string what = where + ", " + std::to_string(pool->threads()) + " threads after " +
                               std::to_string(ahead) + " poses";
      planner.start(lv, rig, vm, d);
      planner.advance(ahead);
      auto spread = planner.take(pool);
      ASSERT_TRUE(spread.ok()) << what;
      expect_same_plan(*whole, *spread, what);
      EXPECT_EQ(planner.poses(), whole_poses) << what;
      ++compared;
    }
  });
  EXPECT_EQ(compared, 7 * 4 * 3 * 2);
}

// A budget is a count of ticks posed: advance(n) poses at most n more, and take() finishes.
TEST(VaultPlanner, AdvanceStopsAtItsBudgetAndTakeFinishes) {
  const Rig rig = test::shipped_rig("quadruped");
  const Level lv = test::shipped_level("default");
  auto vm = prepare_vault(rig, test::vault_clip());
  ASSERT_TRUE(vm.ok());
  auto d = decide_vault(lv, 0, *vm, lv.spawn);
  ASSERT_TRUE(d.ok() && !d->refused);
  VaultPlanner planner;
  planner.start(lv, rig, *vm, *d);
  EXPECT_FALSE(planner.advance(10));
  EXPECT_EQ(planner.poses(), 10u);
  EXPECT_FALSE(planner.advance(0));
  EXPECT_EQ(planner.poses(), 10u);
  auto plan = planner.take();
  ASSERT_TRUE(plan.ok());
  EXPECT_TRUE(planner.done());
  EXPECT_GT(planner.poses(), 3u * static_cast<std::uint64_t>(plan->ticks));  // plants, knees twice, check, lift
  auto whole = plan_vault(lv, rig, *vm, *d);
  ASSERT_TRUE(whole.ok());
  expect_same_plan(*whole, *plan, "quadruped");
}

// A decision naming no fence is an error from the planner as from plan_vault; a refused decision is
// handed back at once, nothing posed.
TEST(VaultPlanner, BadOrRefusedDecisionsNeedNoPlanning) {
  const Rig rig = test::shipped_rig("biped");
  const Level lv = test::shipped_level("default");
  auto vm = prepare_vault(rig, test::vault_clip());
  ASSERT_TRUE(vm.ok());
  auto d = decide_vault(lv, 0, *vm, lv.spawn);
  ASSERT_TRUE(d.ok());
  VaultDecision bad = *d;
  bad.place.fence = 99;
  VaultPlanner planner;
  planner.start(lv, rig, *vm, bad);
  EXPECT_TRUE(planner.done());
  auto r = planner.take();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, plan_vault(lv, rig, *vm, bad).error().message);
  VaultDecision refused = *d;
  refused.refused = true;
  refused.reason = "not enough room";
  planner.start(lv, rig, *vm, refused);
  EXPECT_TRUE(planner.done());
  auto p = planner.take();
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->ticks, 0);
  EXPECT_EQ(planner.poses(), 0u);
}

}  // namespace
}  // namespace cf
