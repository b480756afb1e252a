#include "skeleton/rig_builder.h"

#include <cmath>
#include <limits>
#include <set>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "creature/creature_io.h"
#include "skeleton/stroke_path.h"

namespace cf {
namespace {

const char* kShipped[] = {"biped", "quadruped", "hexapod", "strider", "stubby", "biped_arms_tail", "octopod"};

Creature load(const std::string& name) {
  auto r = load_creature(std::string(CF_ASSETS_DIR) + "/creatures/" + name + ".json");
  EXPECT_TRUE(r.ok()) << r.error().to_string();
  return r.ok() ? *r : Creature{};
}

bool limb_ok(const LimbChain& lc) {
  float r = lc.l1 / lc.l2;
  return r >= 0.8f && r <= 1.25f && lc.l3 <= 0.35f * (lc.l1 + lc.l2);
}

// Structural invariants every rig keeps.
void check_rig(const Creature& c, const Rig& rig, const std::string& what) {
  const Skeleton& sk = rig.skeleton;
  ASSERT_GT(sk.size(), 3) << what;
  EXPECT_EQ(sk.parents[0], -1);
  EXPECT_EQ(sk.classes[0], BoneClass::kCog);
  EXPECT_EQ(rig.cog_bone, 0);
  EXPECT_EQ(sk.head_ms[0], rig.cog);
  std::set<std::string> names;
  for (int i = 0; i < sk.size(); ++i) {
    auto u = static_cast<std::size_t>(i);
    EXPECT_TRUE(names.insert(sk.names[u]).second) << what << ": duplicate " << sk.names[u];
    if (i > 0) {
      EXPECT_GE(sk.parents[u], 0) << what;
      EXPECT_LT(sk.parents[u], i) << what << ": parent after child " << sk.names[u];
    }
    EXPECT_EQ(sk.find(sk.names[u]), i);
    EXPECT_GT(glm::length(sk.tail_ms[u] - sk.head_ms[u]), 0.0f) << what << " " << sk.names[u];
    EXPECT_GT(sk.radius[u], 0.0f);
    int cp = sk.counterpart[u];
    if (cp >= 0) {
      EXPECT_EQ(sk.counterpart[static_cast<std::size_t>(cp)], i) << what;
      EXPECT_EQ(sk.classes[static_cast<std::size_t>(cp)], sk.classes[u]);
      EXPECT_NE(sk.sides[static_cast<std::size_t>(cp)], sk.sides[u]);
    }
    if (sk.sides[u] == Side::kCenter) {
      EXPECT_EQ(cp, -1);
    }
  }
  EXPECT_EQ(sk.find("no_such_bone"), -1);
  ASSERT_GE(rig.spine_bones.size(), 3u);
  for (int b : rig.spine_bones) EXPECT_EQ(sk.classes[static_cast<std::size_t>(b)], BoneClass::kTorso);
  for (int b : rig.head_bones) EXPECT_EQ(sk.classes[static_cast<std::size_t>(b)], BoneClass::kHead);
  for (int b : rig.tail_bones) EXPECT_EQ(sk.classes[static_cast<std::size_t>(b)], BoneClass::kTail);
  std::set<int> spine(rig.spine_bones.begin(), rig.spine_bones.end());
  glm::vec3 roots(0.0f);
  int legs = 0;
  for (const LimbChain& lc : rig.limbs) {
    const Part& p = c.parts[static_cast<std::size_t>(lc.part)];
    EXPECT_EQ(lc.tag, p.tag);
    EXPECT_TRUE(spine.count(lc.attach_bone)) << what;
    EXPECT_EQ(lc.nodes[0], p.stroke.front()) << what << " A moved";
    EXPECT_TRUE(limb_ok(lc)) << what << " part " << lc.part << " L " << lc.l1 << " " << lc.l2 << " " << lc.l3;
    StrokePath path = StrokePath::from_points(clean_stroke(p.stroke));
    for (const glm::vec3& n : lc.nodes) EXPECT_LE(path.distance_to(n), 0.05f * path.length) << what;
    for (std::size_t k = 0; k < 3; ++k) {
      auto b = static_cast<std::size_t>(lc.bones[k]);
      EXPECT_EQ(sk.head_ms[b], lc.nodes[k]);
      EXPECT_EQ(sk.tail_ms[b], lc.nodes[k + 1]);
      EXPECT_EQ(sk.classes[b], lc.tag == PartTag::kLeg ? BoneClass::kLeg : BoneClass::kArm);
      EXPECT_EQ(sk.part[b], lc.part);
    }
    EXPECT_EQ(sk.parents[static_cast<std::size_t>(lc.bones[0])], lc.attach_bone);
    EXPECT_NEAR(glm::length(lc.pole), 1.0f, 1e-4f);
    if (lc.tag == PartTag::kLeg) {
      roots += lc.nodes[0];
      ++legs;
    }
  }
  if (legs > 0) {
    glm::vec3 mean = roots / static_cast<float>(legs);
    EXPECT_NEAR(glm::length(rig.cog - mean), 0.0f, 1e-5f);
  }
}

TEST(Rig, ShippedCreaturesMeetAcceptance) {
  for (const char* name : kShipped) {
    Creature c = load(name);
    auto rig = build_rig(c);
    ASSERT_TRUE(rig.ok()) << name << ": " << rig.error().to_string();
    check_rig(c, *rig, name);
    for (const LimbChain& lc : rig->limbs) {
      if (lc.tag != PartTag::kLeg) continue;
      // Standing on the ground at bind pose: ankle (contact) and toe at y = 0, below the root.
      EXPECT_NEAR(lc.drawn[2].y, 0.0f, 1e-4f) << name;
      EXPECT_NEAR(lc.nodes[2].y, 0.0f, 0.01f) << name << " part " << lc.part;
      EXPECT_NEAR(lc.nodes[3].y, 0.0f, 0.01f) << name;
      EXPECT_GT(lc.nodes[0].y, lc.nodes[1].y) << name;
    }
  }
}

TEST(Rig, BipedBonesClassesAndCounterparts) {
  Creature c = load("biped_arms_tail");
  auto r = build_rig(c);
  ASSERT_TRUE(r.ok());
  const Skeleton& sk = r->skeleton;
  EXPECT_EQ(sk.names[0], "cog");
  EXPECT_EQ(r->spine_bones.size(), 4u);
  EXPECT_EQ(r->head_bones.size(), 2u);
  EXPECT_EQ(r->tail_bones.size(), 3u);
  ASSERT_EQ(r->limbs.size(), 4u);
  EXPECT_EQ(r->limbs[0].tag, PartTag::kLeg);  // legs first, then arms
  EXPECT_EQ(r->limbs[2].tag, PartTag::kArm);
  for (const char* pair : {"upper", "lower", "foot"}) {
    int l = sk.find(std::string("leg_l0_") + pair), rr = sk.find(std::string("leg_r0_") + pair);
    ASSERT_GE(l, 0) << pair;
    ASSERT_GE(rr, 0) << pair;
    EXPECT_EQ(sk.counterpart[static_cast<std::size_t>(l)], rr);
    EXPECT_EQ(sk.sides[static_cast<std::size_t>(l)], Side::kLeft);
  }
  int hand = sk.find("arm_r0_hand");
  ASSERT_GE(hand, 0);
  EXPECT_EQ(sk.counterpart[static_cast<std::size_t>(hand)], sk.find("arm_l0_hand"));
  EXPECT_EQ(sk.classes[static_cast<std::size_t>(hand)], BoneClass::kArm);
  EXPECT_EQ(sk.counterpart[static_cast<std::size_t>(sk.find("tail0_0"))], -1);
  EXPECT_EQ(sk.classes[static_cast<std::size_t>(sk.find("head0_1"))], BoneClass::kHead);
  // Knees bend forward, elbows back.
  EXPECT_GT(r->limbs[0].pole.z, 0.5f);
  EXPECT_LT(r->limbs[2].pole.z, -0.5f);
  // Legs hang from the bottom of the spine, arms and head from the top.
  EXPECT_EQ(r->limbs[0].attach_bone, r->spine_bones.front());
  EXPECT_EQ(r->limbs[2].attach_bone, r->spine_bones.back());
  EXPECT_EQ(sk.parents[static_cast<std::size_t>(sk.find("head0_0"))], r->spine_bones.back());
}

TEST(Rig, UnpairedLimbsAllowed) {
  Creature c = load("biped");
  Part extra = c.parts[2];  // a third, centre leg
  for (auto& p : extra.stroke) p.x = 0.0f;
  extra.side = Side::kCenter;
  c.parts.push_back(extra);
  c.parts.erase(c.parts.begin() + 3);  // drop the right leg: the left one is alone
  auto r = build_rig(c);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  check_rig(c, *r, "unpaired");
  EXPECT_EQ(r->skeleton.counterpart[static_cast<std::size_t>(r->skeleton.find("leg_l0_upper"))], -1);
  EXPECT_GE(r->skeleton.find("leg_c0_upper"), 0);
}

TEST(Rig, OptionsAndRaw) {
  Creature c = load("stubby");
  RigOptions o;
  o.spine_bones = 6;
  o.head_bones = 3;
  auto r = build_rig(c, o);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->spine_bones.size(), 6u);
  EXPECT_EQ(r->head_bones.size(), 3u);
  o.spine_bones = 2;
  auto bad = build_rig(c, o);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().field, "RigOptions.spine_bones");
  RigOptions raw;
  raw.normalize = false;
  auto rr = build_rig(c, raw);
  ASSERT_TRUE(rr.ok());
  bool some_case = false;
  auto rn = build_rig(c);
  for (std::size_t i = 0; i < rr->limbs.size(); ++i) {
    EXPECT_EQ(rr->limbs[i].cases, "");
    EXPECT_EQ(rr->limbs[i].nodes, rr->limbs[i].drawn);
    some_case = some_case || !rn->limbs[i].cases.empty();
  }
  EXPECT_TRUE(some_case);  // stubby has a leg the normalizer reshapes
}

