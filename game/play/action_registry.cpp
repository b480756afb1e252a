#include <cassert>
#include <cstring>

#include "game/play/action.h"
#include "game/play/actions/locomotion.h"

namespace cf {

void ActionCall::hud(ActionId action, int code) const {
  if (!is_player()) return;
  world.hud = hud_message_id(action, code);
  world.hud_ticks = kHudTicks;
}

ActionRegistry::ActionRegistry() { add<LocomotionAction>(); }

ActionId ActionRegistry::add(std::unique_ptr<Action> a, std::size_t size, std::size_t align) {
  assert(actions_.size() < static_cast<std::size_t>(kMaxActions) && "raise kMaxActions");
  const std::size_t offset = (used_ + align - 1) / align * align;
  assert(offset + size <= kActionStateBytes && "raise kActionStateBytes");
  a->id_ = static_cast<ActionId>(actions_.size());
  a->offset_ = offset;
  used_ = offset + size;
  actions_.push_back(std::move(a));
  return actions_.back()->id_;
}

ActionId ActionRegistry::find(const char* name) const {
  for (const auto& a : actions_)
    if (std::strcmp(a->name(), name) == 0) return a->id();
  return kNoAction;
}

ActionId ActionRegistry::current(const CreatureState& c) const {
  for (std::size_t k = 1; k < actions_.size(); ++k)
    if (actions_[k]->active(c)) return static_cast<ActionId>(k);
  return kLocomotion;
}

const Action* ActionRegistry::posing(const CreatureState& c) const {
  for (std::size_t k = 1; k < actions_.size(); ++k)
    if (actions_[k]->poses(c)) return actions_[k].get();
  return nullptr;
}

bool ActionRegistry::hud_owner(HudMessage m, ActionId* action, int* code) const {
  if (m == kHudNone) return false;
  const int a = (m - 1) / 16 + 1;
  if (a >= size()) return false;
  *action = static_cast<ActionId>(a);
  *code = (m - 1) % 16;
  return true;
}

const ActionRegistry& SimContext::registry() const { return actions ? *actions : game_actions(); }

}  // namespace cf
