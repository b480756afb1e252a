// The shipped content, clip by clip: every shipped creature on every shipped level, driven by the
// standard scripts (walk head-on and at 45 degrees into each wall, along each wall, in circles,
// vault every fence), must give no clip event. Every run prints the grid's tally.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "game/session/clip_run.h"
#include "math/angles.h"
#include "world/clearance.h"

namespace cf {
namespace {

const char* const kCreatures[] = {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"};
const char* const kLevels[] = {"default",        "fence_region",     "fence_wall_left", "fence_wall_right",
                               "fence_walls_both", "open_ground",     "wall_pipes_virtual_plane"};

// A standard script: where the creature starts (overriding the level's spawn) and its input.
struct Scenario {
  std::string name;
  glm::vec3 start{0.0f};
  float heading_rad = 0.0f;
  std::vector<PadScript::Step> steps;
};

PadScript::Step hold(std::uint64_t ticks, float lx, float ly, std::uint32_t buttons = 0) {
  PadScript::Step s;
  s.ticks = ticks;
  s.frame.left_x = static_cast<std::int16_t>(lx * 32767.0f);
  s.frame.left_y = static_cast<std::int16_t>(ly * 32767.0f);
  s.frame.buttons = buttons;
  return s;
}

// Heading that faces direction d (x, z) on the ground.
float heading_of(glm::vec3 d) { return std::atan2(d.x, d.z); }

std::vector<Scenario> scenarios(const Level& lv) {
  std::vector<Scenario> out;
  const glm::vec3 spawn = lv.spawn;
  out.push_back({"circles", spawn, lv.spawn_heading_deg * kDegToRad, {hold(10, 0, 0), hold(480, 0.6f, 1.0f)}});
  for (std::size_t i = 0; i < lv.walls.size(); ++i) {
    const Box& b = lv.walls[i].box;
    // The long face on the spawn's side: its outward normal n and the direction along it.
    const bool thin_x = b.half_extents.x < b.half_extents.z;
    glm::vec3 n = thin_x ? b.axis_x() : b.axis_z();
    if (glm::dot(spawn - b.centre, n) < 0.0f) n = -n;
    const glm::vec3 along = thin_x ? b.axis_z() : b.axis_x();
    const float half_t = thin_x ? b.half_extents.x : b.half_extents.z, half_l = thin_x ? b.half_extents.z : b.half_extents.x;
    const glm::vec3 face = glm::vec3(b.centre.x, 0.0f, b.centre.z) + n * half_t;
    const std::string w = "wall " + std::to_string(i);
    // Head-on and at 45 degrees from the first point along the face with room to start (a fence
    // may stand in front of part of it).
    glm::vec3 at = face;
    for (float off : {0.0f, 0.5f, -0.5f, 0.8f, -0.8f}) {
      glm::vec3 p = face + along * (off * half_l) + n * 2.5f, q = p;
      if (!resolve_circle_collisions(lv, 0.5f, &q) && in_regions(lv, p)) {
        at = face + along * (off * half_l);
        break;
      }
    }
    out.push_back({w + " head-on", at + n * 2.5f, heading_of(-n), {hold(10, 0, 0), hold(240, 0, 1)}});
    out.push_back({w + " at 45 deg", at + n * 2.0f - along * 2.0f, heading_of(glm::normalize(along - n)),
                   {hold(10, 0, 0), hold(240, 0, 1)}});
    out.push_back({w + " along", face + n * 0.7f - along * (half_l - 0.3f), heading_of(along),
                   {hold(10, 0, 0), hold(240, 0, 1)}});
  }
  for (std::size_t i = 0; i < lv.fences.size(); ++i) {
    const Box& f = lv.fences[i];
    glm::vec3 n = f.axis_z();
    if (glm::dot(spawn - f.centre, n) < 0.0f) n = -n;
    const glm::vec3 start = glm::vec3(f.centre.x, 0.0f, f.centre.z) + n * (f.half_extents.z + 1.6f);
    out.push_back({"vault fence " + std::to_string(i), start, heading_of(-n),
                   {hold(10, 0, 0), hold(20, 0, 0.6f), hold(2, 0, 0, kButtonA), hold(300, 0, 0), hold(60, 0, 1)}});
  }
  return out;
}

// The clips of one creature on one level, per scenario and obstacle kind.
struct Dirt {
  int events = 0;
  ClipEvent deepest;
};
struct PairResult {
  std::map<std::pair<std::string, ObstacleKind>, Dirt> dirt;  // (scenario, kind)
  std::vector<std::string> skipped;                          // scenarios whose start is blocked
};

// Names a run in failures: creature|level|scenario|obstacle kind.
std::string key(const std::string& creature, const std::string& level, const std::string& scenario, ObstacleKind kind) {
  return creature + "|" + level + "|" + scenario + "|" + to_string(kind);
}

PairResult run_pair(const std::string& creature, const std::string& level) {
  PairResult res;
  Result<Scene> base = load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                                  std::string(CF_ASSETS_DIR) + "/levels/" + level + ".json");
  EXPECT_TRUE(base.ok()) << base.error().to_string();
  if (!base) return res;
  const float body_r = make_species(*base).body_radius_m;
  for (const Scenario& sc : scenarios(base->level)) {
    Scene scene = *base;
    // A start too close to something for this creature's size moves out as the game's collision
    // would; outside the movable regions it cannot start at all.
    glm::vec3 p = sc.start;
    resolve_circle_collisions(scene.level, body_r, &p);
    if (!in_regions(scene.level, p)) {
      res.skipped.push_back(sc.name);
      continue;
    }
    scene.level.spawn = p;
    scene.level.spawn_heading_deg = sc.heading_rad * kRadToDeg;
    Session s;
    s.start(std::move(scene), 1);
    const PadScript script(sc.steps);
    const ClipRun run = run_clip_check(s, &script, script.total_ticks(), 1u << 20);
    for (const ClipEvent& e : run.events) {
      Dirt& d = res.dirt[{sc.name, e.obstacle}];
      if (d.events++ == 0 || e.depth_m > d.deepest.depth_m) d.deepest = e;
    }
  }
  return res;
}

class ClipGrid : public ::testing::TestWithParam<const char*> {};

TEST_P(ClipGrid, ShippedLevelsGiveNoClips) {
  const std::string creature = GetParam();
  Result<Scene> probe = load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                                   std::string(CF_ASSETS_DIR) + "/levels/open_ground.json");
  ASSERT_TRUE(probe.ok());
  const Skeleton& sk = probe->rig.skeleton;
  int clean_runs = 0, runs = 0;
  for (const char* level : kLevels) {
    const PairResult r = run_pair(creature, level);
    for (const std::string& sc : r.skipped)
      std::printf("[clip grid] %s %s: start blocked, not run: %s\n", creature.c_str(), level, sc.c_str());
    for (const Scenario& sc : scenarios(*load_level(std::string(CF_ASSETS_DIR) + "/levels/" + level + ".json"))) {
      if (std::find(r.skipped.begin(), r.skipped.end(), sc.name) != r.skipped.end()) continue;
      ++runs;
      bool clean = true;
      for (ObstacleKind k : {ObstacleKind::kGround, ObstacleKind::kWall, ObstacleKind::kPipe, ObstacleKind::kFence}) {
        const auto it = r.dirt.find({sc.name, k});
        if (it == r.dirt.end()) continue;
        clean = false;
        const ClipEvent& e = it->second.deepest;
        ADD_FAILURE() << key(creature, level, sc.name, k) << ": " << it->second.events << " clip events, deepest "
                      << e.depth_m * 100.0f << " cm (" << sk.names[static_cast<std::size_t>(e.bone)] << " at tick "
                      << e.tick << ")";
      }
      clean_runs += clean;
    }
  }
  std::printf("[clip grid] %s: %d of %d scenario runs clean\n", creature.c_str(), clean_runs, runs);
  // The grid really ran: every level gives at least its circles run.
  EXPECT_GE(runs, static_cast<int>(std::size(kLevels)));
}

INSTANTIATE_TEST_SUITE_P(ShippedCreatures, ClipGrid, ::testing::ValuesIn(kCreatures));

}  // namespace
}  // namespace cf
