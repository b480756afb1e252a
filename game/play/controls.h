#pragma once
// The play controls: the one place that turns the player's pad and keys (an InputFrame, as replays
// record it) into the simulation's commands. Left stick walks and turns, right stick orbits the
// camera, and each bound button asks for its action when pressed.
#include "core/input_frame.h"
#include "game/play/sim.h"

namespace cf {

class ActionRegistry;

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

// The tick's commands from the player's InputFrame (the others' come from TickInput::others or brains).
TickInput player_tick_input(const InputFrame& pad, const ActionRegistry& actions,
                            const ControlMap& controls = default_controls());

// One tick with the player's pad read through the controls (replays, scripts and tests).
void step(SimState& s, const InputFrame& pad, const SimContext& ctx, WorldRuntime& runtime);

}  // namespace cf
