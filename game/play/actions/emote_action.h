#pragma once
// Sit and the emotes (greet, roar, dance) as creature actions, one class registered once per kind.
// Asked for, a walking creature first comes to a stand (the walk settles its feet), then the motion
// eases in over the stand (retarget/emote.h: the variant its body plays), and eases out back to it.
// Sit holds until the stick asks to move, then stands up; an emote plays once, and the stick ends it
// early (it eases out at once). The HUD says which variant played. A state that never played hashes
// as nothing, so runs that never sit or emote hash as before these existed.
#include <cstdint>

#include "game/play/action.h"
#include "retarget/emote.h"

namespace cf {

// How deep the pose's flesh goes into the walls, fences and pipes (the ground is the motion's own
// business), metres.
float flesh_depth(const Level& level, const Rig& rig, const CreaturePose& pose);

enum class EmotePhase : std::uint8_t { kNone, kSettle, kPlay, kEnd };

struct EmoteActionState {
  std::uint32_t plays = 0;            // times started
  std::int32_t tick = 0;              // ticks of the motion played (its clip time)
  std::int32_t ease = 0;              // its weight's ramp, 0 .. the kind's ease ticks
  std::int32_t settle = 0;            // ticks the walk took to come to a stand first
  std::uint32_t from_idle_ticks = 0;  // the idle it started from (handed over from)
  EmotePhase phase = EmotePhase::kNone;
  EmoteVariant variant = EmoteVariant::kNone;
  bool tail = false;                  // the body has a tail (a nod wags it)
  bool playing() const { return phase != EmotePhase::kNone; }
};

// HUD message codes.
enum EmoteMessage : int { kEmotePlayed = 0, kCannotEmote = 1 };

class EmoteAction final : public Action {
 public:
  using State = EmoteActionState;
  explicit EmoteAction(EmoteKind kind) : kind_(kind) {}

  const char* name() const override { return to_string(kind_); }
  const char* title() const override;
  EmoteKind kind() const { return kind_; }
  void init(CreatureState& c) const override;
  bool active(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  bool poses(const CreatureState& c) const override;
  bool holds_path(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  bool takes_requests(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  void start(const ActionCall& call) const override;
  void step(const ActionCall& call) const override;
  bool pose(const PoseCall& call) const override;
  bool brain_wants(const BrainCall& call) const override;
  void sounds(const SoundCall& call, SoundEvents* out) const override;
  void hash(const CreatureState& c, StateHasher* h) const override;
  void describe(const CreatureState& c, Json* j) const override;
  std::string hud_text(int code, const CreatureState& c, const std::string& unavailable) const override;
  bool hud_warns(int code) const override;
  void debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const override;
  PreparedAction prepare(const ActionSetup& setup) const override;

  // The motion's weight now (0: the stand, 1: the motion).
  float weight(const State& st) const;

 private:
  EmoteKind kind_;
};

// For tests and tools: the action of a kind in the game's actions, its state in a creature, its data
// for a species (null: it cannot), a HUD message id; what the HUD says of a variant.
const EmoteAction& game_emote(EmoteKind k);
const EmoteActionState& emote_of(const CreatureState& c, EmoteKind k);
const EmoteMotion* emote_motion(const Species& sp, EmoteKind k);
HudMessage emote_hud(EmoteKind k, EmoteMessage m);
const char* emote_phase_name(EmotePhase p);  // "", "settle", "play", "end"
const char* variant_words(EmoteVariant v, bool tail);  // "waves an arm", "nods" ("and wags its tail")

}  // namespace cf
