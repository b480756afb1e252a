#include "audio/synth.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

namespace cf {
namespace {

float peak(const std::vector<float>& s) {
  float p = 0.0f;
  for (float v : s) p = std::max(p, std::fabs(v));
  return p;
}

TEST(Synth, LengthPeakAndSameSampleEveryTime) {
  SynthPatch p;
  p.duration_s = 0.25f;
  p.mod_index = 3.0f;
  p.noise = 0.5f;
  p.peak = 0.7f;
  const std::vector<float> a = synthesize(p, 44100), b = synthesize(p, 44100);
  ASSERT_EQ(a.size(), 11025u);
  EXPECT_EQ(a, b);
  EXPECT_NEAR(peak(a), 0.7f, 1e-4f);
  EXPECT_EQ(a.back(), 0.0f) << "the sample fades to silence at its end (no click)";
  p.seed = 2;
  EXPECT_NE(synthesize(p, 44100), a) << "the noise follows the seed";
}

TEST(Synth, HoldAndBitsGiveTheConsoleGrit) {
  SynthPatch p;
  p.duration_s = 0.1f;
  p.start_hz = 440.0f;
  p.decay_s = 1.0f;
  p.hold_rate_hz = 11025;
  p.bits = 4;
  p.peak = 1.0f;
  const std::vector<float> s = synthesize(p, 44100);
  // Held at 11025 Hz: samples come in runs of 4 (before the end's fade).
  for (std::size_t i = 0; i + 4 < s.size() / 2; i += 4)
    for (std::size_t k = 1; k < 4; ++k) ASSERT_EQ(s[i + k], s[i]) << i;
  std::set<float> levels(s.begin(), s.begin() + static_cast<long>(s.size() / 2));
  EXPECT_LE(levels.size(), 15u) << "4 bits: at most 15 levels";
  EXPECT_GE(levels.size(), 5u);
}

TEST(Synth, ThePitchSweepLowersTheTone) {
  SynthPatch p;
  p.duration_s = 0.5f;
  p.start_hz = 800.0f;
  p.end_hz = 200.0f;
  p.decay_s = 10.0f;
  const std::vector<float> s = synthesize(p, 44100);
  auto crossings = [&](std::size_t from, std::size_t to) {
    int n = 0;
    for (std::size_t i = from + 1; i < to; ++i) n += (s[i - 1] < 0.0f) != (s[i] < 0.0f);
    return n;
  };
  const int early = crossings(0, 4410), late = crossings(s.size() - 4410, s.size());
  EXPECT_GT(early, 2 * late) << early << " vs " << late;
}

TEST(Synth, DegeneratePatchesGiveNothing) {
  SynthPatch p;
  p.duration_s = 0.0f;
  EXPECT_TRUE(synthesize(p, 44100).empty());
  p.duration_s = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(synthesize(p, 44100).empty());
  p.duration_s = 0.1f;
  EXPECT_TRUE(synthesize(p, 0).empty());
  p.tone = 0.0f;  // nothing in the mix: silence, not NaN
  const std::vector<float> quiet = synthesize(p, 44100);
  ASSERT_FALSE(quiet.empty());
  EXPECT_EQ(peak(quiet), 0.0f);
}

}  // namespace
}  // namespace cf
