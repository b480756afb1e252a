// bone_frames: the frame conventions (retarget/bone_frames.h), limb bones written from solved points,
// rigid placements.
#include "retarget/bone_frames.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "test_creatures.h"

namespace cf {
namespace {

using test::load_rig;

void expect_orthonormal_right_handed(const glm::mat4& m) {
  const glm::vec3 x(m[0]), y(m[1]), z(m[2]);
  EXPECT_NEAR(glm::length(x), 1.0f, 1e-5f);
  EXPECT_NEAR(glm::length(y), 1.0f, 1e-5f);
  EXPECT_NEAR(glm::dot(x, y), 0.0f, 1e-5f);
  EXPECT_LT(glm::length(glm::cross(x, y) - z), 1e-5f);
}

TEST(BoneFrames, BindMatricesAreOrthonormalAndOnTheBones) {
  for (const std::string& name : test::shipped_creatures()) {
    Rig rig = load_rig(name);
    std::vector<glm::mat4> bind;
    bind_pose_matrices(rig, &bind);
    ASSERT_EQ(static_cast<int>(bind.size()), rig.skeleton.size());
    for (int b = 0; b < rig.skeleton.size(); ++b) {
      const glm::mat4& m = bind[b];
      glm::vec3 x(m[0]), y(m[1]), z(m[2]);
      EXPECT_NEAR(glm::length(x), 1.0f, 1e-5f);
      EXPECT_NEAR(glm::length(y), 1.0f, 1e-5f);
      EXPECT_NEAR(glm::dot(x, y), 0.0f, 1e-5f);
      EXPECT_LT(glm::length(glm::cross(x, y) - z), 1e-5f);
      EXPECT_EQ(glm::vec3(m[3]), rig.skeleton.head_ms[b]);
      glm::vec3 dir = glm::normalize(rig.skeleton.tail_ms[b] - rig.skeleton.head_ms[b]);
      EXPECT_LT(glm::length(x - dir), 1e-5f) << name << " " << rig.skeleton.names[b];
    }
  }
}

// Column 1 is the roll hint made perpendicular to the bone: a perpendicular hint is column 1 itself.
TEST(BoneFrames, ColumnOneFollowsTheRollHint) {
  const glm::vec3 head(0.2f, 1.0f, -0.3f), tail(0.2f, 1.0f, 0.7f);
  const glm::mat4 m = bone_frame(head, tail, glm::vec3(0.0f, 2.0f, 0.0f));
  expect_orthonormal_right_handed(m);
  EXPECT_LT(glm::length(glm::vec3(m[0]) - glm::vec3(0, 0, 1)), 1e-6f);
  EXPECT_LT(glm::length(glm::vec3(m[1]) - glm::vec3(0, 1, 0)), 1e-6f);
  EXPECT_EQ(glm::vec3(m[3]), head);
  EXPECT_EQ(m[3].w, 1.0f);
  // A tilted hint gives the same column 1 once made perpendicular.
  const glm::mat4 tilted = bone_frame(head, tail, glm::vec3(0.0f, 1.0f, 3.0f));
  EXPECT_LT(glm::length(glm::vec3(tilted[1]) - glm::vec3(0, 1, 0)), 1e-5f);
}

// Degenerate input still gives a rotation: a hint along the bone, and a bone of zero length (+Z then).
TEST(BoneFrames, DegenerateHintAndBoneStillGiveARotation) {
  const glm::vec3 head(1.0f, 0.5f, 0.0f), tail(1.0f, 1.5f, 0.0f);
  const glm::mat4 along = bone_frame(head, tail, tail - head);
  expect_orthonormal_right_handed(along);
  EXPECT_LT(glm::length(glm::vec3(along[0]) - glm::vec3(0, 1, 0)), 1e-6f);
  const glm::mat4 zero = bone_frame(head, head, glm::vec3(0, 1, 0));
  expect_orthonormal_right_handed(zero);
  EXPECT_LT(glm::length(glm::vec3(zero[0]) - glm::vec3(0, 0, 1)), 1e-6f);
  const glm::mat4 no_hint = bone_frame(head, tail, glm::vec3(0.0f));
  expect_orthonormal_right_handed(no_hint);
}

// The written limb lies on the given points, its frames roll with the bend (column 2 the hinge axis),
// its rotations carry the bind frames onto the posed ones, and world space is filled only when a
// placement is given.
TEST(BoneFrames, WriteLimbBonesPutsTheChainOnThePoints) {
  Rig rig = load_rig("quadruped");
  CreaturePose pose;
  pose.resize(rig);
  const LimbChain& limb = rig.limbs[0];
  const LimbPoints pts{glm::vec3(0.1f, 0.6f, 0.3f), glm::vec3(0.12f, 0.35f, 0.42f), glm::vec3(0.1f, 0.05f, 0.3f),
                       glm::vec3(0.1f, 0.0f, 0.42f)};
  const CreaturePose before = pose;
  write_limb_bones(rig, 0, pts, glm::vec3(0, 0, 1), nullptr, &pose);
  const glm::vec3 heads[3] = {pts.root, pts.joint, pts.tip}, tails[3] = {pts.joint, pts.tip, pts.end};
  const glm::vec3 hinge = glm::normalize(glm::cross(pts.joint - pts.root, pts.tip - pts.joint));
  for (int k = 0; k < 3; ++k) {
    const int b = limb.bones[k];
    EXPECT_EQ(pose.head_ms[b], heads[k]);
    EXPECT_EQ(pose.tail_ms[b], tails[k]);
    expect_orthonormal_right_handed(pose.bone_ms[b]);
    EXPECT_LT(glm::length(glm::vec3(pose.bone_ms[b][0]) - glm::normalize(tails[k] - heads[k])), 1e-5f);
    // Column 2: the hinge axis made perpendicular to the bone (the thigh and shin lie in the bend plane,
    // so for them it is the hinge itself).
    const glm::vec3 dir = glm::normalize(tails[k] - heads[k]);
    const glm::vec3 across = glm::normalize(hinge - dir * glm::dot(hinge, dir));
    EXPECT_NEAR(std::fabs(glm::dot(glm::vec3(pose.bone_ms[b][2]), across)), 1.0f, 1e-5f);
    if (k < 2) {
      EXPECT_NEAR(std::fabs(glm::dot(glm::vec3(pose.bone_ms[b][2]), hinge)), 1.0f, 1e-5f);
    }
    const glm::mat3 carried = glm::mat3_cast(pose.rotation_ms[b]) * glm::mat3(pose.bind_ms[b]);
    for (int c = 0; c < 3; ++c) EXPECT_LT(glm::length(carried[c] - glm::vec3(pose.bone_ms[b][c])), 1e-5f);
    EXPECT_EQ(pose.head_ws[b], before.head_ws[b]);  // no placement: world space untouched
  }
  const glm::mat4 m2w = placement(glm::vec3(2.0f, 0.0f, 1.0f), 1.0f);
  write_limb_bones(rig, 0, pts, glm::vec3(0, 0, 1), &m2w, &pose);
  EXPECT_LT(glm::length(pose.tail_ws[limb.bones[2]] - glm::vec3(m2w * glm::vec4(pts.end, 1.0f))), 1e-6f);
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    if (pose.bone_limb[b] == 0) continue;
    EXPECT_EQ(pose.tail_ms[b], before.tail_ms[b]) << b;  // other bones untouched
  }
}

// A placement turns about +Y by the heading (0 faces +Z, a quarter turn faces +X), then moves.
TEST(BoneFrames, PlacementTurnsAboutUpThenMoves) {
  const glm::vec3 at(1.0f, 0.5f, -2.0f);
  const glm::mat4 straight = placement(at, 0.0f);
  EXPECT_EQ(glm::vec3(straight * glm::vec4(0, 0, 1, 0)), glm::vec3(0, 0, 1));
  EXPECT_EQ(glm::vec3(straight[3]), at);
  const glm::mat4 quarter = placement(at, 0.5f * 3.14159265f);
  EXPECT_LT(glm::length(glm::vec3(quarter * glm::vec4(0, 0, 1, 0)) - glm::vec3(1, 0, 0)), 1e-6f);
  EXPECT_LT(glm::length(glm::vec3(quarter * glm::vec4(0, 1, 0, 0)) - glm::vec3(0, 1, 0)), 1e-6f);
  expect_orthonormal_right_handed(placement(at, 2.3f));
}

}  // namespace
}  // namespace cf
