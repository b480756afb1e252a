// The capsule depths' early outs on the capsules a vault plan really asks about: every bone of every
// planned tick (and the same ticks a few millimetres lower and higher, where flesh grazes the fence),
// for every shipped creature on every shipped level, against the whole search (the reference).
#include <cstring>
#include <limits>

#include <gtest/gtest.h>

#include "../world/penetration_reference.h"
#include "vault/vault_contacts.h"
#include "vault/vault_pose.h"
#include "vault_test_util.h"

namespace cf {
namespace {

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(PenetrationShipped, PlannedVaultCapsulesMatchTheWholeSearch) {
  constexpr float kInf = std::numeric_limits<float>::infinity(), kAny = std::numeric_limits<float>::min();
  int compared = 0, touching = 0, plans = 0;
  for (const std::string& creature : test::shipped_creatures()) {
    const Rig rig = test::shipped_rig(creature);
    auto vm = prepare_vault(rig, test::vault_clip());
    if (!vm.ok()) continue;
    for (const std::string& level_name : test::shipped_levels()) {
      const Level lv = test::shipped_level(level_name);
      if (lv.fences.empty()) continue;
      auto d = decide_vault(lv, 0, *vm, lv.spawn);
      if (!d.ok() || d->refused) continue;
      auto plan = plan_vault(lv, rig, *vm, *d);
      ASSERT_TRUE(plan.ok());
      if (plan->ticks == 0) continue;
      ++plans;
      CreaturePose pose;
      pose.resize(rig);
      VaultPlan shifted = *plan;
      for (float dy : {0.0f, -0.004f, -0.001f, 0.001f}) {
        for (std::size_t k = 0; k < shifted.lift_m.size(); ++k) shifted.lift_m[k] = plan->lift_m[k] + dy;
        for (int k = 0; k < shifted.ticks; ++k) {
          ASSERT_TRUE(pose_vault_tick(shifted, *vm, rig, lv, k, &pose));
          for (int b = 0; b < rig.skeleton.size(); ++b) {
            for (float gap : {0.0f, kContactGap_m}) {
              const Capsule c{pose.head_ws[b], pose.tail_ws[b], rig.skeleton.radius[b] + gap};
              auto check_box = [&](const Box& box) {
                const float whole = ref::ref_box(c, box, kInf);
                ASSERT_TRUE(same_bits(penetration_capsule_box(c, box), whole)) << creature << " " << level_name;
                ASSERT_EQ(penetration_capsule_box(c, box, kAny) > 0.0f, whole > 0.0f) << creature << " " << level_name;
                ++compared;
                touching += whole > 0.0f ? 1 : 0;
              };
              for (const Box& f : lv.fences) check_box(f);
              for (const Wall& w : lv.walls) {
                check_box(w.box);
                for (const Pipe& p : w.pipes) {
                  const float whole = ref::ref_pipe(c, p, kInf);
                  ASSERT_TRUE(same_bits(penetration_capsule_pipe(c, p), whole)) << creature << " " << level_name;
                  ASSERT_EQ(penetration_capsule_pipe(c, p, kAny) > 0.0f, whole > 0.0f) << creature << " " << level_name;
                  ++compared;
                }
              }
            }
          }
          ASSERT_EQ(pose_touches(lv, rig, pose), pose_penetration(lv, rig, pose).depth > 0.0f)
              << creature << " " << level_name << " tick " << k;
        }
      }
    }
  }
  EXPECT_GE(plans, 20);
  EXPECT_GT(touching, 100);  // the lowered ticks put flesh into the fence
  EXPECT_GT(compared, 100000);
}

}  // namespace
}  // namespace cf
