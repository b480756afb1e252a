#pragma once
// Blending two poses of one creature in world space, for hand-overs between motions (walk -> vault
// -> walk): every joint moves part of the way from one pose to the other, so a motion whose first
// frame differs from the last one shown starts without a pop.
#include "retarget/retarget.h"

namespace cf {

// Writes into *out the pose 'to' with every bone's head and tail moved (1 - w) of the way back
// towards 'from' (world space; w = 0 gives 'from', w = 1 gives 'to'), its frame rebuilt from the
// blended head, tail and roll, expressed in 'to''s model space (out keeps to.model_to_world). The
// cog blends the same way; limb records are to's with blended world targets. 'out' may be &to.
// False (out untouched) when the poses are not sized alike or w is not finite. Never allocates
// when out is already sized like 'to'.
bool blend_pose_world(const CreaturePose& from, const CreaturePose& to, float w, CreaturePose* out);

// After a blend of two poses placed differently (a walk tilted on a slope into an upright jump), a leg's
// blended knee can come out behind its hip->ankle line: each such leg is solved again toward its pole
// (hip, ankle and foot kept, the drawn lengths restored). Legs bent forward are untouched.
void bend_knees_forward(const Rig& rig, CreaturePose* pose);

// Adds k times p's world points (bone heads and tails, cog, limb targets) to out's; finish with
// refit_pose_world. Layers one pose's difference from another onto a third: add b with k, then a
// with -k, all posed alike. False (out untouched) when the poses are not sized alike or k is not finite.
bool add_pose_world(const CreaturePose& p, float k, CreaturePose* out);
// Rebuilds out's model-space points, bone frames (keeping each bone's roll) and rotations from its
// world points, in its own model space.
void refit_pose_world(CreaturePose* out);

// Smooth weight of a hand-over: 0 before it starts, 1 after 'ticks' ticks, smoothstep between.
// 'tick' counts from 0 (the first blended tick, weight > 0).
float handover_weight(int tick, int ticks);

}  // namespace cf
