#include "game/sound/sound_output.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "game/play/camera.h"

namespace cf {

SoundOutput::SoundOutput(int sample_rate, const SongBank* songs)
    : library_(make_sound_library(sample_rate)), mixer_(library_.bank, sample_rate) {
  mixer_.set_songs(songs, library_.first_instrument);
}

void SoundOutput::set_settings(const SoundSettings& s) {
  mixer_.set_gains(MixerGains{s.master, s.effects, s.interface_, s.music});
}

void SoundOutput::ambience(std::uint64_t tick, const Listener& listener, LevelStyle style, float level) {
  PlayCommand c[4];
  const int n = ambience_.commands(tick, listener, style, level, library_, c);
  for (int i = 0; i < n; ++i) mixer_.play(c[i]);
}

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
  // The herd's footsteps this tick: the loudest 'room' of them are played.
  herd_budget_ = std::min(static_cast<float>(kHerdStepsPerTick), herd_budget_ + kHerdStepsPerSecond / 60.0f);
  const int room = static_cast<int>(herd_budget_);
  std::array<PlayCommand, kHerdStepsPerTick> kept{};
  int kept_count = 0;
  float far = 0.0f;  // the energy of the footsteps not played
  for (const SoundEvent& e : events) {
    const float w = weights && e.creature >= 0 ? weights[e.creature] : 1.0f;
    const PlayCommand c = command(e, listener, w);
    if (thin_ && e.kind == SoundKind::kFootstep && e.creature > 0) {
      if (c.gain <= 1e-4f) continue;
      if (kept_count < room) {
        kept[static_cast<std::size_t>(kept_count++)] = c;
        continue;
      }
      PlayCommand thinned = c;
      if (kept_count > 0) {
        auto quietest = std::min_element(kept.begin(), kept.begin() + kept_count,
                                         [](const PlayCommand& a, const PlayCommand& b) { return a.gain < b.gain; });
        if (c.gain > quietest->gain) std::swap(thinned, *quietest);
      }
      far += thinned.gain * thinned.gain;
      ++herd_thinned_;
      continue;
    }
    if (c.gain > 1e-4f || c.hold) mixer_.play(c);  // a held sound's release has gain 0
  }
  for (int i = 0; i < kept_count; ++i) mixer_.play(kept[static_cast<std::size_t>(i)]);
  herd_heard_ += kept_count;
  herd_budget_ -= static_cast<float>(kept_count);
  // The rumble follows the far feet's energy per tick, smoothed over about half a second.
  const float target = std::min(0.5f, 1.6f * std::sqrt(far));
  rumble_ += (target - rumble_) * 0.05f;
  if (++rumble_ticks_ >= Ambience::kResendTicks) {
    rumble_ticks_ = 0;
    PlayCommand r;
    r.sound = library_.herd_rumble;
    r.hold = kHoldHerd;
    r.gain = rumble_ > 0.004f ? rumble_ : 0.0f;  // 0 releases it
    r.pitch = 0.8f;  // lower than any one step: many feet, far off
    r.reverb = 0.3f;
    mixer_.play(r);
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
