#include "game/play/world_runtime.h"


namespace cf {

WorldRuntime::WorldRuntime() : slots_(static_cast<std::size_t>(kMaxCreatures)) {}

ActionRuntime* WorldRuntime::action_runtime(int creature, const Action& action) {
  std::unique_ptr<ActionRuntime>& r = slot(creature).runtimes[action.id()];
  if (!r) r = action.make_runtime();  // once per slot and action
  return r.get();
}

void WorldRuntime::pose_as_shown(const SimState& s, const SimState& before, const SimState& before2,
                                 const SimContext& ctx) {
  // The posing stage ran on each state before its actions advanced: each steps back to what it posed.
  const ActionRegistry& actions = ctx.registry();
  auto as_posed = [&](const SimState& st, const SimState& prior, SimState* out) {
    *out = st;
    for (int i = 0; i < st.creature_count; ++i) {
      CreatureState& c = out->creatures[static_cast<std::size_t>(i)];
      const CreatureState& p = prior.creatures[static_cast<std::size_t>(i)];
      if (i < prior.creature_count) {
        // The look and the idle count step after the posing stage (sim.cpp: step_look): it saw them as the
        // tick before left them.
        c.idle_ticks = p.idle_ticks;
        c.look_yaw_rad = p.look_yaw_rad;
        c.look_target_rad = p.look_target_rad;
        c.next_look_tick = p.next_look_tick;
      }
      for (ActionId a = 1; a < actions.size(); ++a) actions[a].as_posed(c, p, i < prior.creature_count);
      c.current_action = actions.find_current(c);  // a landing stepped back plays again
    }
  };
  as_posed(before, before2, &shown_);
  pose_creatures(shown_, ctx, *this);
  as_posed(s, before, &shown_);
  pose_creatures(shown_, ctx, *this);
}

}  // namespace cf
