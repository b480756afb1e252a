// The game's music and ambience rendered offline as the player hears them (creature-lab sound's way:
// each tick's 735 frames after the tick): standing still is no longer near silence, effects keep their
// voices under the music, music at volume 0 leaves the effects bit for bit, a herd's footsteps are
// thinned to a capped rate under one far rumble, and the dance bobs on the music's beat.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "game/play/beat.h"
#include "game/play/herd.h"
#include "game/session/clip_run.h"
#include "game/session/pad_script.h"
#include "game/sound/sound_director.h"
#include "sound_test_util.h"

namespace cf {
namespace {

constexpr int kTickFrames = 735;

const SongBank& shipped_songs() {
  static const SongBank bank = [] {
    Result<SongBank> b = load_song_dir(CF_ASSETS_DIR "/music");
    EXPECT_TRUE(b.ok()) << b.error().to_string();
    return b.ok() ? *b : SongBank{};
  }();
  return bank;
}

struct Heard {
  std::vector<float> stereo;
  int max_voices = 0, stolen = 0, dropped = 0, music_notes = 0, herd_heard = 0, herd_thinned = 0;
  std::vector<int> effect_voices;  // per tick
};

// Runs 'ticks' of s (inputs from 'input', else standing) heard with the shipped songs (null: none).
Heard hear(Session& s, int ticks, const SongBank* songs, float music, float ambience,
           const std::function<InputFrame(std::uint64_t)>& input = nullptr) {
  SoundOutput out(44100, songs);
  SoundDirector d;
  d.set_songs(songs);
  d.set_ambience(ambience);
  SoundSettings v;
  v.music = music;
  d.set_settings(v);
  d.set_output(&out);
  s.set_tick_listener(&d);
  Heard h;
  h.stereo.resize(2 * kTickFrames * static_cast<std::size_t>(ticks));
  for (int t = 0; t < ticks; ++t) {
    if (!s.tick(input ? input(static_cast<std::uint64_t>(t)) : InputFrame{})) break;
    out.mixer().render(h.stereo.data() + 2 * kTickFrames * static_cast<std::size_t>(t), kTickFrames);
    h.effect_voices.push_back(out.mixer().effect_voices());
  }
  s.set_tick_listener(nullptr);
  h.max_voices = out.mixer().max_voices();
  h.stolen = out.mixer().stolen();
  h.dropped = out.mixer().dropped();
  h.music_notes = out.mixer().music_notes();
  h.herd_heard = out.herd_steps_heard();
  h.herd_thinned = out.herd_steps_thinned();
  return h;
}

// The share of 1/60 s windows whose RMS is below -54 dBFS.
double quiet_share(const std::vector<float>& stereo) {
  int quiet = 0, windows = 0;
  for (std::size_t w = 0; w + 2 * kTickFrames <= stereo.size(); w += 2 * kTickFrames, ++windows) {
    double e = 0.0;
    for (std::size_t i = w; i < w + 2 * kTickFrames; ++i) e += static_cast<double>(stereo[i]) * stereo[i];
    quiet += std::sqrt(e / (2 * kTickFrames)) < std::pow(10.0, -54.0 / 20.0);
  }
  return windows ? static_cast<double>(quiet) / windows : 1.0;
}

void start_herd(Session* s, int count, const char* level) {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", std::string(CF_ASSETS_DIR "/levels/") + level);
  ASSERT_TRUE(scene.ok());
  Result<std::vector<HerdKind>> herd = pick_herd(count, 3, CF_ASSETS_DIR "/creatures");
  ASSERT_TRUE(herd.ok());
  ASSERT_TRUE(s->start(std::move(*scene), 3, *herd).ok());
}

TEST(MusicMix, StandingStillForTwentySecondsIsNotNearSilence) {
  for (const char* level : {"default.json", "open_ground.json", "fence_region.json"}) {
    SCOPED_TRACE(level);
    Session quiet, heard;
    test::start_session(&quiet, "biped.json", level);
    test::start_session(&heard, "biped.json", level);
    const double before = quiet_share(hear(quiet, 1200, nullptr, 0.0f, 0.0f).stereo);
    const Heard h = hear(heard, 1200, &shipped_songs(), 1.0f, 1.0f);
    EXPECT_GT(before, 0.9) << "without music and ambience a standing player hears near silence";
    EXPECT_LT(quiet_share(h.stereo), 0.10);
    EXPECT_GT(h.music_notes, 300);
    float peak = 0.0f;
    for (float v : h.stereo) peak = std::max(peak, std::fabs(v));
    EXPECT_LT(peak, 0.9f);
  }
}

TEST(MusicMix, MusicVolumeZeroLeavesTheEffectsBitForBit) {
  Session a, b, c;
  for (Session* s : {&a, &b, &c}) test::start_session(s, "quadruped.json", "open_ground.json");
  const std::vector<InputFrame> walk = test::replay_inputs("walk_forward_3s.replay.json");
  auto in = [&](std::uint64_t t) { return t < walk.size() ? walk[t] : InputFrame{}; };
  const Heard without = hear(a, 240, nullptr, 1.0f, 1.0f, in);
  const Heard silent = hear(b, 240, &shipped_songs(), 0.0f, 1.0f, in);
  EXPECT_EQ(silent.stereo, without.stereo);
  EXPECT_EQ(silent.music_notes, 0);
  EXPECT_NE(hear(c, 240, &shipped_songs(), 0.3f, 1.0f, in).stereo, without.stereo);
}

TEST(MusicMix, WithAHerdAndMusicNeverMoreThanTwentyFourVoicesAndNoEffectLosesItsVoice) {
  Session a, b;
  start_herd(&a, 32, "open_ground.json");
  start_herd(&b, 32, "open_ground.json");
  const InputFrame forward = test::walk_and_turn(1)[0];
  auto in = [&](std::uint64_t) { return forward; };
  const Heard with = hear(a, 600, &shipped_songs(), 1.0f, 1.0f, in);
  const Heard without = hear(b, 600, &shipped_songs(), 0.0f, 1.0f, in);
  EXPECT_LE(with.max_voices, Mixer::kVoiceLimit);
  EXPECT_GT(with.music_notes, 100);
  EXPECT_EQ(with.stolen, without.stolen) << "the music took no effect's voice";
  EXPECT_EQ(with.dropped, without.dropped) << "and made no effect be dropped";
  EXPECT_EQ(with.effect_voices, without.effect_voices) << "tick for tick, the effects had the voices they had alone";
}

TEST(MusicMix, AHerdsFootstepsAreThinnedToACappedRateUnderAFarRumble) {
  Session s;
  start_herd(&s, 32, "open_ground.json");
  const Heard h = hear(s, 600, &shipped_songs(), 1.0f, 1.0f);
  const double seconds = 10.0;
  const double heard_per_s = h.herd_heard / seconds, all_per_s = (h.herd_heard + h.herd_thinned) / seconds;
  EXPECT_GT(all_per_s, 100.0) << "32 creatures make many footsteps";
  EXPECT_LE(heard_per_s, SoundOutput::kHerdStepsPerSecond + 0.5) << "the rate heard is capped";
  EXPECT_GT(heard_per_s, 0.5 * SoundOutput::kHerdStepsPerSecond) << "the nearest are still heard";
  EXPECT_LT(heard_per_s, 0.6 * all_per_s);
  EXPECT_LT(quiet_share(h.stereo), 0.1);
}

// The free-roam songs are at the world's tempo (game/play/beat.h: 120 beats a minute, 4 to a bar) and
// start on its bar lines, so the music's beats are the world's; a trial's songs start at once, and the
// free-roam song comes back after them on the world's next bar line.
TEST(MusicMix, TheFreeRoamSongsKeepTheWorldsBeat) {
  const SongBank& bank = shipped_songs();
  for (LevelStyle style : {LevelStyle::kMeadow, LevelStyle::kFields, LevelStyle::kYard}) {
    const int i = bank.find(roam_song(style));
    ASSERT_GE(i, 0) << roam_song(style);
    const Song& song = bank.songs[static_cast<std::size_t>(i)];
    EXPECT_EQ(song.tempo_bpm * kWorldBeatTicks, 3600.0) << song.name << ": the world's tempo";
    EXPECT_EQ(song.beats_per_bar, kWorldBeatsPerBar) << song.name;
    EXPECT_TRUE(song.loop) << song.name;
  }
  MusicClock clock;
  clock.set_songs(&bank);
  const int meadow = bank.find("meadow"), countdown = bank.find("trial_countdown"), finish = bank.find("trial_finish");
  ASSERT_TRUE(clock.update(meadow, 1, false, kWorldBarTicks));
  EXPECT_EQ(clock.start_tick(), 0u) << "the session's first song: from the world's first bar";
  EXPECT_NEAR(clock.beat_phase(31), 1.0 / 30.0, 1e-9);
  ASSERT_TRUE(clock.update(countdown, 437, true, 0));
  EXPECT_EQ(clock.start_tick(), 437u) << "the countdown is the countdown: at once";
  ASSERT_TRUE(clock.update(finish, 1000, true, 0));
  const Song& jingle = bank.songs[static_cast<std::size_t>(finish)];
  const auto jingle_ticks = static_cast<std::uint64_t>(std::ceil(jingle.beats() * 3600.0 / jingle.tempo_bpm));
  EXPECT_FALSE(clock.update(finish, 1000 + jingle_ticks - 2, false, 0));
  const std::uint64_t back = 1000 + jingle_ticks + 1;
  ASSERT_TRUE(clock.update(meadow, back, false, kWorldBarTicks));
  EXPECT_EQ(clock.start_tick() % kWorldBarTicks, 0u) << "back on a world bar line";
  EXPECT_LE(back - clock.start_tick(), static_cast<std::uint64_t>(kWorldBarTicks));
  for (std::uint64_t t = back; t < back + 240; ++t)
    EXPECT_NEAR(clock.beat_phase(t) * kWorldBeatTicks, static_cast<double>(t % kWorldBeatTicks), 1e-6) << t;
}

// The dance bobs on the music's beat (its description's "beat": the body lowest each half second):
// pressed at any moment, it starts far enough into its clip that every bob is shown within a tick of
// a beat of the song playing, the player's and the herd's alike, and a replay bobs the same.
TEST(MusicMix, TheDanceBobsOnTheMusicsBeatWheneverItIsPressed) {
  Result<PadScript> script = load_pad_script(CF_SOURCE_DIR "/tests/data/game/emotes.pad.json");
  ASSERT_TRUE(script.ok());
  for (std::uint64_t delay : {0u, 7u, 19u, 26u}) {  // the press at four places in the beat
    Session s;
    test::start_session(&s, "biped.json", "open_ground.json");
    SoundDirector d;
    d.set_songs(&shipped_songs());
    s.set_tick_listener(&d);
    std::vector<double> y, phase;
    const std::uint64_t total = script->total_ticks() + delay;
    for (std::uint64_t t = 0; t < total; ++t) {
      s.tick(t < delay ? InputFrame{} : scripted_frame(*script, t - delay));
      y.push_back(s.runtime().pose(0).cog_ws.y);
      phase.push_back(d.music().beat_phase(s.state().tick));
    }
    s.set_tick_listener(nullptr);
    ASSERT_GE(d.music().song(), 0);
    ASSERT_EQ(d.music().songs()->songs[static_cast<std::size_t>(d.music().song())].tempo_bpm, 120.0) << "a free-roam song";
    // The bobs: the lowest points of the body while it dances (pressed at the script's tick 627, 4 s).
    const std::size_t from = 640 + delay, to = std::min<std::size_t>(y.size(), 627 + delay + 240);
    std::vector<std::size_t> bobs;
    for (std::size_t t = from; t + 1 < to; ++t)
      if (y[t] < y[t - 1] && y[t] <= y[t + 1] &&
          y[t] < *std::max_element(y.begin() + static_cast<long>(t) - 10, y.begin() + static_cast<long>(t) + 10) - 0.01)
        bobs.push_back(t);
    ASSERT_GE(bobs.size(), 5u) << "delay " << delay;
    double worst = 0.0;
    for (std::size_t b : bobs) {
      const double off = std::min(phase[b], 1.0 - phase[b]) * kWorldBeatTicks;  // ticks from the nearest beat
      worst = std::max(worst, off);
      EXPECT_LE(off, 1.0 + 1e-9) << "delay " << delay << ": the bob at tick " << b << " is " << off << " ticks from a beat";
    }
    std::printf("[ dance    ] pressed %llu ticks later: %zu bobs, each within %.2f ticks of a beat\n",
                static_cast<unsigned long long>(delay), bobs.size(), worst);
  }
}

}  // namespace
}  // namespace cf
