#include "audio/mixer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "alloc_counter.h"

namespace cf {
namespace {

// Two sounds: a long constant tone (index 0) and a short click (index 1).
SoundBank test_bank() {
  SoundBank b;
  b.samples.push_back(std::vector<float>(44100, 0.8f));
  b.samples.push_back(std::vector<float>(441, 0.8f));
  return b;
}

float peak(const std::vector<float>& s) {
  float p = 0.0f;
  for (float v : s) p = std::max(p, std::fabs(v));
  return p;
}

TEST(Mixer, NeverMoreThanTwentyFourVoicesAndTheLoudestKeepTheirs) {
  const SoundBank bank = test_bank();
  Mixer m(bank, 44100);
  std::vector<float> out(2 * 512);
  for (int i = 0; i < 64; ++i) m.play(PlayCommand{0, 0.01f + 0.01f * static_cast<float>(i)});
  m.render(out.data(), 512);
  EXPECT_EQ(m.active_voices(), Mixer::kVoiceLimit);
  EXPECT_EQ(m.max_voices(), Mixer::kVoiceLimit);
  EXPECT_EQ(m.stolen(), 40) << "each louder sound took the quietest voice";
  // A quieter sound than every voice is dropped; a louder one steals.
  const int dropped = m.dropped();
  m.play(PlayCommand{0, 0.05f});
  m.render(out.data(), 512);
  EXPECT_EQ(m.dropped(), dropped + 1);
  m.play(PlayCommand{0, 1.0f});
  m.render(out.data(), 512);
  EXPECT_EQ(m.stolen(), 41);
  EXPECT_EQ(m.max_voices(), Mixer::kVoiceLimit);
}

TEST(Mixer, LoudVoicesTogetherStayBelowFullScale) {
  const SoundBank bank = test_bank();
  Mixer m(bank, 44100);
  std::vector<float> out(2 * 4096);
  for (int i = 0; i < 24; ++i) m.play(PlayCommand{0, 1.0f, 0.0f, 1.0f, 1.0f});
  m.render(out.data(), 4096);
  EXPECT_LT(peak(out), 0.9f) << "24 voices of 0.8 sum to 19: the limiter holds them under -1 dB";
  EXPECT_GT(peak(out), 0.8f) << "...and loud";
}

TEST(Mixer, RenderAllocatesNothing) {
  const SoundBank bank = test_bank();
  Mixer m(bank, 44100);
  std::vector<float> out(2 * 1024);
  m.render(out.data(), 1024);
  const std::size_t before = test::allocation_count();
  for (int block = 0; block < 100; ++block) {
    for (int i = 0; i < 8; ++i) m.play(PlayCommand{static_cast<std::uint16_t>(i % 2), 0.5f, -0.5f, 1.3f, 0.4f});
    m.render(out.data(), 1024);
  }
  EXPECT_EQ(test::allocation_count(), before);
  EXPECT_GT(peak(out), 0.0f);
}

TEST(Mixer, PanPitchAndBusGains) {
  const SoundBank bank = test_bank();
  Mixer m(bank, 44100);
  std::vector<float> out(2 * 256);
  m.play(PlayCommand{1, 0.5f, 1.0f});  // hard right, no reverb
  m.render(out.data(), 256);
  EXPECT_NEAR(out[0], 0.0f, 1e-6f);
  EXPECT_NEAR(out[1], 0.4f, 1e-4f);
  // Twice the pitch: the 441-frame click ends after about 220 frames.
  m.play(PlayCommand{1, 0.5f, 0.0f, 2.0f});
  m.render(out.data(), 256);
  EXPECT_GT(std::fabs(out[2 * 200]), 0.1f);
  EXPECT_EQ(out[2 * 230], 0.0f);
  // The interface bus at 0 silences interface sounds only.
  m.set_gains(MixerGains{1.0f, 1.0f, 0.0f});
  PlayCommand ui{1, 0.5f};
  ui.bus = Bus::kInterface;
  m.play(ui);
  m.render(out.data(), 256);
  EXPECT_EQ(peak(out), 0.0f);
  m.play(PlayCommand{1, 0.5f});
  m.render(out.data(), 256);
  EXPECT_NEAR(peak(out), 0.4f * std::sqrt(0.5f), 1e-4f) << "centred: equal power";
  m.set_gains(MixerGains{0.0f, 1.0f, 1.0f});  // master 0
  m.play(PlayCommand{1, 0.5f});
  m.render(out.data(), 256);
  EXPECT_EQ(peak(out), 0.0f);
}

TEST(Mixer, BadCommandsAreDroppedNotPlayed) {
  const SoundBank bank = test_bank();
  Mixer m(bank, 44100);
  std::vector<float> out(2 * 256);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  m.play(PlayCommand{7, 1.0f});    // no such sound
  m.play(PlayCommand{0, nan});     // no gain
  m.play(PlayCommand{1, 0.5f, nan, nan, nan});  // a gain, the rest defaulted
  m.render(out.data(), 256);
  EXPECT_EQ(m.dropped(), 2);
  EXPECT_EQ(m.active_voices(), 1);
  for (float v : out) ASSERT_TRUE(std::isfinite(v));
}

}  // namespace
}  // namespace cf
