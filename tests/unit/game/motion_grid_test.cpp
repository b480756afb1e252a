// The motion grid: seeded random creatures (0-8 legs, 0-4 arms, with and without a head and a tail;
// long, short, tall, low) through the real tick, each driven through sit, greet, roar and dance and
// the transitions between them and walk, run and idle (asked for while walking, running, idling,
// seated; interrupted by the stick). Every tick: no clip event, no pop (the root within 6 cm and 12
// degrees a tick of what the motion itself moves), no planted foot skating, no knee bent backwards,
// every pose finite. Every failure is printed (a defect to fix, not a case to skip) with the pass count;
// the test holds the issue's bar, 99% of the creatures acceptable (its target is 100%).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../retarget/test_creatures.h"
#include "core/file_io.h"
#include "game/play/actions/emote_action.h"
#include "game/play/scene.h"
#include "game/play/world_runtime.h"
#include "game/session/session.h"
#include "game_test_util.h"
#include "world/clip_detect.h"

namespace cf {
namespace {

constexpr float kRootPop_m = 0.06f;
constexpr float kRootPop_deg = 12.0f;

// The random creature of grid cell i: legs 0-8, arms 0-4, a tail every other 45 cells.
Creature grid_creature(Rng& rng, int i) {
  const int legs = i % 9, arms = (i / 9) % 5;
  const bool tail = (i / 45) % 2 == 1;
  Creature c = test::random_creature(rng, legs);
  const Part torso = c.parts[0];
  const float h = torso.stroke[1].y, r = torso.radius;
  const float len = glm::length(torso.stroke.back() - torso.stroke.front());
  for (int a = 0; a < arms; ++a) {
    const float side = a % 2 == 0 ? -1.0f : 1.0f;  // an odd arm out is a right arm
    const float t = a < 2 ? 0.8f : 0.55f;         // along the torso from its back
    const glm::vec3 root = glm::mix(torso.stroke.front(), torso.stroke.back(), t) + glm::vec3(side * 0.8f * r, 0, 0);
    const float s = 0.6f * std::min(root.y, 1.0f);
    Part arm;
    arm.tag = PartTag::kArm;
    arm.side = side > 0.0f ? Side::kLeft : Side::kRight;
    arm.side_given = true;
    arm.radius = 0.25f * r;
    const glm::vec3 elbow = root + s * glm::vec3(side * 0.2f, -0.3f, -0.05f);
    const glm::vec3 wrist = elbow + s * glm::vec3(0.02f * side, -0.3f, 0.12f);
    arm.stroke = {root, elbow, wrist, wrist + s * glm::vec3(0.0f, -0.08f, 0.04f)};
    c.parts.push_back(arm);
  }
  if (tail) {
    const glm::vec3 back = torso.stroke.front();
    const float drop = std::max(0.0f, std::min(0.2f * h, back.y - 0.6f * r - 0.08f));
    Part t;
    t.tag = PartTag::kTail;
    t.radius = 0.4f * r;
    t.stroke = {back + glm::vec3(0, 0, -0.02f), back + glm::vec3(0, -0.5f * drop, -0.3f * std::max(len, 0.4f)),
                back + glm::vec3(0, -drop, -0.55f * std::max(len, 0.4f))};
    c.parts.push_back(t);
  }
  return c;
}

// The input of tick t: a route through every motion and transition.
InputFrame route(int t) {
  auto at = [&](int from, int to) { return t >= from && t < to; };
  float y = 0.0f;
  if (at(0, 60) || at(260, 340) || at(1300, 1400) || at(1460, 1500)) y = 0.6f;  // walk (a sit stands up)
  if (at(340, 400) || at(1560, 1640)) y = 1.0f;                                  // run (a dance stops)
  InputFrame f = test::stick(0.0f, y);
  std::uint32_t b = 0;
  if (t == 60 || t == 1150) b = kButtonDpadDown;    // sit while walking, from a stand
  if (t == 400 || t == 1400) b = kButtonDpadUp;     // greet while running, while walking (cut short at 1460)
  if (t == 750) b = kButtonDpadRight;               // roar from the idle
  if (t == 900 || t == 1500) b = kButtonDpadLeft;   // dance from a stand, while walking (cut short at 1560)
  if (t == 1260) b = kButtonDpadUp;                 // a greet asked for while seated waits for nothing
  f.buttons = f.pressed = b;
  return f;
}
constexpr int kRouteTicks = 1700;

struct Tally {
  int failures = 0;
  std::string first;
  void fail(const std::string& what) {
    if (failures++ == 0) first = what;
  }
};

// Which motions play (for failure messages).
std::string phases(const CreatureState& c) {
  std::string out;
  for (EmoteKind k : {EmoteKind::kSit, EmoteKind::kGreet, EmoteKind::kRoar, EmoteKind::kDance}) {
    const EmoteActionState& st = emote_of(c, k);
    if (st.playing()) out += std::string(" ") + to_string(k) + ":" + emote_phase_name(st.phase) + "@" + std::to_string(st.tick);
  }
  return out;
}

// The cog bone's world frame.
glm::mat3 cog_frame(const CreaturePose& p, int cog_bone) {
  return glm::mat3(p.model_to_world) * glm::mat3(p.bone_ms[static_cast<std::size_t>(cog_bone)]);
}

float angle_deg(const glm::mat3& a, const glm::mat3& b) {
  const glm::mat3 r = glm::transpose(a) * b;
  const float c = std::clamp((r[0][0] + r[1][1] + r[2][2] - 1.0f) * 0.5f, -1.0f, 1.0f);
  return std::acos(c) * 57.2957795f;
}

// Plays the route on one creature; the failures found.
Tally play_route(const Json& creature, const Json& level, std::map<std::string, int>* variants) {
  Tally tally;
  Result<Scene> scene = scene_from_json("grid.json", creature, "grid.json", "open_field.level.json", level, "open_field.level.json");
  if (!scene) {
    tally.fail("scene: " + scene.error().to_string());
    return tally;
  }
  Session s;
  s.start(std::move(*scene), 1);
  const Rig& rig = s.scene().rig;
  const Skeleton& sk = rig.skeleton;
  std::vector<glm::vec3> anchor(rig.limbs.size());
  std::vector<bool> planted(rig.limbs.size(), false);
  glm::vec3 last_cog(0.0f), last_root(0.0f);
  glm::mat3 last_frame(1.0f);
  float last_heading = 0.0f;
  for (int t = 0; t < kRouteTicks; ++t) {
    s.tick(route(t));
    const CreaturePose& p = s.runtime().pose(0);
    const CreatureState& c = s.state().player();
    const std::string when = " at tick " + std::to_string(t);
    bool finite = true;
    for (int b = 0; b < sk.size(); ++b) {
      const auto i = static_cast<std::size_t>(b);
      finite = finite && std::isfinite(p.head_ws[i].x + p.head_ws[i].y + p.head_ws[i].z + p.tail_ws[i].x +
                                       p.tail_ws[i].y + p.tail_ws[i].z);
    }
    if (!finite) tally.fail("a pose not finite" + when);
    if (s.clips().count() > 0) {
      const ClipEvent& e = s.clips().events()[0];
      tally.fail(std::to_string(s.clips().count()) + " clip events (" + sk.names[static_cast<std::size_t>(e.bone)] + " " +
                 to_string(e.obstacle) + " " + std::to_string(e.depth_m) + " m)" + when + phases(c));
    }
    const glm::mat3 frame = cog_frame(p, rig.cog_bone);
    const bool emotes = !phases(c).empty();
    if (t > 0) {
      const float step = glm::length((p.cog_ws - last_cog) - (c.root_ws - last_root));
      if (step > kRootPop_m) tally.fail("root popped " + std::to_string(step) + " m" + when + phases(c));
      const float turn = angle_deg(last_frame, frame) - std::fabs(c.heading_rad - last_heading) * 57.2957795f;
      if (turn > kRootPop_deg) tally.fail("root turned " + std::to_string(turn) + " deg" + when);
    }
    last_cog = p.cog_ws;
    last_root = c.root_ws;
    last_frame = frame;
    last_heading = c.heading_rad;
    for (std::size_t l = 0; l < rig.limbs.size(); ++l) {
      const LimbChain& limb = rig.limbs[l];
      if (limb.tag != PartTag::kLeg) continue;
      const LimbPose& lp = p.limbs[l];
      const glm::vec3 ankle = p.tail_ws[static_cast<std::size_t>(limb.bones[1])];
      if (test::knee_bent_backwards(rig, p, l)) tally.fail("a knee bent backwards" + when + phases(c));
      if (lp.contact && !planted[l]) anchor[l] = ankle;
      if (lp.contact && emotes) {  // the walk's and run's own feet are the walker's tests' business
        const float skate = glm::length(glm::vec2(ankle.x - anchor[l].x, ankle.z - anchor[l].z));
        if (skate > 0.02f * (limb.l1 + limb.l2) + 0.005f)
          tally.fail("a planted foot skated " + std::to_string(skate) + " m" + when + phases(c));
      }
      planted[l] = lp.contact;
    }
  }
  const Species& sp = s.context().species[0];
  for (EmoteKind k : {EmoteKind::kSit, EmoteKind::kGreet, EmoteKind::kRoar, EmoteKind::kDance}) {
    const EmoteActionState& st = emote_of(s.state().player(), k);
    const unsigned want = k == EmoteKind::kGreet || k == EmoteKind::kDance || k == EmoteKind::kSit ? 2u : 1u;
    if (!emote_motion(sp, k)) {
      tally.fail(std::string("cannot ") + to_string(k));
    } else if (st.plays != want) {
      tally.fail(std::string(to_string(k)) + " played " + std::to_string(st.plays) + " times, not " + std::to_string(want));
    }
    if (st.playing()) tally.fail(std::string(to_string(k)) + " still playing at the end");
    (*variants)[std::string(to_string(k)) + ":" + to_string(st.variant)] += 1;
  }
  return tally;
}

void run_grid(int first, int count) {
  Result<Json> level = load_json_file(CF_SOURCE_DIR "/tests/data/game/open_field.level.json");
  ASSERT_TRUE(level.ok());
  Rng rng = Rng::from_seed(2828);
  int passed = 0;
  std::map<std::string, int> variants;
  for (int i = 0; i < first + count; ++i) {
    const Creature c = grid_creature(rng, i);  // every cell drawn, so a shard sees the same creatures
    if (i < first) continue;
    const Tally t = play_route(creature_to_json(c), *level, &variants);
    if (t.failures == 0) {
      ++passed;
    } else {  // every failure is printed: a defect to fix (the issue's bar is 99%, its target 100%)
      std::printf("FAILED creature %d (%d legs, %d arms): %d failures, first: %s\n", i, i % 9, (i / 9) % 5, t.failures,
                  t.first.c_str());
    }
  }
  std::printf("motion grid: %d / %d random creatures pass sit, greet, roar and dance with every transition\n", passed,
              count);
  for (const auto& [v, n] : variants) std::printf("  %-24s %d\n", v.c_str(), n);
  EXPECT_GE(passed * 100, count * 99) << "below the issue's bar of 99% acceptable";
  if (first == 0) {  // the first cells hold every body the variants need
    for (const char* v : {"sit:lower_body", "sit:lower_torso", "greet:wave_arm", "greet:lift_foreleg", "greet:nod_wag",
                          "roar:rear_head", "roar:rear_front", "dance:bob_sway"})
      EXPECT_GT(variants[v], 0) << v;
  }
}

TEST(MotionGrid, ThreeHundredAndSixRandomCreatures) { run_grid(0, 306); }

}  // namespace
}  // namespace cf