TEST(Rig, LeglessCogIsTorsoMiddle) {
  Creature c = load("biped");
  c.parts.erase(c.parts.begin() + 2, c.parts.end());
  auto r = build_rig(c);
  ASSERT_TRUE(r.ok());
  EXPECT_NEAR(r->cog.y, 1.15f, 1e-3f);
  EXPECT_TRUE(r->limbs.empty());
}

TEST(Rig, BadInputThroughApiNamesPart) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  Creature c = load("biped");
  c.parts[3].stroke[1].y = nan;
  auto r = build_rig(c);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().field, "parts[3].stroke[1]");
  c = load("biped");
  c.parts[2].stroke = {c.parts[2].stroke[0], c.parts[2].stroke[0]};
  r = build_rig(c);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().field, "parts[2].stroke");
  c = load("biped");
  c.parts[0].tag = PartTag::kTail;
  EXPECT_FALSE(build_rig(c).ok());
  c = load("biped");
  for (auto& p : c.parts[1].stroke) p.y += 5.0f;
  r = build_rig(c);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().field, "parts[1].stroke[0]");
}

// Random creatures: a torso with random legs and arms around it; every chain meets the bounds.
TEST(Rig, RandomCreaturesProperty) {
  Rng rng = Rng::from_seed(7);
  for (int n = 0; n < 200; ++n) {
    Creature c;
    Part torso;
    torso.radius = 0.15f;
    float tl = static_cast<float>(rng.uniform(0.3, 1.2));
    torso.stroke = {{0, 0.8f, -tl / 2}, {0, 0.85f, 0}, {0, 0.8f, tl / 2}};
    c.parts.push_back(torso);
    int legs = rng.range(0, 8), arms = rng.range(0, 4);
    for (int i = 0; i < legs + arms; ++i) {
      Part p;
      p.tag = i < legs ? PartTag::kLeg : PartTag::kArm;
      float x = (i % 2 ? -1.0f : 1.0f) * static_cast<float>(rng.uniform(0.05, 0.2));
      glm::vec3 a(x, 0.8f, static_cast<float>(rng.uniform(-tl / 2, tl / 2)));
      p.stroke = {a};
      int pts = rng.range(1, 6);
      for (int k = 0; k < pts; ++k)
        p.stroke.push_back(p.stroke.back() + glm::vec3(rng.uniform(-0.1, 0.1) + x * 0.3, rng.uniform(-0.4, 0.02),
                                                       rng.uniform(-0.2, 0.25)));
      p.side = derive_side(p.stroke);
      c.parts.push_back(p);
    }
    if (!validate_creature(c, "").ok()) continue;
    auto r = build_rig(c);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    check_rig(c, *r, "random creature " + std::to_string(n));
    if (HasFailure()) return;
  }
}

