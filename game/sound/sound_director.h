#pragma once
// The session's ears: after every tick it derives the tick's sound events, prints them
// (--print-sound-events), hands them to the sound output placed from the camera, and turns the
// player's into rumble. It only reads the session: sound never changes a state or its hash.
#include <cstdint>
#include <cstdio>
#include <functional>

#include "game/session/session.h"
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
  Rumble rumble_;
  SoundEvents events_;
  std::array<float, kMaxCreatures> weights_{};
  std::array<bool, 256> holding_{};  // held interface sounds playing, by hold id
};

}  // namespace cf
