// Quality checks of the hand-keyed clips in assets/motions: reachable limbs, feet on or above the ground,
// the vault's hand on the fence top and its body and legs clearing the fence.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "motion/motion_clip.h"

namespace cf {
namespace {

MotionClip load(const std::string& name) {
  auto c = load_motion(std::string(CF_ASSETS_DIR) + "/motions/" + name);
  EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().to_string());
  return c.ok() ? *c : MotionClip{};
}

float reach(const MotionClip& c, MotionPart p) {
  switch (p) {
    case MotionPart::kLeftLeg: return c.body.legs[0].reach();
    case MotionPart::kRightLeg: return c.body.legs[1].reach();
    case MotionPart::kLeftArm: return c.body.arms[0].reach();
    case MotionPart::kRightArm: return c.body.arms[1].reach();
    default: return 0.0f;
  }
}

TEST(ShippedMotions, LimbsStayWithinReachAndFeetAboveGround) {
  for (const char* name : {"walk.json", "stand.json", "vault.json"}) {
    MotionClip c = load(name);
    MotionPose pose;
    for (MotionPart p : {MotionPart::kLeftArm, MotionPart::kRightArm, MotionPart::kLeftLeg, MotionPart::kRightLeg}) {
      float most = 0.0f, least = 10.0f;
      double t_most = 0.0;
      for (int i = 0; i <= 700; ++i) {
        const double t = c.duration_s * i / 700.0;
        sample_clip(c, t, &pose);
        const float d = glm::length(pose[p].control - pose[p].reference) / reach(c, p);
        if (d > most) t_most = t;
        most = std::max(most, d);
        least = std::min(least, d);
      }
      EXPECT_LE(most, 1.0f) << name << " " << to_string(p) << " over-stretched at t=" << t_most;
      EXPECT_GE(least, 0.3f) << name << " " << to_string(p);
    }
    for (int i = 0; i <= 700; ++i) {
      const double t = c.duration_s * i / 700.0;
      sample_clip(c, t, &pose);
      ASSERT_GE(pose[MotionPart::kLeftLeg].control.y, 0.0f) << name << " t=" << t;
      ASSERT_GE(pose[MotionPart::kRightLeg].control.y, 0.0f) << name << " t=" << t;
      for (int leg = 0; leg < 2; ++leg) {
        if (pose.contact[leg] == 1.0f) {
          ASSERT_EQ(pose[leg == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg].control.y, 0.0f) << name;
        }
      }
    }
  }
}

TEST(ShippedMotions, WalkSwingsArmsOppositeTheLegsAndBobs) {
  MotionClip c = load("walk.json");
  MotionPose pose;
  float y_min = 10.0f, y_max = -10.0f;
  for (int i = 0; i < 100; ++i) {
    sample_clip(c, c.duration_s * i / 100.0, &pose);
    y_min = std::min(y_min, pose[MotionPart::kWaist].reference.y);
    y_max = std::max(y_max, pose[MotionPart::kWaist].reference.y);
  }
  EXPECT_GT(y_max - y_min, 0.02f);
  EXPECT_LT(y_max - y_min, 0.08f);
  sample_clip(c, 0.0, &pose);  // left heel strike: left foot ahead, left hand behind
  EXPECT_GT(pose[MotionPart::kLeftLeg].control.z, pose[MotionPart::kRightLeg].control.z);
  EXPECT_LT(pose[MotionPart::kLeftArm].control.z, pose[MotionPart::kRightArm].control.z);
  EXPECT_GT(pose[MotionPart::kLeftLeg].pole.z, 0.5f);   // knees forward
  EXPECT_LT(pose[MotionPart::kLeftArm].pole.z, -0.5f);  // elbows back
  EXPECT_GT(c.cycle_offset_ms.z, 0.8f);
}

TEST(ShippedMotions, VaultPlantsTheRightHandOnTheFenceAndClearsIt) {
  MotionClip c = load("vault.json");
  ASSERT_TRUE(c.obstacle.present);
  const ClipObstacle& f = c.obstacle;
  EXPECT_NEAR(f.height, 0.9f * c.body.hip_height, 0.05f);
  EXPECT_GE(c.duration_s, 1.2);
  EXPECT_LE(c.duration_s, 1.6);
  MotionPose pose;
  int planted = 0;
  float left_swing = 0.0f;
  for (int i = 0; i <= 1400; ++i) {
    const double t = c.duration_s * i / 1400.0;
    sample_clip(c, t, &pose);
    EXPECT_EQ(pose.hand_contact[0], 0.0f);
    if (pose.hand_contact[1] == 1.0f) {
      ++planted;
      const glm::vec3 h = pose[MotionPart::kRightArm].control;
      EXPECT_NEAR(h.y, f.height + 0.03f, 0.01f) << t;
      EXPECT_GE(h.z, f.near_z);
      EXPECT_LE(h.z, f.near_z + f.thickness);
    }
    // Nothing but the planted hand enters the fence box (feet, waist, knees' ends).
    for (MotionPart p : {MotionPart::kLeftLeg, MotionPart::kRightLeg, MotionPart::kWaist}) {
      const glm::vec3 q = p == MotionPart::kWaist ? pose[p].reference : pose[p].control;
      const bool inside = q.z > f.near_z - 0.05f && q.z < f.near_z + f.thickness + 0.05f && q.y < f.height + 0.05f;
      ASSERT_FALSE(inside) << to_string(p) << " t=" << t << " at " << q.x << "," << q.y << "," << q.z;
    }
    if (pose[MotionPart::kLeftLeg].control.z > f.near_z && pose[MotionPart::kLeftLeg].control.z < f.near_z + f.thickness)
      left_swing = std::max(left_swing, pose[MotionPart::kLeftLeg].control.x);
  }
  EXPECT_GT(planted, 200);  // about a quarter second
  EXPECT_GT(left_swing, 0.3f);  // the legs pass the fence on the creature's left (+X)
  sample_clip(c, 0.0, &pose);
  EXPECT_LT(pose[MotionPart::kWaist].reference.z, f.near_z - 0.4f);
  sample_clip(c, c.duration_s, &pose);
  EXPECT_GT(pose[MotionPart::kWaist].reference.z, f.near_z + f.thickness + 0.3f);  // past the fence
  EXPECT_EQ(pose.contact[0], 1.0f);
  EXPECT_EQ(pose.contact[1], 1.0f);
  EXPECT_GT(pose[MotionPart::kLeftLeg].control.z, f.near_z + f.thickness + 0.3f);
}

}  // namespace
}  // namespace cf