// The spine is the torso stroke cut into equal bones, head to tail, from the stroke's first point, each
// the parent of the next; head and tail strokes likewise, as many bones as the options ask.
TEST(Rig, SpineHeadAndTailAreTheirStrokesInEqualBones) {
  Creature c = load("biped_arms_tail");
  for (int spine : {3, 4, 7}) {
    RigOptions o;
    o.spine_bones = spine;
    o.tail_bones = 2;
    auto r = build_rig(c, o);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    const Skeleton& sk = r->skeleton;
    ASSERT_EQ(r->spine_bones.size(), static_cast<std::size_t>(spine));
    const Part* torso = nullptr;
    for (const Part& p : c.parts)
      if (p.tag == PartTag::kTorso) torso = &p;
    ASSERT_NE(torso, nullptr);
    const StrokePath path = StrokePath::from_points(clean_stroke(torso->stroke));
    EXPECT_LT(glm::length(sk.head_ms[static_cast<std::size_t>(r->spine_bones.front())] - path.points.front()), 1e-5f);
    float total = 0.0f;
    for (std::size_t k = 0; k < r->spine_bones.size(); ++k) {
      const auto b = static_cast<std::size_t>(r->spine_bones[k]);
      total += glm::length(sk.tail_ms[b] - sk.head_ms[b]);
      if (k > 0) {
        const auto prev = static_cast<std::size_t>(r->spine_bones[k - 1]);
        EXPECT_EQ(sk.parents[b], static_cast<int>(prev));
        EXPECT_EQ(sk.head_ms[b], sk.tail_ms[prev]);
      }
    }
    // Chords of equal arc pieces: together no longer than the stroke, and close to it.
    EXPECT_LE(total, path.length + 1e-4f);
    EXPECT_GT(total, 0.95f * path.length);
    EXPECT_EQ(r->tail_bones.size(), 2u);
    EXPECT_EQ(r->head_bones.size(), 2u);  // the default
  }
}

