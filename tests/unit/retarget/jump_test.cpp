// The jump fitted to shipped and seeded random rigs: height and length from leg length, a ballistic
// flight, feet planted still on the ground before take-off and after landing, clear of it in the
// air, no body flesh under the ground, no knee bent backwards, finite poses; a legless rig hops.
#include "retarget/jump.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <gtest/gtest.h>

#include "retarget/walk_report.h"
#include "test_creatures.h"

namespace cf {
namespace {

using test::walk_clip;

const MotionClip& jump_clip() { return test::shipped_clip("jump"); }

struct JumpStats {
  bool finite = true;
  float min_body_flesh_m = 1e9f;   // lowest body (not limb) flesh above the ground
  float min_air_foot_m = 1e9f;     // lowest foot above the ground at the top of the flight
  float max_skate_m = 0.0f;        // per leg, relative to its length
  float max_penetration_m = 0.0f;  // leg flesh below the ground, relative to leg length
  int unreached_ticks = 0;         // planted legs that did not reach their target
  int backward_knees = 0;          // leg-ticks with the knee on the far side from its pole
  float max_root_step_m = 0.0f;    // the cog's largest move in one tick
  float flight_rise_m = 0.0f;      // cog's highest point over its start
  int knee_snaps = 0;              // a knee moving in a tick more than 1.5x its neighbouring ticks + 5 mm
};

JumpStats measure(const Rig& rig, const JumpMotion& jm, float distance) {
  JumpStats s;
  CreaturePose pose;
  pose.resize(rig);
  WalkMeter meter;
  meter.begin(rig, jm.setup);
  const Skeleton& sk = rig.skeleton;
  glm::vec3 last_cog(0.0f), first_cog(0.0f);
  std::vector<std::vector<glm::vec3>> knees(rig.limbs.size());  // model space: beside the travelling root
  int first_air = -1, last_air = -1;  // the top of the flight: halfway through the ticks in the air
  for (int k = 0; k < jm.ticks; ++k) {
    if (!jump_airborne(jm, k)) continue;
    if (first_air < 0) first_air = k;
    last_air = k;
  }
  const int top = (first_air + last_air) / 2;
  for (int k = 0; k < jm.ticks; ++k) {
    EXPECT_TRUE(pose_jump(jm, rig, glm::vec3(0.0f), 0.3f, distance, k, &pose));
    meter.add(rig, pose);
    for (int b = 0; b < sk.size(); ++b) {
      const auto i = static_cast<std::size_t>(b);
      s.finite = s.finite && std::isfinite(pose.head_ws[i].x + pose.head_ws[i].y + pose.head_ws[i].z +
                                           pose.tail_ws[i].x + pose.tail_ws[i].y + pose.tail_ws[i].z);
      if (pose.bone_limb[i] < 0)
        s.min_body_flesh_m = std::min(s.min_body_flesh_m, std::min(pose.head_ws[i].y, pose.tail_ws[i].y) - sk.radius[i]);
    }
    if (k == 0) first_cog = pose.cog_ws;
    if (k > 0) s.max_root_step_m = std::max(s.max_root_step_m, glm::length(pose.cog_ws - last_cog));
    last_cog = pose.cog_ws;
    s.flight_rise_m = std::max(s.flight_rise_m, pose.cog_ws.y - first_cog.y);
    for (std::size_t l = 0; l < rig.limbs.size(); ++l) {
      const LimbChain& limb = rig.limbs[l];
      if (limb.tag != PartTag::kLeg) continue;
      const LimbPose& lp = pose.limbs[l];
      const glm::vec3 c = pose.tail_ws[static_cast<std::size_t>(limb.bones[1])];
      if (test::knee_bent_backwards(rig, pose, l)) ++s.backward_knees;
      knees[l].push_back(pose.tail_ms[static_cast<std::size_t>(limb.bones[0])]);
      if (lp.contact && !lp.reached) ++s.unreached_ticks;
      if (k == top) s.min_air_foot_m = std::min(s.min_air_foot_m, (c.y - rig.sole_height) / (limb.l1 + limb.l2));
    }
  }
  for (const auto& k : knees)
    for (std::size_t t = 2; t + 1 < k.size(); ++t) {
      const float before = glm::length(k[t - 1] - k[t - 2]), now = glm::length(k[t] - k[t - 1]),
                  after = glm::length(k[t + 1] - k[t]);
      if (now > 1.5f * std::max(before, after) + 0.005f) ++s.knee_snaps;
    }
  for (const LegWalkStats& l : meter.report.legs) {
    s.max_skate_m = std::max(s.max_skate_m, l.max_skate_m / l.length_m);
    s.max_penetration_m = std::max(s.max_penetration_m, l.max_penetration_m / l.length_m);
  }
  return s;
}

// The acceptance bounds of a jump; returns the number of failed checks (0: acceptable).
int check(const JumpStats& s, const std::string& what) {
  int failed = 0;
  auto expect = [&](bool ok, const char* name, float v) {
    if (ok) return;
    ++failed;
    ADD_FAILURE() << what << ": " << name << " " << v;
  };
  expect(s.finite, "finite", 0.0f);
  expect(s.min_body_flesh_m >= -0.005f, "body flesh under the ground (m)", s.min_body_flesh_m);
  expect(s.max_skate_m <= 0.02f, "planted foot skate (share of leg)", s.max_skate_m);
  expect(s.max_penetration_m <= 0.005f, "leg flesh under the ground (share of leg)", s.max_penetration_m);
  expect(s.backward_knees == 0, "knee-ticks bent backwards", static_cast<float>(s.backward_knees));
  expect(s.min_air_foot_m > 0.02f, "lowest foot in the air (share of leg)", s.min_air_foot_m);
  expect(s.flight_rise_m > 0.0f, "flight rise (m)", s.flight_rise_m);
  expect(s.knee_snaps == 0, "knee snaps (a straightening leg's knee swinging across in a tick)",
         static_cast<float>(s.knee_snaps));
  return failed;
}

Result<JumpMotion> fit(const Rig& rig) {
  auto walk = build_retarget_setup(rig, walk_clip());
  if (!walk) return walk.error();
  return prepare_jump(rig, jump_clip(), &*walk);
}

TEST(Jump, ShippedCreaturesJumpInPlaceAndForward) {
  for (const std::string& name : test::shipped_creatures()) {
    Rig rig = test::load_rig(name);
    auto jm = fit(rig);
    ASSERT_TRUE(jm.ok()) << name << ": " << jm.error().to_string();
    EXPECT_FALSE(jm->legless);
    const JumpStats still = measure(rig, *jm, 0.0f);
    const JumpStats forward = measure(rig, *jm, jm->forward_m);
    EXPECT_EQ(check(still, name + " in place") + check(forward, name + " forward"), 0);
    EXPECT_EQ(still.unreached_ticks, 0) << name;
    std::printf("%-16s %d ticks  rise %.3f m  length %.2f m  weight %.2f  lowest body flesh %.3f m\n", name.c_str(),
                jm->ticks, jm->height_m, jm->forward_m, jm->weight, forward.min_body_flesh_m);
  }
}

TEST(Jump, HeightAndLengthComeFromLegLengthAndTheFlightStaysBallistic) {
  auto c = load_creature(test::asset("creatures/biped.json"));
  ASSERT_TRUE(c.ok());
  float height[3], length[3], flight_s[3];
  const float sizes[3] = {0.5f, 1.0f, 2.0f};
  for (int k = 0; k < 3; ++k) {
    auto rig = build_rig(test::scaled(*c, sizes[k]));
    ASSERT_TRUE(rig.ok());
    auto jm = fit(*rig);
    ASSERT_TRUE(jm.ok());
    ASSERT_EQ(jm->weight, 1.0f);
    height[k] = jm->height_m;
    length[k] = jm->forward_m;
    flight_s[k] = static_cast<float>((jm->touchdown_s - jm->takeoff_s) * jm->time_scale);
    // h = g t^2 / 8 for a ballistic flight of t seconds (the waist leaves and lands at the same height).
    const float ballistic = 9.81f * flight_s[k] * flight_s[k] / 8.0f;
    EXPECT_NEAR(height[k], ballistic, 0.1f * ballistic) << sizes[k];
  }
  EXPECT_NEAR(height[0] / height[1], 0.5f, 0.02f);
  EXPECT_NEAR(height[2] / height[1], 2.0f, 0.05f);
  EXPECT_NEAR(length[2] / length[1], 2.0f, 0.05f);
  EXPECT_NEAR(flight_s[2] / flight_s[1], std::sqrt(2.0f), 0.02f);
}

TEST(Jump, TravelHappensInTheFlightOnly) {
  Rig rig = test::load_rig("quadruped");
  auto jm = fit(rig);
  ASSERT_TRUE(jm.ok());
  float prev = 0.0f;
  int airborne = 0;
  for (int k = 0; k <= jm->ticks; ++k) {
    const float u = jump_travel(*jm, k);
    EXPECT_GE(u, prev);
    if (!jump_airborne(*jm, k)) {
      EXPECT_TRUE(u == 0.0f || u == 1.0f) << k;
    }
    airborne += jump_airborne(*jm, k) ? 1 : 0;
    prev = u;
  }
  EXPECT_EQ(jump_travel(*jm, jm->ticks), 1.0f);
  EXPECT_GT(airborne, 10);
}

TEST(Jump, ALeglessRigHopsAndBadInputIsRefused) {
  auto jm = prepare_jump(Rig{}, jump_clip(), nullptr);
  ASSERT_TRUE(jm.ok());
  EXPECT_TRUE(jm->legless);
  EXPECT_GT(jm->ticks, 0);
  float top = 0.0f;
  for (int k = 0; k < jm->ticks; ++k) top = std::max(top, hop_lift(*jm, k));
  EXPECT_NEAR(top, jm->height_m, 0.01f);
  EXPECT_EQ(hop_lift(*jm, 0), 0.0f);
  EXPECT_EQ(hop_lift(*jm, jm->ticks), 0.0f);
  Rig rig = test::load_rig("biped");
  auto fitted = fit(rig);
  ASSERT_TRUE(fitted.ok());
  CreaturePose pose;
  pose.resize(rig);
  EXPECT_FALSE(pose_jump(*fitted, rig, glm::vec3(0.0f), std::nanf(""), 0.0f, 3, &pose));
  EXPECT_FALSE(pose_jump(*fitted, rig, glm::vec3(0.0f), 0.0f, 0.0f, 3, nullptr));
  // A clip that never leaves the ground cannot be a jump.
  auto stand = load_motion(test::asset("motions/stand.json"));
  ASSERT_TRUE(stand.ok());
  auto walk = build_retarget_setup(rig, walk_clip());
  ASSERT_TRUE(walk.ok());
  auto refused = prepare_jump(rig, *stand, &*walk);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("never leaves the ground"), std::string::npos);
}

TEST(Jump, ARunningJumpCrouchesInItsStrideWithoutSkating) {
  for (const std::string& name : test::shipped_creatures()) {
    Rig rig = test::load_rig(name);
    auto walk = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(walk.ok());
    auto jm = prepare_jump(rig, jump_clip(), &*walk);
    ASSERT_TRUE(jm.ok());
    WalkerState w = make_walker(*walk, rig, glm::vec3(0.0f), 0.0f);
    WalkCommand cmd;
    cmd.speed_mps = natural_speed(*walk);
    for (int t = 0; t < 50; ++t) step_walker(&w, cmd, *walk, rig, 1.0f / 60.0f);
    CreaturePose pose;
    pose.resize(rig);
    int planted = 0;
    for (int k = 0; k < jm->ticks && !jump_airborne(*jm, k); ++k) {
      ASSERT_TRUE(pose_jump(*jm, rig, w.position_ws, w.heading_rad, jm->forward_m, k, &pose, &w));
      int leg = 0;
      for (std::size_t l = 0; l < rig.limbs.size(); ++l) {
        if (rig.limbs[l].tag != PartTag::kLeg) continue;
        const FootState& f = w.feet[static_cast<std::size_t>(leg++)];
        if (!f.planted) continue;
        const glm::vec3 c = pose.tail_ws[static_cast<std::size_t>(rig.limbs[l].bones[1])];
        EXPECT_LT(glm::length(glm::vec2(c.x - f.plant_ws.x, c.z - f.plant_ws.z)), 1e-3f) << name << " tick " << k;
        EXPECT_TRUE(pose.limbs[l].contact);
        ++planted;
      }
    }
    EXPECT_GT(planted, 0) << name;
  }
}

// The grid: seeded random creatures (1-8 legs, long, short, tall, low, with and without a head) x
// the jump in place and forward; every failure is a defect. Prints the pass count.
TEST(Jump, RandomCreatureGrid) {
  Rng rng = Rng::from_seed(2727);
  int cases = 0, passed = 0;
  for (int i = 0; i < 320; ++i) {
    const int legs = 1 + i % 8;
    Creature c = test::random_creature(rng, legs);
    auto rig = build_rig(c);
    ASSERT_TRUE(rig.ok()) << i;
    auto jm = fit(*rig);
    ASSERT_TRUE(jm.ok()) << i << ": " << jm.error().to_string();
    for (float d : {0.0f, jm->forward_m}) {
      ++cases;
      const std::string what = "creature " + std::to_string(i) + " (" + std::to_string(legs) + " legs) " +
                               (d > 0.0f ? "forward" : "in place");
      if (check(measure(*rig, *jm, d), what) == 0) ++passed;
    }
  }
  std::printf("jump grid: %d / %d random creature x jump cases acceptable\n", passed, cases);
  EXPECT_EQ(passed, cases);
}

}  // namespace
}  // namespace cf
