// vault_pose, the legs' shape: every shipped creature's played vault on every shipped level, sampled
// each tick and measured here from the posed bones (hip, ankle, fence box). A foot passing over the
// fence is above its top on a bent knee; the body is never a ball with every leg straight in the air.
// A leg long for the fence (its standing hip at least half its length above the top) vaults as a
// long-legged animal's: its foot hangs under the body over the fence (not curled up level with the
// hip, a human's tuck scaled up) and no such leg spans the fence's face straight.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "vault/vault_contacts.h"
#include "vault_test_util.h"

namespace cf {
namespace {

constexpr float kFoldedReach = 0.9f;   // hip-ankle distance over thigh + shin: under this the knee is bent
constexpr float kOffGround_m = 0.05f;  // a foot's lowest flesh this far above the ground is in the air
constexpr float kLongForFence = 0.5f;  // standing hip above the fence top, over the leg's length
constexpr float kLeastHang = 0.25f;    // a long leg's ankle over the fence at least this far under its hip

struct LegShape {
  int played = 0;               // vaults played
  int over_ticks = 0;           // leg-ticks with the foot in the air over the fence
  float worst_reach = 0.0f;     // largest hip-ankle / (l1 + l2) over those
  float lowest_clearance = 1e9f;  // lowest foot flesh above the fence top over those, metres
  int long_over_ticks = 0;      // the same for legs long for the fence
  float least_hang = 1e9f;      // smallest (hip y - ankle y) / (l1 + l2) over those
  float worst_long_span = 0.0f;  // largest reach of a long leg in the air spanning the fence's band
  int straight_ball_ticks = 0;  // ticks with every foot in the air and every leg straight
  float max_penetration_m = 0.0f;
  std::string worst_at;
};

// Plays one vault and measures its legs.
void measure(const std::string& label, const Level& lv, const Rig& rig, const VaultMotion& vm, LegShape* out) {
  auto d = decide_vault(lv, 0, vm, lv.spawn);
  ASSERT_TRUE(d.ok()) << label;
  if (d->refused) return;
  auto plan = plan_vault(lv, rig, vm, *d);
  ASSERT_TRUE(plan.ok()) << label;
  ASSERT_GT(plan->ticks, 0) << label << ": " << plan->decision.reason;
  ++out->played;
  const Box& fence = lv.fences[0];
  VaultState s;
  start_vault(*plan, &s);
  CreaturePose pose;
  pose.resize(rig);
  for (int k = 0; s.phase == VaultPhase::kPlaying; ++k) {
    ASSERT_TRUE(step_vault(*plan, vm, rig, lv, &s, &pose));
    int legs = 0, airborne = 0, straight = 0;
    for (const LimbChain& leg : rig.limbs) {
      if (leg.tag != PartTag::kLeg) continue;
      ++legs;
      const glm::vec3 hip = pose.head_ws[leg.bones[0]];
      const glm::vec3 ankle = pose.head_ws[leg.bones[2]];
      const float radius = limb_radius(rig, leg);
      const float foot_low = std::min(ankle.y, pose.tail_ws[leg.bones[2]].y) - radius;
      const float reach = glm::length(ankle - hip) / (leg.l1 + leg.l2);
      const bool in_air = foot_low > lv.ground_y + kOffGround_m;
      airborne += in_air ? 1 : 0;
      straight += reach >= kFoldedReach ? 1 : 0;
      // Over the fence: the ankle within the fence's thickness and length (with the leg's flesh);
      // spanning it: the hip->ankle span, seen from the fence's side, meets that band.
      const glm::vec3 h = fence.to_local(hip), a = fence.to_local(ankle);
      const float band = fence.half_extents.z + radius;
      const bool along = std::fabs(a.x) <= fence.half_extents.x + radius;
      const bool over = along && std::fabs(a.z) <= band;
      const bool spans = along && std::min(h.z, a.z) <= band && std::max(h.z, a.z) >= -band;
      const float length = leg.l1 + leg.l2;
      const bool long_leg = leg.nodes[0].y - (fence.top_y() - lv.ground_y) >= kLongForFence * length;
      if (!in_air) continue;
      if (long_leg && spans) out->worst_long_span = std::max(out->worst_long_span, reach);
      if (!over) continue;
      ++out->over_ticks;
      if (reach > out->worst_reach) {
        out->worst_reach = reach;
        out->worst_at = label + " tick " + std::to_string(k);
      }
      out->lowest_clearance = std::min(out->lowest_clearance, foot_low - fence.top_y());
      if (!long_leg) continue;
      ++out->long_over_ticks;
      out->least_hang = std::min(out->least_hang, (hip.y - ankle.y) / length);
    }
    if (legs > 0 && airborne == legs && straight == legs) ++out->straight_ball_ticks;
  }
  out->max_penetration_m = std::max(out->max_penetration_m, s.max_penetration_m);
}

TEST(VaultLegShape, LegsFoldOverTheFenceForEveryShippedCreature) {
  for (const std::string& cn : test::shipped_creatures()) {
    SCOPED_TRACE(cn);
    const Rig rig = test::shipped_rig(cn);
    auto vm = prepare_vault(rig, test::vault_clip());
    ASSERT_TRUE(vm.ok()) << vm.error().to_string();
    LegShape shape;
    for (const std::string& ln : test::shipped_levels()) measure(ln, test::shipped_level(ln), rig, *vm, &shape);
    std::printf("%-16s vaults %d  foot-over-fence leg-ticks %3d  worst reach %.3f (%s)  lowest foot over top "
                "%.3f m  straight-ball ticks %d  long leg: over %3d, least hang %.3f, worst spanning reach %.3f\n",
                cn.c_str(), shape.played, shape.over_ticks, shape.worst_reach, shape.worst_at.c_str(),
                shape.lowest_clearance, shape.straight_ball_ticks, shape.long_over_ticks,
                shape.long_over_ticks > 0 ? shape.least_hang : 0.0f, shape.worst_long_span);
    EXPECT_GT(shape.played, 0);
    EXPECT_GT(shape.over_ticks, 0) << "no foot was measured passing over the fence";
    EXPECT_LT(shape.worst_reach, kFoldedReach) << "a leg passes over the fence straight, at " << shape.worst_at;
    EXPECT_GT(shape.lowest_clearance, 0.0f) << "a foot passes the fence no higher than its top";
    if (shape.long_over_ticks > 0) {
      EXPECT_GE(shape.least_hang, kLeastHang) << "a long leg's foot curls up level with its hip over the fence";
    }
    EXPECT_LT(shape.worst_long_span, kFoldedReach) << "a long leg spans the fence's face straight";
    EXPECT_EQ(shape.straight_ball_ticks, 0) << "every leg straight in the air at once";
    EXPECT_EQ(shape.max_penetration_m, 0.0f);
  }
}

// The rules above bite: the strider is long-legged for the shipped fences.
TEST(VaultLegShape, TheStriderIsLongLeggedForTheShippedFence) {
  const Rig rig = test::shipped_rig("strider");
  const Level lv = test::shipped_level("open_ground");
  ASSERT_FALSE(lv.fences.empty());
  int long_legs = 0;
  for (const LimbChain& leg : rig.limbs)
    if (leg.tag == PartTag::kLeg &&
        leg.nodes[0].y - (lv.fences[0].top_y() - lv.ground_y) >= kLongForFence * (leg.l1 + leg.l2))
      ++long_legs;
  EXPECT_EQ(long_legs, 2);
}

}  // namespace
}  // namespace cf
