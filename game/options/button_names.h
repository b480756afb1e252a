#pragma once
// The game's pad buttons by name (InputFrame bit order): "a" in files and scripts, "A" on screen.
#include <string>

namespace cf {

// "a" "b" "x" "y" "lb" "rb" "up" "down" "left" "right" "start" "select" "ls" "rs"; -1 for another name.
int button_index(const std::string& name);
const char* button_name(int index);
// As the player reads it: "A", "LB", "UP", "START", "BACK", "L3".
const char* button_label(int index);

}  // namespace cf
