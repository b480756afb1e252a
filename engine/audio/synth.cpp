#include "audio/synth.h"

#include <algorithm>
#include <cmath>

namespace cf {

namespace {

constexpr double kTwoPi = 6.283185307179586;

// xorshift32: the noise is the same on every build.
float noise_sample(std::uint32_t* s) {
  std::uint32_t x = *s;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *s = x;
  return static_cast<float>(x) * (2.0f / 4294967295.0f) - 1.0f;
}

float envelope(const SynthPatch& p, double t) {
  if (t < p.attack_s) return static_cast<float>(t / p.attack_s);
  const double after = t - p.attack_s - p.hold_s;
  if (after <= 0.0) return 1.0f;
  return p.decay_s > 0.0f ? static_cast<float>(std::exp(-after / p.decay_s)) : 0.0f;
}

}  // namespace

std::vector<float> synthesize(const SynthPatch& p, int sample_rate) {
  if (!(p.duration_s > 0.0f) || !std::isfinite(p.duration_s) || p.duration_s > 10.0f || sample_rate < 8000 ||
      sample_rate > 192000)
    return {};
  const int n = static_cast<int>(std::lround(p.duration_s * static_cast<float>(sample_rate)));
  std::vector<float> out(static_cast<std::size_t>(n), 0.0f);
  const double dt = 1.0 / sample_rate;
  const double f0 = std::max(1.0f, p.start_hz), f1 = p.end_hz > 0.0f ? p.end_hz : f0;
  const double sweep = std::log(f1 / f0) / p.duration_s;
  const double lp = p.noise_lowpass_hz > 0.0f ? 1.0 - std::exp(-kTwoPi * p.noise_lowpass_hz * dt) : 1.0;
  std::uint32_t seed = p.seed ? p.seed : 1u;
  double carrier = 0.0, modulator = 0.0, filtered = 0.0;
  const int hold = p.hold_rate_hz > 0 ? std::max(1, sample_rate / p.hold_rate_hz) : 1;
  float held = 0.0f;
  for (int i = 0; i < n; ++i) {
    const double t = i * dt;
    const double f = f0 * std::exp(sweep * t);
    const double index = p.mod_decay_s > 0.0f ? p.mod_index * std::exp(-t / p.mod_decay_s) : p.mod_index;
    const double fm = std::sin(carrier + index * std::sin(modulator));
    carrier += kTwoPi * f * dt;
    modulator += kTwoPi * f * p.mod_ratio * dt;
    filtered += lp * (noise_sample(&seed) - filtered);
    const double noise_env = p.noise_decay_s > 0.0f ? std::exp(-t / p.noise_decay_s) : 1.0;
    double v = (p.tone * fm + p.noise * filtered * noise_env) * envelope(p, t);
    if (p.tremolo_hz > 0.0f) v *= 0.6 + 0.4 * std::sin(kTwoPi * p.tremolo_hz * t);
    if (i % hold == 0) held = static_cast<float>(v);
    out[static_cast<std::size_t>(i)] = held;
  }
  float peak = 0.0f;
  for (float v : out) peak = std::max(peak, std::fabs(v));
  if (peak <= 0.0f) return out;
  const float levels = p.bits > 1 ? static_cast<float>((1 << (std::min(p.bits, 16) - 1)) - 1) : 0.0f;
  for (float& v : out) {
    v *= p.peak / peak;
    if (levels > 0.0f) v = std::round(v * levels) / levels;
  }
  // A short fade at the end: a sample cut mid-wave would click.
  const int fade = std::min(n, sample_rate / 200);
  for (int i = 0; i < fade; ++i) out[static_cast<std::size_t>(n - 1 - i)] *= static_cast<float>(i) / fade;
  return out;
}

}  // namespace cf
