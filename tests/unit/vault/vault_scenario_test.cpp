// Every shipped level x every shipped creature: the decision follows the rule (lref checked against
// an independent marched computation), refusal exactly when both sides are blocked, and every
// played vault lands beyond the fence on the ground with no penetration at all.
#include <map>

#include <gtest/gtest.h>

#include "vault_test_util.h"

namespace cf {
namespace {

using test::marched_room;

struct Outcome {
  bool mirrored = false, refused = false;
};

// Checks one scenario; returns what was decided.
Outcome check_scenario(const std::string& label, const Level& lv, const Rig& rig, const VaultMotion& vm,
                       const glm::vec3& from, float tol) {
  SCOPED_TRACE(label);
  VaultSettings st;
  st.tolerance_m = tol;
  auto d = decide_vault(lv, 0, vm, from, st);
  EXPECT_TRUE(d.ok());
  if (!d.ok()) return {};
  // Independent room on both sides, compared with the engine's lref.
  const float room_left = marched_room(lv, d->place, 1.0f), room_right = marched_room(lv, d->place, -1.0f);
  const bool lmax_left = vm.fit.lmax_dir.x > 0.0f;
  const float room = lmax_left ? room_left : room_right;
  const float other = lmax_left ? room_right : room_left;
  if (room < 3.0f) {
    EXPECT_NEAR(d->lref, room, 0.0025f);
  }
  else EXPECT_GE(d->lref, 2.99f);
  if (other < 3.0f) {
    EXPECT_NEAR(d->lref_other, other, 0.0025f);
  }
  EXPECT_FLOAT_EQ(d->delta, d->lref - d->lmax);
  EXPECT_FLOAT_EQ(d->lmax, vm.fit.lmax);

  // The rule, with the independent room. Within 3 mm of a threshold either answer is right.
  auto margin_ok = [&](float x) { return std::fabs(x - tol) > 0.003f; };
  const float delta = room - vm.fit.lmax;
  const float a_l = room_left - vm.fit.reach_left, a_r = room_right - vm.fit.reach_right;
  const float m_l = room_left - vm.fit_mirrored.reach_left, m_r = room_right - vm.fit_mirrored.reach_right;
  if (margin_ok(delta) && margin_ok(a_l) && margin_ok(a_r) && margin_ok(m_l) && margin_ok(m_r)) {
    const bool fits_a = a_l >= tol && a_r >= tol, fits_m = m_l >= tol && m_r >= tol;
    EXPECT_EQ(d->refused, !fits_a && !fits_m) << "room " << room_left << " / " << room_right;
    if (delta < tol) {
      EXPECT_TRUE(d->mirrored) << "delta " << delta;
    }
    if (delta >= tol && fits_a) {
      EXPECT_FALSE(d->mirrored) << "delta " << delta;
    }
    if (!d->refused) {
      EXPECT_TRUE(d->mirrored ? fits_m : fits_a);
    }
  }
  if (d->refused) {
    EXPECT_FALSE(d->reason.empty());
    return {d->mirrored, true};
  }

  // Play it as the game does.
  auto plan = plan_vault(lv, rig, vm, *d);
  EXPECT_TRUE(plan.ok());
  if (!plan.ok()) return {};
  EXPECT_FALSE(plan->decision.refused) << "the safety check refused: " << plan->decision.reason;
  VaultState s;
  start_vault(*plan, &s);
  EXPECT_EQ(s.phase, VaultPhase::kPlaying);
  CreaturePose pose;
  pose.resize(rig);
  int ticks = 0;
  while (step_vault(*plan, vm, rig, lv, &s, &pose)) ++ticks;
  EXPECT_EQ(ticks, plan->ticks - plan->entry_tick);  // from the entry: the wind-up before it is walked
  EXPECT_EQ(s.phase, VaultPhase::kLanded);
  EXPECT_EQ(s.max_penetration_m, 0.0f);
  // Landed on the far side of the fence, on the ground.
  const Box& f = lv.fences[0];
  const float start_side = f.to_local(from).z, end_side = f.to_local(s.landed_ws).z;
  EXPECT_LT(start_side * end_side, 0.0f);
  EXPECT_GT(std::fabs(end_side), f.half_extents.z);
  EXPECT_NEAR(s.landed_ws.y, lv.ground_y, 0.01f);
  return {d->mirrored, false};
}

class VaultScenario : public ::testing::Test {
 protected:
  static const VaultMotion& motion(const std::string& creature) {
    static std::map<std::string, std::pair<Rig, VaultMotion>> cache;
    auto it = cache.find(creature);
    if (it == cache.end()) {
      Rig rig = test::shipped_rig(creature);
      auto vm = prepare_vault(rig, test::vault_clip());
      EXPECT_TRUE(vm.ok()) << (vm.ok() ? "" : vm.error().to_string());
      it = cache.emplace(creature, std::make_pair(rig, vm.ok() ? *vm : VaultMotion{})).first;
    }
    return it->second.second;
  }
  static const Rig& rig(const std::string& creature) {
    motion(creature);
    static std::map<std::string, Rig> rigs;
    auto it = rigs.find(creature);
    if (it == rigs.end()) it = rigs.emplace(creature, test::shipped_rig(creature)).first;
    return it->second;
  }
};

TEST_F(VaultScenario, EveryShippedLevelAndCreature) {
  int played = 0, mirrored = 0, refused = 0;
  for (const std::string& ln : test::shipped_levels()) {
    Level lv = test::shipped_level(ln);
    for (const std::string& cn : test::shipped_creatures()) {
      Outcome o = check_scenario(ln + " x " + cn, lv, rig(cn), motion(cn), lv.spawn, 0.05f);
      played += o.refused ? 0 : 1;
      mirrored += o.mirrored && !o.refused ? 1 : 0;
      refused += o.refused ? 1 : 0;
    }
  }
  // The shipped levels exercise every outcome.
  EXPECT_GT(played, 0);
  EXPECT_GT(mirrored, 0);
  EXPECT_GT(refused, 0);
}

// The levels do what their names say for the default creature (the biped).
TEST_F(VaultScenario, BipedOutcomesPerLevel) {
  auto run = [&](const std::string& ln) {
    Level lv = test::shipped_level(ln);
    return check_scenario(ln, lv, rig("biped"), motion("biped"), lv.spawn, 0.05f);
  };
  Outcome o = run("default");
  EXPECT_TRUE(o.mirrored);
  EXPECT_FALSE(o.refused);
  o = run("fence_wall_left");
  EXPECT_TRUE(o.mirrored);
  EXPECT_FALSE(o.refused);
  o = run("fence_wall_right");
  EXPECT_FALSE(o.mirrored);
  EXPECT_FALSE(o.refused);
  EXPECT_TRUE(run("fence_walls_both").refused);
  o = run("open_ground");
  EXPECT_FALSE(o.mirrored);
  EXPECT_FALSE(o.refused);
  o = run("wall_pipes_virtual_plane");
  EXPECT_FALSE(o.refused);
  o = run("fence_region");  // the movable region ends close on the left: mirrored to stay inside
  EXPECT_TRUE(o.mirrored);
  EXPECT_FALSE(o.refused);
}

// The tolerance is a setting: a huge one refuses everything, zero mirrors only on real contact.
TEST_F(VaultScenario, ToleranceSetting) {
  Level lv = test::shipped_level("default");
  EXPECT_TRUE(check_scenario("tol 5", lv, rig("biped"), motion("biped"), lv.spawn, 5.0f).refused);
  Level open = test::shipped_level("open_ground");
  Outcome o = check_scenario("tol 0", open, rig("biped"), motion("biped"), open.spawn, 0.0f);
  EXPECT_FALSE(o.mirrored);
  EXPECT_FALSE(o.refused);
}

// Approaching from the other side of the fence turns the creature around: the wall that was on its
// left is now on its right, so the default level's vault is no longer mirrored.
TEST_F(VaultScenario, ApproachFromTheFarSide) {
  Level lv = test::shipped_level("default");
  const glm::vec3 from(0.0f, 0.0f, 6.0f);
  Outcome o = check_scenario("far side", lv, rig("biped"), motion("biped"), from, 0.05f);
  EXPECT_FALSE(o.mirrored);
  EXPECT_FALSE(o.refused);
}

}  // namespace
}  // namespace cf
