#include "game/play/controls.h"

#include "game/play/actions/clip_action.h"

namespace cf {

bool button_named(const std::string& name, Button* out) {
  struct Named {
    const char* name;
    Button button;
  };
  static const Named kNames[] = {{"a", kButtonA},          {"b", kButtonB},          {"x", kButtonX},
                                 {"y", kButtonY},          {"up", kButtonDpadUp},    {"down", kButtonDpadDown},
                                 {"left", kButtonDpadLeft}, {"right", kButtonDpadRight}};
  for (const Named& n : kNames)
    if (name == n.name) {
      *out = n.button;
      return true;
    }
  return false;
}

std::vector<ActionBinding> make_bindings(const ActionRegistry& actions) {
  std::vector<ActionBinding> out;
  const ActionId clip = actions.find("clip");
  if (clip == kNoAction) return out;
  const auto& library = static_cast<const ClipAction&>(actions[clip]).library();
  auto taken = [&](Button b) {
    for (const ActionBinding& x : out)
      if (x.button == b) return true;
    return false;
  };
  for (int m = 0; m < library.size(); ++m) {
    const MotionDescription& d = library[m].about();
    Button b;
    if (d.kind != MotionKind::kPlanned || !button_named(d.button, &b) || taken(b)) continue;
    const ActionId a = actions.find(library[m].name.c_str());
    if (a == kNoAction) continue;
    out.push_back({b, actions[a].name(), kNoMotion, d.hint.empty() ? actions[a].name() : d.hint.c_str()});
  }
  for (int m = 0; m < library.size(); ++m) {
    const MotionDescription& d = library[m].about();
    Button b;
    if (!plays_as_clip(library[m]) || !button_named(d.dpad, &b) || taken(b)) continue;
    out.push_back({b, "clip", static_cast<std::uint16_t>(m), d.hint.empty() ? library[m].name.c_str() : d.hint.c_str()});
  }
  return out;
}

ControlMap controls_of(const ActionRegistry& actions) {
  return ControlMap{actions.bindings().data(), static_cast<int>(actions.bindings().size())};
}

ControlMap default_controls() { return controls_of(game_actions()); }

}  // namespace cf
