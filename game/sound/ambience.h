#pragma once
// The level's bed of sound under the music: wind everywhere, and by the level's look a stream, crickets
// and birds, each placed around the listener (the stream and the crickets at fixed spots of the level,
// the birds calling from a different side each time). Held loops, re-sent every few ticks (the mixer
// glides between), and bird calls on ticks picked by a hash of the tick: the same run sounds the same.
// Quiet on purpose: footsteps read over it (a walk's step is about 20 dB above the bed).
#include <cstdint>

#include "audio/mixer.h"
#include "audio/spatial.h"
#include "game/sound/music.h"
#include "game/sound/sound_library.h"

namespace cf {

struct AmbienceBed {
  float wind = 0.0f, stream = 0.0f, crickets = 0.0f, birds = 0.0f;  // levels, 0..1 of the bed's loudest
};
AmbienceBed ambience_bed(LevelStyle style);

// Hold ids of the bed's loops (the editor's pen uses low ids).
constexpr std::uint8_t kHoldWind = 240, kHoldStream = 241, kHoldCrickets = 242, kHoldHerd = 243;

class Ambience {
 public:
  static constexpr int kResendTicks = 4;
  // One tick of the bed heard from 'listener': its mixer commands (at most 4) into out; returns how
  // many. Level 0: silent, its loops released.
  int commands(std::uint64_t tick, const Listener& listener, LevelStyle style, float level, const SoundLibrary& lib,
               PlayCommand* out);

 private:
  bool sounding_ = false;
};

}  // namespace cf
