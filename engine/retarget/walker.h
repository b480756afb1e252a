#pragma once
// The walk controller: plain copyable state stepped once per tick from what the left stick asks
// (a forward speed and a turn rate). Feet are planted in WORLD space: while a leg is in stance its
// target is locked where it landed, so turning or changing speed never makes a planted foot skate;
// in swing the foot follows the clip's (scaled) swing path from where it lifted to the predicted
// landing point. Stride and cadence scale with leg length (cadence ~ 1/sqrt(s), the Froude rule),
// and the cadence rises when a leg's reach would otherwise be exceeded. Start, stop and turn blend
// smoothly; with no command the creature settles into the stand pose with every foot planted.
#include <array>
#include <cstdint>

#include <glm/glm.hpp>

#include "core/hash.h"
#include "math/ground.h"
#include "retarget/retarget.h"

namespace cf {

// What the player asks for (the left stick).
struct WalkCommand {
  float speed_mps = 0.0f;      // desired forward speed, metres/second (negative is treated as 0)
  float turn_rate_rps = 0.0f;  // desired turn rate, radians/second, positive turns left (about +Y)
};

// Tuning, sokol style: zero means default.
struct WalkerParams {
  float blend_time_s = 0.0f;     // time constant of speed/turn/pose blending (0 => 0.25 s)
  float max_speed_ratio = 0.0f;  // top speed / natural speed (0 => 1.6)
  float max_cadence_ratio = 0.0f;  // top cadence / natural cadence (0 => 2.2)
  float reach_share = 0.0f;      // share of a leg's stance reach a step may use (0 => 0.8)
  float turn_stop_time_s = 0.0f; // time constant of a turn easing off or reversing (0 => 0.05 s), so a
                                 // released stick stops the turn instead of drifting on
};

struct FootState {
  glm::vec3 plant_ws{0.0f};    // planted: the locked contact point, on the ground; swing: where it lifted
  glm::vec3 goal_ws{0.0f};     // swing: predicted landing point, on the ground, updated every tick
  bool planted = true;         // in stance (the contact flag the walk reports)
  bool parked = false;         // stopped: stays planted until the walker moves again
  float swing_start = 0.0f;    // swing progress at lift-off (0 normally; > 0 when it left late)
  float swing_lift = 1.0f;     // share of the clip's swing height this swing lifts (set at lift-off)
};

struct WalkerState {
  glm::vec3 position_ws{0.0f};   // the cog's ground point, world space (y: the lowest ground under its legs)
  float heading_rad = 0.0f;      // rotation about +Y; 0 faces world +Z
  float speed_mps = 0.0f;        // current forward speed, metres/second
  float turn_rate_rps = 0.0f;    // current turn rate, radians/second
  double gait_phase = 0.0;       // cycles since start (the clip time is gait_phase * cycle_s)
  float cadence_hz = 0.0f;       // gait cycles per second this tick (0 when standing)
  float motion_weight = 0.0f;    // 0 = stand pose body .. 1 = the clip's body motion
  // The body following the ground under its legs: nose up (pitch) and left side up (roll), radians; 0 on
  // level ground, and then left out of the hash, so flat-ground runs hash as before the ground could tilt.
  float pitch_rad = 0.0f;
  float roll_rad = 0.0f;
  std::uint64_t tick = 0;
  int leg_count = 0;
  // A turn round on the spot (start_pivot): the heading eases from pivot_from_rad to pivot_to_rad over
  // pivot_ticks ticks while every foot swings once to its place under the turned body; 0: none.
  std::uint16_t pivot_tick = 0, pivot_ticks = 0;
  float pivot_from_rad = 0.0f, pivot_to_rad = 0.0f;
  float pivot_stagger = 0.0f;  // share of the pivot one group of legs waits for the other (a step-turn)
  glm::vec3 pivot_from_ws{0.0f}, pivot_to_ws{0.0f};  // where the body stood and where it ends, pushed clear of a wall beside it
  std::uint8_t stick_back = 0;  // the stick was held back last tick (a turn round starts on pulling it back)
  std::array<FootState, kMaxLegs> feet{};  // per leg, the first leg_count entries (Rig::limbs order)
};

// Natural speed and cadence of this creature with this clip (stride and cadence scaled by s).
float natural_speed(const RetargetSetup& setup);
float natural_cadence(const RetargetSetup& setup);
// True when the clip lifts and plants every reference foot (a walk); a clip that never lifts a
// foot (a stand or idle) cannot carry the body, and the walker then stays in place.
bool can_step(const RetargetSetup& setup);
// Largest forward speed the walker accepts (natural speed x max_speed_ratio).
float max_speed(const RetargetSetup& setup, const WalkerParams& params = {});

// The stand pose at a place: every foot planted under its root, on the ground (null: the flat y = 0).
WalkerState make_walker(const RetargetSetup& setup, const Rig& rig, const glm::vec3& position_ws,
                        float heading_rad, const Ground* ground = nullptr);
// One tick: blends speed and turn towards the command, advances the gait, plants and lifts feet (each
// planted on the ground under it; the body at the lowest ground under its legs).
void step_walker(WalkerState* state, const WalkCommand& command, const RetargetSetup& setup, const Rig& rig,
                 float dt_s, const WalkerParams& params = {}, const Ground* ground = nullptr);
// Model -> world placement of the walker (the cog's ground point sits at position_ws).
glm::mat4 walker_placement(const WalkerState& state, const Rig& rig);
// Poses the creature for the state: the clip drives body and arms, legs go to the planted or
// swinging world-space targets, then IK. 'out' must be sized for the rig. False on invalid input.
bool pose_walker(const WalkerState& state, const RetargetSetup& setup, const Rig& rig, const MotionClip& clip,
                 CreaturePose* out, const Ground* ground = nullptr);
// The walker as it would stand 'ticks' ticks on with its gait going on in place: swinging feet swing
// on at its cadence, stopping as the first of them would touch down; the body stays where it is. What a
// motion asked for mid-stride blends in from, so a just-lifted foot does not stop dead.
WalkerState walker_swinging_on(const WalkerState& state, const RetargetSetup& setup, int ticks);

// Starts a turn round on the spot by turn_rad (positive turns left) over 'ticks' ticks: the body stops,
// and every foot swings once from where it stands to its place under the turned body (stagger > 0: the
// legs of the gait's second group wait that share of the turn, so a biped steps round foot by foot).
// The body ends at end_ws (pushed away from a wall its turn would sweep into: its feet land round it).
void start_pivot(WalkerState* state, const RetargetSetup& setup, const Rig& rig, float turn_rad, int ticks,
                 float stagger, const glm::vec3& end_ws, const Ground* ground = nullptr);
// Ends the pivot's turn where the body now faces (a wall stopped it): the feet still in the air land
// under that heading.
void stop_pivot_turn(WalkerState* state, const RetargetSetup& setup, const Rig& rig, const Ground* ground = nullptr);
inline bool pivoting(const WalkerState& state) { return state.pivot_ticks > 0; }

// Feeds every field of the state to a hasher in a fixed order (determinism checks, replays).
void hash_walker(const WalkerState& state, StateHasher* h);

}  // namespace cf
