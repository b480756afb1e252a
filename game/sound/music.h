#pragma once
// Which song plays where, and the beat as a clock of the simulation: the song and the tick it started
// are decided from the ticks alone (the level, the trial's phase), never from the audio thread, so a
// replay has the same beats tick for tick. The mixer's sequencer plays what the clock says, starting a
// song on the tick's first frame. Changes wait for the playing song's next bar line (a jingle: its next
// beat); a trial's countdown sting and its race start at once (the sting is exactly the 3 s countdown).
#include <cstdint>
#include <string>

#include "audio/song.h"
#include "core/json_util.h"

namespace cf {

class Session;
struct Level;

// The free-roam songs and ambience beds go by the level's look: open ground, fences, walls.
enum class LevelStyle : std::uint8_t { kMeadow, kFields, kYard };
LevelStyle level_style(const Level& level);
const char* roam_song(LevelStyle style);  // "meadow", "fields", "yard"

// Where the game is, for the music: a menu's song, or the session's (play, pause, debug).
enum class MusicPlace : std::uint8_t { kPlay, kTitle, kEditor };

class MusicClock {
 public:
  void set_songs(const SongBank* songs) { songs_ = songs; }
  const SongBank* songs() const { return songs_; }
  // The song wanted at 'tick' (-1: none). True when the song playing changes at this tick. A song
  // started on a grid of 'bar_ticks' (not at once) starts at the grid's bar line at or before 'tick',
  // already that far in: the free-roam songs keep the world's beat (game/play/beat.h).
  bool update(int wanted, std::uint64_t tick, bool at_once = false, std::uint64_t bar_ticks = 0);
  int song() const { return song_; }
  std::uint64_t start_tick() const { return start_; }
  // Beats since the song started (0 with no song), and where in its beat 'tick' is, 0..1.
  double beats(std::uint64_t tick) const;
  double beat_phase(std::uint64_t tick) const;
  // A song that plays once and has played through.
  bool ended(std::uint64_t tick) const;
  // {"song": "meadow", "tempo_bpm": 120, "beat": 12.5, "beat_phase": 0.5} (--print-state).
  Json json(std::uint64_t tick) const;

 private:
  const SongBank* songs_ = nullptr;
  int song_ = -1, pending_ = -1;
  std::uint64_t start_ = 0;
  double change_at_ = 0.0;  // beats: when the pending song starts
};

// The song a play session wants now (by the level and the trial's phase), the clock's song given.
int wanted_song(const Session& session, const MusicClock& clock);
// The bar grid a song of the session starts on: the world's bars for the level's free-roam song (at the
// world's tempo), none for the trial's (they start at once, or after the song before).
std::uint64_t song_bar_grid(const Session& session, const MusicClock& clock, int song);

}  // namespace cf
