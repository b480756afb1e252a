// vault_contacts: wall faces, limb and pose penetration, limbs re-solved in front of a plane, planted
// hands laid flat.
#include <cmath>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "vault/vault_contacts.h"
#include "vault_test_util.h"

namespace cf {
namespace {

struct BindPose {
  Rig rig;
  CreaturePose pose;
};

BindPose biped(const std::string& name = "biped") {
  BindPose b;
  b.rig = test::shipped_rig(name);
  b.pose.resize(b.rig);
  return b;
}

int first_limb(const Rig& rig, PartTag tag) {
  for (std::size_t i = 0; i < rig.limbs.size(); ++i)
    if (rig.limbs[i].tag == tag) return static_cast<int>(i);
  return -1;
}

// The deepest bone: nothing in an empty level, and the same answer as asking bone by bone.
TEST(VaultContacts, PosePenetrationIsTheDeepestBone) {
  BindPose b = biped();
  EXPECT_EQ(pose_penetration(Level{}, b.rig, b.pose).depth, 0.0f);
  Level lv;
  const int leg = first_limb(b.rig, PartTag::kLeg);
  ASSERT_GE(leg, 0);
  const glm::vec3 knee = b.pose.tail_ws[b.rig.limbs[leg].bones[0]];
  lv.fences.push_back(Box{knee + glm::vec3(0.0f, 0.0f, 0.05f), {0.1f, 0.1f, 0.04f}, 0.0f});
  const Penetration p = pose_penetration(lv, b.rig, b.pose);
  float deepest = 0.0f;
  for (int bone = 0; bone < b.rig.skeleton.size(); ++bone)
    deepest = std::max(deepest, level_penetration(lv, Capsule{b.pose.head_ws[bone], b.pose.tail_ws[bone],
                                                              b.rig.skeleton.radius[bone]})
                                    .depth);
  EXPECT_GT(p.depth, 0.0f);
  EXPECT_EQ(p.depth, deepest);
  EXPECT_EQ(p.kind, HitKind::kFence);
  EXPECT_EQ(p.index, 0);
  PenetrationOptions no_fences;
  no_fences.fences = false;
  EXPECT_EQ(pose_penetration(lv, b.rig, b.pose, no_fences).depth, 0.0f);
}

// The face a point meets: the virtual plane when the wall has one; else the nearest side of the box,
// moved out past the pipes on that side.
TEST(VaultContacts, WallFaceIsTheNearSidePastThePipes) {
  Wall w;
  w.box = Box{{2.0f, 1.0f, 0.0f}, {0.2f, 1.0f, 3.0f}, 0.0f};
  Plane face = wall_face(w, glm::vec3(0.0f, 0.5f, 0.0f));
  EXPECT_NEAR(face.n.x, -1.0f, 1e-6f);
  EXPECT_NEAR(face.signed_distance(glm::vec3(1.8f, 0.0f, 5.0f)), 0.0f, 1e-6f);
  w.pipes.push_back(Pipe{{1.75f, 0.0f, -1.0f}, {1.75f, 2.0f, -1.0f}, 0.05f});
  face = wall_face(w, glm::vec3(0.0f, 0.5f, 0.0f));
  EXPECT_NEAR(face.signed_distance(glm::vec3(1.7f, 0.0f, 0.0f)), 0.0f, 1e-6f);
  EXPECT_NEAR(wall_face(w, glm::vec3(2.0f, 0.5f, 5.0f)).n.z, 1.0f, 1e-6f);  // past the end: the end face
  w.has_virtual_plane = true;
  w.plane_point = glm::vec3(1.5f, 0.0f, 0.0f);
  w.plane_normal = glm::vec3(-1.0f, 0.0f, 0.0f);
  face = wall_face(w, glm::vec3(0.0f, 0.5f, 0.0f));
  EXPECT_NEAR(face.signed_distance(glm::vec3(1.5f, 3.0f, 7.0f)), 0.0f, 1e-6f);
  EXPECT_NEAR(face.signed_distance(glm::vec3(0.0f)), 1.5f, 1e-6f);
}

// A plane moved into model space measures every point as the world plane measures its image.
TEST(VaultContacts, PlaneToModelKeepsSignedDistances) {
  const glm::mat4 m2w = placement(glm::vec3(3.0f, 0.0f, -2.0f), 0.8f);
  const Plane world = Plane::from_point_normal(glm::vec3(1.0f, 0.5f, 2.0f), glm::normalize(glm::vec3(1, 0.2f, -1)));
  const Plane model = plane_to_model(world, m2w);
  Rng rng = Rng::from_seed(7);
  for (int i = 0; i < 50; ++i) {
    const glm::vec3 p(rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(-3, 3));
    EXPECT_NEAR(model.signed_distance(p), world.signed_distance(glm::vec3(m2w * glm::vec4(p, 1.0f))), 1e-4f);
  }
}

// Limb depth is the deepest of its bones into the box and pipes; the cheap "far" test only ever says so
// when that depth is 0.
TEST(VaultContacts, LimbWallDepthIsItsDeepestBone) {
  BindPose b = biped();
  Rng rng = Rng::from_seed(11);
  int touching = 0;
  for (int trial = 0; trial < 200; ++trial) {
    Wall w;
    w.box = Box{{static_cast<float>(rng.uniform(-0.6, 0.6)), static_cast<float>(rng.uniform(0.0, 1.2)),
                 static_cast<float>(rng.uniform(-0.6, 0.6))},
                {0.1f, 0.2f, 0.1f},
                static_cast<float>(rng.uniform(0.0, 90.0))};
    w.pipes.push_back(Pipe{w.box.centre + glm::vec3(0.15f, -0.3f, 0.0f), w.box.centre + glm::vec3(0.15f, 0.3f, 0.0f),
                           0.03f});
    for (const LimbChain& limb : b.rig.limbs) {
      float expect = 0.0f;
      for (int bone : limb.bones) {
        const Capsule c{b.pose.head_ws[bone], b.pose.tail_ws[bone], b.rig.skeleton.radius[bone]};
        expect = std::max({expect, penetration_capsule_box(c, w.box), penetration_capsule_pipe(c, w.pipes[0])});
      }
      EXPECT_EQ(limb_wall_depth(b.rig, limb, b.pose, w), expect);
      if (limb_far_from_wall(b.rig, limb, b.pose, w)) {
        EXPECT_EQ(expect, 0.0f);
      }
      touching += expect > 0.0f ? 1 : 0;
    }
  }
  EXPECT_GT(touching, 10);
}

// Re-solved against a plane across the limb, the knee and the foot end up in front of it by the margin
// (the hip was already), the bones keep their lengths, and world space follows the placement.
TEST(VaultContacts, ResolvedLimbStaysInFrontOfThePlane) {
  BindPose b = biped();
  const int leg = first_limb(b.rig, PartTag::kLeg);
  const LimbChain& chain = b.rig.limbs[static_cast<std::size_t>(leg)];
  const glm::vec3 hip = b.pose.head_ms[chain.bones[0]], knee = b.pose.tail_ms[chain.bones[0]];
  b.pose.limbs[leg].root_ms = hip;
  b.pose.limbs[leg].target_ms = b.pose.tail_ms[chain.bones[1]];
  b.pose.limbs[leg].pole_ms = glm::normalize(knee - hip);
  // The plane faces backwards (-Z) just behind the knee's front: the knee is behind it.
  const Plane plane = Plane::from_point_normal(knee - glm::vec3(0.0f, 0.0f, 0.01f), glm::vec3(0.0f, 0.0f, -1.0f));
  ASSERT_LT(plane.signed_distance(knee), 0.0f);
  const float margin = 0.02f;
  const glm::mat4 m2w = placement(glm::vec3(1.0f, 0.0f, 2.0f), 0.3f);
  resolve_limb_clamped(b.rig, leg, plane, margin, m2w, &b.pose);
  EXPECT_GE(plane.signed_distance(b.pose.tail_ms[chain.bones[0]]), margin - 1e-4f);  // knee
  EXPECT_GE(plane.signed_distance(b.pose.tail_ms[chain.bones[1]]), margin - 1e-4f);  // ankle
  EXPECT_GE(plane.signed_distance(b.pose.tail_ms[chain.bones[2]]), margin - 1e-4f);  // toe
  EXPECT_EQ(b.pose.head_ms[chain.bones[0]], hip);
  EXPECT_NEAR(glm::length(b.pose.tail_ms[chain.bones[0]] - hip), chain.l1, 1e-4f);
  EXPECT_NEAR(glm::length(b.pose.tail_ms[chain.bones[1]] - b.pose.head_ms[chain.bones[1]]), chain.l2, 1e-4f);
  const glm::vec3 toe_ws = glm::vec3(m2w * glm::vec4(b.pose.tail_ms[chain.bones[2]], 1.0f));
  EXPECT_NEAR(glm::length(b.pose.tail_ws[chain.bones[2]] - toe_ws), 0.0f, 1e-5f);
}

// The separating face keeps both points on its outer side by the most: no other face does better.
TEST(VaultContacts, SeparatingFaceIsTheBestOfTheFive) {
  const Box fence{{0.0f, 0.3f, 0.0f}, {1.0f, 0.3f, 0.05f}, 20.0f};
  const glm::vec3 root(0.2f, 1.0f, -0.4f), target(0.3f, 0.4f, -0.2f);
  float clearance = 0.0f;
  const Plane face = separating_face(fence, root, target, &clearance);
  EXPECT_FLOAT_EQ(clearance, std::min(face.signed_distance(root), face.signed_distance(target)));
  EXPECT_GT(clearance, 0.0f);
  const glm::vec3 normals[5] = {fence.axis_x(), -fence.axis_x(), fence.axis_z(), -fence.axis_z(), {0, 1, 0}};
  const float extents[5] = {1.0f, 1.0f, 0.05f, 0.05f, 0.3f};
  for (int f = 0; f < 5; ++f) {
    const Plane other = Plane::from_point_normal(fence.centre + normals[f] * extents[f], normals[f]);
    EXPECT_LE(std::min(other.signed_distance(root), other.signed_distance(target)), clearance + 1e-6f) << f;
  }
}

// A planted hand in contact is laid level, keeping its heading and length; other limbs are untouched.
TEST(VaultContacts, FlattenPlantedHandsLevelsOnlyPlantedHandsInContact) {
  BindPose b = biped("biped_arms_tail");
  const int arm = first_limb(b.rig, PartTag::kArm);
  ASSERT_GE(arm, 0);
  const int hand = b.rig.limbs[arm].bones[2];
  const glm::vec3 head = b.pose.head_ws[hand];
  b.pose.tail_ws[hand] = b.pose.tail_ms[hand] = head + glm::vec3(0.03f, -0.05f, 0.04f);
  CreaturePose before = b.pose;
  std::vector<char> plants(b.rig.limbs.size(), 0);
  plants[arm] = 1;
  b.pose.limbs[arm].contact = false;
  flatten_planted_hands(b.rig, plants, glm::mat4(1.0f), &b.pose);
  EXPECT_EQ(b.pose.tail_ws[hand], before.tail_ws[hand]);  // not in contact
  b.pose.limbs[arm].contact = true;
  flatten_planted_hands(b.rig, plants, glm::mat4(1.0f), &b.pose);
  const glm::vec3 now = b.pose.tail_ws[hand] - head, was = before.tail_ws[hand] - head;
  EXPECT_NEAR(now.y, 0.0f, 1e-6f);
  EXPECT_NEAR(glm::length(now), glm::length(was), 1e-6f);
  EXPECT_NEAR(glm::dot(glm::normalize(glm::vec2(now.x, now.z)), glm::normalize(glm::vec2(was.x, was.z))), 1.0f, 1e-6f);
  EXPECT_NEAR(glm::length(glm::vec3(b.pose.bone_ms[hand][0]) - glm::normalize(now)), 0.0f, 1e-5f);
  for (int bone = 0; bone < b.rig.skeleton.size(); ++bone) {
    if (bone == hand) continue;
    EXPECT_EQ(b.pose.tail_ws[bone], before.tail_ws[bone]) << bone;
  }
  EXPECT_FLOAT_EQ(limb_radius(b.rig, b.rig.limbs[arm]),
                  std::max({b.rig.skeleton.radius[b.rig.limbs[arm].bones[0]],
                            b.rig.skeleton.radius[b.rig.limbs[arm].bones[1]], b.rig.skeleton.radius[hand]}));
}

}  // namespace
}  // namespace cf
