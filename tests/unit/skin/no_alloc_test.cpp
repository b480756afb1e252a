// The per-frame skinning path allocates nothing once the buffers are sized.
#include <gtest/gtest.h>

#include "alloc_counter.h"
#include "skin/sample_poses.h"
#include "skin/skinned_creature.h"
#include "test_skeleton.h"

namespace cf {
namespace {

TEST(SkinNoAlloc, PaletteFrameAllocatesNothing) {
  auto rig = test::load_shipped_rig("octopod");
  ASSERT_TRUE(rig.ok());
  auto c = build_skinned_creature(rig->skeleton);
  ASSERT_TRUE(c.ok());
  std::vector<glm::mat4> bind(rig->skeleton.size()), inv_bind(bind.size());
  skeleton_bone_frames(rig->skeleton, bind);
  invert_bind_matrices(bind, inv_bind);
  Rng rng = Rng::from_seed(2);
  std::vector<std::vector<glm::mat4>> poses(10, std::vector<glm::mat4>(bind.size()));
  for (auto& pose : poses) random_articulated_pose(rig->skeleton, bind, rng, 0.5f, 0.2f, pose);
  SkinBuffers out;
  out.resize_for(*c);
  const std::size_t before = test::allocation_count();
  for (const auto& pose : poses) {
    ASSERT_TRUE(skin_with_palette(*c, pose, inv_bind, &out));
    ASSERT_TRUE(skin_exact(*c, pose, inv_bind, &out));
  }
  EXPECT_EQ(test::allocation_count(), before);
  // The counter does see allocations (the assertion above can fail).
  std::vector<int> probe(10);
  EXPECT_GT(test::allocation_count(), before);
}

}  // namespace
}  // namespace cf
