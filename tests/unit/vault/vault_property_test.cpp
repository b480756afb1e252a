// Seeded property test: random creatures, random fence heights and wall distances and sides.
// The decision agrees with the rule (room computed analytically here: the walls are axis-aligned
// and run along the whole path) and no played vault ever puts flesh into a wall or the fence.
#include <gtest/gtest.h>

#include "vault_test_util.h"

namespace cf {
namespace {

constexpr float kNoWall = 1000.0f;

Level random_level(Rng& rng, float* room_left, float* room_right) {
  auto u = [&](double lo, double hi) { return static_cast<float>(rng.uniform(lo, hi)); };
  Level lv;
  lv.name = "random";
  const float h = u(0.2, 0.45), t = u(0.02, 0.08);
  lv.fences.push_back(Box{{0.0f, h, 3.0f}, {3.0f, h, t}, 0.0f});
  const int sides = rng.range(0, 3);  // 0 none, 1 left, 2 right, 3 both
  *room_left = *room_right = kNoWall;
  auto wall = [&](float side, float d) {
    Wall w;
    w.box = Box{{side * (d + 0.2f), 1.5f, 3.0f}, {0.2f, 1.5f, 6.0f}, 0.0f};
    lv.walls.push_back(w);
  };
  if (sides & 1) wall(1.0f, *room_left = u(0.2, 1.6));
  if (sides & 2) wall(-1.0f, *room_right = u(0.2, 1.6));
  return lv;
}

TEST(VaultProperty, RandomCreaturesAndWalls) {
  Rng rng = Rng::from_seed(2026);
  const float tol = 0.05f;
  int played = 0, mirrored = 0, refused = 0;
  for (int i = 0; i < 30; ++i) {
    SCOPED_TRACE("case " + std::to_string(i));
    Creature c = test::random_creature(rng);
    float room_left = 0, room_right = 0;
    Level lv = random_level(rng, &room_left, &room_right);
    Rig rig = test::rig_of(c);
    auto vm = prepare_vault(rig, test::vault_clip());
    ASSERT_TRUE(vm.ok()) << vm.error().to_string();
    auto d = decide_vault(lv, 0, *vm, glm::vec3(0.0f));
    ASSERT_TRUE(d.ok());
    ASSERT_NEAR(d->place.model_to_world[3].x + d->place.ref_x_ms, 0.0f, 1e-5f);  // reference line at x = 0
    const bool left = vm->fit.lmax_dir.x > 0.0f;
    const float room = left ? room_left : room_right;
    EXPECT_NEAR(d->lref, room, 1e-4f);
    const float delta = room - vm->fit.lmax;
    const bool fits_a = room_left - vm->fit.reach_left >= tol && room_right - vm->fit.reach_right >= tol;
    const bool fits_m = room_left - vm->fit_mirrored.reach_left >= tol && room_right - vm->fit_mirrored.reach_right >= tol;
    if (delta < tol) {
      EXPECT_TRUE(d->mirrored);
    }
    if (delta >= tol && fits_a) {
      EXPECT_FALSE(d->mirrored);
    }
    EXPECT_EQ(d->refused, !fits_a && !fits_m);
    if (d->refused) {
      ++refused;
      continue;
    }
    auto plan = plan_vault(lv, rig, *vm, *d);
    ASSERT_TRUE(plan.ok());
    EXPECT_FALSE(plan->decision.refused) << plan->decision.reason;
    EXPECT_EQ(plan->max_penetration_m, 0.0f);
    VaultState s;
    start_vault(*plan, &s);
    CreaturePose pose;
    pose.resize(rig);
    while (step_vault(*plan, *vm, rig, lv, &s, &pose)) {
    }
    EXPECT_EQ(s.phase, VaultPhase::kLanded);
    EXPECT_EQ(s.max_penetration_m, 0.0f);
    EXPECT_GT(s.landed_ws.z, 3.0f + lv.fences[0].half_extents.z);
    EXPECT_NEAR(s.landed_ws.y, 0.0f, 0.01f);
    ++played;
    mirrored += d->mirrored ? 1 : 0;
  }
  EXPECT_GT(played, 5);
  EXPECT_GT(mirrored, 0);
  EXPECT_GT(refused, 0);
}

}  // namespace
}  // namespace cf
