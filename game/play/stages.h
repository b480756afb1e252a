#pragma once
// Shared stages after an action's pose, written once for every motion: the room stage keeps a motion's
// flesh out of walls, fences and pipes by playing as much of it as there is room for; the knee stage turns
// a knee out of a wall; the ground stage's last step keeps flesh above terrain. (Ground contact runs
// inside the retarget stages every motion goes through: retarget_solve keeps planted feet on the ground,
// lift_knees turns a knee off it.) The posing stage (sim.cpp: pose_creatures) runs them on every pose
// after the action's pose and its hand-over.
#include <algorithm>

#include "retarget/retarget.h"
#include "skeleton/skeleton.h"
#include "world/level.h"

namespace cf {

// How deep the pose's flesh goes into the walls, fences and pipes (the ground is the motion's own
// business), metres.
float flesh_depth(const Level& level, const Rig& rig, const CreaturePose& pose);
// True when any bone's flesh touches a wall, fence or pipe: the cheap test before measuring how deep.
bool flesh_touches(const Level& level, const Rig& rig, const CreaturePose& pose);

// The room stage. *out holds the motion posed at its full share; when that puts flesh more than 2 mm into
// a wall, fence or pipe, the share is cut (this tick only, so it comes back as the body turns away) to the
// largest found by six halvings of [0, full] whose flesh goes no deeper than at share 0, and *out is
// posed there by pose_at(share). Returns the share used. Allocates nothing.
template <class PoseAt>
float fit_in_room(const Level* level, const Rig& rig, float full, CreaturePose* out, PoseAt&& pose_at) {
  constexpr float kClear_m = 0.002f;
  if (!level || !(full > 0.0f) || !flesh_touches(*level, rig, *out) || flesh_depth(*level, rig, *out) <= kClear_m)
    return full;
  (void)pose_at(0.0f);
  const float allowed = std::max(flesh_depth(*level, rig, *out), kClear_m);
  float lo = 0.0f, hi = full;
  for (int k = 0; k < 6; ++k) {
    const float mid = 0.5f * (lo + hi);
    (void)pose_at(mid);
    (flesh_depth(*level, rig, *out) <= allowed ? lo : hi) = mid;
  }
  (void)pose_at(lo);
  return lo;
}

// The knee stage: a leg whose thigh or shin is in a wall, a pipe or a fence turns its knee about the
// hip->ankle line by the smallest turn that clears (the foot stays). Legs clear of everything are untouched.
void turn_knees_clear(const Level& level, const Rig& rig, CreaturePose* pose);

// The hand and foot stage. A free hand or forearm (an arm not planted) swung into a wall or fence (a walk's arm
// swing passing a corner), or a swinging foot or shin, is moved out through its nearest side by its depth,
// the limb bent again from its shoulder or hip; kept only when the limb ends less deep in the walls and no
// deeper in the ground. Planted limbs are left where they stand.
void keep_hands_out_of_walls(const Level& level, const Rig& rig, CreaturePose* pose);

// The ground stage's last step, after any action's pose: on a level with terrain or platforms, a free
// hand in the ground is lifted by its arm, a knee in it turned out about its hip->ankle line, a foot's toe
// in a rise or a step's face turned out about its ankle; then a pose whose flesh still goes more than
// 2 mm below the ground under it (a sit's belly on a bump, a legless body across a slope) is raised as a
// whole until it does not, each planted leg then reaching
// back down to where its foot stood (unless out of reach or into the ground). Returns the lift, metres. On
// flat levels the retarget stages' own floor holds, and this does nothing (their replays are unchanged).
float keep_flesh_above_ground(const Level& level, const Rig& rig, CreaturePose* pose);

}  // namespace cf
