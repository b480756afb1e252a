#pragma once
// The build step from a drawn Creature to a baked Rig (skeleton, limb chains, centre of gravity).
//
// Bones, in depth-first order (a parent always precedes its children):
//   cog            root; a short bone (10% of the torso length, pointing +Z) whose head is Rig::cog
//                  (mean of the leg roots A, or the torso stroke's arc-length midpoint when legless);
//                  a separate root keeps the spine free to bend around the centre of gravity.
//   spine0..N-1    the torso stroke resampled by arc length into N equal bones, spine0 from the
//                  stroke's first point, parented cog -> spine0 -> spine1 ...
//   head<i>_<k>    each head stroke as RigOptions::head_bones equal bones, hanging from the spine
//   tail<i>_<k>    bone whose segment is nearest the stroke's first point; tails likewise.
//   leg_<s><i>_upper/lower/foot, arm_<s><i>_upper/lower/hand  bones AB, BC, CD of each limb chain
//                  (s = l, r or c by side, i counts limbs of that tag and side in file order).
// Counterparts: left and right limbs of the same tag pair greedily by the distance between one root
// and the other's root mirrored across the torso's sagittal plane (x -> 2 cx - x, cx the torso stroke's
// mean x), closest first, when that distance is under 0.25 x the torso length + both radii.
#include "core/result.h"
#include "creature/creature.h"
#include "skeleton/skeleton.h"

namespace cf {

// Zero means default (sokol style).
struct RigOptions {
  bool normalize = true;  // false: limb nodes are the drawn ones (creature-lab skeleton --raw)
  int spine_bones = 0;    // 0 => 4; otherwise 3..32
  int head_bones = 0;     // 0 => 2; otherwise 1..8
  int tail_bones = 0;     // 0 => 3; otherwise 1..8
};

// Validates the creature (validate_creature, no file name) and builds its rig. Errors name the
// part ("parts[3]") and the problem.
Result<Rig> build_rig(const Creature& creature, const RigOptions& options = {});

}  // namespace cf
