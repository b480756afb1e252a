#pragma once
// The jump as a creature action: asked for, the creature crouches, takes off, flies a ballistic arc
// whose height and length come from its legs (retarget/jump.h), lands bending its knees and walks
// on. Standing it jumps in place; moving, forward, over any gap in the ground. A forward jump that would
// land in a wall, fence or gap or off the movable ground is shortened, or made in place, with the reason on the HUD. A creature
// without legs hops on its body. It answers at once (lift-off kJumpLiftoffTicks after the press); a fence
// lower than kHopLegLengths of the legs is hopped; moving toward a gap or such a fence, a press up to a
// stride early is held and fired at the best take-off point. Its state is plain data; a state that never jumped hashes as nothing,
// so runs that never jump hash as they did before the jump existed.
#include <cstdint>

#include "game/play/action.h"

namespace cf {

struct JumpMotion;

// Why a jump was shortened (or made in place).
enum class JumpBlock : std::uint8_t { kNone, kWall, kFence, kEdge, kGap };

struct JumpActionState {
  std::uint32_t jumps = 0;       // jumps started so far
  std::int32_t tick = 0;         // ticks played of the current jump
  std::int32_t ticks = 0;        // its length (0: none playing)
  std::int32_t takeoff_tick = 0;    // the first tick in the air
  std::int32_t touchdown_tick = 0;  // the first tick on the ground again
  std::uint32_t since_landed = 0xffffffffu;  // ticks since the last landing (hand-over to the walk)
  glm::vec3 from_ws{0.0f};       // where it took off (the cog's ground point)
  float heading_rad = 0.0f;
  float distance_m = 0.0f;       // forward travel of this jump
  float wanted_m = 0.0f;         // what a clear way would have given
  JumpBlock block = JumpBlock::kNone;
  std::uint32_t clip_id = 0;     // the clip it played (JumpMotion::clip_id)
  std::int32_t held_ticks = 0;   // a press held for a better take-off point ahead: ticks held (0: none)
  bool fire = false;             // the held press starts this tick, where it is
  bool playing() const { return ticks > 0 && tick < ticks; }
};

constexpr float kHopLegLengths = 0.4f;  // a fence this high (in leg lengths) or lower is jumped over
constexpr int kHoldTicks = 20;          // a press is held for a take-off point at least this many ticks ahead
constexpr int kMaxHoldTicks = 90;       // ...and never longer than this

// HUD message codes of the jump.
enum JumpMessage : int { kJumpShortened = 0, kJumpInPlace = 1, kCannotJump = 2 };

class JumpAction final : public Action {
 public:
  using State = JumpActionState;

  const char* name() const override { return "jump"; }
  const char* title() const override { return "Jump"; }
  void init(CreatureState& c) const override;
  bool active(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  bool poses(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  bool holds_path(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  // Landing (after touch-down) an action asked for waits for the jump's end; in the air it is dropped.
  bool takes_requests(const CreatureState& c) const override;
  HandOver hand_over(const CreatureState& c) const override;
  void start(const ActionCall& call) const override;
  void step(const ActionCall& call) const override;
  bool idle(const ActionCall& call) const override;
  bool pose(const PoseCall& call) const override;
  bool pose_after_end(const PoseCall& call, int k) const override;
  void after_pose(const ActionCall& call) const override;
  void as_posed(CreatureState& c, const CreatureState& prior, bool prior_exists) const override;
  bool destination(const CreatureState& c, glm::vec3* ground_ws) const override;
  void hash(const CreatureState& c, StateHasher* h) const override;
  void describe(const CreatureState& c, Json* j) const override;
  std::string hud_text(int code, const CreatureState& c, const PreparedAction& prepared) const override;
  // A shortened or in-place jump still jumps: its line says why, with no refusal's buzz.
  bool hud_warns(int code) const override { return code == kCannotJump; }
  void debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const override;
  void sounds(const SoundCall& call, SoundEvents* out) const override;
  PreparedAction prepare(const ActionSetup& setup) const override;
};

// For tests and tools: the jump's state in a creature of the game's actions, its data for a species
// (null: it cannot jump), its HUD message ids.
const JumpActionState& jump_of(const CreatureState& c);
const JumpMotion* jump_motion(const Species& sp);
HudMessage jump_hud(JumpMessage m);
// The phase of the jump at its state's tick ("crouch", "flight", "landing", "" when not jumping).
const char* jump_phase(const JumpActionState& st);

}  // namespace cf
