// The sequencer on the mixer's voices: notes start on their exact frame whatever the block size, the
// effects keep priority (never more than 24 voices, an effect never loses its voice to music), music at
// volume 0 leaves the effects bit for bit, loud effects duck it, the callback never allocates, and
// the song follows the game's beat clock (it waits through a pause, keeps up with a drifting device,
// jumps back with a rewind).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "alloc_counter.h"
#include "audio/mixer.h"
#include "audio/song.h"

namespace cf {
namespace {

constexpr int kRate = 44100;

// Sound 0: a 2 s constant tone (an effect); sound 1: a 10 ms click; then the instruments.
struct MusicBank {
  SoundBank bank;
  SongBank songs;
  int first = 0;
  MusicBank() {
    bank.samples.push_back(std::vector<float>(2 * kRate, 0.5f));
    bank.samples.push_back(std::vector<float>(441, 0.8f));
    first = bank.size();
    for (auto& s : make_instrument_samples(kRate)) bank.samples.push_back(std::move(s));
  }
  int add(const std::string& channels, const std::string& pattern, int beats_per_bar = 4, bool loop = true) {
    const std::string text =
        "{\"format\": \"critterforge.song/1\", \"name\": \"s" + std::to_string(songs.songs.size()) +
        "\", \"tempo_bpm\": 120, \"rows_per_beat\": 4, \"beats_per_bar\": " + std::to_string(beats_per_bar) +
        ", \"loop\": " + (loop ? "true" : "false") + ", \"channels\": " + channels + ", \"patterns\": {\"A\": " +
        pattern + "}, \"order\": [\"A\"]}";
    Result<Song> s = parse_song(text, "test.json");
    EXPECT_TRUE(s.ok()) << s.error().to_string();
    songs.songs.push_back(*s);
    return static_cast<int>(songs.songs.size()) - 1;
  }
};

std::string rows(const std::string& first, int count, const std::string& fill = ".") {
  std::string s = first;
  for (int i = 1; i < count; ++i) s += " " + fill;
  return s;
}

// A busy band: six channels of sixteenths.
int add_band(MusicBank* b) {
  const std::string pat = "[\"" + rows("C2", 16, "C2") + "\", \"" + rows("C5", 16, "E5") + "\", \"" + rows("C5", 16, "G5") +
                          "\", \"" + rows("C4", 16, "C4") + "\", \"" + rows("C4", 16) + "\", \"" + rows("C4", 16, "C4") + "\"]";
  return b->add("[{\"instrument\": \"bass\"}, {\"instrument\": \"lead\"}, {\"instrument\": \"arp\"}, "
                "{\"instrument\": \"kick\"}, {\"instrument\": \"snare\"}, {\"instrument\": \"hat\"}]",
                pat);
}

std::vector<float> render(Mixer& m, int frames, int block) {
  std::vector<float> out(2 * static_cast<std::size_t>(frames));
  for (int done = 0; done < frames; done += block) m.render(out.data() + 2 * done, std::min(block, frames - done));
  return out;
}

TEST(Music, ANoteStartsOnItsExactFrameWhateverTheBlockSize) {
  MusicBank b;
  // Row 0 and row 3 (3 x 5512.5 frames = frame 16538 rounded) of a hat; the second song has row 0 only.
  const int both = b.add("[{\"instrument\": \"hat\", \"volume\": 1}]", "[\"C4 . . C4 . . . . . . . . . . . .\"]");
  const int first = b.add("[{\"instrument\": \"hat\", \"volume\": 1}]", "[\"C4 . . . . . . . . . . . . . . .\"]");
  const std::vector<float>& hat = b.bank.samples[static_cast<std::size_t>(b.first + find_instrument("hat"))];
  int lead_in = 0;  // the sample's first nonzero frame
  while (hat[static_cast<std::size_t>(lead_in)] == 0.0f) ++lead_in;
  const int expect = static_cast<int>(std::llround(3 * 5512.5)) + lead_in;
  std::vector<float> reference;
  for (int block : {735, 64, 1000, 97}) {
    SCOPED_TRACE(block);
    Mixer a(b.bank, kRate), c(b.bank, kRate);
    a.set_songs(&b.songs, b.first);
    c.set_songs(&b.songs, b.first);
    a.play_song(both);
    c.play_song(first);
    const std::vector<float> x = render(a, 20000, block), y = render(c, 20000, block);
    int differs = -1;
    for (int f = 0; f < 20000 && differs < 0; ++f)
      if (x[2 * static_cast<std::size_t>(f)] != y[2 * static_cast<std::size_t>(f)]) differs = f;
    EXPECT_EQ(differs, expect);
    if (reference.empty()) reference = x;
    EXPECT_EQ(x, reference) << "the same samples whatever the block size";
  }
}

TEST(Music, EffectsKeepTheirVoicesAndNeverMoreThanTwentyFour) {
  MusicBank b;
  const int band = add_band(&b);
  // A stream of effects like a herd's: 6 a tick, some loud, some quiet; with and without the band.
  auto run = [&](bool music, int* effect_voices_min, int* music_voices_max) {
    Mixer m(b.bank, kRate);
    m.set_songs(&b.songs, b.first);
    if (music) m.play_song(band);
    std::vector<float> out(2 * 735);
    *effect_voices_min = 99;
    *music_voices_max = 0;
    for (int tick = 0; tick < 300; ++tick) {
      for (int i = 0; i < 6; ++i)
        m.play(PlayCommand{static_cast<std::uint16_t>(i % 2), 0.05f + 0.15f * static_cast<float>((tick * 7 + i) % 6)});
      m.render(out.data(), 735);
      EXPECT_LE(m.active_voices(), Mixer::kVoiceLimit);
      if (tick > 100) *effect_voices_min = std::min(*effect_voices_min, m.effect_voices());
      *music_voices_max = std::max(*music_voices_max, m.music_voices());
    }
    return std::make_pair(m.stolen(), m.dropped());
  };
  int fx_alone = 0, fx_with = 0, mus_alone = 0, mus_with = 0;
  const auto alone = run(false, &fx_alone, &mus_alone);
  const auto with = run(true, &fx_with, &mus_with);
  EXPECT_EQ(with, alone) << "the music made no effect lose its voice or be dropped";
  EXPECT_EQ(mus_alone, 0);
  EXPECT_GT(mus_with, 0) << "the band played in the voices the effects left";
  // 24 long effects: the band gets no voice, every effect keeps its own.
  Mixer m(b.bank, kRate);
  m.set_songs(&b.songs, b.first);
  m.play_song(band);
  std::vector<float> out(2 * 735);
  m.render(out.data(), 735);
  ASSERT_GT(m.music_voices(), 0);
  for (int i = 0; i < Mixer::kVoiceLimit; ++i) m.play(PlayCommand{0, 0.3f});
  m.render(out.data(), 735);
  EXPECT_EQ(m.effect_voices(), Mixer::kVoiceLimit);
  EXPECT_GT(m.music_yielded(), 0) << "the music gave its voices up";
  const int notes = m.music_notes();
  for (int t = 0; t < 30; ++t) m.render(out.data(), 735);
  EXPECT_EQ(m.effect_voices(), Mixer::kVoiceLimit) << "the notes since took no effect's voice";
  EXPECT_EQ(m.music_notes(), notes);
  EXPECT_GT(m.music_dropped(), 0);
  EXPECT_EQ(m.max_voices(), Mixer::kVoiceLimit);
}

TEST(Music, VolumeZeroLeavesTheEffectsBitForBit) {
  MusicBank b;
  const int band = add_band(&b);
  auto run = [&](bool song, float music) {
    Mixer m(b.bank, kRate);
    m.set_songs(&b.songs, b.first);
    m.set_gains(MixerGains{0.8f, 0.9f, 1.0f, music});
    if (song) m.play_song(band);
    std::vector<float> all;
    std::vector<float> out(2 * 512);
    for (int block = 0; block < 200; ++block) {
      for (int i = 0; i < 3; ++i)
        m.play(PlayCommand{static_cast<std::uint16_t>((block + i) % 2), 0.2f + 0.1f * static_cast<float>(i), -0.4f, 1.1f, 0.3f});
      m.render(out.data(), 512);
      all.insert(all.end(), out.begin(), out.end());
    }
    return all;
  };
  const std::vector<float> without = run(false, 1.0f);
  EXPECT_EQ(run(true, 0.0f), without);
  EXPECT_NE(run(true, 0.5f), without) << "the music is heard when it has a volume";
}

TEST(Music, LoudEffectsDuckTheMusicALittle) {
  MusicBank b;
  const int band = add_band(&b);
  Mixer m(b.bank, kRate);
  m.set_songs(&b.songs, b.first);
  m.play_song(band);
  std::vector<float> out(2 * 735);
  for (int t = 0; t < 20; ++t) m.render(out.data(), 735);
  EXPECT_EQ(m.duck(), 1.0f) << "no effects: no duck";
  m.play(PlayCommand{0, 0.1f});  // quiet: 0.5 x 0.1 x 0.7
  for (int t = 0; t < 5; ++t) m.render(out.data(), 735);
  EXPECT_EQ(m.duck(), 1.0f);
  m.play(PlayCommand{0, 1.0f});
  for (int t = 0; t < 5; ++t) m.render(out.data(), 735);
  EXPECT_LT(m.duck(), 0.8f) << "a loud effect ducks the music";
  EXPECT_GE(m.duck(), 0.55f) << "...a little, never away";
  for (int t = 0; t < 200; ++t) m.render(out.data(), 735);  // the tone ends after 2 s
  EXPECT_GT(m.duck(), 0.97f) << "and it comes back";
}

TEST(Music, RenderAllocatesNothingWithMusicPlaying) {
  MusicBank b;
  const int band = add_band(&b);
  const int other = b.add("[{\"instrument\": \"bell\"}]", "[\"" + rows("C6", 8, "- C6") + " -\"]");
  Mixer m(b.bank, kRate);
  m.set_songs(&b.songs, b.first);
  m.play_song(band);
  std::vector<float> out(2 * 1024);
  m.render(out.data(), 1024);
  const std::size_t before = test::allocation_count();
  for (int block = 0; block < 200; ++block) {
    if (block % 50 == 25) m.play_song(block % 100 == 25 ? other : band, 0.1f);  // changes with a crossfade
    for (int i = 0; i < 4; ++i) m.play(PlayCommand{1, 0.5f});  // clicks: voices stay free for the band
    m.render(out.data(), 1024);
  }
  EXPECT_EQ(test::allocation_count(), before);
  EXPECT_GT(m.music_notes(), 100);
}

// The game ticks at 60 Hz; the device pulls 'device_frames' a tick (735: in step). Each tick the game
// says where the song should be (follow_song), then the device renders.
struct Followed {
  std::vector<float> out;
  std::vector<std::int64_t> ahead;  // per tick: the song's position after the render less the game's
  std::vector<int> notes;           // per tick: notes started so far
};
Followed follow_run(const MusicBank& b, int song, int ticks, int device_frames, const std::vector<int>& clock,
                    bool follow = true) {
  Mixer m(b.bank, kRate);
  m.set_songs(&b.songs, b.first);
  Followed f;
  f.out.resize(2 * 735 * static_cast<std::size_t>(ticks) + 2 * 4096);
  std::size_t at = 0;
  for (int t = 0; t < ticks; ++t) {
    if (t == 0) m.play_song(song, 0.1f, static_cast<std::int64_t>(clock[0]) * 735);
    if (follow) m.follow_song(static_cast<std::int64_t>(clock[static_cast<std::size_t>(t)]) * 735);
    if (at + 2 * static_cast<std::size_t>(device_frames) > f.out.size()) f.out.resize(at + 2 * static_cast<std::size_t>(device_frames));
    m.render(f.out.data() + at, device_frames);
    at += 2 * static_cast<std::size_t>(device_frames);
    f.ahead.push_back(m.song_position() - static_cast<std::int64_t>(clock[static_cast<std::size_t>(t)]) * 735);
    f.notes.push_back(m.music_notes());
  }
  f.out.resize(at);
  return f;
}

std::vector<int> steady_clock(int ticks, int from = 0) {
  std::vector<int> c(static_cast<std::size_t>(ticks));
  for (int t = 0; t < ticks; ++t) c[static_cast<std::size_t>(t)] = from + t;
  return c;
}

TEST(Music, ASongFollowingTheGameInStepIsBitForBitTheFreeSong) {
  MusicBank b;
  const int band = add_band(&b);
  const std::vector<int> clock = steady_clock(900);
  const Followed free = follow_run(b, band, 900, 735, clock, false), followed = follow_run(b, band, 900, 735, clock);
  EXPECT_EQ(free.out, followed.out);
  EXPECT_GT(followed.notes.back(), 500);
  // Started on the clock's tick 300, the song plays from there: as the free song does after 300 ticks.
  const Followed late = follow_run(b, band, 300, 735, steady_clock(300, 300));
  EXPECT_EQ(late.ahead.front(), 735);
  EXPECT_NEAR(late.notes.back(), free.notes[599] - free.notes[299], 6) << "the same rows (voices busy aside)";
}

TEST(Music, APausedGameHoldsTheSongAndItGoesOnFromWhereItWas) {
  MusicBank b;
  const int band = add_band(&b);
  // 2 s of play, 3 s paused (the clock stands), 2 s of play.
  std::vector<int> clock;
  for (int t = 0; t < 120; ++t) clock.push_back(t);
  for (int t = 0; t < 180; ++t) clock.push_back(120);
  for (int t = 0; t < 120; ++t) clock.push_back(121 + t);
  const Followed f = follow_run(b, band, 420, 735, clock);
  const std::int64_t window = Mixer::kFollowTicks * 735 + 735;
  for (std::size_t t = 0; t < f.ahead.size(); ++t) EXPECT_LE(f.ahead[t], window + 256) << "tick " << t;
  EXPECT_EQ(f.notes[299], f.notes[140]) << "no note while paused, once the song has caught the clock";
  EXPECT_GT(f.notes[419], f.notes[299] + 60) << "it plays on after the pause (about 40 notes a second)";
  // After the pause it plays what the clock says: as many notes over the 4 s of clock as in step.
  const Followed free = follow_run(b, band, 241, 735, steady_clock(241), false);
  EXPECT_NEAR(f.notes[419], free.notes[240], 12);
}

TEST(Music, ASongKeepsUpWithADeviceFasterOrSlowerThanTheTicksAndJumpsWithARewind) {
  MusicBank b;
  const int band = add_band(&b);
  const std::int64_t window = Mixer::kFollowTicks * 735;
  for (int device : {700, 770, 1024}) {  // 4.8% slow, 4.8% fast, 39% fast (bursts of ticks)
    const Followed f = follow_run(b, band, 1800, device, steady_clock(1800));
    std::int64_t lo = 0, hi = 0;
    for (std::size_t t = 600; t < f.ahead.size(); ++t) lo = std::min(lo, f.ahead[t]), hi = std::max(hi, f.ahead[t]);
    EXPECT_GE(lo, -window - device) << device << " frames a tick";
    EXPECT_LE(hi, window + 2 * device) << device << " frames a tick";
    std::printf("[ follow   ] device %d frames a tick: the song %lld..%lld frames from the clock\n", device,
                static_cast<long long>(lo), static_cast<long long>(hi));
  }
  // A rewind of 10 s: the song goes back with the clock.
  std::vector<int> clock = steady_clock(1200);
  for (int t = 0; t < 120; ++t) clock.push_back(600 + t);
  const Followed f = follow_run(b, band, 1320, 735, clock);
  EXPECT_LE(std::abs(f.ahead.back()), 2 * 735);
}

TEST(Music, EverySongPlaysThroughOnceWithEveryNoteInItsInstrumentsRange) {
  MusicBank b;
  Result<SongBank> shipped = load_song_dir(CF_ASSETS_DIR "/music");
  ASSERT_TRUE(shipped.ok()) << shipped.error().to_string();
  ASSERT_GE(shipped->songs.size(), 9u);
  for (std::size_t i = 0; i < shipped->songs.size(); ++i) {
    const Song& s = shipped->songs[i];
    SCOPED_TRACE(s.name);
    int cells = 0;
    for (std::size_t k = 0; k < s.cells.size(); ++k) {
      const int c = s.cells[k];
      if (c < 0) continue;
      ++cells;
      const Instrument& inst = instruments()[static_cast<std::size_t>(s.channels[k % s.channels.size()].instrument)];
      EXPECT_GE(c, inst.low);
      EXPECT_LE(c, inst.high);
    }
    Mixer m(b.bank, kRate);
    m.set_songs(&*shipped, b.first);
    m.play_song(static_cast<int>(i));
    const int frames = static_cast<int>(std::ceil(s.seconds() * kRate));  // the last row starts before this
    const std::vector<float> out = render(m, frames, 735);
    EXPECT_EQ(m.music_notes(), cells) << "every note of one pass played";
    EXPECT_EQ(m.music_out_of_range(), 0);
    EXPECT_EQ(m.music_dropped(), 0);
    EXPECT_LE(m.max_voices(), 2 * static_cast<int>(s.channels.size())) << "a note and a fading one per channel";
    float peak = 0.0f;
    for (float v : out) peak = std::max(peak, std::fabs(v));
    EXPECT_GT(peak, 0.05f);
    EXPECT_LT(peak, 0.9f);
    render(m, kRate / 2, 735);
    EXPECT_EQ(m.song(), s.loop ? static_cast<int>(i) : -1) << "a sting or jingle ends; a loop goes round";
  }
}

}  // namespace
}  // namespace cf
