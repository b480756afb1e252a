// A trial's spectators: placed with the seed only inside the level's areas, behind its barriers,
// facing the course; for a whole run of every shipped sprint script they stay in their areas and off
// the course, cheer now and then, and the player's splits and finish are what they were without them
// (and before the level had them); the same with 1 and 2 threads; a trial without them has no herd.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "game/play/action.h"
#include "game/play/body_contact.h"
#include "game/play/trial_run.h"
#include "game/session/clip_run.h"
#include "game/session/pad_script.h"
#include "game/session/session.h"
#include "run_command.h"
#include "trial_test_util.h"
#include "world/clearance.h"
#include "sweep.h"

namespace cf {
namespace {

const char* kSprint = CF_ASSETS_DIR "/levels/trial_sprint.json";

Scene course(const std::string& creature, const std::string& level = kSprint) { return test::trial_scene(creature, level); }
PadScript script(const std::string& name) { return test::trial_script(name); }

// trial_sprint as it is, without its "spectators" (its barriers kept).
std::string sprint_without_spectators() {
  Result<Json> j = load_json_file(kSprint);
  EXPECT_TRUE(j.ok());
  j->erase("spectators");
  const std::string dir = test::fresh_scratch_dir("spectators_", "plain");
  const std::string path = dir + "/trial_sprint.json";
  std::ofstream(path) << j->dump(2);
  return path;
}

// The course's corridor: every gate's span and what lies between the first and the last gate.
struct Corridor {
  float x_min = 1e9f, x_max = -1e9f, z_min = 1e9f, z_max = -1e9f;
  explicit Corridor(const Trial& t) {
    std::vector<TrialGate> gates{t.start, t.finish};
    gates.insert(gates.end(), t.checkpoints.begin(), t.checkpoints.end());
    for (const TrialGate& g : gates)
      for (float side : {-0.5f, 0.5f}) {
        const glm::vec2 p = g.centre_xz + g.across() * (side * g.width_m);
        x_min = std::min(x_min, p.x), x_max = std::max(x_max, p.x);
        z_min = std::min(z_min, p.y), z_max = std::max(z_max, p.y);
      }
  }
  // How far a body of radius r at p keeps from the corridor (negative: in it).
  float gap(glm::vec2 p, float r) const {
    const float dx = std::max({x_min - p.x, p.x - x_max, 0.0f}), dz = std::max({z_min - p.y, p.y - z_max, 0.0f});
    return std::sqrt(dx * dx + dz * dz) - r;
  }
};

int spectators_of(const Session& s) {
  int n = 0;
  for (int i = 1; i < s.state().creature_count; ++i) n += s.state().creatures[static_cast<std::size_t>(i)].wander.spectator;
  return n;
}

const SpectatorArea* area_of(const Level& lv, glm::vec2 p) {
  for (const SpectatorArea& a : lv.spectators.areas)
    if (a.contains(p)) return &a;
  return nullptr;
}

TEST(Spectators, StandInsideTheirAreasBehindTheBarriersFacingTheCourse) {
  Session s;
  s.start(course("biped"), 1);
  const Level& lv = s.scene().level;
  ASSERT_EQ(lv.spectators.count, 8);
  ASSERT_EQ(s.state().creature_count, 9) << "the player and the level's 8 spectators";
  EXPECT_EQ(spectators_of(s), 8);
  for (int i = 1; i < s.state().creature_count; ++i) {
    SCOPED_TRACE(i);
    const CreatureState& c = s.state().creatures[static_cast<std::size_t>(i)];
    const glm::vec2 p(c.root_ws.x, c.root_ws.z);
    EXPECT_NE(area_of(lv, p), nullptr) << p.x << ", " << p.y;
    // Behind a barrier: the way from it to the course meets a wall before the course.
    const glm::vec2 to = nearest_on_course(lv.trial, p);
    ClearanceQuery q;
    q.origin_ws = c.root_ws;
    q.dir_ws = glm::vec3(to.x - p.x, 0.0f, to.y - p.y);
    q.max_distance = glm::length(to - p);
    const RayHit hit = ray_clearance(lv, q);
    EXPECT_EQ(hit.kind, HitKind::kWallBox);
    EXPECT_LT(hit.distance, q.max_distance);
    // Facing the course, give or take the placement's jitter (0.35 rad).
    const glm::vec2 facing(std::sin(c.heading_rad), std::cos(c.heading_rad));
    EXPECT_GT(glm::dot(facing, glm::normalize(to - p)), std::cos(0.4f));
  }
}

TEST(Spectators, ThePickAndPlacesFollowTheSeed) {
  Session a, b, c;
  a.start(course("biped"), 1);
  b.start(course("biped"), 1);
  c.start(course("biped"), 2);
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_NE(a.hash(), c.hash());
}

// Every shipped sprint script, run to its finish with the spectators and without them.
struct SprintRun {
  const char* creature;
  const char* script;
  std::uint64_t split1, split2, finish;  // the course's times without spectators or barriers (walls slid along)
};
const SprintRun kRuns[] = {{"biped", "sprint_biped", 329, 588, 901},
                     {"quadruped", "sprint_quadruped", 377, 638, 963},
                     {"hexapod", "sprint_hexapod", 683, 1126, 1686},
                     {"strider", "sprint_strider", 257, 467, 718}};

TEST(Spectators, StayInTheirAreasOffTheCourseAndLeaveEveryFinishAsItWas) {
  const std::string plain = sprint_without_spectators();
  for (const SprintRun& r : kRuns) {
    SCOPED_TRACE(r.creature);
    if (test::kUnderSanitizer && &r != &kRuns[0]) continue;  // the biped's course under the sanitizers
    const PadScript p = script(r.script);
    Session watched, alone;
    watched.start(course(r.creature), 1);
    alone.start(course(r.creature, plain), 1);
    ASSERT_EQ(spectators_of(watched), 8);
    ASSERT_EQ(alone.state().creature_count, 1) << "a trial without spectators has no herd";
    const Level& lv = watched.scene().level;
    const Corridor corridor(lv.trial);
    std::vector<const SpectatorArea*> home;
    for (int i = 1; i < watched.state().creature_count; ++i) {
      const CreatureState& c = watched.state().creatures[static_cast<std::size_t>(i)];
      home.push_back(area_of(lv, glm::vec2(c.root_ws.x, c.root_ws.z)));
    }
    int cheering_ticks = 0;
    float closest = 1e9f;
    while (watched.state().tick < p.total_ticks()) {
      const InputFrame in = scripted_frame(p, watched.state().tick);
      ASSERT_TRUE(watched.tick(in));
      ASSERT_TRUE(alone.tick(in));
      for (int i = 1; i < watched.state().creature_count; ++i) {
        const CreatureState& c = watched.state().creatures[static_cast<std::size_t>(i)];
        const glm::vec2 at(c.root_ws.x, c.root_ws.z);
        ASSERT_EQ(area_of(lv, at), home[static_cast<std::size_t>(i - 1)]) << "tick " << watched.state().tick << " creature " << i;
        ASSERT_LT(glm::length(at - c.wander.goal_xz), 0.1f) << "a spectator stands where it was placed";
        const Species* sp = watched.context().species_of(c.species);
        closest = std::min(closest, corridor.gap(at, body_bound(*sp)));
        cheering_ticks += game_actions().current(c) != kLocomotion ? 1 : 0;
      }
    }
    EXPECT_GT(closest, 0.0f) << "no spectator's body reaches the course's corridor";
    EXPECT_GT(cheering_ticks, 0) << "now and then they cheer";
    const Json seen = trial_json(watched.trial()), before = trial_json(alone.trial());
    EXPECT_EQ(seen, before) << "the same splits and finish with the spectators as without them";
    ASSERT_EQ(seen["phase"], "finished");
    EXPECT_EQ(seen["splits"][0], r.split1);
    EXPECT_EQ(seen["splits"][1], r.split2);
    EXPECT_EQ(seen["finish"], r.finish);
    const CreatureState &a = watched.state().player(), &b = alone.state().player();
    EXPECT_EQ(a.root_ws, b.root_ws) << "the player's creature ends where it did";
    EXPECT_EQ(a.heading_rad, b.heading_rad);
    EXPECT_NE(watched.hash(), alone.hash()) << "the spectators are part of the hashed state";
  }
}

TEST(Spectators, TheRunIsTheSameWithOneAndTwoThreads) {
  const PadScript p = script("sprint_biped");
  Session one, two;
  one.set_threads(1);
  two.set_threads(2);
  one.start(course("biped"), 1);
  two.start(course("biped"), 1);
  while (one.state().tick < p.total_ticks()) {
    const InputFrame in = scripted_frame(p, one.state().tick);
    ASSERT_TRUE(one.tick(in));
    ASSERT_TRUE(two.tick(in));
    ASSERT_EQ(one.hash(), two.hash()) << "tick " << one.state().tick;
  }
}

}  // namespace
}  // namespace cf
