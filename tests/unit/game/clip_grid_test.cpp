// The shipped content, clip by clip: every shipped creature on every shipped level, driven by the
// standard scripts (walk head-on and at 45 degrees into each wall, along each wall, in circles,
// vault every fence), must give no clip event. Pairs that are not clean yet are listed below with
// their cause; the test fails on any other clip, and on a listed pair that has become clean (so the
// list shrinks as the causes are fixed). Every run prints the whole grid.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "game/clip_run.h"
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

// What keeps a (creature, level, scenario, kind) from being clean today. The list lives in
// tests/data/game/clip_grid_known.txt, one "creature level scenario kind cause" per line.
const std::map<std::string, std::string> kCauses = {
    {"feet", "feet flesh one radius below the ground: the limb tube is centred on the ankle bone at y = 0 "
             "(issue 14)"},
    {"reach", "walking into a wall or fence: collision stops the body's circle (body radius) while the feet and "
              "head reach past it (collision, issue 14)"},
    {"tip", "walking at an angle into a wall or fence: a tail or head tip reaches ~2 cm past the body's footprint "
            "(the footprint does not cover the tip yet, issue 14)"},
};

struct Known {
  std::map<std::string, std::string> cause;  // "creature|level|scenario|kind" ("*" matches any) -> cause
  // The entry that covers id, or end().
  std::map<std::string, std::string>::const_iterator find(const std::string& id) const {
    auto fields = [](const std::string& k) {
      std::vector<std::string> f;
      std::size_t a = 0;
      for (std::size_t b; (b = k.find('|', a)) != std::string::npos; a = b + 1) f.push_back(k.substr(a, b - a));
      f.push_back(k.substr(a));
      return f;
    };
    const std::vector<std::string> want = fields(id);
    for (auto it = cause.begin(); it != cause.end(); ++it) {
      const std::vector<std::string> have = fields(it->first);
      bool match = have.size() == want.size();
      for (std::size_t i = 0; match && i < have.size(); ++i) match = have[i] == "*" || have[i] == want[i];
      if (match) return it;
    }
    return cause.end();
  }
};

Known load_known() {
  Known k;
  std::FILE* f = std::fopen(CF_SOURCE_DIR "/tests/data/game/clip_grid_known.txt", "r");
  if (!f) return k;
  char line[512];
  while (std::fgets(line, sizeof line, f)) {
    std::string l(line);
    if (l.empty() || l[0] == '#') continue;
    while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.pop_back();
    const std::size_t bar = l.rfind('|');
    if (bar == std::string::npos) continue;
    k.cause[l.substr(0, bar)] = l.substr(bar + 1);
  }
  std::fclose(f);
  return k;
}

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
    PadScript script;
    script.steps = sc.steps;
    const ClipRun run = run_clip_check(s, &script, script.total_ticks(), 1u << 20);
    for (const ClipEvent& e : run.events) {
      Dirt& d = res.dirt[{sc.name, e.obstacle}];
      if (d.events++ == 0 || e.depth_m > d.deepest.depth_m) d.deepest = e;
    }
  }
  return res;
}

class ClipGrid : public ::testing::TestWithParam<const char*> {};

TEST_P(ClipGrid, ShippedLevelsGiveNoClipsButTheKnownOnes) {
  const std::string creature = GetParam();
  Result<Scene> probe = load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                                   std::string(CF_ASSETS_DIR) + "/levels/open_ground.json");
  ASSERT_TRUE(probe.ok());
  const Skeleton& sk = probe->rig.skeleton;
  const Known known = load_known();
  EXPECT_FALSE(known.cause.empty()) << "tests/data/game/clip_grid_known.txt is missing";
  int clean_runs = 0;
  std::set<std::string> used;  // known lines that matched a dirty run
  for (const char* level : kLevels) {
    const PairResult r = run_pair(creature, level);
    for (const std::string& sc : r.skipped)
      std::printf("[clip grid] %s %s: start blocked, not run: %s\n", creature.c_str(), level, sc.c_str());
    for (const Scenario& sc : scenarios(*load_level(std::string(CF_ASSETS_DIR) + "/levels/" + level + ".json"))) {
      if (std::find(r.skipped.begin(), r.skipped.end(), sc.name) != r.skipped.end()) continue;
      bool clean = true;
      for (ObstacleKind k : {ObstacleKind::kGround, ObstacleKind::kWall, ObstacleKind::kPipe, ObstacleKind::kFence}) {
        const auto it = r.dirt.find({sc.name, k});
        const std::string id = key(creature, level, sc.name, k);
        const auto kn = known.find(id);
        if (it == r.dirt.end()) {
          // A line naming exactly this run must go once it is clean (wildcard lines cover many runs).
          EXPECT_TRUE(kn == known.cause.end() || kn->first != id) << id << " is clean now: remove it from clip_grid_known.txt";
          if (kn != known.cause.end()) used.insert(kn->first + "#clean");
          continue;
        }
        clean = false;
        const ClipEvent& e = it->second.deepest;
        std::printf("[clip grid] %s|%d events, deepest %.1f cm: %s at tick %llu\n", id.c_str(), it->second.events,
                    e.depth_m * 100.0f, sk.names[static_cast<std::size_t>(e.bone)].c_str(),
                    static_cast<unsigned long long>(e.tick));
        if (kn != known.cause.end()) used.insert(kn->first);
        if (kn == known.cause.end()) {
          ADD_FAILURE() << id << ": " << it->second.events << " clip events, deepest " << e.depth_m * 100.0f << " cm ("
                        << sk.names[static_cast<std::size_t>(e.bone)] << " at tick " << e.tick << ")";
        } else {
          EXPECT_TRUE(kCauses.count(kn->second)) << id << ": unknown cause '" << kn->second << "'";
        }
      }
      clean_runs += clean;
    }
  }
  std::printf("[clip grid] %s: %d clean scenario runs\n", creature.c_str(), clean_runs);
  // A wildcard line for every creature whose cause no longer shows for this one must be narrowed.
  for (const auto& [line, cause] : known.cause) {
    if (line.rfind("*|", 0) == 0 && used.count(line + "#clean") && !used.count(line))
      ADD_FAILURE() << "'" << line << "' (" << cause << ") matched no clip of " << creature
                    << ": narrow it in clip_grid_known.txt";
  }
}

INSTANTIATE_TEST_SUITE_P(ShippedCreatures, ClipGrid, ::testing::ValuesIn(kCreatures));

}  // namespace
}  // namespace cf
