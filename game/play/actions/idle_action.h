#pragma once
// The standing idle as an action: it is never current and keeps no state of its own. After the walk
// posed a creature that has stood still about 2 s (CreatureState::idle_ticks, the look-around's
// counter), it poses the idle clip over the stand (retarget/idle.h), varied per creature, eased in
// over 1 s. Moving again starts from the walk as before. It adds nothing to the state hash or the
// scene identity: the body's height and everything the simulation reads stay the stand's.
#include "game/play/action.h"

namespace cf {

class IdleAction final : public Action {
 public:
  struct State {};

  const char* name() const override { return "idle"; }
  const char* title() const override { return "Idle"; }
  void init(CreatureState&) const override {}
  void after_locomotion_pose(const PoseCall& call) const override;
  void hash(const CreatureState&, StateHasher*) const override {}
  void debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const override;
  PreparedAction prepare(const ActionSetup& setup) const override;
};

}  // namespace cf
