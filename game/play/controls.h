#pragma once
// The play controls: which button asks for which action or library motion. Made from the motion
// library's descriptions (a planned motion's "button", a motion's d-pad favourite), so the library is
// the one list: bindings, control hints and the pause menu's hints all read them. The session reads
// each tick's pad (live or recorded) through them into the simulation's commands (player_tick_input).
#include <vector>

#include "game/play/action.h"

namespace cf {

struct ControlMap {
  const ActionBinding* bindings = nullptr;
  int count = 0;
};
// The game's bindings (game_actions()'s): A vaults, X jumps, the d-pad plays the four favourites.
ControlMap default_controls();
// A registry's bindings.
ControlMap controls_of(const ActionRegistry& actions);
// The bindings a registry's library describes: planned motions' face buttons first, then the d-pad
// favourites, each in the library's order (the first binding whose button went down is asked for).
std::vector<ActionBinding> make_bindings(const ActionRegistry& actions);
// The button a description names ("a", "x", "up", ...): false for none.
bool button_named(const std::string& name, Button* out);

}  // namespace cf
