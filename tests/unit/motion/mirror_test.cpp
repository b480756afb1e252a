#include "motion/mirror.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

namespace cf {
namespace {

MotionClip load(const std::string& name) {
  auto c = load_motion(std::string(CF_ASSETS_DIR) + "/motions/" + name);
  EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().to_string());
  return c.ok() ? *c : MotionClip{};
}

float max_diff(const Vec3Channel& a, const Vec3Channel& b) {
  EXPECT_EQ(a.times_s, b.times_s);
  float m = 0.0f;
  for (std::size_t i = 0; i < a.values.size() && i < b.values.size(); ++i)
    m = std::max(m, glm::length(a.values[i] - b.values[i]));
  return m;
}

TEST(Mirror, TwiceIsIdentity) {
  for (const char* name : {"walk.json", "vault.json"}) {
    MotionClip c = load(name);
    for (glm::vec3 n : {glm::vec3(1, 0, 0), glm::normalize(glm::vec3(1, 0, 2)), glm::vec3(0, 0, -1)}) {
      MotionClip once, twice;
      ASSERT_TRUE(mirror_clip(c, glm::vec3(0.3f, 0.0f, 0.7f), n, &once));
      ASSERT_TRUE(mirror_clip(once, glm::vec3(0.3f, 0.0f, 0.7f), n, &twice));
      EXPECT_TRUE(once.mirrored);
      EXPECT_FALSE(twice.mirrored);
      for (int p = 0; p < kMotionPartCount; ++p) {
        EXPECT_LT(max_diff(c.parts[p].reference, twice.parts[p].reference), 1e-6f) << name << " " << p;
        EXPECT_LT(max_diff(c.parts[p].control, twice.parts[p].control), 1e-6f) << name << " " << p;
        EXPECT_LT(max_diff(c.parts[p].pole, twice.parts[p].pole), 1e-6f) << name << " " << p;
      }
      for (std::size_t i = 0; i < c.waist_orientation.values.size(); ++i) {
        const glm::quat a = c.waist_orientation.values[i], b = twice.waist_orientation.values[i];
        EXPECT_LT(std::fabs(a.w - b.w) + std::fabs(a.x - b.x) + std::fabs(a.y - b.y) + std::fabs(a.z - b.z), 1e-6f);
      }
      EXPECT_LT(glm::length(c.cycle_offset_ms - twice.cycle_offset_ms), 1e-6f);
      EXPECT_EQ(c.foot_contact[0].values, twice.foot_contact[0].values);
      EXPECT_NEAR(c.obstacle.near_z, twice.obstacle.near_z, 1e-5f);
    }
  }
}

// Mirroring across x = 0 swaps left and right: the mirrored left foot is the reflected right foot.
TEST(Mirror, SwapsLeftAndRightAndReflectsSampledPoses) {
  MotionClip c = load("vault.json");
  MotionClip m;
  ASSERT_TRUE(mirror_clip(c, glm::vec3(0.0f), glm::vec3(1, 0, 0), &m));
  EXPECT_EQ(m.foot_contact[0].times_s, c.foot_contact[1].times_s);
  EXPECT_EQ(m.hand_contact[0].values, c.hand_contact[1].values);
  MotionPose a, b;
  auto reflect = [](glm::vec3 v) { return glm::vec3(-v.x, v.y, v.z); };
  for (int i = 0; i <= 40; ++i) {
    const double t = c.duration_s * i / 40.0;
    sample_clip(c, t, &a);
    sample_clip(m, t, &b);
    for (int p = 0; p < kMotionPartCount; ++p) {
      const MotionPart part = static_cast<MotionPart>(p);
      const PartSample& src = a[counterpart(part)];
      EXPECT_LT(glm::length(b[part].reference - reflect(src.reference)), 1e-5f) << to_string(part) << " t=" << t;
      EXPECT_LT(glm::length(b[part].control - reflect(src.control)), 1e-5f) << to_string(part);
      EXPECT_LT(glm::length(b[part].pole - reflect(src.pole)), 1e-5f) << to_string(part);
    }
    EXPECT_EQ(b.contact[0], a.contact[1]);
    EXPECT_EQ(b.hand_contact[0], a.hand_contact[1]);
    // The orientation is the reflected rotation S R S: it maps reflected vectors to reflected vectors.
    const glm::vec3 v(0.3f, -0.2f, 0.9f);
    EXPECT_LT(glm::length(b.waist_orientation * reflect(v) - reflect(a.waist_orientation * v)), 1e-5f);
    EXPECT_NEAR(glm::length(b.waist_orientation), 1.0f, 1e-6f);
  }
}

TEST(Mirror, RejectsAVerticalNormal) {
  MotionClip c = load("stand.json");
  MotionClip out;
  EXPECT_FALSE(mirror_clip(c, glm::vec3(0.0f), glm::vec3(0, 1, 0), &out));
  EXPECT_TRUE(mirror_clip(c, glm::vec3(0.0f), glm::vec3(2, 0, 0), &out));  // renormalized
  EXPECT_TRUE(validate_motion(out, "mirrored").ok());
}

}  // namespace
}  // namespace cf
