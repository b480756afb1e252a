#include "creature/eyes.h"

#include <cmath>

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

namespace cf {
namespace {

Creature creature(float head_z) {
  Creature c;
  Part torso;
  torso.stroke = {glm::vec3(0, 1, 0), glm::vec3(0, 1, 0.5f)};
  Part head;
  head.tag = PartTag::kHead;
  head.stroke = {glm::vec3(0, 1, 0.5f), glm::vec3(0, 1.2f, head_z)};
  c.parts = {torso, head};
  return c;
}

// Ticks of [0, n) at which a blink starts (closure rises from 0).
std::vector<std::uint64_t> blink_starts(std::uint32_t seed, std::uint64_t n) {
  std::vector<std::uint64_t> out;
  float before = 0.0f;
  for (std::uint64_t t = 0; t < n; ++t) {
    const float c = blink_closure(seed, t);
    if (c > 0.0f && before == 0.0f) out.push_back(t);
    before = c;
  }
  return out;
}

TEST(Eyes, TwoCreaturesBlinkAtDifferentTicks) {
  const std::uint32_t a = eye_seed(creature(0.7f)), b = eye_seed(creature(0.75f));
  EXPECT_NE(a, b);
  const auto sa = blink_starts(a, 3600), sb = blink_starts(b, 3600);
  ASSERT_GE(sa.size(), 10u);  // a minute: every 2-6 s
  ASSERT_GE(sb.size(), 10u);
  EXPECT_NE(sa, sb);
  EXPECT_NE(sa.front(), sb.front());
  // The same species in two slots of a world does not blink in step either.
  EXPECT_NE(blink_starts(eye_seed(a, 1), 3600), blink_starts(eye_seed(a, 2), 3600));
}

TEST(Eyes, ACreaturesScheduleIsReproducible) {
  const Creature c = creature(0.7f);
  EXPECT_EQ(eye_seed(c), eye_seed(creature(0.7f)));
  const std::uint32_t s = eye_seed(c);
  for (std::uint64_t t : {0ull, 17ull, 1000ull, 123456ull, 9999999ull})
    EXPECT_EQ(blink_closure(s, t), blink_closure(s, t)) << t;
  EXPECT_EQ(blink_starts(s, 3600), blink_starts(eye_seed(creature(0.7f)), 3600));
}

TEST(Eyes, ABlinkClosesAndReopensWithinItsDuration) {
  for (std::uint32_t seed : {1u, 2u, 77u, 0xdeadbeefu, eye_seed(creature(0.7f))}) {
    const std::uint64_t start = next_blink(seed, 500);
    ASSERT_GE(start, 500u);
    EXPECT_EQ(blink_closure(seed, start - 1), 0.0f) << seed;
    int closed_for = 0, shut = 0;
    std::uint64_t t = start;
    while (blink_closure(seed, t) > 0.0f) {
      shut += blink_closure(seed, t) >= 1.0f;
      ++closed_for;
      ++t;
    }
    EXPECT_GE(closed_for, kBlinkMinTicks) << seed;  // 100 ms at 60 Hz
    EXPECT_LE(closed_for, kBlinkMaxTicks) << seed;  // 150 ms
    EXPECT_GE(shut, 1) << seed;                     // fully shut at its middle
    EXPECT_LT(blink_closure(seed, start), 1.0f);    // closing, not snapped shut
  }
}

TEST(Eyes, BlinksComeEveryTwoToSixSecondsAndSometimesTwice) {
  int doubles = 0, blinks = 0;
  for (std::uint32_t seed = 1; seed < 40; ++seed) {
    const auto s = blink_starts(seed, 60 * 60);
    blinks += static_cast<int>(s.size());
    for (std::size_t i = 1; i < s.size(); ++i) {
      const std::uint64_t gap = s[i] - s[i - 1];
      if (gap < 30) ++doubles;  // the second of a double blink
      EXPECT_LE(gap, 6u * 60u + 60u) << seed;
    }
    EXPECT_GE(s.size(), 10u) << seed;
  }
  EXPECT_GT(doubles, blinks / 20);
  EXPECT_LT(doubles, blinks / 2);
}

TEST(Eyes, PupilsFollowTheLookWithinTheirBound) {
  EyeLook left;
  left.yaw = 1.0f;
  EyeLook right;
  right.yaw = -1.0f;
  // Looking left swings the left flank's pupil back and the right flank's forward.
  EXPECT_LT(pupil_offset(left, 1.0f).x, pupil_offset(EyeLook{}, 1.0f).x);
  EXPECT_GT(pupil_offset(left, -1.0f).x, pupil_offset(EyeLook{}, -1.0f).x);
  EXPECT_GT(pupil_offset(right, 1.0f).x, pupil_offset(EyeLook{}, 1.0f).x);
  EXPECT_GT(pupil_offset(left, 0.0f).y, 0.0f);  // the eye on top: towards the left
  EXPECT_LT(pupil_offset(right, 0.0f).y, 0.0f);
  EyeLook up;
  up.pitch = 1.0f;
  EXPECT_GT(pupil_offset(up, 1.0f).y, 0.0f);
  EXPECT_GT(pupil_offset(up, -1.0f).y, 0.0f);
  EyeLook down;
  down.pitch = -1.0f;
  EXPECT_LT(pupil_offset(down, 1.0f).y, 0.0f);
  // A straight look is a little ahead, on both flanks.
  EXPECT_GT(pupil_offset(EyeLook{}, 1.0f).x, 0.0f);
  EXPECT_EQ(pupil_offset(EyeLook{}, 1.0f), pupil_offset(EyeLook{}, -1.0f));
  // Never out of the eye, whatever the look (even NaN).
  for (float yaw : {-50.0f, -1.0f, 0.3f, 1.0f, 50.0f, NAN})
    for (float pitch : {-50.0f, 0.0f, 1.0f, 50.0f, INFINITY})
      for (float side : {-1.0f, 0.0f, 1.0f}) {
        const glm::vec2 o = pupil_offset(EyeLook{yaw, pitch, 0.0f}, side);
        EXPECT_LE(std::fabs(o.x), kMaxPupilOffset);
        EXPECT_LE(std::fabs(o.y), kMaxPupilOffset);
      }
}

TEST(Eyes, TheLookIsWhereTheHeadTurned) {
  const glm::quat to_left = glm::angleAxis(0.3f, glm::vec3(0, 1, 0));  // +z towards +x: the creature's left
  const glm::quat to_right = glm::angleAxis(-0.3f, glm::vec3(0, 1, 0));
  const glm::quat up = glm::angleAxis(-0.3f, glm::vec3(1, 0, 0));  // +z towards +y
  EXPECT_GT(look_from_head(to_left, 0.0f).yaw, 0.5f);
  EXPECT_LT(look_from_head(to_right, 0.0f).yaw, -0.5f);
  EXPECT_GT(look_from_head(up, 0.0f).pitch, 0.5f);
  EXPECT_NEAR(look_from_head(glm::quat(1, 0, 0, 0), 0.0f).yaw, 0.0f, 1e-6f);
  // Walking into a left turn looks left; a far turn stays within -1..1.
  EXPECT_GT(look_from_head(glm::quat(1, 0, 0, 0), 1.0f).yaw, 0.0f);
  EXPECT_LE(look_from_head(to_left, 100.0f).yaw, 1.0f);
  EXPECT_EQ(look_from_head(glm::quat(NAN, 0, 0, 0), 0.0f).yaw, 0.0f);
}

}  // namespace
}  // namespace cf
