#pragma once
// The standing idle as an action: it is never current and keeps no state of its own. After the walk
// posed a creature that has stood still about 2 s (CreatureState::idle_ticks, the look-around's
// counter), it poses the idle clip over the stand (retarget/idle.h), varied per creature, eased in
// over 1 s. Moving again starts from the walk as before. It adds nothing to the state hash or the
// scene identity: the body's height and everything the simulation reads stay the stand's.
#include <cstdint>

#include "game/play/action.h"

namespace cf {

// True when the walker stands still with every foot parked and its body's walk motion at most
// max_weight (the idle and the emotes start from it).
bool walker_stands_still(const WalkerState& w, float max_weight = 0.0f);

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
  // Poses the idle as it is after standing still 'idle_ticks' over the stand already in call.out
  // (what a motion started from the idle hands over from); false when it is not idling then.
  bool pose_over_stand(const PoseCall& call, std::uint32_t idle_ticks) const;
};

}  // namespace cf
