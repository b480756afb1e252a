#include "game/play/controls.h"

#include "game/play/action.h"

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

TickInput player_tick_input(const InputFrame& pad, const ActionRegistry& actions, const ControlMap& controls) {
  TickInput t;
  t.player.move_x = InputFrame::axis(pad.left_x);
  t.player.move_y = InputFrame::axis(pad.left_y);
  for (int k = 0; k < controls.count; ++k) {
    const ActionBinding& b = controls.bindings[k];
    if (!pad.went_down(b.button)) continue;
    const ActionId id = actions.find(b.action);
    if (id == kNoAction) continue;
    t.player.request = id;
    break;
  }
  t.camera_x = InputFrame::axis(pad.right_x);
  t.camera_y = InputFrame::axis(pad.right_y);
  return t;
}

void step(SimState& s, const InputFrame& pad, const SimContext& ctx, WorldRuntime& runtime) {
  step(s, player_tick_input(pad, ctx.registry()), ctx, runtime);
}

}  // namespace cf
