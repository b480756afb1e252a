// Retargeting: the per creature-clip setup (scale, matching, gait phases) and the pose job (cog,
// torso, limb targets, IK, bone frames for skinning).
#include "retarget/retarget.h"

#include <cmath>
#include <set>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtx/quaternion.hpp>
#include <gtest/gtest.h>

#include "alloc_counter.h"
#include "test_creatures.h"

namespace cf {
namespace {

using test::load_rig;
using test::walk_clip;

float frac(float x) { return x - std::floor(x); }

// Phase of the reference clip a leg actually plays: its own offset plus half a cycle for the
// reference right leg (the walk's right leg is its left leg half a cycle later).
float effective_phase(const RetargetSetup& s, const LimbSetup& l) {
  float shift = s.ref_legs[l.ref_side].touchdown - s.ref_legs[0].touchdown;
  return frac(l.phase + shift + 1.0f);
}

TEST(RetargetSetup, NoLegsCannotWalk) {
  Creature c;
  Part torso;
  torso.tag = PartTag::kTorso;
  torso.stroke = {{0, 0.5f, -0.3f}, {0, 0.5f, 0.3f}};
  c.parts.push_back(torso);
  auto rig = build_rig(c);
  ASSERT_TRUE(rig.ok()) << rig.error().to_string();
  auto setup = build_retarget_setup(*rig, walk_clip());
  ASSERT_FALSE(setup.ok());
  EXPECT_EQ(setup.error().field, "legs");
  EXPECT_NE(setup.error().message.find("cannot walk"), std::string::npos);
}

TEST(RetargetSetup, BipedScaleAndMatching) {
  Rig rig = load_rig("biped");
  auto s = build_retarget_setup(rig, walk_clip());
  ASSERT_TRUE(s.ok());
  const ReferenceBody& ref = walk_clip().body;
  float mean = 0.5f * (rig.limbs[0].l1 + rig.limbs[0].l2 + rig.limbs[1].l1 + rig.limbs[1].l2);
  EXPECT_NEAR(s->creature_leg_length_m, mean, 1e-6f);
  EXPECT_NEAR(s->s, mean / ref.mean_leg_length(), 1e-6f);
  for (int i = 0; i < 2; ++i) {
    const LimbSetup& l = s->limbs[i];
    EXPECT_EQ(l.ref_side, rig.limbs[i].side == Side::kLeft ? 0 : 1);
    EXPECT_EQ(l.phase, 0.0f);  // the clip itself alternates left and right
    EXPECT_NEAR(l.scale, (rig.limbs[i].l1 + rig.limbs[i].l2) / ref.legs[l.ref_side].reach(), 1e-6f);
    // Offset: ground point under the root.
    EXPECT_EQ(l.offset_ms, glm::vec3(rig.limbs[i].nodes[0].x, 0.0f, rig.limbs[i].nodes[0].z));
    EXPECT_EQ(l.foothold_ms.y, 0.0f);
    EXPECT_GT(l.stance_reach_m, 0.1f * l.length_m);
  }
  // The walk's gait: left plants at 0 and lifts at 0.667 s of 1.15 s; right half a cycle later.
  EXPECT_NEAR(s->ref_legs[0].touchdown, 0.0f, 1e-4f);
  EXPECT_NEAR(s->ref_legs[0].liftoff, 0.667f / 1.15f, 1e-4f);
  EXPECT_NEAR(s->ref_legs[1].touchdown, 0.575f / 1.15f, 1e-4f);
  EXPECT_NEAR(s->ref_legs[0].duty, s->ref_legs[1].duty, 1e-4f);
  EXPECT_NEAR(s->ref_legs[0].floor_y, 0.0f, 1e-5f);  // the walk's ankle is on the ground in stance
  EXPECT_EQ(s->ref_legs[0].swing_progress.front(), 0.0f);
  EXPECT_EQ(s->ref_legs[0].swing_progress.back(), 1.0f);
  EXPECT_GT(*std::max_element(s->ref_legs[0].swing_height_m.begin(), s->ref_legs[0].swing_height_m.end()), 0.05f);
  EXPECT_NE(effective_phase(*s, s->limbs[0]), effective_phase(*s, s->limbs[1]));
}

// Quadruped trots (diagonal pairs together), hexapod alternating tripods, octopod alternating
// tetrapods: neighbours along a side are half a cycle apart, opposite legs of a pair too.
TEST(RetargetSetup, GaitPhasesByOrderAndSide) {
  for (const char* name : {"quadruped", "hexapod", "octopod"}) {
    SCOPED_TRACE(name);
    Rig rig = load_rig(name);
    auto s = build_retarget_setup(rig, walk_clip());
    ASSERT_TRUE(s.ok());
    std::set<float> group_a, group_b;
    for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
      const LimbSetup& l = s->limbs[i];
      ASSERT_EQ(l.tag, PartTag::kLeg);
      EXPECT_EQ(l.ref_side, rig.limbs[i].side == Side::kLeft ? 0 : 1);
      // Legs whose (side + order) is even move together.
      int parity = (l.ref_side + l.order) % 2;
      (parity == 0 ? group_a : group_b).insert(std::round(effective_phase(*s, l) * 1000.0f) / 1000.0f);
    }
    EXPECT_EQ(group_a.size(), 1u);
    EXPECT_EQ(group_b.size(), 1u);
    EXPECT_NEAR(std::abs(*group_a.begin() - *group_b.begin()), 0.5f, 1e-3f);
    // Front-to-back order follows the root's z.
    for (std::size_t i = 0; i < rig.limbs.size(); ++i)
      for (std::size_t j = 0; j < rig.limbs.size(); ++j)
        if (rig.limbs[i].side == rig.limbs[j].side && rig.limbs[i].nodes[0].z > rig.limbs[j].nodes[0].z) {
          EXPECT_LT(s->limbs[i].order, s->limbs[j].order);
        }
  }
}

TEST(RetargetSetup, CentreLegsAlternateAndOneLegWorks) {
  Rng rng = Rng::from_seed(8);
  for (int legs : {1, 3}) {
    Creature c = test::random_creature(rng, legs);
    auto rig = build_rig(c);
    ASSERT_TRUE(rig.ok()) << rig.error().to_string();
    auto s = build_retarget_setup(*rig, walk_clip());
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->leg_count, legs);
    for (std::size_t i = 0; i < rig->limbs.size(); ++i)
      if (rig->limbs[i].side == Side::kCenter) {
        EXPECT_EQ(s->limbs[i].ref_side, s->limbs[i].order % 2);
      }
  }
}

