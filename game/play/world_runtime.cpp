#include "game/play/world_runtime.h"

#include "game/play/actions/locomotion.h"
#include "retarget/pose_blend.h"
#include "world/level.h"

namespace cf {

WorldRuntime::WorldRuntime() : slots_(static_cast<std::size_t>(kMaxCreatures)) {}

ActionRuntime* WorldRuntime::action_runtime(int creature, const Action& action) {
  std::unique_ptr<ActionRuntime>& r = slot(creature).runtimes[action.id()];
  if (!r) r = action.make_runtime();  // once per slot and action
  return r.get();
}

void WorldRuntime::pose_creatures(const SimState& s, const SimContext& ctx) {
  const double t0 = now_ ? now_() : 0.0;
  pose_all(s, ctx);
  if (now_) posing_s_ = now_() - t0;
}

void WorldRuntime::pose_all(const SimState& s, const SimContext& ctx) {
  if (pool_) {
    pool_->for_each(s.creature_count, [&](int i) { pose_one(s, ctx, i); });
  } else {
    for (int i = 0; i < s.creature_count; ++i) pose_one(s, ctx, i);
  }
}

void WorldRuntime::pose_one(const SimState& s, const SimContext& ctx, int i) {
  const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
  const Species* sp = ctx.species_of(c.species);
  if (!sp || !sp->rig) return;
  Slot& slot_i = slot(i);
  std::swap(slot_i.pose, slot_i.prev);
  // Once, when a creature arrives.
  if (!slot_i.pose.sized_for(*sp->rig)) slot_i.pose.resize(*sp->rig);
  if (!slot_i.prev.sized_for(*sp->rig)) slot_i.prev.resize(*sp->rig);
  if (!slot_i.scratch.sized_for(*sp->rig)) slot_i.scratch.resize(*sp->rig);
  ++slot_i.poses;
  const ActionRegistry& actions = ctx.registry();
  const PoseCall call{c, i, *sp, ctx, *this, &slot_i.pose, &slot_i.scratch};
  if (const Action* owner = actions.posing(c)) {
    if (!owner->pose(call)) pose_bind_at_root(c, *sp->rig, call.out);
    return;
  }
  if (!actions.locomotion().pose(call)) return;
  for (ActionId a = 1; a < actions.size(); ++a) actions[a].after_locomotion_pose(call);
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
      for (ActionId a = 1; a < actions.size(); ++a) actions[a].as_posed(c, p, i < prior.creature_count);
    }
  };
  as_posed(before, before2, &shown_);
  pose_creatures(shown_, ctx);
  as_posed(s, before, &shown_);
  pose_creatures(shown_, ctx);
}

}  // namespace cf
