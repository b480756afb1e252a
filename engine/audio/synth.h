#pragma once
// Retro sound synthesis: a two-operator FM voice (a PS1-era / FM-chip character) plus filtered noise,
// an attack-hold-decay envelope, a pitch sweep, then the "sampled" grit of an old console: held at a
// low sample rate and quantized to few bits. Made once at start; the result is a mono sample.
#include <cstdint>
#include <vector>

namespace cf {

// Zero means "none" unless stated.
struct SynthPatch {
  float duration_s = 0.2f;       // length of the sample, seconds (> 0)
  float start_hz = 220.0f;       // carrier frequency at the start
  float end_hz = 0.0f;           // carrier frequency at the end (exponential sweep); 0: start_hz
  float mod_ratio = 1.0f;        // modulator frequency / carrier frequency
  float mod_index = 0.0f;        // FM depth at the start, radians
  float mod_decay_s = 0.0f;      // time constant of the FM depth's decay; 0: constant
  float tone = 1.0f;             // share of the FM voice in the mix
  float noise = 0.0f;            // share of noise in the mix
  float noise_lowpass_hz = 0.0f; // one-pole low-pass of the noise; 0: white
  float noise_decay_s = 0.0f;    // the noise's own decay time constant; 0: follows the envelope
  float attack_s = 0.002f;       // linear rise
  float hold_s = 0.0f;           // full level before the decay
  float decay_s = 0.1f;          // exponential decay time constant after the hold
  float tremolo_hz = 0.0f;       // amplitude wobble (a buzz), 0: none
  int hold_rate_hz = 0;          // sample-and-hold rate (11025, 22050: the console's sample rates)
  int bits = 0;                  // quantization bits (8, 12); 0: none
  float peak = 0.8f;             // the sample is normalized to this peak
  std::uint32_t seed = 1;        // the noise's seed (the same patch always gives the same sample)
};

// The sample of 'patch' at 'sample_rate' (mono, peak == patch.peak unless silent). Empty when the
// patch is degenerate (non-positive or non-finite duration or rate).
std::vector<float> synthesize(const SynthPatch& patch, int sample_rate);

}  // namespace cf
