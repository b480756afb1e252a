#pragma once
// The simulation: a world (tick, seed, camera, HUD) and its creatures, plain fixed-size data advanced
// by fixed 1/60 s ticks from InputFrames only. No SDL, no GL, no wall clock: the same inputs give the
// same state (and hash) on every build. A whole state copies without allocating (debug rewind keeps a
// ring of them); derived data (vault plans, poses) lives beside it in a WorldRuntime.
//
// One tick: the camera and HUD, then each creature's controls (walk, vault approach, vault decision),
// then the posing stage (every creature posed once, walk or vault, into the runtime's pose buffers),
// then what reads the poses (the vault's contacts and landing), then the idle look-around.
#include <array>
#include <cstdint>
#include <string_view>

#include <glm/glm.hpp>

#include "core/input_frame.h"
#include "core/rng.h"
#include "retarget/walker.h"
#include "vault/vault_play.h"
#include "world/footprint.h"

namespace cf {

struct Level;
class WorldRuntime;

// Movement and camera tuning; zero means default.
struct SimTuning {
  float max_speed_mps = 0;      // sliding speed at full stick (creatures that cannot walk); 0 -> 1.4
  float accel_mps2 = 0;         // sliding speed change per second; 0 -> 4
  float turn_rate_rps = 0;      // turn rate at full stick x, radians per second; 0 -> 2
  float camera_yaw_rate_rps = 0;    // right stick x at full deflection; 0 -> 2.5
  float camera_pitch_rate_rps = 0;  // right stick y at full deflection; 0 -> 1.5
  float camera_follow_rps = 0;      // how fast the camera swings back behind a moving creature; 0 -> 1.5
  float vault_reach_m = 0;          // a fence this close in front can be vaulted; 0 -> 2
  int max_approach_ticks = 0;       // walking to the vault's start gives up after this; 0 -> 300
};

// One kind of creature the world can hold: the baked data of a creature file (not owned).
struct Species {
  const Rig* rig = nullptr;               // required
  const MotionClip* walk_clip = nullptr;  // with walk_setup: the creature walks, else it slides
  const RetargetSetup* walk_setup = nullptr;
  const VaultMotion* vault = nullptr;     // null: A reports vault_unavailable on the HUD
  const char* vault_unavailable = "";
  float body_radius_m = 0.3f;             // footprint radius for collisions of sliding creatures, metres
  Footprint footprint;                    // walking creatures' body on the ground, around the cog's ground point
  bool walks() const { return rig && walk_clip && walk_setup; }
};

// What the simulation reads besides the state and input; never written by step().
struct SimContext {
  const Level* level = nullptr;      // required
  const Species* species = nullptr;  // species_count entries; CreatureState::species indexes them
  int species_count = 0;
  std::uint64_t scene_id = 0;        // identity of the creature, level and motions (game/scene.h)
  SimTuning tuning;
  const Species* species_of(int i) const {
    return i >= 0 && i < species_count ? &species[static_cast<std::size_t>(i)] : nullptr;
  }
};

constexpr double kTickSeconds = 1.0 / 60.0;
constexpr float kCameraPitchMin = -0.15f, kCameraPitchMax = 1.2f;  // radians above the horizon
constexpr std::uint32_t kHudTicks = 150;                           // a HUD message shows 2.5 s
constexpr int kMaxCreatures = 80;  // the player plus a herd of 64, with room to spare

enum class HudMessage : std::uint8_t {
  kNone = 0,
  kVaultRefused,     // text: the player's VaultRecord::reason
  kNoFenceInReach,
  kCannotVault,      // text: the player's Species::vault_unavailable
};

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

// What a herd creature's brain keeps between ticks (game/herd.h).
struct WanderState {
  glm::vec2 goal_xz{0.0f};           // where it walks to, world x/z, metres
  std::uint32_t goal_ticks = 0;      // ticks before it picks a new goal
  std::uint32_t vault_cooldown = 0;  // ticks before it may try another vault
};

struct CreatureState {
  std::int32_t species = 0;      // index into SimContext::species
  bool wanders = false;          // a herd creature: its brain drives it (herd_brain)
  // Summary of where the creature is (from the walker, the vault or the slide), world space.
  glm::vec3 root_ws{0.0f};       // ground point under the centre of gravity, metres
  float heading_rad = 0.0f;      // yaw about +Y; 0 faces +Z, pi/2 faces +X
  float speed_mps = 0.0f;        // forward speed, metres per second
  WalkerState walker;            // authoritative while walking (Species::walks())
  float look_yaw_rad = 0.0f;     // head look offset from the heading while idle, radians
  float look_target_rad = 0.0f;  // where the look is heading, radians
  std::uint32_t idle_ticks = 0;  // ticks since the creature last moved
  std::uint32_t next_look_tick = 90;  // idle_ticks value at which a new look target is picked
  std::uint32_t blocked_ticks = 0;    // consecutive ticks a move was stopped by an obstacle
  bool approaching = false;      // walking to the vault's start (vault decided, not yet playing)
  std::uint32_t approach_ticks = 0;
  VaultState vault;              // phase kPlaying while a vault plays
  VaultRecord vault_record;      // the last vault decided
  std::uint32_t vaults_played = 0;
  WanderState wander;

