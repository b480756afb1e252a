#pragma once
// The simulation's state types: a world (tick, seed, camera, HUD) and its creatures, plain fixed-size
// data. A whole state copies without allocating (debug rewind keeps a ring of them); derived data
// (action plans, poses) lives beside it in a WorldRuntime. What a creature does is its actions'
// business (game/play/action.h): each keeps its plain-data state in the creature's action storage.
#include <array>
#include <cmath>
#include <cstdint>

#include <glm/glm.hpp>

#include "core/rng.h"
#include "retarget/walker.h"
#include "world/footprint.h"

namespace cf {

struct Level;
struct Rig;
struct MotionClip;
struct RetargetSetup;
class ActionRegistry;
struct SimState;
struct SimContext;

// An action's index in the world's ActionRegistry; 0 is locomotion.
using ActionId = std::uint8_t;
constexpr ActionId kLocomotion = 0;
constexpr ActionId kNoAction = 0xff;
constexpr int kMaxActions = 12;
// A library motion's index (motion/motion_library.h); kNoMotion: none.
constexpr std::uint16_t kNoMotion = 0xffff;
constexpr std::size_t kActionStateBytes = 640;  // per creature: every action's state together

// What a creature is asked to do this tick: from the input map for the player (the one place that
// knows buttons), from the brain for herd creatures. The simulation reads nothing else.
struct CreatureCommand {
  float move_x = 0.0f;            // [-1, 1]: + turns right
  float move_y = 0.0f;            // [-1, 1]: + walks forward (walkers ignore backwards)
  ActionId request = kNoAction;   // an action asked to start this tick
  std::uint16_t motion = kNoMotion;  // with the clip action: the library motion asked for
  // A brain's head look while the creature stands (instead of the idle look-around's), radians from
  // the heading; never into a wall. A herd creature's temperament shows in it (game/play/befriend.h).
  bool looks = false;
  float look_rad = 0.0f;
};

// Movement and camera tuning; zero means default.
struct SimTuning {
  float max_speed_mps = 0;      // sliding speed at full stick (creatures that cannot walk); 0 -> 1.4
  float accel_mps2 = 0;         // sliding speed change per second; 0 -> 4
  float turn_rate_rps = 0;      // turn rate at full stick x, radians per second; 0 -> 2
  float camera_yaw_rate_rps = 0;    // right stick x at full deflection; 0 -> 2.5
  float camera_pitch_rate_rps = 0;  // right stick y at full deflection; 0 -> 1.5
  float camera_follow_rps = 0;      // how fast the camera swings back behind a moving creature; 0 -> 1.5
  float vault_reach_m = 0;          // a fence this close in front can be vaulted; 0 -> kVaultReachM
  int max_approach_ticks = 0;       // walking to the vault's start gives up after this; 0 -> 300
};
inline float or_default(float v, float d) { return v > 0.0f ? v : d; }  // v when > 0, else d

// One kind of creature the world can hold: the baked data of a creature file (not owned).
struct Species {
  const Rig* rig = nullptr;               // required
  const MotionClip* walk_clip = nullptr;  // with walk_setup: the creature walks, else it slides
  const RetargetSetup* walk_setup = nullptr;
  // Per action (ActionId): its baked data for this species (null: it cannot), and why not for the HUD.
  std::array<const void*, kMaxActions> action_data{};
  std::array<const char*, kMaxActions> action_unavailable{};
  float body_radius_m = 0.3f;             // footprint radius for collisions of sliding creatures, metres
  Footprint footprint;                    // walking creatures' body on the ground, around the cog's ground point
  float frame_m = 0.0f;                   // the body's size to frame: its bind pose's width, height or 0.7 of its length (0: unknown)
  bool walks() const { return rig && walk_clip && walk_setup; }
};

// What the simulation reads besides the state and input; never written by step().
struct SimContext {
  const Level* level = nullptr;      // required
  const Species* species = nullptr;  // species_count entries; CreatureState::species indexes them
  int species_count = 0;
  std::uint64_t scene_id = 0;        // identity of the creature, level and motions (game/play/scene.h)
  SimTuning tuning;
  const ActionRegistry* actions = nullptr;  // null: game_actions()
  // What drives a wandering creature (CreatureState::wanders) when the tick's input gives no commands
  // for the others: the herd's brain (game/play/herd.h, set by whoever builds the context: the tick
  // knows no brain). Called in creature order, each after the ones before it stepped. Null: they stand.
  CreatureCommand (*brain)(SimState* s, const SimContext& ctx, int i) = nullptr;
  const ActionRegistry& registry() const;
  const Species* species_of(int i) const {
    return i >= 0 && i < species_count ? &species[static_cast<std::size_t>(i)] : nullptr;
  }
};

constexpr float kCameraPitchMin = -0.15f, kCameraPitchMax = 1.2f;  // radians above the horizon
constexpr std::uint32_t kHudTicks = 150;                           // a HUD message shows 2.5 s
constexpr int kMaxCreatures = 80;  // the player plus a herd of 64, with room to spare

// A HUD message: 0 none, else an action's message (hud_message_id in game/play/action.h). The state
// hash stores it as one byte below 0xff (every id the game had before the motion library), else 0xff
// and four bytes.
using HudMessage = std::uint16_t;
constexpr HudMessage kHudNone = 0;

// What a herd creature's brain keeps between ticks (game/play/herd.h).
// A herd creature's temperament and its bond with the player (befriending: game/play/befriend.h).
enum Temperament : std::uint8_t { kNoTemperament = 0, kShy = 1, kCurious = 2, kBold = 3 };
enum BondPhase : std::uint8_t { kBondNone = 0, kBondFacing = 1, kBondShowing = 2, kBondAwaiting = 3, kBondBackingOff = 4, kBondFriend = 5 };

struct WanderState {
  glm::vec2 goal_xz{0.0f};           // where it walks to, world x/z, metres
  std::uint32_t goal_ticks = 0;      // ticks before it picks a new goal
  std::uint32_t action_cooldown = 0;  // ticks before it may request another action
  std::uint32_t rest_ticks = 0;      // ticks left of a rest: it stands (and may sit, dance, roar, greet)
  std::uint32_t mood = 0;            // drawn for each rest: what it does in it
  std::uint8_t pace = 0;             // 0 walks to the goal, 1 runs
  std::uint8_t spectator = 0;        // 1: a trial's spectator, standing at goal_xz (game/play/spectators.h)
  // Befriending (game/play/befriend.h): a free roam herd creature's temperament and its bond with the
  // player. All zero for the player and for spectators (their hash is as before).
  std::uint8_t temperament = 0;      // Temperament: 0 none, shy, curious, bold
  std::uint8_t bond = 0;             // BondPhase
  std::uint8_t step = 0;             // the challenge's motion being shown or answered
  std::uint8_t asked = 0;            // 1: the motion being shown was asked for
  std::uint8_t challenge_len = 0;    // motions in the challenge (0: none)
  std::uint8_t pack_slot = 0;        // a friend's place in the pack (0 nearest)
  std::array<std::uint16_t, 4> challenge{};  // library motions of the challenge, in order
  std::uint32_t bond_ticks = 0;      // ticks in the bond's phase
  std::uint32_t shown_plays = 0;     // its plays of the motion being shown when it asked for it
  std::uint16_t seen_motion = 0xffff;  // the player's last emote seen (library motion) and its plays
  std::uint32_t seen_plays = 0;
  std::uint16_t echo_motion = 0xffff;  // a friend's copy of the player's emote, asked for when echo_ticks ends
  std::uint32_t echo_ticks = 0;
  std::uint32_t detour_ticks = 0;    // a friend blocked on its way steers round for this many ticks
  std::uint32_t lost_ticks = 0;      // ticks a friend has been far behind in a row
  std::uint8_t fade_ticks = 0;       // a lost friend fading out (1..kFadeTicks-1), back and fading in (..2x), 0 shown
};

// Unit forward vector of a heading (CreatureState::heading_rad: yaw about +Y, 0 faces +Z), on the ground.
inline glm::vec3 heading_forward(float heading_rad) {
  return glm::vec3(std::sin(heading_rad), 0.0f, std::cos(heading_rad));
}

// The temperament in a standing herd creature's posture: how far its head is held down (radians; up
// for negative): a shy one's low, a bold one's high; curious ones and friends hold it as drawn.
inline float temperament_head_pitch(const WanderState& w) {
  constexpr float kShyHeadDownRad = 0.35f, kBoldHeadUpRad = 0.2f;
  if (w.bond == kBondFriend) return 0.0f;
  return w.temperament == kShy ? kShyHeadDownRad : w.temperament == kBold ? -kBoldHeadUpRad : 0.0f;
}

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
  ActionId queued_request = kNoAction;  // asked for while another action played: starts once it has ended
  std::uint16_t queued_motion = kNoMotion;  // its library motion (the clip action's)
  // Which actions the tick calls (ActionRegistry keeps them; not hashed: each action's own state says the
  // same): the one playing, and those that ended or wait and still count (a hand-over, a held press).
  // Every other action is dormant and costs nothing.
  ActionId current_action = kLocomotion;
  std::uint16_t awake_actions = 0;  // bit per ActionId
  // Every registered one-shot action's plain-data state (Action::state_of), at offsets the registry
  // gave them; locomotion's is the walker above.
  alignas(16) std::array<unsigned char, kActionStateBytes> action_bytes{};
  WanderState wander;
};

