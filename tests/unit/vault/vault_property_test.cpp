// Seeded property test: random creatures, random fence heights and wall distances and sides.
// The decision agrees with the rule (room computed analytically here: the walls are axis-aligned
// and run along the whole path) and no played vault ever puts flesh into a wall or the fence.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

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
  int played = 0, mirrored = 0, refused = 0, moved_over = 0;
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
    // Where the vault starts across the path: where the creature stands (x = 0), or moved over toward
    // the roomier side when neither clip fits there but the walls are far enough apart (the fence is
    // long enough for any move here).
    auto fits = [&](const VaultFit& f, float l, float r) { return l - f.reach_left >= tol && r - f.reach_right >= tol; };
    const float shift = d->place.model_to_world[3].x + d->place.ref_x_ms;
    const bool fits_here = fits(vm->fit, room_left, room_right) || fits(vm->fit_mirrored, room_left, room_right);
    if (fits_here) {
      ASSERT_NEAR(shift, 0.0f, 1e-5f);
    } else if (std::fabs(shift) > 1e-5f) {
      ++moved_over;
    }
    if (room_left < kNoWall) room_left -= shift;  // the creature's left is +X; no wall: as far as a ray looks
    if (room_right < kNoWall) room_right += shift;
    const bool left = vm->fit.lmax_dir.x > 0.0f;
    const float room = left ? room_left : room_right;
    EXPECT_NEAR(d->lref, room, 1e-4f) << "moved over " << shift << " m; rooms " << d->room_left << " " << d->room_right
                                      << " here " << room_left << " " << room_right;
    const float delta = room - vm->fit.lmax;
    const bool fits_a = fits(vm->fit, room_left, room_right);
    const bool fits_m = fits(vm->fit_mirrored, room_left, room_right);
    if (delta < tol) {
      EXPECT_TRUE(d->mirrored);
    }
    if (delta >= tol && fits_a) {
      EXPECT_FALSE(d->mirrored);
    }
    EXPECT_EQ(d->refused, !fits_a && !fits_m);
    // Refused only when no start across the path fits: the walls closer than either clip needs.
    const float apart = room_left + room_right;
    if (d->refused) {
      EXPECT_LT(apart, std::max(vm->fit.reach_left + vm->fit.reach_right, vm->fit_mirrored.reach_left + vm->fit_mirrored.reach_right) +
                           2.0f * tol + 0.011f);
    }
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
  std::printf("[vault property] %d played (%d mirrored, %d started further over), %d refused\n", played, mirrored,
              moved_over, refused);
}

}  // namespace
}  // namespace cf
