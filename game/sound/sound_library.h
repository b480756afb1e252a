#pragma once
// The game's sounds, synthesized at start (engine/audio/synth.h): footsteps in three weights (a small
// creature's tap, a step, a big creature's thud) with two variants each, the vault's hand plant,
// whoosh, take-off and landing thump, the refusal buzz, and the menus' and editor's blips; then the
// sounds no event names: the ambience beds' loops and calls, the herd's far rumble, and the music's
// instruments (audio/song.h's order, from first_instrument).
#include <array>
#include <cstdint>

#include "audio/mixer.h"
#include "game/play/sound_event.h"

namespace cf {

struct SoundLibrary {
  SoundBank bank;
  std::array<std::uint16_t, static_cast<std::size_t>(SoundKind::kCount)> first{};  // bank index per kind
  // The bank index of an event's sound (footsteps: by the creature's weight, alternating feet).
  std::uint16_t pick(const SoundEvent& e, float weight) const;
  // Seamless loops (held voices): wind, a stream, crickets, the rumble of many far feet.
  std::uint16_t wind = 0, stream = 0, crickets = 0, herd_rumble = 0;
  std::uint16_t first_bird = 0;  // kBirdCalls calls
  static constexpr int kBirdCalls = 4;
  int first_instrument = 0;
};

// Every sound at 'sample_rate' (about 0.1 s of CPU at start).
SoundLibrary make_sound_library(int sample_rate);

}  // namespace cf