// Counterparts pair a left limb with the right one whose root is nearest its mirror image, bone for bone,
// when that distance is under a quarter of the torso length plus both radii: a left leg moved forward a
// little less than that stays paired, a little more and both legs are unpaired.
TEST(Rig, CounterpartsPairMirroredLimbsWithinTheThreshold) {
  const Creature c = load("biped");
  auto r = build_rig(c);
  ASSERT_TRUE(r.ok());
  const Skeleton& sk = r->skeleton;
  const int l0 = sk.find("leg_l0_upper"), r0 = sk.find("leg_r0_upper");
  ASSERT_GE(l0, 0);
  ASSERT_GE(r0, 0);
  EXPECT_EQ(sk.counterpart[static_cast<std::size_t>(l0)], r0);
  EXPECT_EQ(sk.counterpart[static_cast<std::size_t>(sk.find("leg_l0_foot"))], sk.find("leg_r0_foot"));
  float torso_length = 0.0f, radii = 0.0f;
  int left = -1;
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    const Part& p = c.parts[i];
    if (p.tag == PartTag::kTorso) torso_length = StrokePath::from_points(clean_stroke(p.stroke)).length;
    if (p.tag == PartTag::kLeg) radii += p.radius;
    if (p.tag == PartTag::kLeg && p.side == Side::kLeft) left = static_cast<int>(i);
  }
  ASSERT_GE(left, 0);
  const float threshold = 0.25f * torso_length + radii;
  auto leg_moved = [&](float dz) {
    Creature m = c;
    for (glm::vec3& q : m.parts[static_cast<std::size_t>(left)].stroke) q.z += dz;
    auto rig = build_rig(m);
    EXPECT_TRUE(rig.ok()) << rig.error().to_string();
    return rig.ok() ? rig->skeleton.counterpart[static_cast<std::size_t>(rig->skeleton.find("leg_l0_upper"))] : -2;
  };
  EXPECT_EQ(leg_moved(threshold - 0.01f), r0);
  EXPECT_EQ(leg_moved(threshold + 0.01f), -1);
}

}  // namespace
}  // namespace cf
