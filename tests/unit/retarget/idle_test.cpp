// The standing idle over the walker's stand pose: it eases in after 2 s, moves the body (breathing,
// weight shifts) with every foot where the walker planted it and the waist at the stand's height,
// and differs from creature to creature; the look turns the head alone.
#include "retarget/idle.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "test_creatures.h"

namespace cf {
namespace {

const MotionClip& idle_clip() { return test::shipped_clip("idle"); }

// A shipped creature with its walk and its idle fitted.
struct Idling {
  Rig rig;
  RetargetSetup walk;
  IdleMotion idle;
};
void fit_idle(const std::string& name, Idling* out) {
  out->rig = test::load_rig(name);
  auto walk = build_retarget_setup(out->rig, test::walk_clip());
  ASSERT_TRUE(walk.ok()) << name;
  out->walk = std::move(*walk);
  auto im = prepare_idle(out->rig, idle_clip(), out->walk);
  ASSERT_TRUE(im.ok()) << name << ": " << im.error().to_string();
  out->idle = std::move(*im);
}

TEST(Idle, EasesInAfterTwoSecondsStandingStill) {
  EXPECT_EQ(idle_weight(0), 0.0f);
  EXPECT_EQ(idle_weight(kIdleStartTicks), 0.0f);
  EXPECT_EQ(idle_weight(kIdleStartTicks + kIdleEaseTicks), 1.0f);
  EXPECT_EQ(idle_weight(100000), 1.0f);
  float prev = 0.0f, worst = 0.0f;
  for (std::uint32_t t = 0; t < 300; ++t) {
    EXPECT_GE(idle_weight(t), prev);
    worst = std::max(worst, idle_weight(t) - prev);
    prev = idle_weight(t);
  }
  EXPECT_LT(worst, 0.03f);  // no step: eased over a second
}

TEST(Idle, TheLookTurnsTheHeadAloneToThatSide) {
  for (const std::string& name : test::shipped_creatures()) {
    Idling fitted;
    ASSERT_NO_FATAL_FAILURE(fit_idle(name, &fitted));
    const auto& [rig, walk, im] = fitted;
    if (rig.head_bones.empty()) continue;
    const float heading = 0.5f;
    const WalkerState stand = make_walker(walk, rig, glm::vec3(1.0f, 0.0f, 2.0f), heading);
    CreaturePose ahead, ahead_half, left, right;
    for (CreaturePose* p : {&ahead, &ahead_half, &left, &right}) p->resize(rig);
    ASSERT_TRUE(pose_idle(im, stand, rig, 1.0, 1.0f, &ahead));
    ASSERT_TRUE(pose_idle(im, stand, rig, 1.0, 0.5f, &ahead_half));
    ASSERT_TRUE(pose_idle(im, stand, rig, 1.0, 1.0f, &left, {}, nullptr, 0.6f));
    ASSERT_TRUE(pose_idle(im, stand, rig, 1.0, 0.5f, &right, {}, nullptr, -0.6f));
    const std::size_t root = static_cast<std::size_t>(rig.head_bones.front());
    const std::size_t tip = static_cast<std::size_t>(rig.head_bones.back());
    // The head's root stays; its tip swings round by the look (in the world: the heading plus it).
    EXPECT_LT(glm::length(left.head_ws[root] - ahead.head_ws[root]), 1e-4f) << name;
    auto yaw_of = [&](const CreaturePose& p) {
      const glm::vec3 d = p.tail_ws[tip] - p.head_ws[root];
      return std::atan2(d.x, d.z);
    };
    auto turned = [&](const CreaturePose& p, const CreaturePose& from) {
      float a = yaw_of(p) - yaw_of(from);
      while (a > 3.14159265f) a -= 6.2831853f;
      while (a < -3.14159265f) a += 6.2831853f;
      return a;
    };
    const glm::vec3 d0 = ahead.tail_ws[tip] - ahead.head_ws[root];
    if (std::hypot(d0.x, d0.z) < 0.02f) continue;  // a head straight up turns on the spot
    EXPECT_NEAR(turned(left, ahead), 0.6f, 0.02f) << name;
    EXPECT_NEAR(turned(right, ahead_half), -0.3f, 0.02f) << name << ": eased in with the idle's weight";
    // Held down by a pitch (about the body's left): the head turns that much, its tip lower.
    CreaturePose low, high;
    low.resize(rig);
    high.resize(rig);
    ASSERT_TRUE(pose_idle(im, stand, rig, 1.0, 1.0f, &low, {}, nullptr, 0.0f, 0.35f));
    ASSERT_TRUE(pose_idle(im, stand, rig, 1.0, 1.0f, &high, {}, nullptr, 0.0f, -0.2f));
    const glm::vec3 h0 = glm::normalize(ahead.tail_ws[tip] - ahead.head_ws[root]);
    const glm::vec3 hl = glm::normalize(low.tail_ws[tip] - low.head_ws[root]);
    const glm::vec3 hh = glm::normalize(high.tail_ws[tip] - high.head_ws[root]);
    EXPECT_NEAR(std::acos(std::clamp(glm::dot(h0, hl), -1.0f, 1.0f)), 0.35f, 0.02f) << name;
    EXPECT_NEAR(std::acos(std::clamp(glm::dot(h0, hh), -1.0f, 1.0f)), 0.2f, 0.02f) << name;
    EXPECT_LT(low.tail_ws[tip].y, ahead.tail_ws[tip].y) << name;
    // Nothing but the head moves.
    for (std::size_t b = 0; b < ahead.tail_ws.size(); ++b) {
      if (std::find(rig.head_bones.begin(), rig.head_bones.end(), static_cast<int>(b)) != rig.head_bones.end()) continue;
      EXPECT_LT(glm::length(left.tail_ws[b] - ahead.tail_ws[b]), 1e-4f) << name << " bone " << b;
    }
  }
}

TEST(Idle, ShippedCreaturesBreatheAndShiftWithFeetPlantedAndTheWaistAtTheStandsHeight) {
  for (const std::string& name : test::shipped_creatures()) {
    Idling fitted;
    ASSERT_NO_FATAL_FAILURE(fit_idle(name, &fitted));
    const auto& [rig, walk, im] = fitted;
    const WalkerState stand = make_walker(walk, rig, glm::vec3(1.0f, 0.0f, 2.0f), 0.5f);
    CreaturePose walker_pose, pose, first;
    walker_pose.resize(rig);
    pose.resize(rig);
    first.resize(rig);
    ASSERT_TRUE(pose_walker(stand, walk, rig, test::walk_clip(), &walker_pose));
    float moved = 0.0f;
    for (int k = 0; k < 360; k += 5) {
      ASSERT_TRUE(pose_idle(im, stand, rig, k / 60.0, 1.0f, k == 0 ? &first : &pose)) << name;
      const CreaturePose& p = k == 0 ? first : pose;
      EXPECT_NEAR(p.cog_ws.y, walker_pose.cog_ws.y, 1e-4f) << name << " tick " << k;
      for (std::size_t l = 0; l < rig.limbs.size(); ++l) {
        if (rig.limbs[l].tag != PartTag::kLeg) continue;
        EXPECT_TRUE(p.limbs[l].contact);
        EXPECT_TRUE(p.limbs[l].reached) << name << " leg " << l << " tick " << k;
        const glm::vec3 c = p.tail_ws[static_cast<std::size_t>(rig.limbs[l].bones[1])];
        const glm::vec3 c0 = walker_pose.tail_ws[static_cast<std::size_t>(rig.limbs[l].bones[1])];
        EXPECT_LT(glm::length(c - c0), 1e-3f) << name << " leg " << l << ": the foot stays where it stood";
      }
      for (std::size_t b = 0; b < p.tail_ws.size(); ++b) {
        EXPECT_TRUE(std::isfinite(p.tail_ws[b].x + p.tail_ws[b].y + p.tail_ws[b].z));
        if (k > 0) moved = std::max(moved, glm::length(pose.tail_ws[b] - first.tail_ws[b]));
      }
    }
    EXPECT_GT(moved, 0.01f) << name << ": the idle moves the body";
    EXPECT_LT(moved, 0.2f) << name;
  }
}

TEST(Idle, EveryCreatureIdlesAtItsOwnTime) {
  Idling fitted;
  ASSERT_NO_FATAL_FAILURE(fit_idle("quadruped", &fitted));
  const auto& [rig, walk, im] = fitted;
  int distinct = 0;
  for (std::uint32_t v = 1; v < 20; ++v)
    if (std::abs(idle_time(im, 400, v) - idle_time(im, 400, v + 1)) > 0.05) ++distinct;
  EXPECT_EQ(distinct, 19);
  // A clip that does not loop is refused.
  auto jump = load_motion(test::asset("motions/jump.json"));
  ASSERT_TRUE(jump.ok());
  EXPECT_FALSE(prepare_idle(rig, *jump, walk).ok());
}

TEST(Idle, FidgetsComeNowAndThenAtEachCreaturesOwnTimes) {
  constexpr std::uint32_t kEased = kIdleStartTicks + kIdleEaseTicks;
  std::vector<std::uint32_t> firsts;
  int swishes = 0, shuffles = 0;
  for (std::uint32_t v = 1; v <= 20; ++v) {
    std::uint32_t first = 0;
    int count = 0;
    IdleFidgetAt prev;
    for (std::uint32_t t = 0; t < kEased + 3600; ++t) {
      const IdleFidgetAt f = idle_fidget(t, v, 4, true);
      if (t < kEased) {
        EXPECT_EQ(f.kind, IdleFidget::kNone) << "no fidget before the idle has eased in";
      }
      if (f.kind != IdleFidget::kNone && prev.kind == IdleFidget::kNone) {
        ++count;
        EXPECT_EQ(f.u, 0.0f) << "a fidget starts at its beginning";
        if (first == 0) first = t;
        (f.kind == IdleFidget::kTailSwish ? swishes : shuffles)++;
        if (f.kind == IdleFidget::kFootShuffle) {
          EXPECT_GE(f.foot, 0);
          EXPECT_LT(f.foot, 4);
        }
      }
      if (f.kind != IdleFidget::kNone) {
        EXPECT_LT(f.u, 1.0f);
      }
      prev = f;
    }
    // The first within 0.5-3 s of the idle easing in, then one every 4-7 s: 8 to 15 in a minute.
    EXPECT_GE(first, kEased + 30) << v;
    EXPECT_LT(first, kEased + 180) << v;
    EXPECT_GE(count, 8) << v;
    EXPECT_LE(count, 15) << v;
    firsts.push_back(first);
  }
  std::sort(firsts.begin(), firsts.end());
  EXPECT_GE(std::unique(firsts.begin(), firsts.end()) - firsts.begin(), 15) << "a herd never fidgets in step";
  EXPECT_GT(swishes, 20);
  EXPECT_GT(shuffles, 20);
  // The body decides what it can do: no tail, only shuffles; one leg and no tail, nothing.
  for (std::uint32_t t = kEased; t < kEased + 1200; ++t) {
    EXPECT_NE(idle_fidget(t, 3, 2, false).kind, IdleFidget::kTailSwish);
    EXPECT_NE(idle_fidget(t, 3, 1, true).kind, IdleFidget::kFootShuffle);
    EXPECT_EQ(idle_fidget(t, 3, 1, false).kind, IdleFidget::kNone);
    EXPECT_EQ(idle_fidget(t, 3, 0, false).kind, IdleFidget::kNone);
  }
}

// The ankle (end of the lower leg) of each of a rig's legs, in world space.
std::vector<glm::vec3> ankles(const Rig& rig, const CreaturePose& p) {
  std::vector<glm::vec3> out;
  for (const auto& l : rig.limbs)
    if (l.tag == PartTag::kLeg) out.push_back(p.tail_ws[static_cast<std::size_t>(l.bones[1])]);
  return out;
}

TEST(Idle, AShuffledFootLiftsAndComesDownWhereItStoodTheOthersStayPlanted) {
  for (const std::string& name : test::shipped_creatures()) {
    Idling fitted;
    ASSERT_NO_FATAL_FAILURE(fit_idle(name, &fitted));
    const auto& [rig, walk, im] = fitted;
    const WalkerState stand = make_walker(walk, rig, glm::vec3(1.0f, 0.0f, 2.0f), 0.5f);
    if (stand.leg_count < 2) continue;
    CreaturePose still, pose;
    still.resize(rig);
    pose.resize(rig);
    for (int foot = 0; foot < stand.leg_count; ++foot) {
      float top = 0.0f, step = 0.0f;
      std::vector<glm::vec3> last;
      for (int k = 0; k <= kIdleFidgetTicks; ++k) {
        const double t = 2.0 + k / 60.0;
        ASSERT_TRUE(pose_idle(im, stand, rig, t, 1.0f, &still));
        IdleFidgetAt f;
        f.kind = k < kIdleFidgetTicks ? IdleFidget::kFootShuffle : IdleFidget::kNone;
        f.u = static_cast<float>(k) / kIdleFidgetTicks;
        f.foot = foot;
        ASSERT_TRUE(pose_idle(im, stand, rig, t, 1.0f, &pose, f));
        const std::vector<glm::vec3> a = ankles(rig, pose), a0 = ankles(rig, still);
        for (int g = 0; g < stand.leg_count; ++g) {
          const float d = glm::length(a[static_cast<std::size_t>(g)] - a0[static_cast<std::size_t>(g)]);
          if (g != foot || k == 0 || k == kIdleFidgetTicks) {
            EXPECT_LT(d, 1e-3f) << name << " foot " << g << " tick " << k;
          }
        }
        top = std::max(top, a[static_cast<std::size_t>(foot)].y - a0[static_cast<std::size_t>(foot)].y);
        if (!last.empty()) step = std::max(step, glm::length(a[static_cast<std::size_t>(foot)] - last[static_cast<std::size_t>(foot)]));
        last = a;
        for (std::size_t l = 0; l < rig.limbs.size(); ++l) EXPECT_TRUE(pose.limbs[l].reached) << name << " limb " << l;
      }
      float len = 0.0f;  // this leg's length
      for (std::size_t l = 0, g = 0; l < rig.limbs.size(); ++l)
        if (rig.limbs[l].tag == PartTag::kLeg && static_cast<int>(g++) == foot) len = im.setup.limbs[l].length_m;
      EXPECT_GT(top, 0.06f * len) << name << " foot " << foot << ": the shuffle lifts the foot";
      EXPECT_LT(top, 0.12f * len) << name << " foot " << foot;
      EXPECT_LT(step, 0.008f * len) << name << " foot " << foot << ": no pop (a smooth lift moves 0.6% of the leg a tick)";
    }
  }
}

TEST(Idle, ATailSwishSwingsTheTailAndEndsWhereItBegan) {
  Idling fitted;
  ASSERT_NO_FATAL_FAILURE(fit_idle("biped_arms_tail", &fitted));
  const auto& [rig, walk, im] = fitted;
  ASSERT_FALSE(rig.tail_bones.empty());
  const WalkerState stand = make_walker(walk, rig, glm::vec3(0.0f), 0.0f);
  const auto tip = static_cast<std::size_t>(rig.tail_bones.back());
  CreaturePose still, pose;
  still.resize(rig);
  pose.resize(rig);
  float widest = 0.0f;
  for (int k = 0; k <= kIdleFidgetTicks; ++k) {
    ASSERT_TRUE(pose_idle(im, stand, rig, 1.0, 1.0f, &still));
    IdleFidgetAt f;
    f.kind = IdleFidget::kTailSwish;
    f.u = std::min(0.999f, static_cast<float>(k) / kIdleFidgetTicks);
    ASSERT_TRUE(pose_idle(im, stand, rig, 1.0, 1.0f, &pose, f));
    const float d = glm::length(pose.tail_ws[tip] - still.tail_ws[tip]);
    widest = std::max(widest, d);
    if (k == 0) {
      EXPECT_LT(d, 1e-5f);
    }
    if (k == kIdleFidgetTicks) {
      EXPECT_LT(d, 2e-3f);
    }
    for (std::size_t b = 0; b < pose.tail_ws.size(); ++b) {
      if (std::find(rig.tail_bones.begin(), rig.tail_bones.end(), static_cast<int>(b)) == rig.tail_bones.end()) {
        EXPECT_LT(glm::length(pose.tail_ws[b] - still.tail_ws[b]), 1e-5f) << "only the tail moves";
      }
    }
  }
  EXPECT_GT(widest, 0.05f) << "the tail swings visibly";
}

}  // namespace
}  // namespace cf
