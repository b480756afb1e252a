#include "game/sound/sound_output.h"

#include <algorithm>
#include <cmath>

#include "game/play/camera.h"

namespace cf {

SoundOutput::SoundOutput(int sample_rate) : library_(make_sound_library(sample_rate)), mixer_(library_.bank, sample_rate) {}

void SoundOutput::set_settings(const SoundSettings& s) { mixer_.set_gains(MixerGains{s.master, s.effects, s.interface_}); }

PlayCommand SoundOutput::command(const SoundEvent& e, const Listener& listener, float weight) const {
  PlayCommand c;
  c.sound = library_.pick(e, weight);
  c.hold = e.hold;
  if (is_interface(e.kind)) {
    c.gain = std::clamp(e.loudness, 0.0f, 1.0f);
    c.pan = std::clamp(e.pan, -1.0f, 1.0f);
    c.pitch = std::clamp(e.pitch, 0.25f, 4.0f);
    c.bus = Bus::kInterface;
    return c;
  }
  const Placement p = place_sound(listener, e.position_ws);
  c.gain = std::clamp(e.loudness, 0.0f, 1.0f) * p.gain;
  c.pan = p.pan;
  // The footstep's weight class already carries most of the size: the pitch adds the rest, gently.
  c.pitch = std::sqrt(std::clamp(e.pitch, 0.25f, 4.0f));
  c.reverb = 0.35f;
  return c;
}

void SoundOutput::play(const SoundEvents& events, const Listener& listener, const float* weights) {
  for (const SoundEvent& e : events) {
    const float w = weights && e.creature >= 0 ? weights[e.creature] : 1.0f;
    const PlayCommand c = command(e, listener, w);
    if (c.gain > 1e-4f || c.hold) mixer_.play(c);  // a held sound's release has gain 0
  }
}

void SoundOutput::play_interface(const SoundEvent& e) {
  const PlayCommand c = command(e, Listener{}, 1.0f);
  if (c.gain > 1e-4f || c.hold) mixer_.play(c);
}

void SoundOutput::fill(void* user, float* out, int frames) { static_cast<SoundOutput*>(user)->mixer_.render(out, frames); }

Listener camera_listener(const SimState& s, float body_height_m) {
  Listener l;
  if (s.creature_count <= 0) return l;
  const float yaw = s.camera_yaw_rad();
  const float pitch = s.camera_pitch_rad + s.camera_lift_rad;
  l.position_ws = camera_target(s, body_height_m) + camera_back_direction(yaw, pitch) * s.camera_distance_m;
  l.right_ws = glm::vec3(-std::cos(yaw), 0.0f, std::sin(yaw));
  return l;
}

}  // namespace cf