  bool vaulting() const { return vault.phase == VaultPhase::kPlaying; }
};

struct SimState {
  std::uint64_t scene_id = 0;    // SimContext::scene_id at the start: the hash names what it ran
  std::uint64_t tick = 0;        // ticks run so far
  Rng rng;                       // the only source of randomness (idle look-around)
  float camera_yaw_offset_rad = 0.0f;  // camera orbit relative to the player's heading (0 = behind)
  float camera_pitch_rad = 0.3f; // orbit elevation, radians, [kCameraPitchMin, kCameraPitchMax]
  float camera_lift_rad = 0.0f;  // extra elevation to see the player over an obstacle (game/camera.h)
  float camera_distance_m = 4.2f;  // orbit radius, pulled in before walls (game/camera.h)
  HudMessage hud = HudMessage::kNone;
  std::uint32_t hud_ticks = 0;   // ticks the HUD message stays up
  std::int32_t creature_count = 0;
  std::array<CreatureState, kMaxCreatures> creatures{};  // [0] is the player's

  CreatureState& player() { return creatures[0]; }
  const CreatureState& player() const { return creatures[0]; }
  float camera_yaw_rad() const { return player().heading_rad + camera_yaw_offset_rad; }
};

// The state at tick 0: the player's creature (species 0) at the level's spawn, standing, seeded.
SimState initial_state(const SimContext& ctx, std::uint64_t seed);

// Adds a creature of 'species' standing at position_ws facing heading_rad; its index, or -1 when
// the world is full or the species unknown.
int add_creature(SimState* s, const SimContext& ctx, int species, const glm::vec3& position_ws, float heading_rad);

// The input of every creature for one tick: the player's, and the others' (null: herd creatures
// follow their brains, the rest stand still).
struct TickInput {
  InputFrame player;
  const InputFrame* others = nullptr;  // creature_count - 1 entries, for creatures 1..n-1
};

// Advances one tick; the runtime's poses then hold every creature's pose of the new state. Never
// throws; allocates only on the tick a vault is planned.
void step(SimState& s, const TickInput& in, const SimContext& ctx, WorldRuntime& runtime);
inline void step(SimState& s, const InputFrame& player, const SimContext& ctx, WorldRuntime& runtime) {
  step(s, TickInput{player, nullptr}, ctx, runtime);
}

// 64-bit hash over a canonical serialization of every field of the world and every creature.
std::uint64_t hash_state(const SimState& s);

// Unit forward vector of a heading (world space, on the ground).
glm::vec3 heading_forward(float heading_rad);

}  // namespace cf
