// Sizing a CreaturePose for a rig: the bind pose and the per-bone lookup tables.
#include "retarget/creature_pose.h"

#include "retarget/bone_frames.h"

namespace cf {

void CreaturePose::resize(const Rig& rig) {
  const int n = rig.skeleton.size();
  head_ms = rig.skeleton.head_ms;
  tail_ms = rig.skeleton.tail_ms;
  head_ws = head_ms;
  tail_ws = tail_ms;
  rotation_ms.assign(n, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  bind_pose_matrices(rig, &bind_ms);
  bone_ms = bind_ms;
  limbs.assign(rig.limbs.size(), LimbPose{});
  bone_limb.assign(n, -1);
  for (int i = 0; i < static_cast<int>(rig.limbs.size()); ++i)
    for (int b : rig.limbs[i].bones)
      if (b >= 0 && b < n) bone_limb[b] = i;
  spine_rank.assign(n, -1);
  for (int k = 0; k < static_cast<int>(rig.spine_bones.size()); ++k) {
    int b = rig.spine_bones[k];
    if (b >= 0 && b < n) spine_rank[b] = k;
  }
  cog_ms = cog_ws = rig.cog;
}

bool CreaturePose::sized_for(const Rig& rig) const {
  const std::size_t n = static_cast<std::size_t>(rig.skeleton.size());
  return head_ms.size() == n && tail_ms.size() == n && head_ws.size() == n && tail_ws.size() == n &&
         bone_ms.size() == n && rotation_ms.size() == n && bind_ms.size() == n && bone_limb.size() == n &&
         spine_rank.size() == n && limbs.size() == rig.limbs.size();
}

}  // namespace cf
