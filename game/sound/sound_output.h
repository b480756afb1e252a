#pragma once
// The game's sound output: its synthesized library and the mixer, fed each tick's events placed from
// the camera (stereo pan, distance), and the interface's sounds. The audio device (engine/platform)
// pulls the mixer through fill(); offline, tests call mixer().render themselves.
#include "audio/mixer.h"
#include "audio/spatial.h"
#include "game/play/sim_state.h"
#include "game/play/sound_event.h"
#include "game/sound/sound_library.h"
#include "game/sound/sound_settings.h"

namespace cf {

class SoundOutput {
 public:
  explicit SoundOutput(int sample_rate = 44100);
  SoundOutput(const SoundOutput&) = delete;
  SoundOutput& operator=(const SoundOutput&) = delete;

  // The volumes (master, effects, interface); rumble is the director's.
  void set_settings(const SoundSettings& s);
  // Starts one tick's events heard from 'listener' (interface events are not placed). 'weights' gives
  // each event's creature weight (CreatureSize::weight) for the footstep's kind; null: 1.
  void play(const SoundEvents& events, const Listener& listener, const float* weights = nullptr);
  // One interface sound (menus, the editor), held ones too.
  void play_interface(const SoundEvent& e);
  // The mixer command an event becomes (gain 0: inaudible, not sent).
  PlayCommand command(const SoundEvent& e, const Listener& listener, float weight) const;

  Mixer& mixer() { return mixer_; }
  const SoundLibrary& library() const { return library_; }
  // For AudioDevice::open: renders the mixer (user is the SoundOutput).
  static void fill(void* user, float* out, int frames);

 private:
  SoundLibrary library_;
  Mixer mixer_;
};

// The ear: the camera's orbit eye over the player (SimState's yaw, pitch and distance) and its right.
Listener camera_listener(const SimState& s, float body_height_m);

}  // namespace cf
