#include "motion/motion_clip.h"
#include "motion_test_util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "core/file_io.h"

namespace cf {
namespace {

using test::kMotions;
MotionClip load(const std::string& name) { return test::load_shipped_motion(name); }

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

TEST(MotionClip, EveryShippedMotionLoadsAndSamples) {
  for (const char* name : {"walk.json", "stand.json", "vault.json", "walk_mocap.json"}) {
    auto c = load_motion(kMotions + name);
    ASSERT_TRUE(c.ok()) << name << ": " << (c.ok() ? "" : c.error().to_string());
    MotionPose pose;
    for (int i = 0; i <= 100; ++i) {
      const double t = c->duration_s * i / 100.0;
      sample_clip(*c, t, &pose);
      for (const PartSample& s : pose.parts) {
        ASSERT_TRUE(finite(s.reference) && finite(s.control) && finite(s.pole)) << name << " t=" << t;
        ASSERT_NEAR(glm::length(s.pole), 1.0f, 1e-4f);
      }
      ASSERT_NEAR(glm::length(pose.waist_orientation), 1.0f, 1e-5f);
    }
  }
}

TEST(MotionClip, SamplingReturnsAbsolutePositionsInClipModelSpace) {
  MotionClip c = load("stand.json");
  MotionPose pose;
  sample_clip(c, 0.0, &pose);
  const glm::vec3 waist = pose[MotionPart::kWaist].reference;
  // The left hip is the waist plus the waist-frame offset (identity orientation in stand.json).
  EXPECT_LT(glm::length(pose[MotionPart::kLeftLeg].reference - (waist + c[MotionPart::kLeftLeg].reference.values[0])),
            1e-6f);
  EXPECT_EQ(pose[MotionPart::kLeftLeg].control, c[MotionPart::kLeftLeg].control.values[0]);
  EXPECT_EQ(pose.contact[0], 1.0f);
}

TEST(MotionClip, ReferenceOffsetsFollowTheWaistOrientation) {
  MotionClip c = load("stand.json");
  c.waist_orientation.values[0] = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0));
  MotionPose pose;
  sample_clip(c, 0.0, &pose);
  // +X hip offset turned 90 degrees about +Y points to -Z.
  const glm::vec3 d = pose[MotionPart::kLeftLeg].reference - pose[MotionPart::kWaist].reference;
  EXPECT_NEAR(d.x, 0.0f, 1e-6f);
  EXPECT_NEAR(d.z, -c[MotionPart::kLeftLeg].reference.values[0].x, 1e-6f);
}

// The walk's planted feet are bit-for-bit still over every stance, also across the wrap and many cycles on.
TEST(MotionClip, WalkPlantedFeetAreExactlyStill) {
  MotionClip c = load("walk.json");
  ASSERT_TRUE(c.loop);
  MotionPose pose;
  for (int leg = 0; leg < 2; ++leg) {
    const MotionPart part = leg == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg;
    for (int cycle : {0, 1, 37}) {
      bool have = false;
      glm::vec3 planted(0.0f);
      int stance_samples = 0;
      // Walk from the foot's touchdown through the next toe-off, sampled finely.
      const double start = cycle * c.duration_s;
      for (int i = 0; i <= 4000; ++i) {
        const double t = start + 2.0 * c.duration_s * i / 4000.0;
        sample_clip(c, t, &pose);
        if (pose.contact[leg] == 1.0f) {
          if (!have) {
            planted = pose[part].control;
            have = true;
          }
          ASSERT_EQ(pose[part].control.x, planted.x) << "leg " << leg << " t=" << t;
          ASSERT_EQ(pose[part].control.y, planted.y) << "leg " << leg << " t=" << t;
          ASSERT_EQ(pose[part].control.z, planted.z) << "leg " << leg << " t=" << t;
          ++stance_samples;
        } else {
          have = false;  // next stance has its own planted position
        }
      }
      EXPECT_GT(stance_samples, 1000);
    }
  }
}

TEST(MotionClip, LoopingWalkIsContinuousAndMovesByTheCycleOffset) {
  MotionClip c = load("walk.json");
  MotionPose a, b;
  const double d = c.duration_s;
  for (double t : {0.0, 0.2, 0.5, 1.0}) {
    for (int k : {1, 2, 100}) {
      sample_clip(c, t, &a);
      sample_clip(c, t + k * d, &b);
      for (int p = 0; p < kMotionPartCount; ++p) {
        const glm::vec3 expect = a.parts[p].control + c.cycle_offset_ms * float(k);
        EXPECT_LT(glm::length(b.parts[p].control - expect), 1e-4f) << p << " k=" << k;
        const glm::vec3 expect_ref = a.parts[p].reference + c.cycle_offset_ms * float(k);
        EXPECT_LT(glm::length(b.parts[p].reference - expect_ref), 1e-4f) << p << " k=" << k;
      }
    }
  }
  // Continuity across the wrap.
  sample_clip(c, d - 1e-6, &a);
  sample_clip(c, d + 1e-6, &b);
  for (int p = 0; p < kMotionPartCount; ++p) {
    EXPECT_LT(glm::length(a.parts[p].control - b.parts[p].control), 1e-4f);
    EXPECT_LT(glm::length(a.parts[p].reference - b.parts[p].reference), 1e-4f);
  }
  EXPECT_GT(std::fabs(glm::dot(a.waist_orientation, b.waist_orientation)), 1.0f - 1e-6f);
}

TEST(MotionClip, NonLoopingClipClampsTime) {
  MotionClip c = load("vault.json");
  ASSERT_FALSE(c.loop);
  MotionPose a, b;
  sample_clip(c, c.duration_s, &a);
  sample_clip(c, c.duration_s + 5.0, &b);
  EXPECT_EQ(a[MotionPart::kWaist].reference, b[MotionPart::kWaist].reference);
  sample_clip(c, 0.0, &a);
  sample_clip(c, -3.0, &b);
  EXPECT_EQ(a[MotionPart::kLeftLeg].control, b[MotionPart::kLeftLeg].control);
}

// Clips built in code go through the loader's checks, fields named like the file's (NaN cannot be
// written in JSON, so only this path meets it).
TEST(MotionClip, ValidationNamesTheFieldOfACodeBuiltClip) {
  MotionClip nan_clip = load("stand.json");
  EXPECT_TRUE(validate_motion(nan_clip, "code").ok());
  nan_clip.duration_s = std::nan("");
  EXPECT_EQ(validate_motion(nan_clip, "code").error.to_string(), "code: duration: NaN or infinite");
  nan_clip = load("stand.json");
  nan_clip[MotionPart::kHead].control.values[0].y = std::nanf("");
  EXPECT_EQ(validate_motion(nan_clip, "code").error.to_string(),
            "code: channels.head.control[0]: value is NaN or infinite");
}

// A time that is not finite samples the clip's start (never NaN positions into the retargeting).
TEST(MotionClip, NonFiniteTimeSamplesTheStart) {
  MotionClip c = load("walk.json");
  MotionPose at_start, at_nan, at_inf;
  sample_clip(c, 0.0, &at_start);
  sample_clip(c, std::nan(""), &at_nan);
  sample_clip(c, std::numeric_limits<double>::infinity(), &at_inf);
  for (int p = 0; p < kMotionPartCount; ++p) {
    EXPECT_EQ(at_nan.parts[p].control, at_start.parts[p].control) << p;
    EXPECT_EQ(at_inf.parts[p].reference, at_start.parts[p].reference) << p;
  }
  EXPECT_EQ(at_nan.contact[0], at_start.contact[0]);
}

}  // namespace
}  // namespace cf
