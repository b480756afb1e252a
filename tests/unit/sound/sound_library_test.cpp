#include "game/sound/sound_library.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace cf {
namespace {

TEST(SoundLibrary, EveryKindHasASoundBelowFullScale) {
  const SoundLibrary lib = make_sound_library(44100);
  for (int k = 0; k < static_cast<int>(SoundKind::kCount); ++k) {
    SoundEvent e;
    e.kind = static_cast<SoundKind>(k);
    const std::uint16_t i = lib.pick(e, 1.0f);
    ASSERT_LT(i, lib.bank.size()) << to_string(e.kind);
    const std::vector<float>& s = lib.bank.samples[i];
    ASSERT_GT(s.size(), 2000u) << to_string(e.kind) << ": at least 45 ms";
    float peak = 0.0f;
    for (float v : s) peak = std::max(peak, std::fabs(v));
    EXPECT_GT(peak, 0.3f) << to_string(e.kind);
    EXPECT_LE(peak, 0.81f) << to_string(e.kind) << ": 0.8, rounded to 8 bits";
  }
}

// The pen's held tone loops without a seam: its last frame is its first again (a whole number of
// periods), and it holds one level all the way (the mixer fades it in and out).
TEST(SoundLibrary, ThePenToneLoopsWithoutASeam) {
  for (int rate : {44100, 48000}) {
    const SoundLibrary lib = make_sound_library(rate);
    SoundEvent e;
    e.kind = SoundKind::kPenTone;
    const std::vector<float>& s = lib.bank.samples[lib.pick(e, 1.0f)];
    ASSERT_GT(s.size(), 1000u);
    EXPECT_EQ((s.size() - 1) % 128, 0u) << "whole periods of 128 frames, plus the loop's end point";
    EXPECT_NEAR(s.back(), s.front(), 0.02f) << rate;
    float first = 0.0f, last = 0.0f;  // the peak of the first and the last period
    for (std::size_t i = 0; i < 128; ++i) first = std::max(first, std::fabs(s[i]));
    for (std::size_t i = s.size() - 129; i < s.size(); ++i) last = std::max(last, std::fabs(s[i]));
    EXPECT_NEAR(first, last, 0.01f) << "no fade at either end";
  }
}

TEST(SoundLibrary, FootstepsByWeightAndAlternatingFeet) {
  const SoundLibrary lib = make_sound_library(44100);
  SoundEvent e;
  e.kind = SoundKind::kFootstep;
  std::set<std::uint16_t> all;
  for (float w : {0.3f, 1.0f, 2.0f})
    for (int limb : {0, 1}) {
      e.limb = static_cast<std::int8_t>(limb);
      all.insert(lib.pick(e, w));
    }
  EXPECT_EQ(all.size(), 6u) << "three weights, two feet each";
  e.limb = 0;
  // A heavier creature's step is longer and lower: fewer zero crossings per second.
  auto crossings_per_s = [&](float w) {
    const std::vector<float>& s = lib.bank.samples[lib.pick(e, w)];
    int n = 0;
    for (std::size_t i = 1; i < s.size(); ++i) n += (s[i - 1] < 0.0f) != (s[i] < 0.0f);
    return n * 44100.0 / static_cast<double>(s.size());
  };
  EXPECT_GT(lib.bank.samples[lib.pick(e, 2.0f)].size(), lib.bank.samples[lib.pick(e, 0.3f)].size());
  EXPECT_LT(crossings_per_s(2.0f), crossings_per_s(1.0f));
  EXPECT_LT(crossings_per_s(1.0f), crossings_per_s(0.3f));
}

}  // namespace
}  // namespace cf