struct Posed {
  Rig rig;
  RetargetSetup setup;
  CreaturePose pose;
};

Posed pose_at(const std::string& name, double t, float weight = 1.0f, const glm::mat4& m = glm::mat4(1.0f)) {
  Posed p;
  p.rig = load_rig(name);
  auto s = build_retarget_setup(p.rig, walk_clip());
  EXPECT_TRUE(s.ok());
  p.setup = *s;
  p.pose.resize(p.rig);
  RetargetJob job;
  job.setup = &p.setup;
  job.rig = &p.rig;
  job.clip = &walk_clip();
  job.time_s = t;
  job.motion_weight = weight;
  job.model_to_world = m;
  job.out = &p.pose;
  EXPECT_TRUE(job.run());
  return p;
}

TEST(RetargetJob, ValidateListsFailures) {
  Posed p = pose_at("biped", 0.0);
  RetargetJob job;
  EXPECT_FALSE(job.validate());
  job.setup = &p.setup;
  job.rig = &p.rig;
  job.clip = &walk_clip();
  job.out = &p.pose;
  EXPECT_TRUE(job.validate());
  job.time_s = NAN;
  EXPECT_FALSE(job.validate());
  EXPECT_FALSE(job.run());
  job.time_s = 0.0;
  job.model_to_world[3].x = INFINITY;
  EXPECT_FALSE(job.validate());
  job.model_to_world = glm::mat4(1.0f);
  CreaturePose unsized;
  job.out = &unsized;
  EXPECT_FALSE(job.validate());
  Rig other = load_rig("hexapod");
  CreaturePose wrong;
  wrong.resize(other);
  job.out = &wrong;
  EXPECT_FALSE(job.validate());
}

