#pragma once
// The world's beat: a clock of the simulation, 120 beats a minute from the session's first tick (a beat
// each 30 ticks, a bar each 4 beats). The free-roam songs are at this tempo and start on its bar lines
// (game/sound/music.h), so a dance timed to the beat (a motion description's "beat") bobs on the music
// the player hears, and a replay bobs the same, whatever the sound settings.
#include <cstdint>

namespace cf {

constexpr int kWorldBeatTicks = 30;
constexpr int kWorldBeatsPerBar = 4;
constexpr int kWorldBarTicks = kWorldBeatTicks * kWorldBeatsPerBar;

// The clip tick a motion whose beats fall every 'beat_ticks' of its clip, the first at 'first_beat_tick',
// starts at so that, its first tick shown at state tick 'shown', its beats are shown on the world's beats.
inline std::int32_t beat_lead(int beat_ticks, int first_beat_tick, std::uint64_t shown) {
  if (beat_ticks <= 0) return 0;
  const auto to_beat = static_cast<int>((kWorldBeatTicks - shown % kWorldBeatTicks) % kWorldBeatTicks);
  const int lead = (first_beat_tick - to_beat) % beat_ticks;
  return lead < 0 ? lead + beat_ticks : lead;
}

}  // namespace cf
