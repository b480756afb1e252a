#include "audio/mixer.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "audio/spatial.h"

namespace cf {

namespace {

// The voice's sample at its position, linear between frames; false (the voice freed) past its end.
template <class Voice>
bool interpolated(Voice& v, float* s) {
  const int i = static_cast<int>(v.pos);
  if (i >= v.length - 1) {
    v.data = nullptr;
    return false;
  }
  const float t = static_cast<float>(v.pos - i);
  *s = v.data[i] + (v.data[i + 1] - v.data[i]) * t;
  return true;
}
constexpr float kCeiling = 0.89f;  // -1 dBFS: the limiter's ceiling
// Ducking: the effects' peak envelope above kDuckFrom pulls the music down, at most by kDuckDepth
// (about -5 dB) at kDuckFull: a landing is heard over the song, the song never disappears.
constexpr float kDuckFrom = 0.12f, kDuckFull = 0.5f, kDuckDepth = 0.45f;
float finite_or(float v, float d) { return std::isfinite(v) ? v : d; }
}  // namespace

Mixer::Mixer(const SoundBank& bank, int sample_rate)
    : bank_(bank), rate_(sample_rate), reverb_(sample_rate),
      release_step_(1.0f / (0.005f * static_cast<float>(sample_rate))) {}

bool Mixer::play(const PlayCommand& c) {
  if (queue_.push(c)) return true;
  dropped_.fetch_add(1, std::memory_order_relaxed);
  return false;
}

void Mixer::set_gains(const MixerGains& g) {
  master_.store(std::clamp(finite_or(g.master, 0.0f), 0.0f, 1.0f), std::memory_order_relaxed);
  effects_.store(std::clamp(finite_or(g.effects, 0.0f), 0.0f, 1.0f), std::memory_order_relaxed);
  interface_.store(std::clamp(finite_or(g.interface_, 0.0f), 0.0f, 1.0f), std::memory_order_relaxed);
  music_.store(std::clamp(finite_or(g.music, 0.0f), 0.0f, 1.0f), std::memory_order_relaxed);
}

void Mixer::set_songs(const SongBank* songs, int first_instrument) {
  songs_ = songs;
  first_instrument_ = first_instrument;
}

bool Mixer::play_song(int song, float fade_s, std::int64_t from_frame) {
  MusicCommand c;
  c.song = static_cast<std::int16_t>(song);
  c.generation = ++generation_ == 0 ? ++generation_ : generation_;  // 0: no song followed
  c.fade_frames = static_cast<std::int32_t>(std::clamp(finite_or(fade_s, 0.0f), 0.005f, 2.0f) * static_cast<float>(rate_));
  c.from_frame = std::clamp<std::int64_t>(from_frame, 0, kFollowMask);
  return music_queue_.push(c);
}

void Mixer::follow_song(std::int64_t frame) {
  const auto f = static_cast<std::uint64_t>(std::clamp<std::int64_t>(frame, 0, kFollowMask));
  follow_.store(static_cast<std::uint64_t>(generation_) << 48 | f, std::memory_order_relaxed);
}

bool Mixer::update_held(const PlayCommand& c) {
  if (c.hold == 0) return false;
  for (Voice& v : voices_) {
    if (!v.data || v.hold != c.hold) continue;
    const float gain = std::clamp(finite_or(c.gain, 0.0f), 0.0f, 1.0f);
    float l = 0.0f, r = 0.0f;
    pan_gains(finite_or(c.pan, 0.0f), &l, &r);
    v.gain = gain;
    v.to_left = gain * l;
    v.to_right = gain * r;
    v.to_reverb = gain * std::clamp(finite_or(c.reverb, 0.0f), 0.0f, 1.0f);
    v.to_step = std::clamp(finite_or(c.pitch, 1.0f), 0.25f, 4.0f);
    return true;
  }
  return c.gain <= 0.0f;  // releasing a sound that is not playing: nothing to do
}

void Mixer::start(const PlayCommand& c) {
  if (update_held(c)) return;
  const float gain = std::clamp(finite_or(c.gain, 0.0f), 0.0f, 1.0f);
  if (c.sound >= bank_.samples.size() || bank_.samples[c.sound].empty() || gain <= 0.0f || c.bus == Bus::kMusic) {
    dropped_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  // A free voice, else a music voice (the quietest), else the quietest one if the new sound is louder.
  Voice* slot = nullptr;
  Voice* quietest = nullptr;
  Voice* music = nullptr;
  for (Voice& v : voices_) {
    if (!v.data) {
      slot = &v;
      break;
    }
    if (v.bus == Bus::kMusic) {
      if (!music || v.gain * v.fade < music->gain * music->fade) music = &v;
    } else if (!quietest || v.loudness() < quietest->loudness()) {
      quietest = &v;
    }
  }
  if (!slot && music) {
    slot = music;
    yielded_.fetch_add(1, std::memory_order_relaxed);
  }
  if (!slot) {
    if (quietest->loudness() >= gain) {
      dropped_.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    slot = quietest;
    stolen_.fetch_add(1, std::memory_order_relaxed);
  }
  const std::vector<float>& s = bank_.samples[c.sound];
  float l = 0.0f, r = 0.0f;
  pan_gains(finite_or(c.pan, 0.0f), &l, &r);
  *slot = Voice{};
  slot->data = s.data();
  slot->length = static_cast<int>(s.size());
  slot->pos = 0.0;
  slot->step = std::clamp(finite_or(c.pitch, 1.0f), 0.25f, 4.0f);
  slot->gain = gain;
  slot->left = gain * l;
  slot->right = gain * r;
  slot->reverb = gain * std::clamp(finite_or(c.reverb, 0.0f), 0.0f, 1.0f);
  slot->bus = c.bus;
  slot->hold = c.hold;
  slot->to_left = slot->left, slot->to_right = slot->right, slot->to_reverb = slot->reverb, slot->to_step = slot->step;
  if (c.hold) slot->left = slot->right = slot->reverb = 0.0f;  // a held sound fades in: no click
}

void Mixer::change_song(const MusicCommand& c) {
  const float step = 1.0f / static_cast<float>(std::max(1, c.fade_frames));
  for (Voice& v : voices_) {
    if (!v.data || v.bus != Bus::kMusic) continue;
    if (v.release_in < 0 || v.fade_step < step) v.fade_step = std::max(v.fade_step, step);
    if (v.release_in < 0) v.release_in = 0;
  }
  channel_note_.fill(0);
  const bool ok = songs_ && c.song >= 0 && c.song < static_cast<int>(songs_->songs.size());
  song_ = ok ? c.song : -1;
  song_generation_ = c.generation;
  song_frame_ = 0;
  next_row_ = 0;
  if (ok) {
    const Song& s = songs_->songs[static_cast<std::size_t>(song_)];
    frames_per_row_ = rate_ * 60.0 / (s.tempo_bpm * s.rows_per_beat);
    seek(c.from_frame);
  }
}

void Mixer::seek(std::int64_t frame) {
  song_frame_ = frame;
  auto row = static_cast<std::int64_t>(std::floor(static_cast<double>(frame) / frames_per_row_));
  while (row > 0 && std::llround(static_cast<double>(row - 1) * frames_per_row_) >= frame) --row;
  while (std::llround(static_cast<double>(row) * frames_per_row_) < frame) ++row;
  next_row_ = row;
}

std::int64_t Mixer::music_step(int frames) {
  if (target_ < 0) return frames;
  const std::int64_t tick = rate_ / 60, ahead = song_frame_ - target_;
  const std::int64_t window = kFollowTicks * tick + render_frames_;
  if (ahead > kFollowJumpTicks * tick || ahead < -kFollowJumpTicks * tick) {  // a rewind or a long stall
    for (int c = 0; c < kSongMaxChannels; ++c) release_channel(c, 0);
    seek(target_);
    return frames;
  }
  if (ahead > window) return 0;                     // the game is paused or slow: the song waits
  if (ahead < -window) return frames + frames / 16;  // behind: catch up
  return frames;
}

void Mixer::release_channel(int channel, int offset) {
  const std::uint32_t id = channel_note_[static_cast<std::size_t>(channel)];
  if (id == 0) return;
  for (Voice& v : voices_) {
    if (v.data && v.bus == Bus::kMusic && v.note == id && v.release_in < 0) {
      v.release_in = offset;
      v.fade_step = release_step_;
    }
  }
  channel_note_[static_cast<std::size_t>(channel)] = 0;
}

void Mixer::start_note(int channel, int note, int offset) {
  const Song& s = songs_->songs[static_cast<std::size_t>(song_)];
  const SongChannel& ch = s.channels[static_cast<std::size_t>(channel)];
  release_channel(channel, offset);
  const Instrument& inst = instruments()[static_cast<std::size_t>(ch.instrument)];
  const int sound = first_instrument_ + ch.instrument;
  if (note < inst.low || note > inst.high || sound >= bank_.size() || bank_.samples[static_cast<std::size_t>(sound)].empty()) {
    out_of_range_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  Voice* slot = nullptr;
  for (Voice& v : voices_) {
    if (!v.data) {
      slot = &v;
      break;
    }
  }
  if (!slot) {  // every voice busy: the effects keep theirs, the note is not played
    music_dropped_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  const std::vector<float>& sample = bank_.samples[static_cast<std::size_t>(sound)];
  float l = 0.0f, r = 0.0f;
  pan_gains(ch.pan, &l, &r);
  *slot = Voice{};
  slot->data = sample.data();
  slot->length = static_cast<int>(sample.size());
  slot->step = note_rate(ch.instrument, note);
  slot->gain = ch.volume;
  slot->left = ch.volume * l;
  slot->right = ch.volume * r;
  slot->bus = Bus::kMusic;
  slot->delay = offset;
  slot->note = next_note_++;
  if (next_note_ == 0) next_note_ = 1;
  channel_note_[static_cast<std::size_t>(channel)] = slot->note;
  notes_.fetch_add(1, std::memory_order_relaxed);
}

void Mixer::sequence(int frames, bool audible) {
  if (song_ < 0 || !songs_) return;
  const Song& s = songs_->songs[static_cast<std::size_t>(song_)];
  const int channels = static_cast<int>(s.channels.size());
  const std::int64_t moves = music_step(frames);  // song frames these output frames cover
  for (;;) {
    if (!s.loop && next_row_ >= s.rows) {  // a sting or jingle has played once: its notes ring out
      song_ = -1;
      break;
    }
    // Each row's frame from the song's start (no drift, whatever the block sizes).
    const auto at = static_cast<std::int64_t>(std::llround(static_cast<double>(next_row_) * frames_per_row_));
    if (at >= song_frame_ + moves) break;
    // The row's frame in this block (scaled when the song moves faster than the output to catch up).
    const int offset = static_cast<int>(std::clamp<std::int64_t>((at - song_frame_) * frames / std::max<std::int64_t>(1, moves), 0, frames - 1));
    const int row = static_cast<int>(next_row_ % s.rows);
    for (int c = 0; c < channels && audible; ++c) {
      const std::int8_t cell = s.cell(row, c);
      if (cell == kNoteOff) release_channel(c, offset);
      else if (cell >= 0) start_note(c, cell, offset);
    }
    ++next_row_;
  }
  song_frame_ += moves;
}

void Mixer::render(float* out, int frames) {
  PlayCommand c;
  while (queue_.pop(&c)) start(c);
  MusicCommand m;
  while (music_queue_.pop(&m)) change_song(m);
  const std::uint64_t follow = follow_.load(std::memory_order_relaxed);
  const bool followed = song_generation_ != 0 && follow >> 48 == song_generation_;
  target_ = followed ? static_cast<std::int64_t>(follow & kFollowMask) : -1;
  render_frames_ = frames;
  const MixerGains g{master_.load(std::memory_order_relaxed), effects_.load(std::memory_order_relaxed),
                     interface_.load(std::memory_order_relaxed), music_.load(std::memory_order_relaxed)};
  for (int done = 0; done < frames;) {
    const int n = std::min(kMaxBlockFrames, frames - done);
    // Music at volume 0 starts no voice at all, so the effects are mixed exactly as without it.
    sequence(n, g.music > 0.0f);
    mix_block(out + 2 * done, n, g);
    done += n;
  }
  int active = 0, music = 0;
  for (const Voice& v : voices_) active += v.data != nullptr, music += v.data && v.bus == Bus::kMusic;
  active_.store(active, std::memory_order_relaxed);
  music_active_.store(music, std::memory_order_relaxed);
  song_now_.store(song_, std::memory_order_relaxed);
  song_pos_now_.store(song_frame_, std::memory_order_relaxed);
  duck_now_.store(duck_, std::memory_order_relaxed);
  if (active > max_active_.load(std::memory_order_relaxed)) max_active_.store(active, std::memory_order_relaxed);
}

void Mixer::mix_block(float* out, int frames, const MixerGains& g) {
  std::fill(out, out + 2 * frames, 0.0f);
  std::fill(send_.begin(), send_.begin() + frames, 0.0f);
  // A held voice glides to its targets with a ~10 ms time constant (no zipper noise, no clicks).
  const float glide = 1.0f - std::exp(-1.0f / (0.01f * static_cast<float>(rate_)));
  bool any_music = false;
  for (Voice& v : voices_) {
    if (!v.data) continue;
    if (v.bus == Bus::kMusic) {
      any_music = true;
      continue;  // mixed after the effects (below), ducked by them
    }
    const float bus = v.bus == Bus::kInterface ? g.interface_ : g.effects;
    float l = v.left * bus, r = v.right * bus, rv = v.reverb * bus;
    for (int f = 0; f < frames; ++f) {
      if (v.hold) {
        v.left += (v.to_left - v.left) * glide;
        v.right += (v.to_right - v.right) * glide;
        v.reverb += (v.to_reverb - v.reverb) * glide;
        v.step += (v.to_step - v.step) * static_cast<double>(glide);
        l = v.left * bus, r = v.right * bus, rv = v.reverb * bus;
        if (v.pos >= v.length - 1) v.pos -= v.length - 1;  // the sample is a whole number of periods: it loops
        if (v.gain <= 0.0f && v.left + v.right < 1e-4f) {  // released and faded out
          v.data = nullptr;
          break;
        }
      }
      float s = 0.0f;
      if (!interpolated(v, &s)) break;
      out[2 * f] += s * l;
      out[2 * f + 1] += s * r;
      send_[static_cast<std::size_t>(f)] += s * rv;
      v.pos += v.step;
    }
  }
  if (any_music) {
    // The duck follows the effects' peak: fast down (20 ms), slow back (300 ms).
    float peak = 0.0f;
    for (int i = 0; i < 2 * frames; ++i) peak = std::max(peak, std::fabs(out[i]));
    const float tau = peak > duck_env_ ? 0.02f : 0.3f;
    duck_env_ += (peak - duck_env_) * (1.0f - std::exp(-static_cast<float>(frames) / (tau * static_cast<float>(rate_))));
    const float target = 1.0f - kDuckDepth * std::clamp((duck_env_ - kDuckFrom) / (kDuckFull - kDuckFrom), 0.0f, 1.0f);
    const float from = duck_, per_frame = (target - from) / static_cast<float>(frames);
    duck_ = target;
    for (Voice& v : voices_) {
      if (!v.data || v.bus != Bus::kMusic) continue;
      const int first = std::min(v.delay, frames);
      v.delay -= first;
      const int release_at = v.release_in >= 0 ? v.release_in : INT_MAX;
      for (int f = first; f < frames; ++f) {
        if (f >= release_at) {
          v.fade -= v.fade_step;
          if (v.fade <= 0.0f) {
            v.data = nullptr;
            break;
          }
        }
        float s = 0.0f;
        if (!interpolated(v, &s)) break;
        s = s * v.fade * g.music * (from + per_frame * static_cast<float>(f));
        out[2 * f] += s * v.left;
        out[2 * f + 1] += s * v.right;
        v.pos += v.step;
      }
      if (v.release_in >= 0) v.release_in = std::max(0, v.release_in - frames);
    }
  } else {
    duck_ = 1.0f;
    duck_env_ = 0.0f;
  }
  reverb_.process(send_.data(), out, frames);
  // The limiter: instant attack, about 50 ms release; never over the ceiling.
  const float release = 1.0f - std::exp(-1.0f / (0.05f * static_cast<float>(rate_)));
  for (int f = 0; f < frames; ++f) {
    float& a = out[2 * f];
    float& b = out[2 * f + 1];
    a *= g.master;
    b *= g.master;
    const float peak = std::max(std::fabs(a), std::fabs(b));
    if (peak * limiter_ > kCeiling) limiter_ = kCeiling / peak;
    a *= limiter_;
    b *= limiter_;
    limiter_ += (1.0f - limiter_) * release;
  }
}

}  // namespace cf
