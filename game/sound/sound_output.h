#pragma once
// The game's sound output: its synthesized library and the mixer, fed each tick's events placed from
// the camera (stereo pan, distance), and the interface's sounds. A herd is thinned: each tick at most
// kHeardHerdSteps footsteps of other creatures are played (the loudest: the nearest), and the rest
// swell one held low rumble of many far feet, so 32 creatures never wash out the music. The audio device (engine/platform)
// pulls the mixer through fill(); offline, tests call mixer().render themselves.
#include <algorithm>
#include <cstdint>

#include "audio/mixer.h"
#include "audio/spatial.h"
#include "game/play/sim_state.h"
#include "game/play/sound_event.h"
#include "game/sound/ambience.h"
#include "game/sound/sound_library.h"
#include "game/sound/sound_settings.h"

namespace cf {

class SoundOutput {
 public:
  static constexpr int kHerdStepsPerSecond = 20, kHerdStepsPerTick = 2;  // besides the player's own
  // 'songs' (null: no music) must outlive the output.
  explicit SoundOutput(int sample_rate = 44100, const SongBank* songs = nullptr);
  SoundOutput(const SoundOutput&) = delete;
  SoundOutput& operator=(const SoundOutput&) = delete;

  // The volumes (master, effects, interface, music); rumble is the director's.
  void set_settings(const SoundSettings& s);
  // Starts one tick's events heard from 'listener' (interface events are not placed). 'weights' gives
  // each event's creature weight (CreatureSize::weight) for the footstep's kind; null: 1.
  void play(const SoundEvents& events, const Listener& listener, const float* weights = nullptr);
  // One interface sound (menus, the editor), held ones too.
  void play_interface(const SoundEvent& e);
  // Starts a song of the bank at the next render, ticks_in ticks into it (-1: stops the music), the old
  // one fading out; then, each tick, where the beat clock says it is now (the song follows the game).
  void play_song(int song, std::uint64_t ticks_in = 0) { mixer_.play_song(song, 0.12f, frames_of(ticks_in)); }
  void follow_song(std::uint64_t ticks_in) { mixer_.follow_song(frames_of(ticks_in)); }
  // One tick of the level's ambience bed (level 0: released).
  void ambience(std::uint64_t tick, const Listener& listener, LevelStyle style, float level);
  // Off: every herd footstep is played as before the thinning (creature-lab sound's before/after).
  void set_herd_thinning(bool on) { thin_ = on; }
  // Footsteps of other creatures heard and thinned (played as the rumble) since the start.
  int herd_steps_heard() const { return herd_heard_; }
  int herd_steps_thinned() const { return herd_thinned_; }
  float herd_rumble() const { return rumble_; }
  // The mixer command an event becomes (gain 0: inaudible, not sent).
  PlayCommand command(const SoundEvent& e, const Listener& listener, float weight) const;

  Mixer& mixer() { return mixer_; }
  const SoundLibrary& library() const { return library_; }
  // For AudioDevice::open: renders the mixer (user is the SoundOutput).
  static void fill(void* user, float* out, int frames);

 private:
  std::int64_t frames_of(std::uint64_t ticks) const {
    return static_cast<std::int64_t>(std::min<std::uint64_t>(ticks, 1ull << 30)) * mixer_.sample_rate() / 60;
  }
  SoundLibrary library_;
  Mixer mixer_;
  Ambience ambience_;
  float rumble_ = 0.0f;  // the far feet's rumble level (game thread)
  float herd_budget_ = 0.0f;  // herd footsteps that may be played now
  bool thin_ = true;
  int rumble_ticks_ = 0;
  int herd_heard_ = 0, herd_thinned_ = 0;
};

// The ear: the camera's orbit eye over the player (SimState's yaw, pitch and distance) and its right.
Listener camera_listener(const SimState& s, float body_height_m);

}  // namespace cf
