#pragma once
// What the game hears: each tick's sounds as a plain list of events (what, where, how loud), derived
// after the tick from the state and the poses (game/sound/sound_events.h). Derived data: nothing in
// the simulation reads it, so sound never changes a state hash.
#include <array>
#include <cstdint>
#include <string>

#include <glm/glm.hpp>

namespace cf {

// One entry per kind of sound (a motion file's cues name them: "greet_voice"); a new kind is one line
// here, its name in sound_event.cpp and its patch in the sound library (game/sound/sound_library.cpp).
// Whether a kind is the interface's is its own line in is_interface, not its place in this list.
enum class SoundKind : std::uint8_t {
  kFootstep,       // a foot's stance starts (walk, a vault's landing feet)
  kHandPlant,      // a hand plants on a fence (vault)
  kWhoosh,         // the body flies (a vault's flight)
  kLanding,        // the body lands (loudness by the drop)
  kTakeoff,        // the body leaves the ground (a vault's start)
  kFenceBrush,     // the body brushes the fence top as it passes over (vault)
  kRefused,        // an action refused with a HUD message
  kGreetVoice,     // a greeting's chirp (pitched by the body's size)
  kRoarVoice,      // a roar (pitched by the body's size and its neck's length)
  kBefriended,     // a herd creature became the player's friend (a rising chime from it)
  kMenuMove,       // interface: the menu's cursor moved
  kMenuSelect,     // interface: chosen
  kMenuBack,       // interface: back
  kPenDraw,        // interface: the editor's pen starts drawing
  kPartMade,       // interface: a stroke became a part
  kStrokeRefused,  // interface: a stroke the rules refused
  kUndo,           // interface: undo or redo
  kSave,           // interface: saved
  kPenTone,        // interface, held: the editor's pen drawing (pitch by its height, pan by its side)
  kCount
};
const char* to_string(SoundKind k);  // "footstep", "hand_plant", ...
bool is_interface(SoundKind k);      // menus, editor: heard on the interface bus, not placed
// The kind whose to_string is 'name'; false when none is.
bool sound_kind_named(const std::string& name, SoundKind* out);

struct SoundEvent {
  SoundKind kind = SoundKind::kFootstep;
  glm::vec3 position_ws{0.0f};  // where it sounds, world space (interface sounds: unused)
  float loudness = 1.0f;        // 0..1 at the source, before distance
  float pitch = 1.0f;           // playback rate of the sound: 2 an octave up (small creatures)
  std::int16_t creature = -1;   // the creature that made it (-1: the interface)
  std::int8_t limb = -1;        // the limb (footsteps, hand plants), else -1
  // A held sound (nonzero): the same id again updates the playing voice (pitch, loudness, pan) and
  // loudness 0 releases it; 0 is a one-shot.
  std::uint8_t hold = 0;
  float pan = 0.0f;             // interface sounds: -1 left .. +1 right
};

// One tick's sound events: fixed capacity, no allocation (extra events are counted and dropped).
struct SoundEvents {
  static constexpr int kCapacity = 512;
  std::array<SoundEvent, kCapacity> items{};
  int count = 0;
  int dropped = 0;
  void clear() { count = dropped = 0; }
  void push(const SoundEvent& e) {
    if (count < kCapacity) items[static_cast<std::size_t>(count++)] = e;
    else ++dropped;
  }
  const SoundEvent* begin() const { return items.data(); }
  const SoundEvent* end() const { return items.data() + count; }
};

}  // namespace cf
