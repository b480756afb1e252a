// creature_pose: a pose sized for a rig, its bind state and lookup tables.
#include "retarget/creature_pose.h"

#include <gtest/gtest.h>

#include "retarget/bone_frames.h"
#include "test_creatures.h"

namespace cf {
namespace {

using test::load_rig;

// resize() gives the bind pose: model and world space alike, bind frames, no rotation, the rig's cog.
TEST(CreaturePose, ResizeGivesTheBindPose) {
  for (const std::string& name : test::shipped_creatures()) {
    SCOPED_TRACE(name);
    Rig rig = load_rig(name);
    CreaturePose pose;
    pose.resize(rig);
    std::vector<glm::mat4> bind;
    bind_pose_matrices(rig, &bind);
    ASSERT_EQ(static_cast<int>(pose.head_ms.size()), rig.skeleton.size());
    EXPECT_EQ(pose.head_ms, rig.skeleton.head_ms);
    EXPECT_EQ(pose.tail_ms, rig.skeleton.tail_ms);
    EXPECT_EQ(pose.head_ws, pose.head_ms);
    EXPECT_EQ(pose.tail_ws, pose.tail_ms);
    EXPECT_EQ(pose.bind_ms, bind);
    EXPECT_EQ(pose.bone_ms, bind);
    for (const glm::quat& q : pose.rotation_ms) EXPECT_EQ(q, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    EXPECT_EQ(pose.limbs.size(), rig.limbs.size());
    EXPECT_EQ(pose.cog_ms, rig.cog);
    EXPECT_EQ(pose.cog_ws, rig.cog);
  }
}

// Every limb bone knows its limb, every spine bone its rank; the rest say -1.
TEST(CreaturePose, BoneLimbAndSpineRankTables) {
  Rig rig = load_rig("hexapod");
  CreaturePose pose;
  pose.resize(rig);
  int limb_bones = 0, spine_bones = 0;
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    if (pose.bone_limb[b] >= 0) {
      ++limb_bones;
      const LimbChain& limb = rig.limbs[static_cast<std::size_t>(pose.bone_limb[b])];
      EXPECT_TRUE(limb.bones[0] == b || limb.bones[1] == b || limb.bones[2] == b) << b;
    }
    if (pose.spine_rank[b] >= 0) {
      ++spine_bones;
      EXPECT_EQ(rig.spine_bones[static_cast<std::size_t>(pose.spine_rank[b])], b);
      EXPECT_EQ(pose.bone_limb[b], -1);
    }
  }
  EXPECT_EQ(limb_bones, 3 * static_cast<int>(rig.limbs.size()));
  EXPECT_EQ(spine_bones, static_cast<int>(rig.spine_bones.size()));
}

// sized_for: true for the rig it was sized for only, false as soon as one array is off.
TEST(CreaturePose, SizedForNamesItsRigOnly) {
  Rig biped = load_rig("biped"), octopod = load_rig("octopod");
  CreaturePose pose;
  EXPECT_FALSE(pose.sized_for(biped));
  pose.resize(biped);
  EXPECT_TRUE(pose.sized_for(biped));
  EXPECT_FALSE(pose.sized_for(octopod));
  CreaturePose short_limbs = pose;
  short_limbs.limbs.pop_back();
  EXPECT_FALSE(short_limbs.sized_for(biped));
  CreaturePose short_spine = pose;
  short_spine.spine_rank.pop_back();
  EXPECT_FALSE(short_spine.sized_for(biped));
  pose.resize(octopod);  // resizing again for another rig
  EXPECT_TRUE(pose.sized_for(octopod));
}

}  // namespace
}  // namespace cf
