#pragma once
// Climbing onto a ledge and down from one (the seed's FIG. 7). At a platform's face too high to step but
// within the reach of its front limbs, A (or X) climbs: the body squares up to the face and draws back
// from it, the front limbs (arms, else forelegs, else a biped's left leg) reach over the lip and grip the
// top, the body is pulled up clear of a region kept round the lip, carried over it and set down standing on
// top, the hind legs stepping up last. Standing at the edge of a platform over ground too far below to
// step, the same climbs down: forelimbs down first, the body over the lip and lowered, the hind legs last.
// Refused with the reason when the ledge is too high for the limbs, or there is no room on top (a wall or
// fence where the body would stand) or behind (no room to draw back). Its state is plain data; a creature
// that never climbed hashes as nothing, so runs without a climb hash as before.
#include <cstdint>

#include "game/play/action.h"

namespace cf {

struct ClimbActionState {
  std::uint32_t climbs = 0;     // climbs started so far
  std::int32_t tick = 0;        // ticks played of the current climb
  std::int32_t ticks = 0;       // its length (0: none playing)
  std::uint32_t since_end = 0xffffffffu;  // ticks since the last climb ended (hand-over to the walk)
  glm::vec3 from_ws{0.0f};      // the body's ground point where it stood at the start
  glm::vec3 back_ws{0.0f};      // ...where it draws back to before it rises (up), else from_ws
  glm::vec3 to_ws{0.0f};        // ...where it stands at the end
  glm::vec3 lip_ws{0.0f};       // on the lip, square to the body's path (y: the top)
  glm::vec3 out_ws{0.0f};       // the face's horizontal outward normal
  float heading_from_rad = 0.0f, heading_to_rad = 0.0f;
  float top_y = 0.0f, low_y = 0.0f;
  float high_y = 0.0f;          // the centre of gravity's height while the body passes over the lip
  std::int32_t platform = -1;
  bool down = false;
  std::uint8_t refused = 0;     // the last refusal's reason (ClimbMessage), 0 none
  bool playing() const { return ticks > 0 && tick < ticks; }
};

// HUD message codes of the climb.
enum ClimbMessage : int { kClimbing = 0, kClimbTooHigh = 1, kClimbNoRoomOnTop = 2, kClimbNoRoomBehind = 3,
                          kCannotClimb = 4, kClimbingDown = 5, kClimbNoRoomBelow = 6 };

// How far ahead a ledge's lip may be from the body's centre for A to climb it (the climb draws the body in
// or back to where its front is just clear of the face).
constexpr float kClimbReachM = 0.6f;
constexpr float kClimbFrontGapM = 0.15f;  // ...or within this of the body's footprint's reach, when that is further

class ClimbAction final : public Action {
 public:
  using State = ClimbActionState;

  const char* name() const override { return "climb"; }
  const char* title() const override { return "Climb"; }
  void init(CreatureState& c) const override;
  bool active(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  bool poses(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  bool holds_path(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  HandOver hand_over(const CreatureState& c) const override;
  void start(const ActionCall& call) const override;
  bool idle(const ActionCall& call) const override;
  bool pose(const PoseCall& call) const override;
  bool pose_after_end(const PoseCall& call, int k) const override;
  void after_pose(const ActionCall& call) const override;
  void as_posed(CreatureState& c, const CreatureState& prior, bool prior_exists) const override;
  bool destination(const CreatureState& c, glm::vec3* ground_ws) const override;
  void sounds(const SoundCall& call, SoundEvents* out) const override;
  void hash(const CreatureState& c, StateHasher* h) const override;
  void describe(const CreatureState& c, Json* j) const override;
  std::string hud_text(int code, const CreatureState& c, const PreparedAction& prepared) const override;
  bool hud_warns(int code) const override { return code != kClimbing && code != kClimbingDown; }
  void debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const override;
};

// The highest step a walking species takes without climbing, and the highest ledge its lead limbs reach
// over (up) or down (metres).
float climb_step_m(const Species& sp);
float climb_reach_m(const Species& sp, bool down);

// Whether a climb (up or down) is in front of c: the ledge the vault's and the jump's button would climb
// (the HUD's "A: CLIMB" prompt). Cheap: no posing.
bool ledge_in_climb_reach(const CreatureState& c, const Species& sp, const Level& level);
// Starts the climb instead of the action asked for when a ledge is in reach (the vault's and the jump's
// start call it first): true when it answered (started, or refused with its reason).
bool climb_instead(const ActionCall& call);

// For tests and tools: the climb's state in a creature of the game's actions, and its HUD message ids.
const ClimbActionState& climb_of(const CreatureState& c);
HudMessage climb_hud(ClimbMessage m);

}  // namespace cf
