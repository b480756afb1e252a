// Vaults without pops: for every shipped creature, on every shipped level with a fence, the
// approach, the start and the landing of a vault (authored and mirrored) move the root and every
// joint no more per tick than twice the most that creature moves them while walking at full speed,
// and the heading turns no faster than the walker can turn. In the middle of the vault nothing moves
// more than twice the faster of walking and the vault's own limb targets (no knee flips round).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "game/session/session.h"
#include "game/play/actions/vault_action.h"
#include "math/angles.h"
#include "world/clearance.h"

namespace cf {
namespace {

const char* const kCreatures[] = {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"};
const char* const kLevels[] = {"default",          "fence_region", "fence_wall_left",         "fence_wall_right",
                               "fence_walls_both", "open_ground",  "wall_pipes_virtual_plane"};

Result<Scene> scene_of(const std::string& creature, const std::string& level) {
  return load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                    std::string(CF_ASSETS_DIR) + "/levels/" + level + ".json");
}

InputFrame pad(float lx, float ly, bool a = false) {
  InputFrame f;
  f.left_x = static_cast<std::int16_t>(lx * 32767.0f);
  f.left_y = static_cast<std::int16_t>(ly * 32767.0f);
  if (a) f.buttons = f.pressed = kButtonA;
  return f;
}

// The largest per-tick moves over a stretch of ticks.
struct Jumps {
  float root_m = 0.0f;     // root (ground point under the cog)
  float joint_m = 0.0f;    // any bone's head or tail, world space
  float heading_rad = 0.0f;
  std::uint64_t root_tick = 0, joint_tick = 0, heading_tick = 0;
  std::string joint_name;  // the bone whose head or tail moved most, and the vault tick then
  int joint_vault_tick = -1;
  void add(const Jumps& o) {
    if (o.root_m > root_m) root_m = o.root_m, root_tick = o.root_tick;
    if (o.joint_m > joint_m) joint_m = o.joint_m, joint_tick = o.joint_tick, joint_name = o.joint_name,
                            joint_vault_tick = o.joint_vault_tick;
    if (o.heading_rad > heading_rad) heading_rad = o.heading_rad, heading_tick = o.heading_tick;
  }
};

// Per-tick moves of the player between the state before and after one tick.
Jumps tick_jumps(const Session& s, const glm::vec3& root_before, float heading_before,
                 const std::vector<glm::vec3>& joints_before) {
  Jumps j;
  const std::uint64_t t = s.state().tick;
  j.root_m = glm::length(s.state().player().root_ws - root_before), j.root_tick = t;
  j.heading_rad = std::fabs(wrap_angle(s.state().player().heading_rad - heading_before)), j.heading_tick = t;
  const CreaturePose& p = s.runtime().pose(0);
  for (std::size_t b = 0; b < p.head_ws.size(); ++b) {
    const float d = std::max(glm::length(p.head_ws[b] - joints_before[2 * b]),
                             glm::length(p.tail_ws[b] - joints_before[2 * b + 1]));
    if (d > j.joint_m) j.joint_m = d, j.joint_tick = t, j.joint_name = s.scene().rig.skeleton.names[b],
                      j.joint_vault_tick = vault_of(s.state().player()).vault.tick;
  }
  return j;
}

std::vector<glm::vec3> joints_of(const Session& s) {
  const CreaturePose& p = s.runtime().pose(0);
  std::vector<glm::vec3> out;
  for (std::size_t b = 0; b < p.head_ws.size(); ++b) out.push_back(p.head_ws[b]), out.push_back(p.tail_ws[b]);
  return out;
}

// Runs 'input' tick by tick and returns the largest moves of ticks [from, to).
template <class Input>
Jumps run_and_measure(Session& s, std::uint64_t ticks, std::uint64_t from, Input input) {
  Jumps worst;
  for (std::uint64_t t = 0; t < ticks; ++t) {
    const glm::vec3 root = s.state().player().root_ws;
    const float heading = s.state().player().heading_rad;
    const std::vector<glm::vec3> joints = joints_of(s);
    s.tick(input(t, s));
    if (t >= from) worst.add(tick_jumps(s, root, heading, joints));
  }
  return worst;
}

// Walking at full speed (from standing, and turning at full stick) on open ground.
Jumps walking_jumps(const std::string& creature) {
  Result<Scene> scene = scene_of(creature, "open_ground");
  EXPECT_TRUE(scene.ok());
  Session s;
  s.start(std::move(*scene), 1);
  return run_and_measure(s, 420, 0, [](std::uint64_t t, const Session&) {
    return t < 240 ? pad(0, 1) : pad(t < 330 ? 1.0f : -1.0f, 1);
  });
}

// The largest moves of one vault, by stretch: walking to the start, the vault's first ticks, the
// vault's middle, and from just before the landing to a second after it.
struct VaultRun {
  Jumps approach, start, middle, landing;
  float middle_target_m = 0.0f;  // the vault's own motion: largest per-tick move of a limb's IK target
  int vaults = 0;
  bool mirrored = false;
  bool refused = false;
  std::string where;
};

// From 'start' facing 'heading_rad', walk 'walk_ticks' then press A; measures until a second after
// the landing.
VaultRun vault_from(const std::string& creature, const std::string& level, const glm::vec3& start, float heading_rad,
                    int walk_ticks) {
  VaultRun r;
  Result<Scene> scene = scene_of(creature, level);
  EXPECT_TRUE(scene.ok());
  scene->level.spawn = start;
  scene->level.spawn_heading_deg = heading_rad * kRadToDeg;
  Session s;
  s.start(std::move(*scene), 1);
  const auto press = static_cast<std::uint64_t>(walk_ticks);
  std::uint64_t landed_at = 0;
  for (std::uint64_t t = 0; t < press + 700 && (landed_at == 0 || t < landed_at + 60); ++t) {
    const CreatureState& before = s.state().player();
    const bool was_playing = vault_of(before).playing();
    const int vault_tick = vault_of(before).vault.tick;
    const glm::vec3 root = before.root_ws;
    const float heading = before.heading_rad;
    const std::vector<glm::vec3> joints = joints_of(s);
    std::vector<glm::vec3> targets;
    for (const LimbPose& l : s.runtime().pose(0).limbs) targets.push_back(l.target_ws);
    s.tick(t < press ? pad(0, 0.6f) : pad(0, 0, t == press));
    const CreatureState& c = s.state().player();
    if (t < press) continue;
    const Jumps j = tick_jumps(s, root, heading, joints);
    if (vault_of(c).vaults_played > 0 && landed_at == 0) landed_at = t;
    if (!was_playing && !vault_of(c).playing() && vault_of(c).vaults_played == 0) {
      r.approach.add(j);
    } else if (vault_of(c).playing() && vault_tick < 13) {
      r.start.add(j);
    } else if (vault_of(c).playing() && vault_tick < vault_of(c).vault.ticks - 3) {
      r.middle.add(j);
      if (was_playing)
        for (std::size_t i = 0; i < targets.size(); ++i)
          r.middle_target_m =
              std::max(r.middle_target_m, glm::length(s.runtime().pose(0).limbs[i].target_ws - targets[i]));
    } else {
      r.landing.add(j);
    }
  }
  const CreatureState& c = s.state().player();
  r.vaults = static_cast<int>(vault_of(c).vaults_played);
  r.mirrored = vault_of(c).record.mirrored;
  r.refused = vault_of(c).record.refused;
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s on %s from (%.2f, %.2f) heading %.0f deg", creature.c_str(), level.c_str(),
                start.x, start.z, heading_rad * kRadToDeg);
  r.where = buf;
  return r;
}

// Where the vaults start: the level's spawn, and in front of every fence at a run-up distance and
// closer than the vault's start (the creature must walk back onto the vault's line).
std::vector<std::pair<glm::vec3, float>> vault_starts(const Level& lv) {
  std::vector<std::pair<glm::vec3, float>> out = {{lv.spawn, lv.spawn_heading_deg * kDegToRad}};
  for (const Box& f : lv.fences) {
    glm::vec3 n = f.axis_z();
    if (glm::dot(lv.spawn - f.centre, n) < 0.0f) n = -n;
    // Near either end of the fence a wall beside it makes the vault mirrored.
    for (float side : {0.0f, -0.8f, 0.8f}) {
      for (float d : {1.6f, 0.35f}) {
        glm::vec3 p = glm::vec3(f.centre.x, 0.0f, f.centre.z) + n * (f.half_extents.z + d) +
                      f.axis_x() * (side * f.half_extents.x);
        out.push_back({p, std::atan2(-n.x, -n.z)});
      }
    }
  }
  return out;
}

void print(const char* what, const Jumps& j) {
  std::printf("  %-8s root %.4f@%llu joint %.4f@%llu (%s, vault tick %d) heading %.4f@%llu\n", what, j.root_m,
              static_cast<unsigned long long>(j.root_tick), j.joint_m, static_cast<unsigned long long>(j.joint_tick),
              j.joint_name.c_str(), j.joint_vault_tick, j.heading_rad, static_cast<unsigned long long>(j.heading_tick));
}

class VaultContinuity : public ::testing::TestWithParam<const char*> {};

TEST_P(VaultContinuity, ApproachStartAndLandingMoveNoFasterThanWalking) {
  const std::string creature = GetParam();
  const Jumps walk = walking_jumps(creature);
  print("walking", walk);
  ASSERT_GT(walk.root_m, 0.005f);
  int vaults = 0, mirrored = 0, mirrored_asked = 0;
  for (const char* level : kLevels) {
    Result<Level> lv = load_level(std::string(CF_ASSETS_DIR) + "/levels/" + level + ".json");
    ASSERT_TRUE(lv.ok());
    for (const auto& st : vault_starts(*lv)) {
      Result<Scene> probe = scene_of(creature, level);
      ASSERT_TRUE(probe.ok());
      glm::vec3 p = st.first;
      // A start too close to a wall for this creature moves out as the game's collision would.
      resolve_circle_collisions(probe->level, make_species(*probe).body_radius_m, &p);
      if (!in_regions(probe->level, p)) continue;
      const VaultRun r = vault_from(creature, level, p, st.second, 20);
      mirrored_asked += r.mirrored ? 1 : 0;
      if (r.vaults == 0) continue;  // refused, or no fence in reach
      ++vaults;
      mirrored += r.mirrored ? 1 : 0;
      std::printf("%s%s\n", r.where.c_str(), r.mirrored ? " (mirrored)" : "");
      print("approach", r.approach), print("start", r.start), print("middle", r.middle), print("landing", r.landing);
      for (const Jumps* j : {&r.approach, &r.start, &r.landing}) {
        const char* what = j == &r.approach ? "approach" : j == &r.start ? "start" : "landing";
        EXPECT_LE(j->root_m, 2.0f * walk.root_m) << r.where << ": " << what << " root jumps at tick " << j->root_tick;
        EXPECT_LE(j->joint_m, 2.0f * walk.joint_m)
            << r.where << ": " << what << " joint jumps at tick " << j->joint_tick;
        EXPECT_LE(j->heading_rad, 2.0f * walk.heading_rad)
            << r.where << ": " << what << " heading snaps at tick " << j->heading_tick;
      }
      // Mid-vault the clip may move a foot faster than walking does (the strider's trailing foot
      // sweeps 0.4 m a tick, scaled up with its legs): joints may move twice the faster of walking
      // and the vault's own IK targets, never more (a knee flipping sides or a fence clamp letting go
      // moved 0.5-0.7 m while the targets moved 0.1 m).
      const float middle_bound = 2.0f * std::max(walk.joint_m, r.middle_target_m);
      std::printf("  middle bound %.4f (targets %.4f)\n", middle_bound, r.middle_target_m);
      EXPECT_LE(r.middle.joint_m, middle_bound) << r.where << ": mid-vault " << r.middle.joint_name
                                                << " jumps at vault tick " << r.middle.joint_vault_tick;
      EXPECT_LE(r.middle.root_m, 2.0f * std::max(walk.root_m, r.middle_target_m))
          << r.where << ": mid-vault root jumps at tick " << r.middle.root_tick;
    }
  }
  EXPECT_GE(vaults, 10) << "too few vaults played to say anything";
  // Every creature but the biped plays a mirrored vault beside a shipped wall; the biped's mirrored
  // vault is decided there but refused (its swing does not fit beside the wall).
  if (creature == "biped") {
    EXPECT_GE(mirrored_asked, 1) << "no mirrored vault was decided";
  } else {
    EXPECT_GE(mirrored, 1) << "no mirrored vault was played";
  }
}

INSTANTIATE_TEST_SUITE_P(Shipped, VaultContinuity, ::testing::ValuesIn(kCreatures));

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// Long- and short-legged creatures land within one stride of the fence: the vault's travel,
// scaled to the creature, is shortened when it would carry it farther.
TEST(VaultLanding, EveryShippedCreatureLandsWithinOneStrideOfTheFence) {
  for (const char* creature : kCreatures) {
    Result<Scene> scene = scene_of(creature, "open_ground");
    ASSERT_TRUE(scene.ok());
    ASSERT_FALSE(scene->level.fences.empty());
    const Box fence = scene->level.fences[0];
    const Species sp = make_species(*scene);
    ASSERT_TRUE(sp.walks());
    const float stride_m = natural_speed(*sp.walk_setup) / natural_cadence(*sp.walk_setup);
    glm::vec3 n = fence.axis_z();
    if (glm::dot(scene->level.spawn - fence.centre, n) < 0.0f) n = -n;
    scene->level.spawn = glm::vec3(fence.centre.x, 0.0f, fence.centre.z) + n * (fence.half_extents.z + 1.6f);
    scene->level.spawn_heading_deg = std::atan2(-n.x, -n.z) * kRadToDeg;
    Session s;
    s.start(std::move(*scene), 1);
    for (int t = 0; t < 700 && vault_of(s.state().player()).vaults_played == 0; ++t) s.tick(pad(0, 0, t == 5));
    ASSERT_EQ(vault_of(s.state().player()).vaults_played, 1u) << creature;
    // The landed foot nearest the fence: how far beyond its far face (ankle, flesh radius included).
    const Rig& rig = s.scene().rig;
    const CreaturePose& pose = s.runtime().pose(0);
    float beyond = 1e9f;
    for (const LimbChain& l : rig.limbs) {
      if (l.tag != PartTag::kLeg || l.bones[2] < 0) continue;
      const auto ankle = static_cast<std::size_t>(l.bones[2]);
      const float d = glm::dot(glm::vec3(fence.centre.x, 0.0f, fence.centre.z) - pose.head_ws[ankle], n) -
                      fence.half_extents.z - rig.skeleton.radius[ankle];
      beyond = std::min(beyond, d);
    }
    // Touch-down: the rearmost flesh is past the far face, and (when the scaled clip would carry the
    // creature farther, as the strider's does) by no more than the landing room.
    Result<VaultDecision> d = decide_vault(s.scene().level, 0, *vault_motion(sp), vault_of(s.state().player()).record.from_ws);
    ASSERT_TRUE(d.ok());
    const VaultPlacement& place = d->place;
    const float back_land = std::min(vault_motion(sp)->fit.back_land, vault_motion(sp)->fit_mirrored.back_land);
    const float rear_past_far_m = back_land + place.extra_forward_m - place.far_ms;
    EXPECT_GT(rear_past_far_m, 0.0f) << creature;
    EXPECT_LE(rear_past_far_m, 0.2f) << creature << " floats past the fence";
    std::printf("%-16s nearest foot lands %.2f m beyond the fence, stride %.2f m\n", creature, beyond, stride_m);
    EXPECT_GT(beyond, 0.0f) << creature << " lands on or before the fence";
    EXPECT_LE(beyond, stride_m) << creature << " lands more than a stride past the fence";
  }
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// The angle at a limb's knee or elbow between its two bones, degrees: 180 straight, 0 folded flat.
float knee_angle_deg(const CreaturePose& p, const LimbChain& l) {
  const auto up = static_cast<std::size_t>(l.bones[0]), low = static_cast<std::size_t>(l.bones[1]);
  const glm::vec3 a = p.head_ws[up] - p.tail_ws[up], b = p.tail_ws[low] - p.head_ws[low];
  const float la = glm::length(a), lb = glm::length(b);
  if (la < 1e-6f || lb < 1e-6f) return 180.0f;
  return std::acos(std::clamp(glm::dot(a, b) / (la * lb), -1.0f, 1.0f)) * kRadToDeg;
}

// Long- and short-legged creatures vault believably: no leg folds flatter than 30 degrees between
// thigh and shin (the clip scaled to a hexapod folded its legs to 9), and the body (the lowest point of
// any torso bone's flesh) clears the fence top while over it.
TEST(VaultLanding, LegsKeepAPlausibleBendAndTheBodyClearsTheFence) {
  for (const char* creature : kCreatures) {
    SCOPED_TRACE(creature);
    Result<Scene> scene = scene_of(creature, "open_ground");
    ASSERT_TRUE(scene.ok());
    const Box fence = scene->level.fences[0];
    glm::vec3 n = fence.axis_z();
    if (glm::dot(scene->level.spawn - fence.centre, n) < 0.0f) n = -n;
    Session walk;
    walk.start(Scene(*scene), 1);
    float walk_min = 180.0f;
    for (int t = 0; t < 240; ++t) {
      walk.tick(pad(t < 120 ? 0.0f : 1.0f, 1));
      for (const LimbChain& l : walk.scene().rig.limbs)
        if (l.tag == PartTag::kLeg) walk_min = std::min(walk_min, knee_angle_deg(walk.runtime().pose(0), l));
    }
    scene->level.spawn = glm::vec3(fence.centre.x, 0.0f, fence.centre.z) + n * (fence.half_extents.z + 1.6f);
    scene->level.spawn_heading_deg = std::atan2(-n.x, -n.z) * kRadToDeg;
    Session s;
    s.start(std::move(*scene), 1);
    float vault_min = 180.0f, lowest_over = 1e9f;
    for (int t = 0; t < 700 && vault_of(s.state().player()).vaults_played == 0; ++t) {
      s.tick(pad(0, 0, t == 5));
      if (!vault_of(s.state().player()).playing()) continue;
      const CreaturePose& p = s.runtime().pose(0);
      const Rig& rig = s.scene().rig;
      for (const LimbChain& l : rig.limbs)
        if (l.tag == PartTag::kLeg) vault_min = std::min(vault_min, knee_angle_deg(p, l));
      for (int b : rig.spine_bones) {
        const auto i = static_cast<std::size_t>(b);
        for (const glm::vec3& q : {p.head_ws[i], p.tail_ws[i]})
          if (distance_to_footprint(fence, q) <= 0.0f) lowest_over = std::min(lowest_over, q.y - rig.skeleton.radius[i]);
      }
    }
    ASSERT_EQ(vault_of(s.state().player()).vaults_played, 1u);
    std::printf("%-16s tightest knee: walking %.0f deg, vaulting %.0f deg; torso over the fence %.2f m above it\n",
                creature, walk_min, vault_min, lowest_over - fence.top_y());
    EXPECT_GE(vault_min, 30.0f) << "a leg folds flat";
    if (lowest_over < 1e8f) {
      EXPECT_GT(lowest_over, fence.top_y()) << "the body goes through the fence";
    }
  }
}

}  // namespace
}  // namespace cf
