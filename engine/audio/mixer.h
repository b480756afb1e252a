#pragma once
// The mixer: sounds started by the game thread through a lock-free ring of plain commands, mixed on
// the audio thread into interleaved stereo float. At most kVoiceLimit voices play at once (the PS1's
// SPU had 24): a new sound takes the quietest voice when it is louder, else it is dropped. The effects
// bus goes through a little reverb; a limiter keeps every output sample below full scale. render()
// never allocates, locks or reads anything but the ring and its own voices.
// Music: a sequencer (audio/song.h) plays a SongBank's songs on the same voices, sample-accurate (a
// note starts on its exact frame inside a block). Effects keep priority: a note takes only a free voice,
// an effect takes a music voice before any other, and the music ducks a little under loud effects.
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "audio/event_ring.h"
#include "audio/reverb.h"
#include "audio/song.h"

namespace cf {

// The sounds a mixer plays: mono samples at the mixer's rate, made once (audio/synth.h), never changed
// while a mixer uses them.
struct SoundBank {
  std::vector<std::vector<float>> samples;
  int size() const { return static_cast<int>(samples.size()); }
};

// Ambience (the beds of wind and birds) is a world sound: it follows the effects volume.
enum class Bus : std::uint8_t { kEffects = 0, kInterface = 1, kMusic = 2, kAmbience = 3 };

// One sound to start: what the game hands the mixer (plain data; placement already applied).
struct PlayCommand {
  std::uint16_t sound = 0;   // index into the bank
  float gain = 1.0f;         // linear, 0..1 (distance attenuation and loudness folded in)
  float pan = 0.0f;          // -1 left .. +1 right
  float pitch = 1.0f;        // playback rate: 2 is an octave up; clamped to 0.25..4
  float reverb = 0.0f;       // share sent to the reverb, 0..1
  Bus bus = Bus::kEffects;
  // Nonzero: a held sound, looped until released. A command whose hold matches a playing voice
  // updates it (gain, pan, pitch glide over ~10 ms) instead of starting another; gain 0 releases it.
  std::uint8_t hold = 0;
};

struct MixerGains {
  float master = 1.0f, effects = 1.0f, interface_ = 1.0f, music = 1.0f;  // 0..1 each
};

// What the game asks of the sequencer (plain data through a ring, like PlayCommand).
struct MusicCommand {
  std::int16_t song = -1;   // index into the SongBank; -1 stops the music
  std::uint16_t generation = 0;  // which play_song this is (follow_song names it)
  std::int32_t fade_frames = 0;  // the old song's notes fade out over this (the crossfade)
  std::int64_t from_frame = 0;   // where in the song it starts (frames from its start)
};

class Mixer {
 public:
  static constexpr int kVoiceLimit = 24;
  static constexpr int kMaxBlockFrames = 256;  // render() works in blocks of at most this

  // 'bank' must outlive the mixer.
  Mixer(const SoundBank& bank, int sample_rate);

  // Game thread: queues a sound to start at the next render. False when the queue is full (dropped).
  bool play(const PlayCommand& c);
  // Game thread (or any): the bus gains, read by the next render.
  void set_gains(const MixerGains& g);
  // Before the audio starts: the songs, and the bank index of the first instrument's sample (the
  // instruments' samples, audio/song.h's order, follow it in the bank). Null: no music.
  void set_songs(const SongBank* songs, int first_instrument);
  // Game thread: starts a song at the next render, from_frame frames into it (0: its first row), the
  // old one's notes fading over fade_s (a short crossfade). song -1 stops. False when the queue is full.
  bool play_song(int song, float fade_s = 0.1f, std::int64_t from_frame = 0);
  // Game thread, each tick: where the song of the last play_song should be now, frames from its start
  // (the game's beat clock). The sequencer keeps within kFollowTicks of it (plus a render's frames):
  // further ahead (the game paused or slow) it holds, behind it catches up 6% fast, and more than
  // kFollowJumpTicks apart (a rewind, a stall) it jumps there. Never called: the song runs free.
  void follow_song(std::int64_t frame);
  static constexpr int kFollowTicks = 4, kFollowJumpTicks = 30;

  // Audio thread: starts the queued sounds, then mixes 'frames' stereo frames into out (2 * frames
  // floats, overwritten).
  void render(float* out, int frames);

