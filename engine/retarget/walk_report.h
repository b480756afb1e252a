#pragma once
// Measuring a walk: foot skate, ground penetration, float, IK error and centre-of-gravity height,
// tick by tick, as defined by the walk acceptance (docs/engine.md, "Walking"): a foot is in stance while
// the walk plants it; skate is the largest horizontal drift of its contact point C during one
// stance; penetration the largest depth of a leg joint's flesh (its radius around the joint) below
// the ground; float the largest height of C's sole (C less the foot's radius) above the ground during
// stance; IK error |C - target| while reachable.
#include <functional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/tick.h"

#include "retarget/retarget.h"
#include "retarget/walker.h"

namespace cf {

struct LegWalkStats {
  std::string name;               // "leg_l0", from the leg's bone names
  float length_m = 0.0f;          // l1 + l2
  int stance_ticks = 0;
  float max_skate_m = 0.0f;
  float max_penetration_m = 0.0f;
  float max_float_m = 0.0f;
  float max_ik_error_m = 0.0f;    // over ticks where the target was reachable
  int unreachable_ticks = 0;      // ticks where the target was out of reach
};

struct WalkReport {
  int ticks = 0;
  std::vector<LegWalkStats> legs;
  float cog_min_height = 0.0f;    // world y of the cog, metres
  float cog_max_height = 0.0f;
  float stand_cog_height = 0.0f;  // cog height of the stand pose
  float distance_m = 0.0f;        // path length of the cog's ground point
};

// Accumulates the statistics over a sequence of poses of one rig.
struct WalkMeter {
  WalkReport report;
  std::vector<glm::vec3> anchor_ws;  // per leg: C at the start of the current stance
  std::vector<bool> in_stance;
  glm::vec3 last_ground{0.0f};

  void begin(const Rig& rig, const RetargetSetup& setup);
  // One tick; heights are measured from the ground under each point (null: the flat y = 0).
  void add(const Rig& rig, const CreaturePose& pose, const Ground* ground = nullptr);
};

struct WalkRun {
  float seconds = 10.0f;
  float speed_mps = -1.0f;     // < 0: the creature's natural speed
  float turn_rate_rps = 0.0f;  // radians/second, positive turns left
  float dt_s = kTick_sf;
  const Ground* ground = nullptr;  // the ground walked on; null: the flat y = 0
  glm::vec3 start_ws{0.0f};        // where it starts (x, z; it stands on the ground there)
  float heading_rad = 0.0f;        // facing there (0 faces +Z)
};

// Walks the creature from the stand pose at run.start_ws facing run.heading_rad for run.seconds, metering every
// tick; on_tick (optional) sees each state and pose.
WalkReport simulate_walk(const Rig& rig, const MotionClip& clip, const RetargetSetup& setup, const WalkRun& run,
                         const std::function<void(const WalkerState&, const CreaturePose&)>& on_tick = {});

// "assets/motions/walk.json" when it exists relative to the current directory, else the same file
// in the source tree's assets (compiled in), so tools work from any directory.
std::string default_walk_motion_path();

}  // namespace cf