// run() is the two stages in one: the same bits as retarget_targets then retarget_solve, and no
// allocation once the pose is sized.
TEST(RetargetJob, RunIsBothStagesAndAllocatesNothing) {
  Posed p = pose_at("octopod", 0.0);
  CreaturePose staged = p.pose;
  RetargetJob job;
  job.setup = &p.setup;
  job.rig = &p.rig;
  job.clip = &walk_clip();
  job.model_to_world = placement(glm::vec3(1.0f, 0.0f, -3.0f), 0.4f);
  const std::size_t before = test::allocation_count();
  for (double t : {0.13, 0.5, 2.9}) {
    job.time_s = t;
    job.out = &p.pose;
    ASSERT_TRUE(job.run());
    job.out = &staged;
    ASSERT_TRUE(retarget_targets(job));
    ASSERT_TRUE(retarget_solve(job));
    for (int b = 0; b < p.rig.skeleton.size(); ++b) {
      ASSERT_EQ(p.pose.head_ws[b], staged.head_ws[b]) << b;
      ASSERT_EQ(p.pose.bone_ms[b], staged.bone_ms[b]) << b;
    }
    ASSERT_EQ(p.pose.cog_ws, staged.cog_ws);
  }
  EXPECT_EQ(test::allocation_count(), before);
}

// Every bone keeps its length; reached limbs touch their targets; skinning matrices carry the bind
// bones onto the posed ones; limb frames roll with the bend plane.
TEST(RetargetJob, PosesKeepBonesAndFramesConsistent) {
  for (const std::string& name : test::shipped_creatures()) {
    for (double t : {0.0, 0.31, 0.77, 1.4, 5.03}) {
      SCOPED_TRACE(name + " t=" + std::to_string(t));
      glm::mat4 m = placement(glm::vec3(3.0f, 0.0f, -2.0f), 0.7f);
      Posed p = pose_at(name, t, 1.0f, m);
      const Skeleton& sk = p.rig.skeleton;
      // Shown raised by the sole height, so the feet's flesh rests where the bones touched the ground.
      EXPECT_GT(p.rig.sole_height, 0.0f);
      const glm::mat4 shown = glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, p.rig.sole_height, 0.0f)) * m;
      EXPECT_LT(glm::length(glm::vec3(p.pose.model_to_world[3] - shown[3])), 1e-5f);
      for (int b = 0; b < sk.size(); ++b) {
        float bind_len = glm::length(sk.tail_ms[b] - sk.head_ms[b]);
        EXPECT_NEAR(glm::length(p.pose.tail_ms[b] - p.pose.head_ms[b]), bind_len, 1e-5f) << sk.names[b];
        glm::mat4 skin = p.pose.bone_ms[b] * glm::inverse(p.pose.bind_ms[b]);
        EXPECT_LT(glm::length(glm::vec3(skin * glm::vec4(sk.head_ms[b], 1.0f)) - p.pose.head_ms[b]), 1e-5f);
        EXPECT_LT(glm::length(glm::vec3(skin * glm::vec4(sk.tail_ms[b], 1.0f)) - p.pose.tail_ms[b]), 1e-5f);
        EXPECT_LT(glm::length(glm::vec3(shown * glm::vec4(p.pose.head_ms[b], 1.0f)) - p.pose.head_ws[b]), 1e-5f);
      }
      for (std::size_t i = 0; i < p.rig.limbs.size(); ++i) {
        const LimbChain& l = p.rig.limbs[i];
        const LimbPose& lp = p.pose.limbs[i];
        EXPECT_TRUE(lp.reached);
        // A leg thinner than the thickest reaches down the difference.
        const glm::vec3 aim = lp.target_ms - glm::vec3(0.0f, l.tag == PartTag::kLeg ? p.rig.sole_height - foot_radius(p.rig, l) : 0.0f, 0.0f);
        EXPECT_LT(glm::length(p.pose.tail_ms[l.bones[1]] - aim), 1e-5f);
        glm::vec3 a = p.pose.head_ms[l.bones[0]], b = p.pose.tail_ms[l.bones[0]], c = p.pose.tail_ms[l.bones[1]];
        glm::vec3 n = glm::cross(b - a, c - b);
        if (glm::length(n) < 1e-4f) continue;  // straight: bend plane undefined
        n = glm::normalize(n);
        for (int k = 0; k < 2; ++k)  // column 2 is the bend plane's normal (roll follows the bend)
          EXPECT_NEAR(std::abs(glm::dot(glm::vec3(p.pose.bone_ms[l.bones[k]][2]), n)), 1.0f, 1e-4f);
        EXPECT_LT(glm::length(lp.target_ws - glm::vec3(shown * glm::vec4(aim, 1.0f))), 1e-5f);
      }
    }
  }
}

