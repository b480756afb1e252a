// The mixer rendered offline (no device) for recorded runs: a walk is not silent, peaks below full
// scale and its onsets fall on the footstep ticks; a herd of 64, thinned, never takes more than 24 voices.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "game/play/herd.h"
#include "game/sound/sound_director.h"
#include "sound_test_util.h"

namespace cf {
namespace {

constexpr int kTickFrames = 735;  // 44100 / 60

struct Rendered {
  std::vector<float> stereo;
  std::vector<std::uint64_t> footstep_ticks;  // ticks with a footstep of the player
  int max_voices = 0, stolen = 0, dropped = 0;
};

Rendered render(Session& s, const std::vector<InputFrame>& inputs) {
  SoundOutput out;
  SoundDirector d;
  d.set_ambience(0.0f);  // the effects alone: their onsets over silence
  d.set_output(&out);
  s.set_tick_listener(&d);
  Rendered r;
  r.stereo.resize(2 * kTickFrames * inputs.size());
  std::size_t t = 0;
  for (const InputFrame& in : inputs) {
    if (!s.tick(in)) break;
    for (const SoundEvent& e : d.events())
      if (e.kind == SoundKind::kFootstep && e.creature == 0 &&
          (r.footstep_ticks.empty() || r.footstep_ticks.back() != s.state().tick))
        r.footstep_ticks.push_back(s.state().tick);
    // The tick's sounds start at the tick's first frame (t ticks in: t * 735 frames).
    out.mixer().render(r.stereo.data() + 2 * kTickFrames * t, kTickFrames);
    ++t;
  }
  s.set_tick_listener(nullptr);
  r.max_voices = out.mixer().max_voices();
  r.stolen = out.mixer().stolen();
  r.dropped = out.mixer().dropped();
  return r;
}

// Onsets: 2 ms windows whose peak jumps to 4x the loudest of the 10 ms before (and over a floor).
std::vector<double> onsets_s(const std::vector<float>& stereo) {
  constexpr int kWindow = 88;
  std::vector<float> peaks;
  for (std::size_t f = 0; f + kWindow <= stereo.size() / 2; f += kWindow) {
    float p = 0.0f;
    for (std::size_t k = f; k < f + kWindow; ++k) p = std::max({p, std::fabs(stereo[2 * k]), std::fabs(stereo[2 * k + 1])});
    peaks.push_back(p);
  }
  std::vector<double> out;
  for (std::size_t i = 5; i < peaks.size(); ++i) {
    const float before = *std::max_element(peaks.begin() + static_cast<long>(i) - 5, peaks.begin() + static_cast<long>(i));
    if (peaks[i] > 0.02f && peaks[i] > 4.0f * before) out.push_back(static_cast<double>(i * kWindow) / 44100.0);
  }
  return out;
}

TEST(SoundMix, AWalkReplayIsHeardOnItsFootstepsBelowFullScale) {
  for (const char* creature : {"biped.json", "quadruped.json"}) {
    SCOPED_TRACE(creature);
    Session s;
    test::start_session(&s, creature, "open_ground.json");
    const Rendered r = render(s, test::replay_inputs("walk_forward_3s.replay.json"));
    float peak = 0.0f;
    double energy = 0.0;
    for (float v : r.stereo) peak = std::max(peak, std::fabs(v)), energy += static_cast<double>(v) * v;
    const double rms = std::sqrt(energy / static_cast<double>(r.stereo.size()));
    EXPECT_GT(rms, 0.003) << "not silent";
    EXPECT_LT(peak, 0.9f) << "below full scale";
    EXPECT_GT(peak, 0.05f);
    ASSERT_GE(r.footstep_ticks.size(), 6u);
    const std::vector<double> onsets = onsets_s(r.stereo);
    for (std::uint64_t t : r.footstep_ticks) {
      const double at = static_cast<double>(t - 1) / 60.0;  // tick t's sounds start t - 1 ticks in
      const bool found = std::any_of(onsets.begin(), onsets.end(), [&](double o) { return std::fabs(o - at) <= 0.010; });
      EXPECT_TRUE(found) << "no onset within 10 ms of the footstep at tick " << t;
    }
    for (double o : onsets) {
      const bool near = std::any_of(r.footstep_ticks.begin(), r.footstep_ticks.end(), [&](std::uint64_t t) {
        return std::fabs(o - static_cast<double>(t - 1) / 60.0) <= 0.010;
      });
      EXPECT_TRUE(near) << "an onset at " << o << " s with no footstep";
    }
  }
}

TEST(SoundMix, SixtyFourCreaturesNeverTakeMoreThanTwentyFourVoices) {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(scene.ok());
  Result<std::vector<HerdKind>> herd = pick_herd(64, 3, CF_ASSETS_DIR "/creatures");
  ASSERT_TRUE(herd.ok());
  Session s;
  ASSERT_TRUE(s.start(std::move(*scene), 3, *herd).ok());
  ASSERT_EQ(s.state().creature_count, 65);
  const Rendered r = render(s, std::vector<InputFrame>(600, test::walk_and_turn(1)[0]));
  EXPECT_LE(r.max_voices, Mixer::kVoiceLimit);
  EXPECT_LT(r.max_voices, 16) << "thinned (SoundOutput::kHerdStepsPerSecond): the herd leaves voices for the music";
  float peak = 0.0f;
  for (float v : r.stereo) peak = std::max(peak, std::fabs(v));
  EXPECT_LT(peak, 0.9f) << "never clips";
}

}  // namespace
}  // namespace cf
