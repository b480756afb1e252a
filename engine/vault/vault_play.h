#pragma once
// Playing a vault: a plan made once when the vault starts (placement, per-tick lift over the fence
// and forward travel, where the hands plant), then a plain-data VaultState the game steps once per
// tick. Each tick the chosen clip (authored or mirrored) is retargeted, planted hands are put ON the
// fence top, limb targets are clamped against wall planes and joints kept in front of them (IK
// clamping from engine/retarget), so nothing enters a wall or the fence.
#include <array>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/hash.h"
#include "retarget/retarget.h"
#include "vault/vault_decision.h"
#include "vault/vault_fit.h"
#include "world/clearance.h"
#include "world/level.h"

namespace cf {

struct VaultPlan {
  VaultDecision decision;
  int ticks = 0;                     // poses played: tick 0 .. ticks-1 (1/60 s apart)
  std::vector<float> lift_m;         // per tick: body raised (model +Y) to clear the fence, metres
  std::vector<float> forward_m;      // per tick: extra travel (model +Z) beyond the clip's, metres
  std::vector<glm::vec3> plant_ws;   // per limb: where a planted hand rests on the fence, world space
  std::vector<char> plants;          // per limb: 1 when the limb is a hand the clip plants
  // Per tick and limb (tick * limbs + limb): how far a knee or elbow that would enter the fence turns
  // about its root->tip line, radians (0 = not turned); found in tick order and eased in and out.
  std::vector<float> turn_rad;
  float max_penetration_m = 0.0f;    // deepest flesh goes into any wall or fence over the plan, metres
  HitKind deepest = HitKind::kNone;
  glm::vec3 landed_ws{0.0f};         // ground point under the waist after the vault (y = lowest foot)
  float landed_heading_rad = 0.0f;
  glm::vec3 end_position_ws{0.0f};   // where the walker continues: model origin after the vault
};

// Plans the decided vault (checks it by playing every tick once). When the decision is refused the
// plan has ticks == 0. When the played motion would still touch something (max_penetration_m > 0),
// the decision is turned into a refusal with a reason: a vault is never played into a wall.
Result<VaultPlan> plan_vault(const Level& level, const Rig& rig, const VaultMotion& vm, const VaultDecision& decision);

// Poses one tick of a planned vault: the chosen clip retargeted at the tick's placement, planted
// hands on the fence top, limbs clamped in front of walls and the fence. Job style: non-owning
// inputs, validate() lists the failure cases, run() validates first and never allocates.
struct VaultPoseJob {
  const VaultPlan* plan = nullptr;    // a played plan: ticks > 0, made for rig, motion and level
  const VaultMotion* motion = nullptr;
  const Rig* rig = nullptr;
  const Level* level = nullptr;
  int tick = 0;                       // [0, plan->ticks)
  CreaturePose* out = nullptr;        // sized for rig; every bone written, model and world space
  bool validate() const;
  bool run() const;
};

// The same without the plan-range checks (plan_vault poses ticks of a plan it is still making).
bool pose_vault_tick(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, int tick,
                     CreaturePose* pose);

// The deepest any bone capsule (flesh radius included) of the pose goes into a wall or fence.
Penetration pose_penetration(const Level& level, const Rig& rig, const CreaturePose& pose,
                             const PenetrationOptions& options = {});

// Hand-overs (retarget/pose_blend.h): the vault's first ticks blend from the walking pose it
// started from, and the walker's first ticks after landing blend from the vault's last frame.
constexpr int kVaultBlendInTicks = 10;
constexpr int kVaultLandingBlendTicks = 12;

// Per-tick state of a vault in the game: plain data, copyable, hashable.
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
// Advances a playing state past the tick just posed in 'posed' (measuring its penetration);
// switches to kLanded after the last tick. False when the state is not playing.
bool advance_vault(const VaultPlan& plan, const Rig& rig, const Level& level, const CreaturePose& posed,
                   VaultState* state);
// VaultPoseJob then advance_vault: poses the current tick into *pose and advances. False when the
// state is not playing.
bool step_vault(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, VaultState* state,
                CreaturePose* pose);

}  // namespace cf
