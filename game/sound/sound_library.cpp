#include "game/sound/sound_library.h"

#include <utility>

#include "audio/song.h"
#include "audio/synth.h"

namespace cf {

namespace {

// A tone from f0 sweeping to f1: the FM pair (modulator at 'ratio' times the carrier, depth 'index').
SynthPatch tone(float dur, float f0, float f1, float ratio, float index) {
  SynthPatch p;
  p.duration_s = dur;
  p.start_hz = f0;
  p.end_hz = f1;
  p.mod_ratio = ratio;
  p.mod_index = index;
  p.hold_rate_hz = 22050;
  p.bits = 8;
  return p;
}

// A body sound: FM over filtered noise, held at a console's sample rate and crushed to 8 bits.
SynthPatch body(float dur, float f0, float f1, float ratio, float index, float noise, float lowpass, float decay,
                std::uint32_t seed, int rate = 22050) {
  SynthPatch p = tone(dur, f0, f1, ratio, index);
  p.mod_decay_s = decay * 0.4f;
  p.noise = noise;
  p.noise_lowpass_hz = lowpass;
  p.decay_s = decay;
  p.attack_s = 0.001f;
  p.hold_rate_hz = rate;
  p.seed = seed;
  return p;
}

// An interface blip: a held FM tone with a short tail (a sweep from f0 to f1).
SynthPatch blip(float dur, float f0, float f1, float ratio, float index, float hold) {
  SynthPatch p = tone(dur, f0, f1, ratio, index);
  p.hold_s = hold;
  p.decay_s = 0.02f;
  p.attack_s = 0.002f;
  p.peak = 0.5f;
  return p;
}

// The pen's held tone: a soft FM tone of exactly 128 samples a period (344 Hz at 44.1 kHz), cut to a
// whole number of periods so the mixer loops it without a seam.
std::vector<float> pen_tone(int rate) {
  constexpr int kPeriod = 128, kPeriods = 40;
  const int loop = kPeriod * kPeriods;
  SynthPatch p = tone(static_cast<float>(loop + rate / 100) / static_cast<float>(rate),
                      static_cast<float>(rate) / kPeriod, 0.0f, 2.0f, 0.35f);
  p.attack_s = 0.0f;
  p.hold_s = 10.0f;  // level all the way: the mixer fades it in and out
  p.peak = 0.35f;
  std::vector<float> s = synthesize(p, rate);
  if (s.size() > static_cast<std::size_t>(loop)) s.resize(static_cast<std::size_t>(loop) + 1);  // + the loop's end point
  return s;
}

// A seamless loop of 'seconds' of a patch held at full level: its last 50 ms are cross-faded into its
// first, so a held voice wraps without a seam; the end point repeats the start (the mixer's loop rule).
std::vector<float> loop(SynthPatch p, float seconds, int rate) {
  const int n = static_cast<int>(seconds * static_cast<float>(rate)), fade = rate / 20;
  p.duration_s = static_cast<float>(n + fade + rate / 100) / static_cast<float>(rate);
  p.attack_s = 0.0f;
  p.hold_s = 30.0f;
  std::vector<float> s = synthesize(p, rate);
  if (s.size() < static_cast<std::size_t>(n + fade)) return s;
  for (int i = 0; i < fade; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(fade);
    s[static_cast<std::size_t>(i)] = s[static_cast<std::size_t>(i)] * t + s[static_cast<std::size_t>(n + i)] * (1.0f - t);
  }
  s.resize(static_cast<std::size_t>(n));
  s.push_back(s.front());
  return s;
}

// The beds: filtered noise (wind, water) and a buzzing FM tone (crickets), each a few seconds long with
// whole periods of its wobble, so the loop has no seam.
void add_ambience(SoundLibrary* lib, int rate) {
  auto push = [&](std::vector<float> s) {
    lib->bank.samples.push_back(std::move(s));
    return static_cast<std::uint16_t>(lib->bank.samples.size() - 1);
  };
  SynthPatch wind = body(1.0f, 200, 200, 1.0f, 0.0f, 1.0f, 380, 1.0f, 41);
  wind.tone = 0.0f;
  wind.tremolo_hz = 0.25f;  // gusts: two in the 8 s loop
  wind.peak = 0.5f;
  lib->wind = push(loop(wind, 8.0f, rate));
  SynthPatch stream = body(1.0f, 200, 200, 1.0f, 0.0f, 1.0f, 2400, 1.0f, 42);
  stream.tone = 0.0f;
  stream.tremolo_hz = 6.0f;  // the burble of water over stones
  stream.peak = 0.45f;
  lib->stream = push(loop(stream, 4.0f, rate));
  SynthPatch crickets = tone(1.0f, 4400, 4400, 1.02f, 0.8f);
  crickets.tremolo_hz = 30.0f;  // the chirr
  crickets.peak = 0.35f;
  lib->crickets = push(loop(crickets, 2.0f, rate));
  // Many far feet: a low rumble of soft thumps (noise under 220 Hz, pulsing 8 times a second).
  SynthPatch rumble = body(1.0f, 70, 70, 1.0f, 0.5f, 1.0f, 220, 1.0f, 43, 11025);
  rumble.tone = 0.3f;
  rumble.tremolo_hz = 8.0f;
  rumble.peak = 0.6f;
  lib->herd_rumble = push(loop(rumble, 2.0f, rate));
  // Birds: short FM chirps, rising or falling.
  const float calls[SoundLibrary::kBirdCalls][3] = {{2600, 3400, 0.09f}, {3200, 2400, 0.12f}, {2200, 3000, 0.07f}, {3800, 3000, 0.1f}};
  for (int i = 0; i < SoundLibrary::kBirdCalls; ++i) {
    SynthPatch b = blip(calls[i][2], calls[i][0], calls[i][1], 2.0f, 0.6f, calls[i][2] * 0.4f);
    b.tremolo_hz = 40.0f + 10.0f * static_cast<float>(i);
    const std::uint16_t at = push(synthesize(b, rate));
    if (i == 0) lib->first_bird = at;
  }
}

}  // namespace

std::uint16_t SoundLibrary::pick(const SoundEvent& e, float weight) const {
  const std::uint16_t base = first[static_cast<std::size_t>(e.kind)];
  if (e.kind != SoundKind::kFootstep) return base;
  const int size = weight < 0.6f ? 0 : weight < 1.4f ? 1 : 2;  // tap, step, thud
  return static_cast<std::uint16_t>(base + 2 * size + (e.limb >= 0 ? (e.limb & 1) : 0));
}

SoundLibrary make_sound_library(int rate) {
  SoundLibrary lib;
  std::array<bool, static_cast<std::size_t>(SoundKind::kCount)> seen{};
  auto add_sample = [&](SoundKind k, std::vector<float> sample) {
    const auto i = static_cast<std::size_t>(k);
    if (!seen[i]) lib.first[i] = static_cast<std::uint16_t>(lib.bank.samples.size());
    seen[i] = true;
    lib.bank.samples.push_back(std::move(sample));
  };
  auto add = [&](SoundKind k, const SynthPatch& p) { add_sample(k, synthesize(p, rate)); };
  // Footsteps: tap, tap', step, step', thud, thud' (index 0 is the first footstep).
  add(SoundKind::kFootstep, body(0.09f, 900, 480, 2.5f, 3.0f, 0.5f, 4000, 0.022f, 11));
  add(SoundKind::kFootstep, body(0.09f, 820, 450, 2.7f, 2.6f, 0.5f, 3600, 0.022f, 12));
  add(SoundKind::kFootstep, body(0.16f, 210, 110, 1.4f, 4.0f, 0.45f, 1500, 0.045f, 13));
  add(SoundKind::kFootstep, body(0.16f, 190, 100, 1.5f, 3.5f, 0.45f, 1300, 0.045f, 14));
  add(SoundKind::kFootstep, body(0.30f, 85, 42, 1.0f, 2.5f, 0.35f, 600, 0.085f, 15, 11025));
  add(SoundKind::kFootstep, body(0.30f, 78, 40, 1.0f, 2.2f, 0.35f, 560, 0.085f, 16, 11025));
  add(SoundKind::kHandPlant, body(0.12f, 520, 380, 3.5f, 2.0f, 0.25f, 3000, 0.035f, 21));  // a knock on wood
  SynthPatch whoosh = body(0.45f, 300, 900, 0.5f, 0.5f, 1.0f, 1400, 0.12f, 22);
  whoosh.tone = 0.12f;
  whoosh.attack_s = 0.14f;
  whoosh.hold_s = 0.04f;
  add(SoundKind::kWhoosh, whoosh);
  add(SoundKind::kLanding, body(0.5f, 68, 36, 0.5f, 3.0f, 0.5f, 800, 0.14f, 23, 11025));
  add(SoundKind::kTakeoff, body(0.14f, 180, 260, 1.0f, 1.0f, 0.7f, 2500, 0.05f, 24));
  // The body brushing the fence top: a soft scrape, mostly filtered noise.
  SynthPatch scrape = body(0.24f, 420, 300, 1.7f, 1.0f, 0.9f, 2200, 0.08f, 25);
  scrape.tone = 0.15f;
  scrape.attack_s = 0.03f;
  scrape.peak = 0.5f;
  scrape.tremolo_hz = 45.0f;  // the rasp of fur or skin over wood
  add(SoundKind::kFenceBrush, scrape);
  SynthPatch buzz = blip(0.26f, 110, 100, 1.0f, 5.0f, 0.14f);
  buzz.tremolo_hz = 30.0f;
  buzz.peak = 0.6f;
  add(SoundKind::kRefused, buzz);
  SynthPatch chirp = blip(0.22f, 900, 1600, 2.0f, 1.4f, 0.06f);  // a rising two-operator chirp
  chirp.peak = 0.7f;
  add(SoundKind::kGreetVoice, chirp);
  SynthPatch roar = body(0.95f, 150, 85, 0.5f, 4.5f, 0.55f, 1200, 0.5f, 25, 11025);  // a growl falling in pitch
  roar.attack_s = 0.06f;
  roar.hold_s = 0.35f;
  roar.tremolo_hz = 22.0f;
  add(SoundKind::kRoarVoice, roar);
  SynthPatch glad = blip(0.42f, 660, 1320, 3.0f, 1.2f, 0.05f);  // a rising, ringing chime: a new friend
  glad.decay_s = 0.15f;
  glad.peak = 0.8f;
  add(SoundKind::kBefriended, glad);
  add(SoundKind::kMenuMove, blip(0.07f, 880, 880, 2.0f, 1.0f, 0.025f));
  add(SoundKind::kMenuSelect, blip(0.14f, 660, 1320, 2.0f, 1.2f, 0.07f));
  add(SoundKind::kMenuBack, blip(0.12f, 660, 330, 2.0f, 1.2f, 0.06f));
  add(SoundKind::kPenDraw, blip(0.12f, 440, 470, 1.0f, 0.5f, 0.05f));
  SynthPatch chime = blip(0.32f, 523, 784, 3.0f, 1.5f, 0.04f);
  chime.decay_s = 0.1f;
  add(SoundKind::kPartMade, chime);
  SynthPatch no = blip(0.18f, 150, 140, 1.0f, 4.0f, 0.08f);
  no.tremolo_hz = 30.0f;
  add(SoundKind::kStrokeRefused, no);
  add(SoundKind::kUndo, blip(0.09f, 784, 523, 2.0f, 0.8f, 0.03f));
  SynthPatch save = blip(0.36f, 523, 1046, 2.0f, 1.0f, 0.12f);
  save.decay_s = 0.12f;
  add(SoundKind::kSave, save);
  add_sample(SoundKind::kPenTone, pen_tone(rate));
  add_ambience(&lib, rate);
  lib.first_instrument = lib.bank.size();
  for (auto& s : make_instrument_samples(rate)) lib.bank.samples.push_back(std::move(s));
  return lib;
}

}  // namespace cf
