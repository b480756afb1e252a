#pragma once
// The vault as a creature action: A (the command's request) with a fence within reach in front walks
// the creature to the vault's start and plays the authored vault, mirrored when a wall leaves no room
// on the authored side, refused with the reason on the HUD when neither side has room. Its state is
// plain data (the approach, the playing VaultState, the last decision's record); its plan (VaultPlan)
// is derived beside it and rebuilt from the record after a rewind.
#include <array>
#include <cstdint>
#include <string_view>

#include "game/play/action.h"
#include "vault/vault_play.h"

namespace cf {

// The last vault a creature decided, as plain data: what the state hash and the HUD need, and the
// request the runtime's full plan (VaultPlan) is rebuilt from when a state is restored.
struct VaultRecord {
  std::uint32_t serial = 0;          // vaults decided so far; the runtime's plan is for this serial
  glm::vec3 from_ws{0.0f};           // where the creature stood when it asked (the decision's input)
  int fence = -1;
  int ticks = 0;                     // ticks of the plan (0: refused)
  bool mirrored = false;
  bool refused = false;
  float lref = 0.0f, lmax = 0.0f;    // room beside the path, the clip's need, metres
  glm::vec3 end_position_ws{0.0f};
  std::array<char, 120> reason{};    // why it was refused (for the HUD), NUL-terminated
  std::string_view reason_text() const;
  void set_reason(std::string_view text);  // truncated to fit
};

// The vault action's state in a creature.
struct VaultActionState {
  bool approaching = false;          // walking to the vault's start (decided, not yet playing)
  std::uint32_t approach_ticks = 0;
  VaultState vault;                  // phase kPlaying while a vault plays
  VaultRecord record;                // the last vault decided
  std::uint32_t vaults_played = 0;
  bool playing() const { return vault.phase == VaultPhase::kPlaying; }
};

// HUD message codes of the vault.
// A fence this close in front (its nearest point, within 60 degrees of the heading) is vaulted on A, from
// where a player tries it: the creature walks on briskly to the start, or runs on while the stick is held
// forward (the HUD's prompt shows it).
constexpr float kVaultReachM = 3.0f;

// Whether A would vault now: a fence within kVaultReachM in front of c (the HUD's "A: VAULT" prompt).
bool fence_in_vault_reach(const CreatureState& c, const Level& level);

enum VaultMessage : int { kVaultRefused = 0, kNoFenceInReach = 1, kCannotVault = 2, kNoRoomToStart = 3 };

class VaultAction final : public Action {
 public:
  using State = VaultActionState;

  const char* name() const override { return "vault"; }
  const char* title() const override { return "Vault"; }
  void init(CreatureState& c) const override;
  bool active(const CreatureState& c) const override;
  bool poses(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  bool holds_path(const CreatureState& c) const override { return state_of<State>(c).playing(); }
  HandOver hand_over(const CreatureState& c) const override;
  void start(const ActionCall& call) const override;
  void step(const ActionCall& call) const override;
  bool idle(const ActionCall& call) const override;
  int plans_ahead(const PlanCall& call) const override;
  void plan_ahead(const PlanCall& call) const override;
  bool pose(const PoseCall& call) const override;
  bool pose_after_end(const PoseCall& call, int k) const override;
  void after_pose(const ActionCall& call) const override;
  void as_posed(CreatureState& c, const CreatureState& prior, bool prior_exists) const override;
  bool destination(const CreatureState& c, glm::vec3* ground_ws) const override;
  PlantedContact contact(const CreatureState& c) const override;
  bool brain_wants(const BrainCall& call) const override;
  void sounds(const SoundCall& call, SoundEvents* out) const override;  // vault_sounds.cpp
  void hash(const CreatureState& c, StateHasher* h) const override;
  void describe(const CreatureState& c, Json* j) const override;
  std::string hud_text(int code, const CreatureState& c, const PreparedAction& prepared) const override;
  void debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const override;
  void overlays(const CreatureState& c, const ActionRuntime* rt, std::vector<OverlayLineInput>* lines) const override;
  PreparedAction prepare(const ActionSetup& setup) const override;
  std::unique_ptr<ActionRuntime> make_runtime() const override;
};

// The vault's derived data for one creature slot: the plan of the record it was made for, and the plan
// being made while the creature walks to the start.
struct VaultRuntime final : ActionRuntime {
  VaultPlan plan;
  std::uint32_t serial = 0;  // 0: no plan held
  VaultPlanner planner;
  std::uint32_t planning = 0;  // the record the planner works for (0: none)
  CreaturePose scratch;        // for the decision's end position
  std::uint32_t finished_at_start = 0;  // plans still unfinished when their vault started (made then)
  // The plan held for record 'serial', or null.
  const VaultPlan* held(std::uint32_t s) const { return s != 0 && serial == s ? &plan : nullptr; }
};

// The plan of a decided vault (decide_vault); a plan that fails, or would touch a wall or fence,
// becomes a refusal with the reason. Allocates (made once per vault).
VaultPlan make_vault_plan(const Level& level, const Rig& rig, const VaultMotion& motion, VaultDecision decision);

// For tests and tools: the vault's state in a creature of the game's actions, and its HUD message ids.
const VaultActionState& vault_of(const CreatureState& c);
VaultActionState& vault_of(CreatureState& c);
HudMessage vault_hud(VaultMessage m);
// The game's vault action and the species' vault data (null: it cannot vault).
const VaultAction& game_vault();
const VaultMotion* vault_motion(const Species& sp);

}  // namespace cf
