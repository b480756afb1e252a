#pragma once
// The generic clip action: plays any library motion whose description makes it a one-shot, a held
// loop or a held pose (sit, greet, roar, dance, and whatever file is dropped in a motion folder) on
// any body, through the retarget stages (retarget/emote.h: the variant the body's predicates pick).
// Asked for, a walking creature first comes to a stand (the walk settles its feet), then the motion
// eases in over the stand and eases out back to it. A held motion holds until the stick asks to move;
// a one-shot plays once, and the stick ends it early. The HUD says which variant played; its cues are
// heard at their times.
//
// Hash rule (one for every library motion): a motion adds nothing to the state hash until a creature
// first plays it; from then on the creature's record of it is hashed, records in the library's order
// (the description's order, then the name), each as a tag byte 0x50 + order and its play state. So a
// run that never plays a motion hashes the same whether or not that motion is in the library.
#include <array>
#include <cstdint>
#include <memory>

#include "game/play/action.h"
#include "game/play/stages.h"
#include "motion/motion_library.h"
#include "retarget/emote.h"

namespace cf {

enum class EmotePhase : std::uint8_t { kNone, kSettle, kPlay, kEnd };

// One motion's play state in a creature (the same fields for every library motion).
struct ClipPlay {
  std::uint32_t plays = 0;            // times started
  std::int32_t tick = 0;              // ticks of the motion played (its clip time)
  std::int32_t ease = 0;              // its weight's ramp, 0 .. the motion's ease ticks
  std::int32_t settle = 0;            // ticks the walk took to come to a stand first
  std::uint32_t from_idle_ticks = 0;  // the idle it started from (handed over from)
  EmotePhase phase = EmotePhase::kNone;
  EmoteVariant variant = EmoteVariant::kNone;
  bool tail = false;                  // the body has a tail (a nod wags it)
  std::uint8_t lead = 0;              // the clip tick it started at (a dance: on the world's beat; < 240)
  bool playing() const { return phase != EmotePhase::kNone; }
};

constexpr int kClipRecords = 8;  // distinct motions one creature remembers having played

struct ClipActionState {
  std::array<ClipPlay, kClipRecords> plays{};
  std::array<std::uint16_t, kClipRecords> motion{};  // library index of each record (kNoMotion: free)
  std::uint16_t last = kNoMotion;                    // the motion of the last HUD message
  std::uint8_t current = 0xff;                       // the record playing (0xff: none)
};

// HUD message codes.
enum ClipMessage : int { kClipPlayed = 0, kCannotPlay = 1 };

// What one species can play: per library motion, its fitted motion or why not. The d-pad's favourites and
// the herd's choices are fitted with the scene; a motion only the menu offers the first time the species
// is asked for it (in the controls step, never while posing), so a library of hundreds costs a scene's
// start little. Fitting is a pure function of the rig and the clip: when it happens never changes what
// plays.
struct ClipMotions {
  mutable std::vector<std::unique_ptr<const EmoteMotion>> fitted;  // null: cannot, or not tried yet
  mutable std::vector<std::string> unavailable;
  mutable std::vector<std::uint8_t> tried;
};

class ClipAction final : public Action {
 public:
  using State = ClipActionState;
  explicit ClipAction(std::shared_ptr<const MotionLibrary> library);

  const char* name() const override { return "clip"; }
  const char* title() const override { return "Motion"; }
  const MotionLibrary& library() const { return *library_; }
  // The motion to start for a request of library motion m, or false when it is not one this plays.
  bool plays(int m) const;

  void init(CreatureState& c) const override;
  bool active(const CreatureState& c) const override;
  bool poses(const CreatureState& c) const override;
  bool holds_path(const CreatureState& c) const override { return active(c); }
  bool takes_requests(const CreatureState& c) const override { return active(c); }
  void start(const ActionCall& call) const override;
  void step(const ActionCall& call) const override;
  bool pose(const PoseCall& call) const override;
  bool brain_wants(const BrainCall& call) const override;
  void sounds(const SoundCall& call, SoundEvents* out) const override;
  void hash(const CreatureState& c, StateHasher* h) const override;
  void describe(const CreatureState& c, Json* j) const override;
  std::string hud_text(int code, const CreatureState& c, const PreparedAction& prepared) const override;
  bool hud_warns(int code) const override { return code != kClipPlayed; }
  int hud_slots() const override { return 1 << 11; }
  int current_motion(const CreatureState& c) const override;
  int motion_named(const std::string& name) const override;
  void debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const override;
  PreparedAction prepare(const ActionSetup& setup) const override;

  // The species' fit of motion m, fitted now if it has not been (null: it cannot play it). Not while
  // posing: the controls step and the brains ask first.
  const EmoteMotion* fit(const Species& sp, int m) const;
  // The record of motion m in c (null: never played).
  const ClipPlay* record(const CreatureState& c, int m) const;
  // The motion playing in c (-1: none) and its record.
  int playing_motion(const CreatureState& c) const;
  bool shows_an_act(const CreatureState& c) const override { return playing_motion(c) >= 0; }
  // The motion's weight now (0: the stand, 1: the motion).
  float weight(const EmoteMotion& em, const ClipPlay& p) const;

 private:
  void fit_into(const ClipMotions& cm, int m, const Rig& rig, const RetargetSetup* walk) const;
  std::shared_ptr<const MotionLibrary> library_;
  std::vector<std::uint32_t> moods_;  // per library motion: the herd moods it answers
};

// For tests and tools: the game's clip action; a creature's record of a named motion (empty when never
// played); a species' fitted motion by name (null: cannot); the HUD message of a motion.
const ClipAction& clip_action(const ActionRegistry& actions = game_actions());
ClipPlay clip_play_of(const CreatureState& c, const std::string& motion, const ActionRegistry& actions = game_actions());
const EmoteMotion* fitted_motion(const Species& sp, const std::string& motion,
                                 const ActionRegistry& actions = game_actions());
HudMessage clip_hud(const std::string& motion, ClipMessage m, const ActionRegistry& actions = game_actions());
const char* emote_phase_name(EmotePhase p);  // "", "settle", "play", "end"

}  // namespace cf
