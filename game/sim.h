#pragma once
// The simulation: plain-data state advanced by fixed 1/60 s ticks from InputFrames only. No SDL,
// no GL, no wall clock: the same inputs give the same state (and hash) on every build.
// The creature walks with the retargeted walk clip (engine/retarget walker) and vaults fences
// (engine/vault); a creature that cannot walk slides instead.
#include <cstdint>

#include <glm/glm.hpp>

#include "core/input_frame.h"
#include "core/rng.h"
#include "retarget/walker.h"
#include "vault/vault_play.h"

namespace cf {

struct Level;

// Movement and camera tuning; zero means default.
struct SimTuning {
  float max_speed_mps = 0;      // sliding speed at full stick (creatures that cannot walk); 0 -> 1.4
  float accel_mps2 = 0;         // sliding speed change per second; 0 -> 4
  float turn_rate_rps = 0;      // turn rate at full stick x, radians per second; 0 -> 2
  float camera_yaw_rate_rps = 0;    // right stick x at full deflection; 0 -> 2.5
  float camera_pitch_rate_rps = 0;  // right stick y at full deflection; 0 -> 1.5
  float camera_follow_rps = 0;      // how fast the camera swings back behind a moving creature; 0 -> 1.5
  float vault_reach_m = 0;          // a fence this close in front can be vaulted; 0 -> 2
  int max_approach_ticks = 0;       // walking to the vault's start gives up after this; 0 -> 90
};

// What the simulation reads besides the state and input (never written by step(), except the
// scratch pose, which is working memory only).
struct SimContext {
  const Level* level = nullptr;           // required
  const Rig* rig = nullptr;               // with walk_clip and walk_setup: the creature walks
  const MotionClip* walk_clip = nullptr;
  const RetargetSetup* walk_setup = nullptr;
  const VaultMotion* vault = nullptr;     // null: A reports vault_unavailable on the HUD
  const char* vault_unavailable = "";
  CreaturePose* scratch_pose = nullptr;   // required with vault; sized for rig
  float body_radius_m = 0.3f;             // footprint radius for collisions, metres
  std::uint64_t scene_id = 0;             // identity of the creature, level and motions (game/scene.h)
  SimTuning tuning;
  bool walks() const { return rig && walk_clip && walk_setup; }
};

constexpr double kTickSeconds = 1.0 / 60.0;
constexpr float kCameraPitchMin = -0.15f, kCameraPitchMax = 1.2f;  // radians above the horizon
constexpr std::uint32_t kHudTicks = 150;                           // a HUD message shows 2.5 s

enum class HudMessage : std::uint8_t {
  kNone = 0,
  kVaultRefused,     // text: vault_plan.decision.reason
  kNoFenceInReach,
  kCannotVault,      // text: SimContext::vault_unavailable
};

struct SimState {
  std::uint64_t scene_id = 0;    // SimContext::scene_id at the start: the hash names what it ran
  std::uint64_t tick = 0;        // ticks run so far
  Rng rng;                       // the only source of randomness (idle look-around)
  // Summary of where the creature is (from the walker, the vault or the slide), world space.
  glm::vec3 root_ws{0.0f};       // ground point under the centre of gravity, metres
  float heading_rad = 0.0f;      // yaw about +Y; 0 faces +Z, pi/2 faces +X
  float speed_mps = 0.0f;        // forward speed, metres per second
  WalkerState walker;            // authoritative while walking (SimContext::walks())
  float camera_yaw_offset_rad = 0.0f;  // camera orbit relative to the heading (0 = behind)
  float camera_pitch_rad = 0.3f; // orbit elevation, radians, [kCameraPitchMin, kCameraPitchMax]
  float look_yaw_rad = 0.0f;     // head look offset from the heading while idle, radians
  float look_target_rad = 0.0f;  // where the look is heading, radians
  std::uint32_t idle_ticks = 0;  // ticks since the creature last moved
  std::uint32_t next_look_tick = 90;  // idle_ticks value at which a new look target is picked
  std::uint32_t blocked_ticks = 0;    // consecutive ticks a move was stopped by an obstacle
  bool approaching = false;      // walking to the vault's start (vault_plan decided, not yet playing)
  std::uint32_t approach_ticks = 0;
  VaultState vault;              // phase kPlaying while a vault plays
  VaultPlan vault_plan;          // the last vault decided (allocates only when a vault starts)
  std::uint32_t vaults_played = 0;
  HudMessage hud = HudMessage::kNone;
  std::uint32_t hud_ticks = 0;   // ticks the HUD message stays up

  float camera_yaw_rad() const { return heading_rad + camera_yaw_offset_rad; }
  bool vaulting() const { return vault.phase == VaultPhase::kPlaying; }
};

// The state at tick 0: at the level's spawn, standing, seeded.
SimState initial_state(const SimContext& ctx, std::uint64_t seed);

// Advances one tick. Never throws; allocates only on the tick a vault is planned.
void step(SimState& s, const InputFrame& in, const SimContext& ctx);

// 64-bit hash over a canonical serialization of every field (StateHasher).
std::uint64_t hash_state(const SimState& s);

// Unit forward vector of a heading (world space, on the ground).
glm::vec3 heading_forward(float heading_rad);

}  // namespace cf
