#pragma once
// The standing idle: after about 2 s standing still the idle clip (assets/motions/idle.json:
// breathing, weight shifts, a turn of the hips that swishes the tail) eases in over the walker's
// stand pose through the retarget stages, the legs on the walker's planted feet. Each creature plays
// it at its own time and rate (from a per-creature number), so a herd never idles in step. The
// waist keeps its height, so the body's height (what the camera follows) is the stand's. Now and
// then a fidget plays over it: a tail swish, or one foot lifted and set down where it stood.
#include <cstdint>

#include "core/result.h"
#include "motion/motion_clip.h"
#include "retarget/walker.h"

namespace cf {

constexpr std::uint32_t kIdleStartTicks = 120;  // standing still this long starts the idle
constexpr std::uint32_t kIdleEaseTicks = 60;    // then it eases in over this long

struct IdleMotion {
  MotionClip clip;
  RetargetSetup setup;  // the idle clip's, with the walk's stance
};

enum class IdleFidget : std::uint8_t { kNone, kTailSwish, kFootShuffle };
const char* to_string(IdleFidget f);  // "none", "tail_swish", "foot_shuffle"

constexpr int kIdleFidgetTicks = 48;  // one fidget's length

// The fidget playing at one moment of an idle.
struct IdleFidgetAt {
  IdleFidget kind = IdleFidget::kNone;
  float u = 0.0f;  // progress through it, [0, 1)
  int foot = -1;   // kFootShuffle: the walker's foot (leg) index lifted
  float amount = 1.0f;  // share of its full swing played (less where a wall leaves less room)
};

// The fidget after standing still 'idle_ticks' for a creature with 'variety' (its own number), a
// body with 'leg_count' legs and 'has_tail': the first 0.5-3 s after the idle has eased in, then one
// every 4-7 s; a body with both takes turns (swish, shuffle), the foot drawn per fidget. None for a
// body with neither a tail nor two legs.
IdleFidgetAt idle_fidget(std::uint32_t idle_ticks, std::uint32_t variety, int leg_count, bool has_tail);

// Fits the idle clip to a rig that walks with 'walk'.
Result<IdleMotion> prepare_idle(const Rig& rig, const MotionClip& clip, const RetargetSetup& walk);

// The idle's share after standing still 'idle_ticks': 0 before kIdleStartTicks, smoothly 1 after the ease.
float idle_weight(std::uint32_t idle_ticks);
// The clip time of a creature idling 'idle_ticks', its phase and pace (0.85-1.15) from 'variety'.
double idle_time(const IdleMotion& im, std::uint32_t idle_ticks, std::uint32_t variety);

// Poses the idle at weight w over a standing walker (every foot planted where the walker planted it,
// but a shuffling foot, which lifts and comes down where it stood), with 'fidget' over it, and the
// head turned look_yaw_rad about the up axis (to the left for positive) and held head_pitch_rad down
// (up for negative), both eased in with w.
// Never allocates; false on invalid input.
bool pose_idle(const IdleMotion& im, const WalkerState& walker, const Rig& rig, double time_s, float w,
               CreaturePose* out, const IdleFidgetAt& fidget = {}, const Ground* ground = nullptr,
               float look_yaw_rad = 0.0f, float head_pitch_rad = 0.0f);

}  // namespace cf
