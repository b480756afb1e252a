#pragma once
// The standing idle as an action: it is never current. After the walk posed a creature that has stood
// still about 2 s (CreatureState::idle_ticks, the look-around's counter, counted once every foot has
// parked), it poses the idle clip over the stand (retarget/idle.h), varied per creature, eased in over
// 1 s. Moving again, the idle as it was left hands over to the walk in kIdleHandoverTicks (its state:
// where it was left). The body's height and everything the simulation reads stay the stand's.
#include <cstdint>

#include "game/play/action.h"

namespace cf {

// True when the walker stands still with every foot parked and its body's walk motion at most
// max_weight (the idle and the emotes start from it).
bool walker_stands_still(const WalkerState& w, float max_weight = 0.0f);

constexpr int kIdleHandoverTicks = 12;

class IdleAction final : public Action {
 public:
  struct State {
    std::uint32_t left_ticks = 0;  // idle_ticks when the idle was last seen playing (0: none to hand over)
    std::int32_t handover = 0;     // ticks since it was left
  };

  const char* name() const override { return "idle"; }
  const char* title() const override { return "Idle"; }
  void init(CreatureState& c) const override;
  bool idle(const ActionCall& call) const override;
  bool every_tick() const override { return true; }
  void after_locomotion_pose(const PoseCall& call) const override;
  // A soft footstep where a shuffled foot comes down.
  void sounds(const SoundCall& call, SoundEvents* out) const override;
  void hash(const CreatureState& c, StateHasher* h) const override;
  void debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const override;
  PreparedAction prepare(const ActionSetup& setup) const override;
  // Poses the idle as it is after standing still 'idle_ticks' over the stand already in call.out
  // (what a motion started from the idle hands over from); false when it is not idling then.
  bool pose_over_stand(const PoseCall& call, std::uint32_t idle_ticks) const;
  // The idle as it plays or was just left (its hand-over), over the stand pose already in call.out:
  // what a motion started from the idle blends in from. False when there is none.
  bool pose_left_over(const PoseCall& call) const;

 private:
  bool pose_over(const PoseCall& call, const WalkerState& stand, std::uint32_t idle_ticks) const;
};

}  // namespace cf
