#pragma once
// The jump, fitted to one rig: the clip (assets/motions/jump.json: crouch, take-off, a ballistic
// flight in place, a landing that bends the knees, standing up) played through the retarget stages
// of the walk: its waist motion (and so the flight's height) scaled by leg length, its time by
// sqrt(leg length) so the flight stays ballistic (h = g t^2 / 8 at every size), every leg in step.
// The forward travel is world-space root motion in the flight only, so planted feet never skate.
// A creature without legs hops on its body (its bind pose lifted on the same parabola).
#include <cstdint>

#include "core/result.h"
#include "motion/motion_clip.h"
#include "retarget/retarget.h"
#include "retarget/walker.h"

namespace cf {

struct JumpMotion {
  MotionClip clip;
  RetargetSetup setup;       // the jump clip's setup with the walk's footholds and crouch, legs in step
  bool legless = false;      // hops on its body: no setup
  float weight = 1.0f;       // share of the clip's body motion (< 1 when a full crouch would touch the ground)
  float time_scale = 1.0f;   // sqrt(s * weight): seconds of play per clip second in the flight
  double takeoff_s = 0.0;    // clip times of lift-off and touch-down (from the clip's contacts)
  double touchdown_s = 0.0;
  int ticks = 0;             // ticks of the whole jump for this rig
  float forward_m = 0.0f;    // a forward jump's length at the natural walking speed, metres (flight only)
  float flight_s = 0.0f;     // seconds in the air
  float height_m = 0.0f;     // the flight's rise for this rig (the waist's), metres
  std::uint32_t clip_id = 0; // fingerprint of the clip (the state hash names the clip once it is used)
};

// Gives a one-shot clip's setup (built for the same rig) the walk's stance: its footholds, reaches and
// crouch, every leg in step, so a pose of it meets the walk's standing pose. False when they differ in limbs.
bool adopt_walk_stance(const RetargetSetup& walk, RetargetSetup* setup);

// Fits the jump clip to a rig; walk is the rig's walk setup (null for a legless rig, which hops).
Result<JumpMotion> prepare_jump(const Rig& rig, const MotionClip& clip, const RetargetSetup* walk);

// Share of the forward travel done by jump tick k: 0 until lift-off, linear through the flight
// (a ballistic flight keeps its horizontal speed), 1 from touch-down.
float jump_travel(const JumpMotion& jm, int tick);
// Clip time of jump tick k (the part before lift-off played in kJumpLiftoffTicks).
double jump_clip_time(const JumpMotion& jm, int tick);
// A legless hop's lift of its body at tick k, metres (a parabola over the flight).
float hop_lift(const JumpMotion& jm, int tick);
// True while the creature is in the air at tick k.
bool jump_airborne(const JumpMotion& jm, int tick);

constexpr int kJumpLiftoffTicks = 5;  // the first tick in the air: the dip and push take this long
constexpr int kJumpSettleTicks = kJumpLiftoffTicks;  // the walk's pose hands over to the jump's in this long
constexpr int kJumpLandBlendTicks = 8;  // the landing (playing on) hands over to the stand in this long

// Poses jump tick k of a jump that started at 'from_ws' (the cog's ground point) facing heading_rad
// and travels 'distance_m' forward. 'from' (may be null) is the walk the jump started from: until
// lift-off its planted feet stay where it planted them (a running jump crouches in its stride, no
// skating), and a swinging foot comes down on its foothold, in contact from kJumpSettleTicks.
// The height of the jump's ground point at tick k: over ground with height, eased from from_ws.y to the
// landing's stand height along the travel; from_ws.y on flat ground (null or flat) and for a legless hop.
float jump_ground_y(const JumpMotion& jm, const Rig& rig, const glm::vec3& from_ws, float heading_rad, float distance_m,
                    int tick, const Ground* ground);

// Over 'ground' with height (null or flat: the flat y = 0) the body rises or falls from from_ws.y to the
// landing's stand height along the travel, and each foothold is on the ground under it. 'share' plays that
// share of the clip's body motion (1: as baked; less where a wall or fence leaves less room).
// Never allocates; false on invalid input.
bool pose_jump(const JumpMotion& jm, const Rig& rig, const glm::vec3& from_ws, float heading_rad, float distance_m,
               int tick, CreaturePose* out, const WalkerState* from = nullptr, const Ground* ground = nullptr,
               float share = 1.0f);

}  // namespace cf
