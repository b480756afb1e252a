#include "game/sound/rumble.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

SoundEvents one(SoundKind kind, float loudness, int creature = 0) {
  SoundEvents ev;
  SoundEvent e;
  e.kind = kind;
  e.loudness = loudness;
  e.creature = static_cast<std::int16_t>(creature);
  ev.push(e);
  return ev;
}

TEST(Rumble, ALandingRumblesAtOnceThenDecaysReSentEveryFewTicks) {
  Rumble r;
  RumbleCommand c;
  const SoundEvents none;
  EXPECT_FALSE(r.tick(none, &c));
  ASSERT_TRUE(r.tick(one(SoundKind::kLanding, 0.8f), &c));
  EXPECT_NEAR(c.low, 0.8 * 65535, 2);
  EXPECT_NEAR(c.high, 0.4 * 65535, 2);
  EXPECT_GT(c.duration_ms, 1000u * Rumble::kResendTicks / 60) << "each command outlasts the gap to the next";
  std::vector<int> sent;
  std::uint16_t last = c.low;
  for (int t = 1; t <= 60; ++t) {
    if (r.tick(none, &c)) {
      sent.push_back(t);
      EXPECT_LT(c.low, last) << "decays";
      last = c.low;
    }
  }
  ASSERT_GE(sent.size(), 3u);
  EXPECT_EQ(sent[0], Rumble::kResendTicks);
  EXPECT_EQ(sent[1], 2 * Rumble::kResendTicks);
  EXPECT_LT(sent.back(), 60) << "and stops";
}

TEST(Rumble, StrengthScalesAndZeroSendsNothing) {
  Rumble r;
  r.set_strength(0.5f);
  RumbleCommand c;
  ASSERT_TRUE(r.tick(one(SoundKind::kLanding, 1.0f), &c));
  EXPECT_NEAR(c.low, 0.5 * 65535, 2);
  Rumble off;
  off.set_strength(0.0f);
  for (SoundKind k : {SoundKind::kLanding, SoundKind::kRefused, SoundKind::kFootstep, SoundKind::kHandPlant})
    EXPECT_FALSE(off.tick(one(k, 1.0f), &c));
  off.set_strength(std::nanf(""));
  EXPECT_EQ(off.strength(), 0.0f);
}

TEST(Rumble, OnlyThePlayersHeavyStepsAndRefusalsCount) {
  Rumble r;
  RumbleCommand c;
  EXPECT_FALSE(r.tick(one(SoundKind::kLanding, 1.0f, 3), &c)) << "a herd creature's landing is not in your hands";
  EXPECT_FALSE(r.tick(one(SoundKind::kFootstep, 0.3f), &c)) << "a light step";
  EXPECT_TRUE(r.tick(one(SoundKind::kFootstep, 0.9f), &c)) << "a big creature's step";
  EXPECT_GT(c.low, 0);
  Rumble buzz;
  ASSERT_TRUE(buzz.tick(one(SoundKind::kRefused, 0.6f), &c));
  EXPECT_EQ(c.low, 0);
  EXPECT_GT(c.high, 0) << "a refusal is a short buzz of the small motor";
}

}  // namespace
}  // namespace cf
