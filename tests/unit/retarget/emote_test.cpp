// Sit and the emotes fitted to shipped rigs: each picks the variant its body calls for; at weight 0
// the pose is the walker's stand (so easing in and out never pops); sitting lowers the body with
// every foot where the walker planted it and the flesh above the ground; a lifted foreleg leaves
// its foothold and comes back; a wagging tail moves; a legless body lowers its torso; bad input is
// refused; posing allocates nothing; a motion played through eases in and out as the game eases it;
// an imported gait held on the spot steps with the capture's footfall on any body.
#include "retarget/emote.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <vector>

#include <gtest/gtest.h>

#include "alloc_counter.h"
#include "core/tick.h"
#include "math/angles.h"
#include "test_creatures.h"

namespace cf {
namespace {

const MotionClip& clip_of(const std::string& k) { return test::shipped_clip(k); }

// The style of the variant the rig plays of motion k (kNone when none fits).
EmoteVariant variant_of(const std::string& k, const Rig& rig) {
  const MotionDescription& d = clip_of(k).description;
  const int v = choose_variant(d, rig);
  return v < 0 ? EmoteVariant::kNone : emote_style(d.variants[static_cast<std::size_t>(v)].style);
}

struct Fitted {
  Rig rig;
  RetargetSetup walk;
  EmoteMotion em;
  bool fits = true;  // a variant fits the body (an imported motion for another body plan does not)
};

Fitted fit(const std::string& name, const std::string& k) {
  Fitted f;
  f.rig = test::load_rig(name);
  auto walk = build_retarget_setup(f.rig, test::walk_clip());
  EXPECT_TRUE(walk.ok()) << name;
  if (walk.ok()) f.walk = *walk;
  if (choose_variant(clip_of(k).description, f.rig) < 0) {  // not offered to this body
    f.fits = false;
    return f;
  }
  auto em = prepare_emote(f.rig, clip_of(k), &f.walk);
  EXPECT_TRUE(em.ok()) << name << ": " << (em.ok() ? "" : em.error().to_string());
  if (em.ok()) f.em = *em;
  return f;
}

float lowest_body_flesh(const Rig& rig, const CreaturePose& p) {
  float lowest = 1e9f;
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    if (p.bone_limb[i] < 0) lowest = std::min(lowest, std::min(p.head_ws[i].y, p.tail_ws[i].y) - rig.skeleton.radius[i]);
  }
  return lowest;
}

TEST(Emote, EachBodyPicksItsVariant) {
  const std::pair<const char*, EmoteVariant> greet[] = {{"biped", EmoteVariant::kNodWag},
                                                        {"biped_arms_tail", EmoteVariant::kWaveArm},
                                                        {"quadruped", EmoteVariant::kLiftForeleg},
                                                        {"hexapod", EmoteVariant::kLiftForeleg}};
  for (const auto& [name, v] : greet) EXPECT_EQ(variant_of("greet", test::load_rig(name)), v) << name;
  for (const std::string& name : test::shipped_creatures()) {
    const Rig rig = test::load_rig(name);
    EXPECT_EQ(variant_of("sit", rig), EmoteVariant::kLowerBody) << name;
    EXPECT_EQ(variant_of("roar", rig),
              rig.head_bones.empty() ? EmoteVariant::kRearFront : EmoteVariant::kRearHead) << name;
    EXPECT_EQ(variant_of("dance", rig), EmoteVariant::kBobSway) << name;
  }
  EXPECT_STREQ(to_string(EmoteVariant::kLiftForeleg), "lift_foreleg");
}

// Played through from the stand, as the game plays it uninterrupted: eased in over emote_ease_ticks
// (smoothly: 0, then rising, 1 once eased), a one-shot eased out over its last ticks to 0; sit holds.
TEST(Emote, APlayedThroughMotionEasesInAndAOneShotEasesOut) {
  for (const std::string& k : test::library_clip_motions()) {
    const Fitted f = fit("biped", k);
    if (!f.fits) continue;
    const int e = f.em.ease_ticks;
    EXPECT_EQ(e, clip_of(k).description.ease_ticks);
    EXPECT_EQ(emote_play_weight(f.em, 0), 0.0f) << k;
    for (int t = 1; t < e; ++t) EXPECT_GT(emote_play_weight(f.em, t), emote_play_weight(f.em, t - 1)) << t;
    EXPECT_EQ(emote_play_weight(f.em, e), 1.0f);
    EXPECT_NEAR(emote_play_weight(f.em, e / 2), 0.5f, 1e-6f);
    if (f.em.held) {
      EXPECT_EQ(f.em.ticks, 0);
      EXPECT_EQ(emote_play_weight(f.em, 100000), 1.0f);  // seated until asked to stand
      continue;
    }
    ASSERT_GT(f.em.ticks, 2 * e);
    EXPECT_EQ(emote_play_weight(f.em, f.em.ticks - e), 1.0f);
    EXPECT_LT(emote_play_weight(f.em, f.em.ticks - e + 1), 1.0f);
    EXPECT_EQ(emote_play_weight(f.em, f.em.ticks), 0.0f);
    EXPECT_EQ(emote_ease_weight(f.em, -3), 0.0f);
    EXPECT_EQ(emote_ease_weight(f.em, e + 5), 1.0f);
  }
}

TEST(Emote, AtWeightZeroEveryMotionIsTheWalkersStand) {
  for (const std::string& name : test::shipped_creatures()) {
    for (const std::string& k : test::library_clip_motions()) {
      Fitted f = fit(name, k);
      if (!f.fits) continue;
      const WalkerState w = make_walker(f.walk, f.rig, glm::vec3(0.5f, 0.0f, -1.0f), 0.7f);
      CreaturePose stand, pose;
      stand.resize(f.rig);
      pose.resize(f.rig);
      ASSERT_TRUE(pose_walker(w, f.walk, f.rig, test::walk_clip(), &stand));
      ASSERT_TRUE(pose_emote(f.em, f.rig, &w, emote_clip_time(f.em, 30), 0.0f, &pose));
      float worst = 0.0f;
      for (std::size_t b = 0; b < stand.head_ws.size(); ++b)
        worst = std::max({worst, glm::length(stand.head_ws[b] - pose.head_ws[b]), glm::length(stand.tail_ws[b] - pose.tail_ws[b])});
      EXPECT_LT(worst, 1e-4f) << name << " " << k;
    }
  }
}

TEST(Emote, SittingLowersTheBodyWithFeetPlantedAndFleshAboveTheGround) {
  for (const std::string& name : test::shipped_creatures()) {
    Fitted f = fit(name, "sit");
    EXPECT_EQ(f.em.ticks, 0) << name;  // held until asked to stand
    const WalkerState w = make_walker(f.walk, f.rig, glm::vec3(0.0f), 0.0f);
    CreaturePose stand, seated;
    stand.resize(f.rig);
    seated.resize(f.rig);
    ASSERT_TRUE(pose_emote(f.em, f.rig, &w, emote_clip_time(f.em, 0), 0.0f, &stand));
    ASSERT_TRUE(pose_emote(f.em, f.rig, &w, emote_clip_time(f.em, 100), 1.0f, &seated));
    const float drop = stand.cog_ws.y - seated.cog_ws.y;
    EXPECT_GT(drop, 0.1f * f.walk.creature_leg_length_m) << name << " weight " << f.em.weight;
    EXPECT_GT(lowest_body_flesh(f.rig, seated), 0.02f) << name;
    int k = 0;
    for (std::size_t l = 0; l < f.rig.limbs.size(); ++l) {
      if (f.rig.limbs[l].tag != PartTag::kLeg) continue;
      const glm::vec3 plant = w.feet[static_cast<std::size_t>(k++)].plant_ws;
      const glm::vec3 c = seated.tail_ws[static_cast<std::size_t>(f.rig.limbs[l].bones[1])];
      EXPECT_LT(glm::length(glm::vec2(c.x - plant.x, c.z - plant.z)), 1e-3f) << name;
      EXPECT_TRUE(seated.limbs[l].contact);
      EXPECT_TRUE(seated.limbs[l].reached) << name << " leg " << l;
    }
    std::printf("%-16s sits %.3f m lower (weight %.2f)\n", name.c_str(), drop, f.em.weight);
  }
}

// How far leg 'limb''s knee lies off the plane the IK bends it in (hip, ankle and pole): 0 untouched.
float knee_turned_m(const CreaturePose& p, const LimbChain& l, std::size_t limb) {
  const glm::vec3 a = p.head_ms[static_cast<std::size_t>(l.bones[0])], b = p.tail_ms[static_cast<std::size_t>(l.bones[0])],
                  c = p.tail_ms[static_cast<std::size_t>(l.bones[1])];
  const glm::vec3 n = glm::cross(glm::normalize(c - a), p.limbs[limb].pole_ms);
  return glm::length(n) > 1e-3f ? std::fabs(glm::dot(b - a, glm::normalize(n))) : 0.0f;
}

// A long leg bent out sideways under a low hip: sitting or dancing pushes its knee down, and the knee
// turns about its hip->ankle line to keep its flesh off the ground, bending no further round than
// sideways from its pole; the foot stays planted. Knees that stay clear are left where the IK put them
// (every shipped creature's).
TEST(Emote, AKneeTheBodyPushesDownTurnsUpOffTheGround) {
  int turned = 0, samples = 0;
  auto check = [&](const std::string& name, const Rig& rig, const RetargetSetup& walk, const std::string& k, bool shipped) {
    auto em = prepare_emote(rig, clip_of(k), &walk);
    ASSERT_TRUE(em.ok()) << name;
    // Standing, and with the feet where a stopped walk may leave them: a stride's share ahead or behind.
    WalkerState stands[3] = {make_walker(walk, rig, glm::vec3(0.0f), 0.0f), {}, {}};
    for (int s = 1; s < 3; ++s) {
      stands[s] = stands[0];
      for (int f = 0; f < stands[s].leg_count; ++f)
        stands[s].feet[static_cast<std::size_t>(f)].plant_ws.z += (s == 1 ? 0.25f : -0.25f) * walk.creature_leg_length_m;
    }
    CreaturePose p;
    p.resize(rig);
    for (const WalkerState& w : stands) {
      for (int t = 0; t <= (em->ticks > 0 ? em->ticks : 180); t += 3) {
        ASSERT_TRUE(pose_emote(*em, rig, &w, emote_clip_time(*em, t), 1.0f, &p));
        for (std::size_t l = 0; l < rig.limbs.size(); ++l) {
          const LimbChain& limb = rig.limbs[l];
          if (limb.tag != PartTag::kLeg) continue;
          const auto b0 = static_cast<std::size_t>(limb.bones[0]), b1 = static_cast<std::size_t>(limb.bones[1]);
          const std::string at = name + " " + k + " leg " + std::to_string(l) + " tick " + std::to_string(t);
          const float r = std::max(rig.skeleton.radius[b0], rig.skeleton.radius[b1]);
          EXPECT_GT(p.tail_ws[b0].y - r, 0.0f) << at;
          EXPECT_FALSE(test::knee_bent_backwards(rig, p, l)) << at;
          const bool off = knee_turned_m(p, limb, l) > 1e-4f * (limb.l1 + limb.l2);
          EXPECT_FALSE(shipped && off) << at;
          turned += off ? 1 : 0;
          ++samples;
        }
      }
    }
  };
  for (const std::string& name : test::shipped_creatures()) {
    const Rig rig = test::load_rig(name);
    auto walk = build_retarget_setup(rig, test::walk_clip());
    ASSERT_TRUE(walk.ok());
    for (const std::string k : {"sit", "dance"}) check(name, rig, *walk, k, true);
  }
  EXPECT_EQ(turned, 0);
  Rng rng = Rng::from_seed(27);
  for (int i = 0; i < 200; ++i) {
    auto rig = build_rig(test::random_creature(rng, i % 2 == 0 ? 1 : 3));
    ASSERT_TRUE(rig.ok());
    auto walk = build_retarget_setup(*rig, test::walk_clip());
    ASSERT_TRUE(walk.ok());
    for (const std::string k : {"sit", "dance"}) check("random " + std::to_string(i), *rig, *walk, k, false);
  }
  std::printf("%d of %d knee samples turned off the ground\n", turned, samples);
  EXPECT_GT(turned, 0);  // the random bodies hold knees the body pushes down
}

TEST(Emote, AForelegLiftsAndComesBackAndATailWags) {
  Fitted q = fit("quadruped", "greet");
  ASSERT_EQ(q.em.variant, EmoteVariant::kLiftForeleg);
  ASSERT_GE(q.em.lift_leg, 0);
  const WalkerState w = make_walker(q.walk, q.rig, glm::vec3(0.0f), 0.0f);
  CreaturePose p;
  p.resize(q.rig);
  const int bone = q.rig.limbs[static_cast<std::size_t>(q.em.lift_leg)].bones[1];
  float top = 0.0f, rest = 0.0f;
  for (int t = 0; t <= q.em.ticks; ++t) {
    ASSERT_TRUE(pose_emote(q.em, q.rig, &w, emote_clip_time(q.em, t), 1.0f, &p));
    if (t == 0) rest = p.tail_ws[static_cast<std::size_t>(bone)].y;
    top = std::max(top, p.tail_ws[static_cast<std::size_t>(bone)].y);
  }
  EXPECT_GT(top - rest, 0.2f * q.walk.creature_leg_length_m);
  EXPECT_LT(p.tail_ws[static_cast<std::size_t>(bone)].y, rest + 0.005f);  // down again at the end
  EXPECT_TRUE(p.limbs[static_cast<std::size_t>(q.em.lift_leg)].contact);

  // A biped without arms nods and wags: its tail's tip moves sideways.
  Rig tailed = test::load_rig("biped_arms_tail");
  EmoteMotion nod = fit("biped_arms_tail", "greet").em;
  nod.variant = EmoteVariant::kNodWag;
  auto walk = build_retarget_setup(tailed, test::walk_clip());
  ASSERT_TRUE(walk.ok());
  const WalkerState tw = make_walker(*walk, tailed, glm::vec3(0.0f), 0.0f);
  CreaturePose a, b;
  a.resize(tailed);
  b.resize(tailed);
  ASSERT_FALSE(tailed.tail_bones.empty());
  const auto tip = static_cast<std::size_t>(tailed.tail_bones.back());
  float swing = 0.0f;
  ASSERT_TRUE(pose_emote(nod, tailed, &tw, 0.0, 1.0f, &a));
  for (int t = 0; t < nod.ticks; t += 3) {
    ASSERT_TRUE(pose_emote(nod, tailed, &tw, emote_clip_time(nod, t), 1.0f, &b));
    swing = std::max(swing, std::fabs(b.tail_ws[tip].x - a.tail_ws[tip].x));
  }
  EXPECT_GT(swing, 0.05f);
}

// The lift's reach: as authored the foot goes forward of where it stood, at 0 straight up (as high), drawn
// back behind it below 0; the peak time is where the foot is highest.
TEST(Emote, AForelegsReachTurnsItsLiftUpOrBackAtTheSameHeight) {
  Fitted q = fit("quadruped", "greet");
  ASSERT_GE(q.em.lift_leg, 0);
  const WalkerState w = make_walker(q.walk, q.rig, glm::vec3(0.0f), 0.0f);  // facing +z
  CreaturePose stand, p;
  stand.resize(q.rig);
  p.resize(q.rig);
  const auto ankle = static_cast<std::size_t>(q.rig.limbs[static_cast<std::size_t>(q.em.lift_leg)].bones[1]);
  ASSERT_TRUE(pose_emote(q.em, q.rig, &w, 0.0, 0.0f, &stand));
  const glm::vec3 rest = stand.tail_ws[ankle];
  const double peak = foreleg_lift_peak_s(q.em);
  float forward[3], rise[3];
  const float reaches[3] = {1.0f, 0.0f, -0.5f};
  for (int k = 0; k < 3; ++k) {
    ASSERT_TRUE(pose_emote(q.em, q.rig, &w, peak, 1.0f, &p, reaches[k]));
    forward[k] = p.tail_ws[ankle].z - rest.z;
    rise[k] = p.tail_ws[ankle].y - rest.y;
  }
  const float len = q.walk.creature_leg_length_m;
  EXPECT_GT(forward[0], 0.1f * len);
  EXPECT_LT(std::fabs(forward[1]), 0.03f * len);
  EXPECT_LT(forward[2], -0.05f * len);
  for (int k = 0; k < 3; ++k) EXPECT_GT(rise[k], 0.2f * len) << "reach " << reaches[k];
  // No time of the greet lifts the foot higher than its peak.
  for (int t = 0; t <= q.em.ticks; t += 2) {
    ASSERT_TRUE(pose_emote(q.em, q.rig, &w, emote_clip_time(q.em, t), 1.0f, &p));
    EXPECT_LE(p.tail_ws[ankle].y - rest.y, rise[0] + 0.002f) << "tick " << t;
  }
  EXPECT_FALSE(pose_emote(q.em, q.rig, &w, peak, 1.0f, &p, std::nanf("")));
}

// A drawn part: its tag, thickness and stroke.
Part part(PartTag tag, float radius, std::vector<glm::vec3> stroke) {
  Part p;
  p.tag = tag;
  p.radius = radius;
  p.stroke = std::move(stroke);
  return p;
}

TEST(Emote, ALeglessBodyLowersItsTorsoAndStaysOnTheGround) {
  Creature c;
  c.parts = {part(PartTag::kTorso, 0.2f, {{0, 0.2f, -0.4f}, {0, 0.3f, 0.0f}, {0, 0.5f, 0.3f}}),
             part(PartTag::kHead, 0.12f, {{0, 0.55f, 0.35f}, {0, 0.75f, 0.5f}})};
  auto rig = build_rig(c);
  ASSERT_TRUE(rig.ok());
  auto em = prepare_emote(*rig, clip_of("sit"), nullptr);
  ASSERT_TRUE(em.ok()) << em.error().to_string();
  EXPECT_TRUE(em->legless);
  EXPECT_EQ(em->variant, EmoteVariant::kLowerTorso);
  CreaturePose rest, sat;
  rest.resize(*rig);
  sat.resize(*rig);
  ASSERT_TRUE(pose_emote(*em, *rig, nullptr, 1.0, 0.0f, &rest));
  ASSERT_TRUE(pose_emote(*em, *rig, nullptr, 1.0, 1.0f, &sat));
  const auto h = static_cast<std::size_t>(rig->head_bones.back());
  EXPECT_LT(sat.tail_ws[h].y, rest.tail_ws[h].y - 0.05f);  // the front and head come down
  float lowest = 1e9f, rest_lowest = 1e9f;
  for (std::size_t b = 0; b < sat.head_ws.size(); ++b) {
    lowest = std::min({lowest, sat.head_ws[b].y - rig->skeleton.radius[b], sat.tail_ws[b].y - rig->skeleton.radius[b]});
    rest_lowest = std::min({rest_lowest, rest.head_ws[b].y - rig->skeleton.radius[b], rest.tail_ws[b].y - rig->skeleton.radius[b]});
  }
  EXPECT_GT(lowest, rest_lowest - 0.005f);
}

// Footfall: the phase (cycles) at which a foot is highest, from its first harmonic over n samples.
float peak_phase(const std::vector<float>& y) {
  const float lo = *std::min_element(y.begin(), y.end());
  double c = 0.0, s = 0.0;
  const double n = static_cast<double>(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) {
    c += (y[i] - lo) * std::cos(2 * kPiD * static_cast<double>(i) / n);
    s += (y[i] - lo) * std::sin(2 * kPiD * static_cast<double>(i) / n);
  }
  const double p = std::atan2(s, c) / (2 * kPiD);
  return static_cast<float>(p - std::floor(p));
}
// a - b as a turn in [-0.5, 0.5).
float phase_gap(float a, float b) {
  const float d = a - b;
  return d - std::floor(d + 0.5f);
}

// Over the clip's held loop: the source limb ends' footfall phases (sampled from the file), and each rig
// leg's ankle height played on the spot (every pose from pose_emote).
struct Footfall {
  std::map<MotionPart, float> source;
  std::vector<float> rig;               // per rig limb (arms: 0)
  std::vector<int> planted_share_pct;   // per rig limb: samples with the ankle at its standing height
};
Footfall footfall(const Fitted& f) {
  const MotionClip& clip = f.em.clip;
  const double from = f.em.hold_from_s, len = f.em.hold_s > 0.0 ? f.em.hold_s : clip.duration_s;
  constexpr int kN = 96;
  Footfall out;
  MotionPose mp;
  for (MotionPart part : {MotionPart::kLeftLeg, MotionPart::kRightLeg, MotionPart::kLeftArm, MotionPart::kRightArm}) {
    std::vector<float> y;
    for (int i = 0; i < kN; ++i) {
      sample_clip(clip, from + len * i / kN, &mp);
      y.push_back(mp[part].control.y);
    }
    out.source[part] = peak_phase(y);
  }
  const WalkerState w = make_walker(f.walk, f.rig, glm::vec3(0.0f), 0.0f);
  CreaturePose p;
  p.resize(f.rig);
  std::vector<std::vector<float>> ankle(f.rig.limbs.size());
  for (int i = 0; i < kN; ++i) {
    EXPECT_TRUE(pose_emote(f.em, f.rig, &w, from + len * i / kN, 1.0f, &p));
    for (std::size_t l = 0; l < f.rig.limbs.size(); ++l)
      ankle[l].push_back(p.tail_ws[static_cast<std::size_t>(f.rig.limbs[l].bones[1])].y);
  }
  for (std::size_t l = 0; l < f.rig.limbs.size(); ++l) {
    const bool leg = f.rig.limbs[l].tag == PartTag::kLeg;
    out.rig.push_back(leg ? peak_phase(ankle[l]) : 0.0f);
    const float lo = *std::min_element(ankle[l].begin(), ankle[l].end());
    out.planted_share_pct.push_back(static_cast<int>(
        100 * std::count_if(ankle[l].begin(), ankle[l].end(), [&](float v) { return v < lo + 0.004f; }) / kN));
  }
  return out;
}

// The rig's legs on one side, front first.
std::vector<int> legs_front_to_back(const Rig& rig, Side side) {
  std::vector<int> v;
  for (std::size_t l = 0; l < rig.limbs.size(); ++l)
    if (rig.limbs[l].tag == PartTag::kLeg && rig.limbs[l].side == side) v.push_back(static_cast<int>(l));
  std::sort(v.begin(), v.end(), [&](int a, int b) {
    return rig.limbs[static_cast<std::size_t>(a)].nodes[0].z > rig.limbs[static_cast<std::size_t>(b)].nodes[0].z;
  });
  return v;
}

TEST(Emote, TheFoxsRunOnADrawnQuadrupedKeepsItsFootfall) {
  const Fitted f = fit("quadruped", "fox_run");
  ASSERT_TRUE(f.fits);
  ASSERT_FALSE(f.em.steps.empty()) << "the run's legs step with the capture";
  const Footfall ff = footfall(f);
  const std::vector<int> left = legs_front_to_back(f.rig, Side::kLeft), right = legs_front_to_back(f.rig, Side::kRight);
  ASSERT_EQ(left.size(), 2u);
  ASSERT_EQ(right.size(), 2u);
  // Front legs follow the fox's forelegs, hind legs its hind legs, each at the capture's phase.
  const std::pair<int, MotionPart> map[4] = {{left[0], MotionPart::kLeftArm}, {right[0], MotionPart::kRightArm},
                                             {left[1], MotionPart::kLeftLeg}, {right[1], MotionPart::kRightLeg}};
  for (const auto& [limb, part] : map) {
    EXPECT_LT(std::fabs(phase_gap(ff.rig[static_cast<std::size_t>(limb)], ff.source.at(part))), 0.05f)
        << to_string(part) << ": rig " << ff.rig[static_cast<std::size_t>(limb)] << ", fox " << ff.source.at(part);
    // Each foot comes down and stands (the hand-keyed fox's hind feet touch for about a sixth of its run).
    EXPECT_GE(ff.planted_share_pct[static_cast<std::size_t>(limb)], 10) << to_string(part) << " plants";
    std::printf("%s: phase %.2f (fox %.2f), planted %d%%\n", to_string(part), ff.rig[static_cast<std::size_t>(limb)],
                ff.source.at(part), ff.planted_share_pct[static_cast<std::size_t>(limb)]);
  }
  // The footfall order (by phase from the left hind foot) is the fox's.
  auto order = [&](auto phase_of) {
    std::vector<int> k = {0, 1, 2, 3};
    const float base = phase_of(2);
    std::sort(k.begin(), k.end(), [&](int a, int b) {
      auto rel = [&](int j) { float d = phase_of(j) - base; return d - std::floor(d); };
      return rel(a) < rel(b);
    });
    return k;
  };
  EXPECT_EQ(order([&](int j) { return ff.rig[static_cast<std::size_t>(map[j].first)]; }),
            order([&](int j) { return ff.source.at(map[j].second); }));
  // A bound, not the walk's trot: each pair lands nearly together, fore and hind half a cycle apart.
  EXPECT_LT(std::fabs(phase_gap(ff.rig[static_cast<std::size_t>(left[1])], ff.rig[static_cast<std::size_t>(right[1])])), 0.15f);
  EXPECT_LT(std::fabs(phase_gap(ff.rig[static_cast<std::size_t>(left[0])], ff.rig[static_cast<std::size_t>(right[0])])), 0.15f);
  EXPECT_GT(std::fabs(phase_gap(ff.rig[static_cast<std::size_t>(left[0])], ff.rig[static_cast<std::size_t>(left[1])])), 0.35f);
}

TEST(Emote, TheSpidersWalkOnTheOctopodKeepsAlternatingTetrapods) {
  const Fitted f = fit("octopod", "spider_walk");
  ASSERT_TRUE(f.fits);
  const Footfall ff = footfall(f);
  const std::vector<int> left = legs_front_to_back(f.rig, Side::kLeft), right = legs_front_to_back(f.rig, Side::kRight);
  ASSERT_EQ(left.size(), 4u);
  ASSERT_EQ(right.size(), 4u);
  // L1 R2 L3 R4 step together, R1 L2 R3 L4 half a cycle after.
  std::vector<float> a, b;
  for (std::size_t k = 0; k < 4; ++k) {
    (k % 2 == 0 ? a : b).push_back(ff.rig[static_cast<std::size_t>(left[k])]);
    (k % 2 == 0 ? b : a).push_back(ff.rig[static_cast<std::size_t>(right[k])]);
  }
  for (std::size_t k = 1; k < 4; ++k) {
    EXPECT_LT(std::fabs(phase_gap(a[k], a[0])), 0.1f) << "tetrapod A, leg " << k;
    EXPECT_LT(std::fabs(phase_gap(b[k], b[0])), 0.1f) << "tetrapod B, leg " << k;
  }
  EXPECT_GT(std::fabs(phase_gap(a[0], b[0])), 0.4f);
  // ... as the spider's front and hind legs do.
  EXPECT_GT(std::fabs(phase_gap(ff.source.at(MotionPart::kLeftArm), ff.source.at(MotionPart::kLeftLeg))), 0.4f);
}

TEST(Emote, AHexapodsMiddleLegsStepBetweenTheFoxsFrontAndHindLegs) {
  const Fitted f = fit("hexapod", "fox_walk");
  ASSERT_TRUE(f.fits);
  const Footfall ff = footfall(f);
  for (Side side : {Side::kLeft, Side::kRight}) {
    const std::vector<int> legs = legs_front_to_back(f.rig, side);
    ASSERT_EQ(legs.size(), 3u);
    const float front = ff.rig[static_cast<std::size_t>(legs[0])], hind = ff.rig[static_cast<std::size_t>(legs[2])];
    const float mid = ff.rig[static_cast<std::size_t>(legs[1])];
    const float gap = phase_gap(hind, front);
    ASSERT_GT(std::fabs(gap), 0.08f) << "the fox's walk has its fore and hind feet apart";
    EXPECT_LT(std::fabs(phase_gap(mid, front + 0.5f * gap)), 0.05f)
        << "front " << front << " middle " << mid << " hind " << hind;
  }
}

TEST(Emote, AMotionWithoutStepsInTheCaptureKeepsEveryFootPlanted) {
  // A held pose, a one-shot, a leap and grazing: no steps; the human walk's arms are not forelegs, the fox's are.
  EXPECT_TRUE(fit("quadruped", "sit").em.steps.empty());
  EXPECT_TRUE(fit("quadruped", "roar").em.steps.empty());
  EXPECT_TRUE(fit("quadruped", "fox_jump").em.steps.empty()) << "a leap's feet fly with its body";
  EXPECT_TRUE(fit("quadruped", "horse_eating").em.steps.empty()) << "grazing keeps its feet down";
  EXPECT_FALSE(fit("quadruped", "horse_kick").em.steps.empty()) << "the kick's hind legs lift";
  EXPECT_FALSE(arms_are_forelegs(clip_of("walk")));
  EXPECT_FALSE(arms_are_forelegs(clip_of("vault")));
  EXPECT_FALSE(arms_are_forelegs(clip_of("bird_walk")));
  EXPECT_TRUE(arms_are_forelegs(clip_of("fox_run")));
  EXPECT_TRUE(arms_are_forelegs(clip_of("spider_walk")));
}

// A capture of a legless source (the snake's dance) on a legless body: the capture's torso plays (not the
// style's bob and sway): the head rises and falls with the snake's head, and the body rests on its lowest
// flesh, never below where it lay.
TEST(Emote, ASnakesCaptureDrivesALeglessBodysTorso) {
  Creature c;
  c.parts = {part(PartTag::kTorso, 0.14f, {{0, 0.16f, -0.5f}, {0, 0.16f, 0.0f}, {0, 0.16f, 0.5f}}),
             part(PartTag::kHead, 0.1f, {{0, 0.18f, 0.55f}, {0, 0.22f, 0.7f}}),
             part(PartTag::kTail, 0.05f, {{0, 0.15f, -0.55f}, {0, 0.12f, -0.9f}})};
  auto rig = build_rig(c);
  ASSERT_TRUE(rig.ok());
  const MotionClip& clip = clip_of("snake_dance");
  auto em = prepare_emote(*rig, clip, nullptr);
  ASSERT_TRUE(em.ok()) << em.error().to_string();
  EXPECT_TRUE(em->captured_torso);
  EXPECT_GE(em->weight, 0.9f) << "the body takes the capture with its flesh above the ground";
  CreaturePose pose;
  pose.resize(*rig);
  const auto tip = static_cast<std::size_t>(rig->head_bones.back());
  constexpr int kN = 48;
  std::vector<double> body, capture;
  float rest_lowest = 1e9f, lowest = 1e9f;
  MotionPose mp;
  for (int i = 0; i <= kN; ++i) {
    const double t = em->hold_from_s + em->hold_s * i / kN;
    ASSERT_TRUE(pose_emote(*em, *rig, nullptr, t, i == 0 ? 0.0f : 1.0f, &pose));
    float low = 1e9f;
    for (std::size_t b = 0; b < pose.head_ws.size(); ++b)
      low = std::min({low, pose.head_ws[b].y - rig->skeleton.radius[b], pose.tail_ws[b].y - rig->skeleton.radius[b]});
    if (i == 0) {
      rest_lowest = low;  // weight 0: the body as it lay
      continue;
    }
    lowest = std::min(lowest, low);
    body.push_back(pose.tail_ws[tip].y);
    sample_clip(clip, t, &mp);
    capture.push_back(mp[MotionPart::kHead].control.y);
  }
  EXPECT_GT(lowest, rest_lowest - 0.005f);
  auto mean = [](const std::vector<double>& v) { double m = 0; for (double x : v) m += x; return m / static_cast<double>(v.size()); };
  const double mb = mean(body), mc = mean(capture);
  double sbc = 0, sbb = 0, scc = 0;
  for (std::size_t k = 0; k < body.size(); ++k) {
    sbc += (body[k] - mb) * (capture[k] - mc);
    sbb += (body[k] - mb) * (body[k] - mb);
    scc += (capture[k] - mc) * (capture[k] - mc);
  }
  const double r = sbc / std::sqrt(std::max(1e-12, sbb * scc));
  const auto [lo, hi] = std::minmax_element(body.begin(), body.end());
  std::printf("snake dance on a legless body: head height %.2f-%.2f m, correlation with the snake's head %.2f\n", *lo, *hi, r);
  EXPECT_GT(*hi - *lo, 0.1) << "the head rises and falls";
  EXPECT_GT(r, 0.6) << "as the snake's head does";
}

TEST(Emote, BadInputIsRefusedAndPosingAllocatesNothing) {
  Fitted f = fit("hexapod", "dance");
  const WalkerState w = make_walker(f.walk, f.rig, glm::vec3(0.0f), 0.0f);
  CreaturePose p;
  p.resize(f.rig);
  EXPECT_FALSE(pose_emote(f.em, f.rig, &w, std::nan(""), 1.0f, &p));
  EXPECT_FALSE(pose_emote(f.em, f.rig, &w, 1.0, std::nanf(""), &p));
  EXPECT_FALSE(pose_emote(f.em, f.rig, nullptr, 1.0, 1.0f, &p));
  EXPECT_FALSE(pose_emote(f.em, f.rig, &w, 1.0, 1.0f, nullptr));
  MotionClip short_sit = clip_of("sit");
  short_sit.duration_s = 2.0;
  auto refused = prepare_emote(f.rig, short_sit, &f.walk);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("held loop"), std::string::npos);
  MotionClip no_variant = clip_of("greet");
  for (MotionVariant& v : no_variant.description.variants) v.when.min_legs = 99;
  auto none = prepare_emote(f.rig, no_variant, &f.walk);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("no variant fits"), std::string::npos);
  ASSERT_TRUE(pose_emote(f.em, f.rig, &w, 0.5, 1.0f, &p));  // warm
  const std::size_t before = test::allocation_count();
  for (int t = 0; t < 240; ++t) ASSERT_TRUE(pose_emote(f.em, f.rig, &w, emote_clip_time(f.em, t), 0.8f, &p));
  EXPECT_EQ(test::allocation_count(), before);
  Fitted run = fit("hexapod", "fox_run");  // legs stepping with the capture
  ASSERT_FALSE(run.em.steps.empty());
  const WalkerState rw = make_walker(run.walk, run.rig, glm::vec3(0.0f), 0.0f);
  CreaturePose rp;
  rp.resize(run.rig);
  ASSERT_TRUE(pose_emote(run.em, run.rig, &rw, 0.1, 1.0f, &rp));
  const std::size_t at = test::allocation_count();
  for (int t = 0; t < 240; ++t) ASSERT_TRUE(pose_emote(run.em, run.rig, &rw, emote_clip_time(run.em, t), 0.8f, &rp));
  EXPECT_EQ(test::allocation_count(), at);
}

}  // namespace
}  // namespace cf
