#pragma once
// The vault in the game's state: a plain-data VaultState stepped once per tick (copyable, hashable),
// and the hand-overs between walking and vaulting.
#include "core/hash.h"
#include "retarget/retarget.h"
#include "vault/vault_fit.h"
#include "vault/vault_plan.h"
#include "world/level.h"

namespace cf {

// Hand-overs (retarget/pose_blend.h): the vault's first ticks blend from the walking pose it
// started from, and the walker's first ticks after landing blend from the vault's last frame.
constexpr int kVaultBlendInTicks = 10;
constexpr int kVaultLandingBlendTicks = 12;

enum class VaultPhase : int { kIdle = 0, kPlaying, kLanded, kRefused };
const char* to_string(VaultPhase p);  // "idle", "playing", "landed", "refused"

struct VaultState {
  VaultPhase phase = VaultPhase::kIdle;
  int fence = -1;
  int tick = 0;                       // next tick to pose
  int ticks = 0;                      // total ticks of the plan
  bool mirrored = false;
  float max_penetration_m = 0.0f;     // measured while playing, metres
  glm::vec3 landed_ws{0.0f};
  float landed_heading_rad = 0.0f;
  int since_landed = 0;               // ticks walked since landing, counted up to kVaultLandingBlendTicks
};

// Feeds every field into a state hash (determinism checks, replays).
void hash_vault_state(const VaultState& s, StateHasher* h);

// Starts playing (or records the refusal).
void start_vault(const VaultPlan& plan, VaultState* state);
// The tick a playing state poses next (VaultPoseJob::tick).
inline int vault_tick_to_pose(const VaultState& s) { return s.tick; }
// Ticks the vault has played since it started (its first played tick is the plan's entry tick).
inline int vault_ticks_played(const VaultState& s, const VaultPlan& plan) { return s.tick - plan.entry_tick; }
// Advances a playing state past the tick just posed in 'posed' (measuring its penetration);
// switches to kLanded after the last tick. False when the state is not playing.
bool advance_vault(const VaultPlan& plan, const Rig& rig, const Level& level, const CreaturePose& posed,
                   VaultState* state);
// VaultPoseJob then advance_vault: poses the current tick into *pose and advances. False when the
// state is not playing.
bool step_vault(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, VaultState* state,
                CreaturePose* pose);

}  // namespace cf