// The method of issue 5, recomputed here from the sampled clip.
TEST(RetargetJob, CogAndLegTargetsFollowTheMethod) {
  const MotionClip& clip = walk_clip();
  for (double t : {0.1, 0.6, 2.9}) {
    Posed p = pose_at("quadruped", t);
    const RetargetSetup& s = p.setup;
    const glm::vec3 vel = clip.cycle_offset_ms / static_cast<float>(clip.duration_s);
    MotionPose mp;
    sample_clip(clip, t, &mp);
    glm::vec3 waist = mp[MotionPart::kWaist].reference - vel * static_cast<float>(t);
    glm::vec3 cog = p.rig.cog + s.s * (waist - s.waist_rest_ms) - glm::vec3(0, s.crouch_m, 0);
    EXPECT_LT(glm::length(p.pose.cog_ms - cog), 1e-5f);
    for (std::size_t i = 0; i < p.rig.limbs.size(); ++i) {
      const LimbSetup& l = s.limbs[i];
      double tl = t + l.phase * clip.duration_s;
      sample_clip(clip, tl, &mp);
      glm::vec3 ctrl = mp[l.ref_part].control - vel * static_cast<float>(tl);
      const ReferenceLegGait& g = s.ref_legs[l.ref_side];
      glm::vec3 want = l.foothold_ms + l.scale * glm::vec3(ctrl.x - g.ground_ms.x, ctrl.y - g.floor_y, ctrl.z - g.ground_ms.z);
      EXPECT_LT(glm::length(p.pose.limbs[i].target_ms - want), 1e-5f) << i;
      EXPECT_EQ(p.pose.limbs[i].contact, mp.contact[l.ref_side] >= 0.5f);
    }
  }
}

// Arms: target = posed arm root + scale * (clip hand - clip shoulder), from the moving root.
TEST(RetargetJob, ArmTargetsFollowTheMovingRoot) {
  const MotionClip& clip = walk_clip();
  int arms = 0;
  for (double t : {0.0, 0.4, 0.9}) {
    Posed p = pose_at("biped_arms_tail", t);
    MotionPose mp;
    sample_clip(clip, t, &mp);
    for (std::size_t i = 0; i < p.rig.limbs.size(); ++i) {
      const LimbChain& l = p.rig.limbs[i];
      if (l.tag != PartTag::kArm) continue;
      ++arms;
      const LimbSetup& ls = p.setup.limbs[i];
      const LimbPose& lp = p.pose.limbs[i];
      EXPECT_LT(glm::length(lp.root_ms - p.pose.head_ms[l.bones[0]]), 1e-6f);
      glm::vec3 want = lp.root_ms + ls.scale * (mp[ls.ref_part].control - mp[ls.ref_part].reference);
      EXPECT_LT(glm::length(lp.target_ms - want), 1e-5f);
    }
  }
  EXPECT_GT(arms, 0);
}

