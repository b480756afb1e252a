#pragma once
// The play controls: which button asks for which action. The session reads each tick's pad (live
// or recorded) through them into the simulation's commands (player_tick_input, session.h).
#include "core/input_frame.h"

namespace cf {

// A button that asks for an action by name ("vault") when it goes down.
struct ActionBinding {
  Button button = kButtonA;
  const char* action = "";
};

// The game's bindings: A asks for the vault, X for the jump, the d-pad for sit (down) and the emotes
// (up greet, right roar, left dance), as console players expect.
struct ControlMap {
  const ActionBinding* bindings = nullptr;
  int count = 0;
};
ControlMap default_controls();

}  // namespace cf
