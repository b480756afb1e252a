#pragma once
// A software gamepad attached through SDL's virtual joystick API and opened by SDL as a real game
// controller, so scripted tests drive the game through exactly the code path a physical pad uses
// (hot-plug event, GameController mapping, axis and button events, Input::sample).
#include <cstdint>
#include <vector>

#include "core/input_frame.h"
#include "core/result.h"

struct _SDL_Joystick;

namespace cf {

// The virtual joystick axis value that SDL's controller mapping reads back as trigger t (0..32767): the
// mapping spreads the axis's full range -32768..32767 over the trigger's 0..32767.
std::int16_t virtual_trigger_axis(std::int16_t t);

class VirtualPad {
 public:
  VirtualPad() = default;
  ~VirtualPad();
  VirtualPad(const VirtualPad&) = delete;
  VirtualPad& operator=(const VirtualPad&) = delete;

  // Attaches the pad; needs SDL's game-controller subsystem (Input::init) to be running.
  // The game sees it arrive as a CONTROLLERDEVICEADDED event on the next event pump.
  Status attach();
  // Sets sticks, triggers and held buttons (InputFrame::buttons; 'pressed' is ignored: SDL derives
  // it from the button events). Takes effect on the next event pump.
  void set(const InputFrame& f);
  // The same, taking effect at once: SDL's controller state is updated now and the events the change
  // made are dropped, so Input::sample() reads it without the next pump pressing it again. For a
  // script that drives the pad once per tick, however many ticks a displayed frame runs.
  void set_now(const InputFrame& f);
  void detach();
  bool attached() const { return joystick_ != nullptr; }

  // Rumbles SDL delivered to this pad's rumble callback (the game's SDL_GameControllerRumble), each
  // stamped with the value set_stamp() last gave (the game's tick).
  struct Rumble {
    std::uint64_t stamp = 0;
    std::uint16_t low = 0, high = 0;
  };
  void set_stamp(std::uint64_t stamp) { stamp_ = stamp; }
  const std::vector<Rumble>& rumbles() const { return rumbles_; }

 private:
  static int on_rumble(void* self, std::uint16_t low, std::uint16_t high);
  std::vector<Rumble> rumbles_;
  std::uint64_t stamp_ = 0;
  _SDL_Joystick* joystick_ = nullptr;
  int device_index_ = -1;
};

}  // namespace cf
