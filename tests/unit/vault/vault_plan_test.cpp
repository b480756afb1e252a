// vault_plan: the plan made once when a vault starts (travel, hand plants, lift, knee turns, landing,
// the safety check).
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "vault/vault_contacts.h"
#include "vault_test_util.h"

namespace cf {
namespace {

struct Planned {
  Rig rig;
  Level level;
  VaultMotion motion;
  VaultDecision decision;
  VaultPlan plan;
};

Planned plan_for(const std::string& creature, const std::string& level_name) {
  Planned p;
  p.rig = test::shipped_rig(creature);
  p.level = test::shipped_level(level_name);
  auto vm = prepare_vault(p.rig, test::vault_clip());
  EXPECT_TRUE(vm.ok()) << (vm.ok() ? "" : vm.error().to_string());
  if (vm.ok()) p.motion = *vm;
  auto d = decide_vault(p.level, 0, p.motion, p.level.spawn);
  EXPECT_TRUE(d.ok());
  if (d.ok()) p.decision = *d;
  auto plan = plan_vault(p.level, p.rig, p.motion, p.decision);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().to_string());
  if (plan.ok()) p.plan = *plan;
  return p;
}

// Same inputs, same plan, bit for bit (floats must not depend on anything but the inputs).
TEST(VaultPlan, PlanIsDeterministic) {
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
  EXPECT_EQ(a->turn_rad, b->turn_rad);
  EXPECT_EQ(a->plants, b->plants);
  EXPECT_EQ(a->plant_ws, b->plant_ws);
  EXPECT_EQ(a->landed_ws, b->landed_ws);
  EXPECT_EQ(a->end_position_ws, b->end_position_ws);
  EXPECT_EQ(a->max_penetration_m, b->max_penetration_m);
}

// Per-tick arrays have one entry per tick of the chosen clip's fit, per-limb arrays one per limb.
TEST(VaultPlan, ArraysAreSizedPerTickAndLimb) {
  const Planned p = plan_for("biped", "default");
  const VaultFit& fit = p.decision.mirrored ? p.motion.fit_mirrored : p.motion.fit;
  ASSERT_GT(p.plan.ticks, 0);
  EXPECT_EQ(p.plan.ticks, fit.ticks);
  const std::size_t ticks = static_cast<std::size_t>(p.plan.ticks), limbs = p.rig.limbs.size();
  EXPECT_EQ(p.plan.lift_m.size(), ticks);
  EXPECT_EQ(p.plan.forward_m.size(), ticks);
  EXPECT_EQ(p.plan.turn_rad.size(), ticks * limbs);
  EXPECT_EQ(p.plan.plants.size(), limbs);
  EXPECT_EQ(p.plan.plant_ws.size(), limbs);
  for (float lift : p.plan.lift_m) EXPECT_GE(lift, 0.0f);
  EXPECT_EQ(p.plan.max_penetration_m, 0.0f);
  EXPECT_EQ(p.plan.deepest, HitKind::kNone);
}

// The cog's height per tick is the posed tick's (what the vault's sounds read): it starts near the
// standing height, rises over the fence and comes back down to land.
TEST(VaultPlan, CogHeightPerTickIsThePosedOne) {
  const Planned p = plan_for("biped", "default");
  ASSERT_EQ(p.plan.cog_y.size(), static_cast<std::size_t>(p.plan.ticks));
  CreaturePose pose;
  pose.resize(p.rig);
  for (int k : {0, p.plan.ticks / 2, p.plan.ticks - 1}) {
    ASSERT_TRUE(pose_vault_tick(p.plan, p.motion, p.rig, p.level, k, &pose));
    EXPECT_FLOAT_EQ(p.plan.cog_y[static_cast<std::size_t>(k)], pose.cog_ws.y) << k;
  }
  const float top = *std::max_element(p.plan.cog_y.begin(), p.plan.cog_y.end());
  EXPECT_GT(top, p.plan.cog_y.front() + 0.1f) << "the body rises over the fence";
  EXPECT_GT(top, p.plan.cog_y.back() + 0.1f) << "and comes down";
}

// The extra travel starts at nothing, ends at the placement's whole extra distance and only ever moves
// one way (eased over the airborne ticks).
TEST(VaultPlan, ForwardTravelEasesFromNothingToTheExtraDistance) {
  for (const char* creature : {"biped", "quadruped"}) {
    SCOPED_TRACE(creature);
    const Planned p = plan_for(creature, "open_ground");
    ASSERT_GT(p.plan.ticks, 2);
    const float extra = p.plan.decision.place.extra_forward_m;
    EXPECT_EQ(p.plan.forward_m.front(), 0.0f);
    EXPECT_EQ(p.plan.forward_m.back(), extra);
    for (std::size_t k = 1; k < p.plan.forward_m.size(); ++k)
      EXPECT_GE((p.plan.forward_m[k] - p.plan.forward_m[k - 1]) * (extra >= 0.0f ? 1.0f : -1.0f), 0.0f) << k;
  }
}

// The clip plants one hand on the fence: the plan puts it on the fence top (flesh and contact gap above
// it), inside the fence's length and thickness. A creature without arms plants nothing.
TEST(VaultPlan, PlantedHandsRestOnTheFenceTop) {
  const Planned p = plan_for("biped_arms_tail", "default");
  const Box& fence = p.level.fences[0];
  int planted = 0;
  for (std::size_t i = 0; i < p.rig.limbs.size(); ++i) {
    if (!p.plan.plants[i]) continue;
    ++planted;
    EXPECT_EQ(p.rig.limbs[i].tag, PartTag::kArm);
    const float radius = limb_radius(p.rig, p.rig.limbs[i]);
    EXPECT_FLOAT_EQ(p.plan.plant_ws[i].y, fence.top_y() + radius + kContactGap_m);
    const glm::vec3 local = fence.to_local(p.plan.plant_ws[i]);
    EXPECT_LE(std::fabs(local.x), fence.half_extents.x - radius + 1e-5f);
    EXPECT_LE(std::fabs(local.z), fence.half_extents.z + 1e-5f);
  }
  EXPECT_EQ(planted, 1);
  const Planned q = plan_for("quadruped", "default");
  for (char plant : q.plan.plants) EXPECT_EQ(plant, 0);
}

// The tick placement is the decision's placement raised by the tick's lift and carried by its travel;
// past the plan's end (and for a tick the plan has no entry for) it is the placement itself.
TEST(VaultPlan, TickPlacementIsLiftAndTravelInModelSpace) {
  const Planned p = plan_for("biped", "default");
  const int k = p.plan.ticks / 2;
  const glm::mat4 m = vault_tick_placement(p.plan, k);
  const glm::vec3 lifted = glm::vec3(m * glm::vec4(0.0f, 0.0f, 0.0f, 1.0f));
  const glm::vec3 expected = glm::vec3(p.plan.decision.place.model_to_world *
                                       glm::vec4(0.0f, p.plan.lift_m[k], p.plan.forward_m[k], 1.0f));
  EXPECT_NEAR(glm::length(lifted - expected), 0.0f, 1e-5f);
  EXPECT_EQ(vault_tick_placement(p.plan, p.plan.ticks + 5), p.plan.decision.place.model_to_world);
  const MotionClip& clip = chosen_clip(p.plan, p.motion);
  EXPECT_EQ(vault_tick_time_s(clip, 0), 0.0);
  EXPECT_EQ(vault_tick_time_s(clip, 30), 30 * kTick_s);
  EXPECT_EQ(vault_tick_time_s(clip, 100000), clip.duration_s);
  EXPECT_EQ(&chosen_clip(p.plan, p.motion), p.decision.mirrored ? &p.motion.mirrored : &p.motion.clip);
}

// The landing: beyond the fence, on the ground, facing the way the vault went.
TEST(VaultPlan, LandsBeyondTheFenceOnTheGround) {
  const Planned p = plan_for("hexapod", "fence_wall_right");
  ASSERT_GT(p.plan.ticks, 0);
  const Box& fence = p.level.fences[0];
  const float start_side = fence.to_local(p.level.spawn).z;
  EXPECT_LT(start_side * fence.to_local(p.plan.end_position_ws).z, 0.0f);
  EXPECT_LT(start_side * fence.to_local(p.plan.landed_ws).z, 0.0f);
  EXPECT_EQ(p.plan.end_position_ws.y, p.level.ground_y);
  EXPECT_NEAR(p.plan.landed_ws.y, p.level.ground_y, 0.01f);
  EXPECT_EQ(p.plan.landed_heading_rad, p.plan.decision.place.heading_rad);
}

// A refused decision plans nothing; a decision naming no fence of the level is an error.
TEST(VaultPlan, RefusedDecisionPlansNothingAndABadFenceIsAnError) {
  Planned p = plan_for("biped", "fence_walls_both");
  ASSERT_TRUE(p.decision.refused);
  EXPECT_EQ(p.plan.ticks, 0);
  EXPECT_TRUE(p.plan.lift_m.empty());
  EXPECT_EQ(p.plan.decision.reason, p.decision.reason);
  VaultDecision bad = plan_for("biped", "default").decision;
  bad.place.fence = 9;
  auto r = plan_vault(p.level, p.rig, p.motion, bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().field, "fence");
  bad.place.fence = -1;
  EXPECT_FALSE(plan_vault(p.level, p.rig, p.motion, bad).ok());
}

// A vault that would still touch something is never played: a wall put over the fence after the decision
// (the body cannot pass it) turns the plan into a refusal that names it.
TEST(VaultPlan, MotionTouchingAWallBecomesARefusal) {
  const Planned p = plan_for("biped", "default");
  ASSERT_GT(p.plan.ticks, 0);
  Level blocked = p.level;
  const Box& fence = blocked.fences[0];
  Wall over;
  over.box = Box{{fence.centre.x, fence.top_y() + 1.65f, fence.centre.z}, {1.2f, 1.2f, 0.6f}, 0.0f};
  blocked.walls.push_back(over);
  auto r = plan_vault(blocked, p.rig, p.motion, p.decision);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(r->decision.refused);
  EXPECT_EQ(r->ticks, 0);
  EXPECT_GT(r->max_penetration_m, 0.0f);
  EXPECT_EQ(r->deepest, HitKind::kWallBox);
  EXPECT_EQ(r->decision.reason, "the creature would touch a wall");
  VaultState s;
  start_vault(*r, &s);
  EXPECT_EQ(s.phase, VaultPhase::kRefused);
}

}  // namespace
}  // namespace cf