  int sample_rate() const { return rate_; }
  // Voices playing after the last render, and the most ever playing at once.
  int active_voices() const { return active_.load(std::memory_order_relaxed); }
  int max_voices() const { return max_active_.load(std::memory_order_relaxed); }
  // Sounds that took a quieter voice, and sounds dropped (quieter than every voice, or the queue full).
  int stolen() const { return stolen_.load(std::memory_order_relaxed); }
  int dropped() const { return dropped_.load(std::memory_order_relaxed); }
  // Music: the song playing (-1 none, or a song that has ended), notes started, notes refused as outside
  // their instrument's range, notes that found no free voice, and music voices given up to effects.
  int song() const { return song_now_.load(std::memory_order_relaxed); }
  int music_notes() const { return notes_.load(std::memory_order_relaxed); }
  int music_out_of_range() const { return out_of_range_.load(std::memory_order_relaxed); }
  int music_dropped() const { return music_dropped_.load(std::memory_order_relaxed); }
  int music_yielded() const { return yielded_.load(std::memory_order_relaxed); }
  // Voices of music, and of everything else, after the last render; the music's duck gain (1: none).
  int music_voices() const { return music_active_.load(std::memory_order_relaxed); }
  // Where the song is after the last render, frames from its start (its position in the beat).
  std::int64_t song_position() const { return song_pos_now_.load(std::memory_order_relaxed); }
  int effect_voices() const { return active_voices() - music_voices(); }
  float duck() const { return duck_now_.load(std::memory_order_relaxed); }

 private:
  struct Voice {
    const float* data = nullptr;  // null: free
    double pos = 0.0;             // frames into data
    double step = 1.0;
    int length = 0;
    float left = 0.0f, right = 0.0f, reverb = 0.0f;
    float gain = 0.0f;            // its command's gain (priority)
    Bus bus = Bus::kEffects;
    std::uint8_t hold = 0;        // a held sound's id (loops), 0: plays once
    float to_left = 0.0f, to_right = 0.0f, to_reverb = 0.0f;  // a held voice glides to these
    double to_step = 1.0;
    // Music only: silent for 'delay' frames (a note's exact frame), its fade starts after 'release_in'
    // frames (-1: not released), 'note' ties it to its channel.
    int delay = 0, release_in = -1;
    float fade = 1.0f, fade_step = 0.0f;
    std::uint32_t note = 0;
    float loudness() const { return hold ? gain : gain * static_cast<float>(1.0 - pos / length); }
  };
  void start(const PlayCommand& c);
  bool update_held(const PlayCommand& c);  // true when c was for a held voice already playing
  void mix_block(float* out, int frames, const MixerGains& g);
  void sequence(int frames, bool audible);  // the notes due in the next 'frames'
  void start_note(int channel, int note, int offset);
  void release_channel(int channel, int offset);
  void change_song(const MusicCommand& c);
  std::int64_t music_step(int frames);   // how far the song moves in the next 'frames' (following the game)
  void seek(std::int64_t frame);         // the song's next row is the first at or after 'frame'

  const SoundBank& bank_;
  int rate_;
  EventRing<PlayCommand, 256> queue_;
  std::array<Voice, kVoiceLimit> voices_{};
  Reverb reverb_;
  std::array<float, kMaxBlockFrames> send_{};
  float limiter_ = 1.0f;  // the limiter's gain now
  std::atomic<float> master_{1.0f}, effects_{1.0f}, interface_{1.0f};
  std::atomic<int> active_{0}, max_active_{0}, stolen_{0}, dropped_{0};
  // The sequencer (audio thread only, but for the atomics read by the game thread).
  const SongBank* songs_ = nullptr;
  int first_instrument_ = 0;
  EventRing<MusicCommand, 16> music_queue_;
  std::atomic<float> music_{1.0f};
  int song_ = -1;
  std::int64_t song_frame_ = 0, next_row_ = 0;  // frames since the song started, its next row (unwrapped)
  double frames_per_row_ = 0.0;
  float release_step_ = 1.0f;  // a replaced note's fade per frame (over 5 ms)
  std::uint16_t generation_ = 0;        // game thread: the last play_song's
  std::uint16_t song_generation_ = 0;   // audio thread: the playing song's
  static constexpr std::int64_t kFollowMask = (std::int64_t{1} << 48) - 1;
  std::atomic<std::uint64_t> follow_{0};  // generation << 48 | frame (the game's last follow_song)
  std::int64_t target_ = -1;            // this render: where the game says the song is (-1: free)
  int render_frames_ = 0;
  std::uint32_t next_note_ = 1;
  std::array<std::uint32_t, kSongMaxChannels> channel_note_{};
  float duck_ = 1.0f, duck_env_ = 0.0f;
  std::atomic<float> duck_now_{1.0f};
  std::atomic<std::int64_t> song_pos_now_{0};
  std::atomic<int> song_now_{-1}, notes_{0}, out_of_range_{0}, music_dropped_{0}, yielded_{0}, music_active_{0};
};

}  // namespace cf