struct SimState {
  std::uint64_t scene_id = 0;    // SimContext::scene_id at the start: the hash names what it ran
  std::uint64_t tick = 0;        // ticks run so far
  Rng rng;                       // the only source of randomness (idle look-around)
  float camera_yaw_offset_rad = 0.0f;  // camera orbit relative to the player's heading (0 = behind)
  float camera_pitch_rad = 0.3f; // orbit elevation, radians, [kCameraPitchMin, kCameraPitchMax]
  float camera_lift_rad = 0.0f;  // extra elevation to see the player over an obstacle (game/play/camera.h)
  float camera_distance_m = 4.2f;  // orbit radius, pulled in before walls (game/play/camera.h)
  // How far the orbit still trails a turn round of the player (radians, part of camera_yaw_offset_rad):
  // the camera swings round after the creature instead of whipping round with it.
  float camera_turn_lag_rad = 0.0f;
  // The camera eased round to show the player's act (an emote, a sit) from a three-quarter front view:
  // 0 following; 1 round to the creature's left, 2 to its right (back behind once the act ends); 3 the
  // player orbited it during the act (left alone until the act ends).
  std::uint8_t camera_showing = 0;
  HudMessage hud = kHudNone;
  std::uint32_t hud_ticks = 0;   // ticks the HUD message stays up
  std::int32_t creature_count = 0;
  std::array<CreatureState, kMaxCreatures> creatures{};  // [0] is the player's

  CreatureState& player() { return creatures[0]; }
  const CreatureState& player() const { return creatures[0]; }
  float camera_yaw_rad() const { return player().heading_rad + camera_yaw_offset_rad; }
};

}  // namespace cf
