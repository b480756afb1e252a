#include "game/play/controls.h"

namespace cf {

namespace {

const ActionBinding kDefaultBindings[] = {
    {kButtonA, "vault"},
    {kButtonX, "jump"},
    {kButtonDpadDown, "sit"},
    {kButtonDpadUp, "greet"},
    {kButtonDpadRight, "roar"},
    {kButtonDpadLeft, "dance"},
};

}  // namespace

ControlMap default_controls() {
  return ControlMap{kDefaultBindings, static_cast<int>(sizeof kDefaultBindings / sizeof kDefaultBindings[0])};
}

}  // namespace cf
