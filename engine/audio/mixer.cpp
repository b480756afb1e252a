#include "audio/mixer.h"

#include <algorithm>
#include <cmath>

#include "audio/spatial.h"

namespace cf {

namespace {
constexpr float kCeiling = 0.89f;  // -1 dBFS: the limiter's ceiling
float finite_or(float v, float d) { return std::isfinite(v) ? v : d; }
}  // namespace

Mixer::Mixer(const SoundBank& bank, int sample_rate) : bank_(bank), rate_(sample_rate), reverb_(sample_rate) {}

bool Mixer::play(const PlayCommand& c) {
  if (queue_.push(c)) return true;
  dropped_.fetch_add(1, std::memory_order_relaxed);
  return false;
}

void Mixer::set_gains(const MixerGains& g) {
  master_.store(std::clamp(finite_or(g.master, 0.0f), 0.0f, 1.0f), std::memory_order_relaxed);
  effects_.store(std::clamp(finite_or(g.effects, 0.0f), 0.0f, 1.0f), std::memory_order_relaxed);
  interface_.store(std::clamp(finite_or(g.interface_, 0.0f), 0.0f, 1.0f), std::memory_order_relaxed);
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
  if (c.sound >= bank_.samples.size() || bank_.samples[c.sound].empty() || gain <= 0.0f) {
    dropped_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  // A free voice, else the quietest one if the new sound is louder.
  Voice* slot = nullptr;
  Voice* quietest = nullptr;
  for (Voice& v : voices_) {
    if (!v.data) {
      slot = &v;
      break;
    }
    if (!quietest || v.loudness() < quietest->loudness()) quietest = &v;
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

void Mixer::render(float* out, int frames) {
  PlayCommand c;
  while (queue_.pop(&c)) start(c);
  const MixerGains g{master_.load(std::memory_order_relaxed), effects_.load(std::memory_order_relaxed),
                     interface_.load(std::memory_order_relaxed)};
  for (int done = 0; done < frames;) {
    const int n = std::min(kMaxBlockFrames, frames - done);
    mix_block(out + 2 * done, n, g);
    done += n;
  }
  int active = 0;
  for (const Voice& v : voices_) active += v.data != nullptr;
  active_.store(active, std::memory_order_relaxed);
  if (active > max_active_.load(std::memory_order_relaxed)) max_active_.store(active, std::memory_order_relaxed);
}

void Mixer::mix_block(float* out, int frames, const MixerGains& g) {
  std::fill(out, out + 2 * frames, 0.0f);
  std::fill(send_.begin(), send_.begin() + frames, 0.0f);
  // A held voice glides to its targets with a ~10 ms time constant (no zipper noise, no clicks).
  const float glide = 1.0f - std::exp(-1.0f / (0.01f * static_cast<float>(rate_)));
  for (Voice& v : voices_) {
    if (!v.data) continue;
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
      const int i = static_cast<int>(v.pos);
      if (i >= v.length - 1) {
        v.data = nullptr;
        break;
      }
      const float t = static_cast<float>(v.pos - i);
      const float s = v.data[i] + (v.data[i + 1] - v.data[i]) * t;
      out[2 * f] += s * l;
      out[2 * f + 1] += s * r;
      send_[static_cast<std::size_t>(f)] += s * rv;
      v.pos += v.step;
    }
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
