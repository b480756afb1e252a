#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "game/play/action.h"
#include "game/play/actions/locomotion.h"

namespace cf {

void ActionCall::hud(int action, int code) const {
  if (!is_player()) return;
  world.hud = hud_message_id(action, code);
  world.hud_ticks = kHudTicks;
}

ActionRegistry::ActionRegistry() { add<LocomotionAction>(); }

ActionId ActionRegistry::add(std::unique_ptr<Action> a, std::size_t size, std::size_t align) {
  // Checked in every build: an action's state past the creature's bytes would overwrite the creature.
  const std::size_t offset = (used_ + align - 1) / align * align;
  if (actions_.size() >= static_cast<std::size_t>(kMaxActions) || offset + size > kActionStateBytes) {
    std::fprintf(stderr, "critterforge: action '%s' does not fit (%zu actions, its state at %zu..%zu of %zu bytes)\n",
                 a->name(), actions_.size(), offset, offset + size, kActionStateBytes);
    std::abort();
  }
  a->id_ = static_cast<ActionId>(actions_.size());
  a->offset_ = offset;
  a->hud_first_ = actions_.empty() ? a->id_ : std::max<int>(a->id_, actions_.back()->hud_first_ + actions_.back()->hud_slots());
  if (a->every_tick()) every_tick_ = static_cast<std::uint16_t>(every_tick_ | (1u << a->id_));
  used_ = offset + size;
  actions_.push_back(std::move(a));
  return actions_.back()->id_;
}

ActionId ActionRegistry::find(const char* name) const {
  for (const auto& a : actions_)
    if (std::strcmp(a->name(), name) == 0) return a->id();
  return kNoAction;
}

ActionId ActionRegistry::find_current(const CreatureState& c) const {
  for (std::size_t k = 1; k < actions_.size(); ++k)
    if (actions_[k]->active(c)) return static_cast<ActionId>(k);
  return kLocomotion;
}

ActionId ActionRegistry::current(const CreatureState& c) const {
#ifndef NDEBUG  // Debug builds (CI's sanitizer stage) check the kept one on every read
  if (c.current_action != find_current(c)) {  // the tick keeps it: started() and keep_current()
    std::fprintf(stderr, "critterforge: current action %d kept, %d playing\n", c.current_action, find_current(c));
    std::abort();
  }
#endif
  return c.current_action;
}

const Action* ActionRegistry::posing(const CreatureState& c) const {
  const ActionId a = current(c);
  return a != kLocomotion && actions_[a]->poses(c) ? actions_[a].get() : nullptr;
}

void ActionRegistry::started(CreatureState& c, ActionId a) const {
  c.awake_actions = static_cast<std::uint16_t>(c.awake_actions | (1u << a));
  if (actions_[a]->active(c)) c.current_action = a;
}

void ActionRegistry::keep_current(CreatureState& c) const {
  if (c.current_action != kLocomotion && !actions_[c.current_action]->active(c)) c.current_action = kLocomotion;
}

bool ActionRegistry::hud_owner(HudMessage m, ActionId* action, int* code) const {
  if (m == kHudNone) return false;
  if (m >= kLocomotionHudFirst) {
    *action = kLocomotion;
    *code = m - kLocomotionHudFirst;
    return true;
  }
  const int a = (m - 1) / 16 + 1;
  for (int id = size() - 1; id >= 1; --id) {
    const Action& owner = *actions_[static_cast<std::size_t>(id)];
    if (a < owner.hud_first_ || a >= owner.hud_first_ + owner.hud_slots()) continue;
    *action = static_cast<ActionId>(id);
    *code = (m - 1) % 16;
    return true;
  }
  return false;
}

bool ActionRegistry::resolve(const std::string& name, ActionId* action, std::uint16_t* motion) const {
  if (const ActionId a = find(name.c_str()); a != kNoAction) {
    *action = a;
    *motion = kNoMotion;
    return true;
  }
  for (const auto& a : actions_) {
    const int m = a->motion_named(name);
    if (m < 0) continue;
    *action = a->id();
    *motion = static_cast<std::uint16_t>(m);
    return true;
  }
  return false;
}

std::uint32_t herd_mood_bit(const std::string& name) {
  if (name == "calm") return kMoodCalm;
  if (name == "playful") return kMoodPlayful;
  if (name == "bold") return kMoodBold;
  if (name == "near_player") return kMoodNearPlayer;
  return 0;
}

std::uint32_t rest_moods(const BrainCall& call) {
  constexpr float kNearPlayer_m = 2.5f;
  if (!call.resting) return 0;
  std::uint32_t moods = 0;
  if (call.mood % 4 == 0) moods |= kMoodCalm;
  if (call.mood % 4 == 1) moods |= kMoodPlayful;
  if (call.mood % 8 == 2) moods |= kMoodBold;
  if (call.player_distance_m < kNearPlayer_m) moods |= kMoodNearPlayer;
  return moods;
}

const ActionRegistry& SimContext::registry() const { return actions ? *actions : game_actions(); }

}  // namespace cf
