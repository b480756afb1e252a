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
    PlayCommand held{1, block % 10 < 7 ? 0.5f : 0.0f, 0.0f, 1.0f + 0.01f * static_cast<float>(block % 10)};
    held.hold = 3;  // a held sound updated every block, released and started again
    m.play(held);
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

namespace cf {
namespace {

PlayCommand held(std::uint16_t sound, float gain, float pitch = 1.0f, float pan = 0.0f) {
  PlayCommand c{sound, gain, pan, pitch};
  c.hold = 7;
  return c;
}

// A held sound loops past its sample's end, takes one voice however often it is sent, follows its
// pitch and pan, and fades out within a few tens of milliseconds of its release.
TEST(Mixer, AHeldSoundLoopsUpdatesInPlaceAndStopsWhenReleased) {
  const SoundBank bank = test_bank();  // sound 1: 441 frames (10 ms)
  Mixer m(bank, 44100);
  std::vector<float> out(2 * 735);
  for (int tick = 0; tick < 30; ++tick) {  // half a second: fifty times the sample's length
    m.play(held(1, 0.5f, 1.0f, -1.0f));
    m.render(out.data(), 735);
    EXPECT_EQ(m.active_voices(), 1) << "tick " << tick;
  }
  EXPECT_NEAR(out[2 * 700], 0.4f, 0.01f) << "still sounding on the left after 0.5 s";
  EXPECT_NEAR(out[2 * 700 + 1], 0.0f, 1e-4f);
  // Panned right: it glides over in about 10 ms (no click), then stays there.
  m.play(held(1, 0.5f, 1.0f, 1.0f));
  m.render(out.data(), 735);
  EXPECT_LT(std::fabs(out[0] - 0.4f), 0.02f) << "the first frame is still where it was";
  for (int i = 0; i < 2; ++i) m.play(held(1, 0.5f, 1.0f, 1.0f)), m.render(out.data(), 735);
  EXPECT_NEAR(out[2 * 700], 0.0f, 0.01f);
  EXPECT_NEAR(out[2 * 700 + 1], 0.4f, 0.01f);
  // A one-shot beside it takes its own voice.
  m.play(PlayCommand{1, 0.5f});
  m.render(out.data(), 100);
  EXPECT_EQ(m.active_voices(), 2);
  // Released: silent within 100 ms, and the voice is free.
  m.play(held(1, 0.0f));
  for (int i = 0; i < 7; ++i) m.render(out.data(), 735);
  EXPECT_EQ(peak(out), 0.0f) << "silent 100 ms after the release";
  EXPECT_EQ(m.active_voices(), 0);
  // Releasing what is not playing does nothing (not even a drop).
  const int dropped = m.dropped();
  m.play(held(1, 0.0f));
  m.render(out.data(), 735);
  EXPECT_EQ(m.active_voices(), 0);
  EXPECT_EQ(m.dropped(), dropped);
}

TEST(Mixer, AHeldSoundsPitchGlides) {
  SoundBank bank;
  std::vector<float> ramp(1001);
  for (std::size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<float>(i) / 1000.0f;
  bank.samples.push_back(ramp);
  Mixer m(bank, 44100);
  std::vector<float> out(2 * 4410);
  m.play(held(0, 1.0f, 0.5f));
  m.render(out.data(), 4410);  // 0.1 s at half rate: the ramp (1000 frames) repeats every 2000 frames
  m.play(held(0, 1.0f, 2.0f));
  m.render(out.data(), 4410);
  // At twice the rate, after the glide, the loop restarts every 500 frames.
  int wraps = 0;
  for (int f = 2001; f < 4410; ++f) wraps += out[2 * f] < out[2 * (f - 1)] - 0.1f;
  EXPECT_NEAR(wraps, (4410 - 2001) / 500, 1);
}

}  // namespace
}  // namespace cf
