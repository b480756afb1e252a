#pragma once
// The session's ears: after every tick it derives the tick's sound events, prints them
// (--print-sound-events), hands them to the sound output placed from the camera, and turns the
// player's into rumble. It keeps the music's clock (game/sound/music.h: the song of the place, its
// beat from the tick) and plays the level's ambience bed. It only reads the session: sound never
// changes a state or its hash.
#include <cstdint>
#include <cstdio>
#include <functional>

#include "game/session/session.h"
#include "game/sound/music.h"
#include "game/sound/rumble.h"
#include "game/sound/sound_events.h"
#include "game/sound/sound_output.h"
#include "game/sound/sound_settings.h"

namespace cf {

class SoundDirector final : public TickListener {
 public:
  // Where sounds go (null: nowhere; events are still derived, printed and rumbled).
  void set_output(SoundOutput* output) {
    output_ = output;
    if (output_) output_->set_settings(settings_);
  }
  // Prints every event as a JSON line on 'out' (null: no printing).
  void set_print(std::FILE* out) { print_ = out; }
  // Sends a rumble at a run tick (null: no pad to rumble).
  void set_rumble_sink(std::function<void(const RumbleCommand&, std::uint64_t tick)> sink) { sink_ = std::move(sink); }
  // Derives the events even with nowhere to send them (tests read events()).
  void set_derive_always(bool on) { derive_always_ = on; }
  // The songs the music clock chooses from (null: no music; must outlive the director).
  void set_songs(const SongBank* songs) { clock_.set_songs(songs); }
  // Where the game is: a menu's song (title, editor) or the session's (play: by level and trial).
  void set_place(MusicPlace place);
  // The ambience bed's level, 0..1 (0: none), on top of the effects volume.
  void set_ambience(float level) { ambience_ = level; }
  const MusicClock& music() const { return clock_; }
  // Volumes and rumble strength, applied at once (the options menu calls this too).
  void set_settings(const SoundSettings& s);
  const SoundSettings& settings() const { return settings_; }

  void on_tick(const Session& session) override;
  // A menu's or the editor's sound at run tick 'tick' (printed like the others, never rumbled).
  void interface_sound(SoundKind kind, std::uint64_t tick);
  // An interface event with its pitch and pan; a held one (e.hold) is sent every tick it sounds and
  // printed only when it starts and when it is released (loudness 0).
  void interface_event(const SoundEvent& e, std::uint64_t tick);

  // The last tick's events.
  const SoundEvents& events() const { return events_; }

 private:
  SoundOutput* output_ = nullptr;
  bool derive_always_ = false;
  std::FILE* print_ = nullptr;
  std::function<void(const RumbleCommand&, std::uint64_t)> sink_;
  SoundSettings settings_;
  MusicClock clock_;
  MusicPlace place_ = MusicPlace::kPlay;
  std::uint64_t menu_ticks_ = 0;
  float ambience_ = 1.0f;
  Rumble rumble_;
  SoundEvents events_;
  std::array<float, kMaxCreatures> weights_{};
  std::array<bool, 256> holding_{};  // held interface sounds playing, by hold id
};

}  // namespace cf