// Spine rotations are model-space rotations from the clip: the same for any drawn spine.
TEST(RetargetJob, SpineRotatesAboutModelAxes) {
  Posed upright = pose_at("biped", 0.37);
  Posed horizontal = pose_at("quadruped", 0.37);
  ASSERT_FALSE(upright.rig.spine_bones.empty());
  ASSERT_EQ(upright.rig.spine_bones.size(), horizontal.rig.spine_bones.size());
  for (std::size_t k = 0; k < upright.rig.spine_bones.size(); ++k) {
    glm::quat a = upright.pose.rotation_ms[upright.rig.spine_bones[k]];
    glm::quat b = horizontal.pose.rotation_ms[horizontal.rig.spine_bones[k]];
    EXPECT_NEAR(std::abs(glm::dot(a, b)), 1.0f, 1e-6f) << k;
    // And the bone really turned by it, about its head.
    int bone = upright.rig.spine_bones[k];
    const Skeleton& sk = upright.rig.skeleton;
    glm::vec3 want = a * (sk.tail_ms[bone] - sk.head_ms[bone]);
    EXPECT_LT(glm::length(upright.pose.tail_ms[bone] - upright.pose.head_ms[bone] - want), 1e-5f);
  }
  // The spine bends: from the waist's rotation at its root to waist then chest swing at its tip.
  const std::vector<int>& sp = upright.rig.spine_bones;
  MotionPose mp;
  sample_clip(walk_clip(), 0.37, &mp);
  glm::vec3 chest = glm::normalize(mp[MotionPart::kChest].control - mp[MotionPart::kChest].reference);
  glm::quat want_last = glm::rotation(upright.setup.chest_rest_dir, chest) * glm::normalize(mp.waist_orientation);
  glm::quat first = upright.pose.rotation_ms[sp.front()], last = upright.pose.rotation_ms[sp.back()];
  EXPECT_NEAR(std::abs(glm::dot(last, want_last)), 1.0f, 1e-6f);
  EXPECT_GT(glm::angle(glm::inverse(first) * last), 1e-3f);
}

TEST(RetargetJob, StandPoseAtZeroWeight) {
  Posed p = pose_at("hexapod", 0.5, 0.0f);
  const Skeleton& sk = p.rig.skeleton;
  const glm::vec3 down(0.0f, -p.setup.crouch_m, 0.0f);
  for (int b = 0; b < sk.size(); ++b) {
    if (p.pose.bone_limb[b] >= 0) continue;
    EXPECT_LT(glm::length(p.pose.head_ms[b] - (sk.head_ms[b] + down)), 1e-5f) << sk.names[b];
  }
  for (std::size_t i = 0; i < p.rig.limbs.size(); ++i) {
    EXPECT_TRUE(p.pose.limbs[i].reached);
    EXPECT_LT(glm::length(p.pose.limbs[i].target_ms - p.setup.limbs[i].foothold_ms), 1e-6f);
  }
}

// Looping clip with the clip's root motion: one cycle moves the cog by s x cycle_offset.
TEST(RetargetJob, RootMotionFromClip) {
  Rig rig = load_rig("biped");
  auto s = build_retarget_setup(rig, walk_clip());
  ASSERT_TRUE(s.ok());
  CreaturePose a, b;
  a.resize(rig);
  b.resize(rig);
  RetargetJob job;
  job.setup = &*s;
  job.rig = &rig;
  job.clip = &walk_clip();
  job.root_motion = RootMotion::kFromClip;
  job.time_s = 0.2;
  job.out = &a;
  ASSERT_TRUE(job.run());
  job.time_s = 0.2 + walk_clip().duration_s;
  job.out = &b;
  ASSERT_TRUE(job.run());
  EXPECT_LT(glm::length(b.cog_ms - a.cog_ms - s->s * walk_clip().cycle_offset_ms), 1e-4f);
}

}  // namespace
}  // namespace cf
