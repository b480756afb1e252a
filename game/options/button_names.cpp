#include "game/options/button_names.h"

#include "platform/input.h"

namespace cf {

namespace {
constexpr const char* kNames[kRemapButtons] = {"a",    "b",     "x",     "y",      "lb", "rb", "up",
                                               "down", "left",  "right", "start",  "select", "ls", "rs"};
constexpr const char* kLabels[kRemapButtons] = {"A",    "B",    "X",     "Y",     "LB",   "RB", "UP",
                                                "DOWN", "LEFT", "RIGHT", "START", "BACK", "L3", "R3"};
}  // namespace

int button_index(const std::string& name) {
  for (int b = 0; b < kRemapButtons; ++b) {
    if (name == kNames[b]) return b;
  }
  return -1;
}

const char* button_name(int index) { return index >= 0 && index < kRemapButtons ? kNames[index] : ""; }
const char* button_label(int index) { return index >= 0 && index < kRemapButtons ? kLabels[index] : "?"; }

}  // namespace cf
