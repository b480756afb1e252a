// The herd: picked and placed with the seed, wandering through the player's controls, kept apart as
// bodies, vaulting fences, and reproduced exactly by its replay.
#include "game_test_util.h"
#include "game/play/herd.h"
#include "game/play/actions/clip_action.h"
#include "game/play/actions/vault_action.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <set>

#include "core/json_util.h"
#include "game/play/scene.h"
#include "game/play/world_runtime.h"
#include "retarget/idle.h"
#include "retarget/walker.h"
#include "game/session/session.h"
#include "world/clearance.h"
#include "world/level.h"

namespace cf {
namespace {

const std::string kCreatures = CF_ASSETS_DIR "/creatures";

Scene scene_in(const char* level) { return test::biped_scene_in(level); }

TEST(Herd, PickIsDeterministicAndFromTheShippedCreatures) {
  Result<std::vector<HerdKind>> a = pick_herd(12, 5, kCreatures), b = pick_herd(12, 5, kCreatures);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->size(), 12u);
  std::set<std::string> kinds;
  for (std::size_t i = 0; i < a->size(); ++i) {
    EXPECT_EQ((*a)[i].path, (*b)[i].path);
    EXPECT_TRUE((*a)[i].json.is_object());
    kinds.insert((*a)[i].path);
  }
  EXPECT_GE(kinds.size(), 3u);  // a mix, not one creature twelve times
  EXPECT_TRUE(pick_herd(0, 5, kCreatures)->empty());
  EXPECT_FALSE(pick_herd(65, 5, kCreatures).ok());
  const Result<std::vector<HerdKind>> none = pick_herd(3, 5, "/nonexistent/creatures");
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().to_string().find("/nonexistent/creatures"), std::string::npos);
}

struct HerdRun {
  std::uint64_t hash = 0;
  float least_body_gap_m = 1e9f;  // smallest gap between two bodies (footprints) over every pair and tick
  float min_moved_m = 1e9f;     // least distance any herd creature ended from where it started
  std::uint32_t vaults = 0;
  float deepest_wall_m = 0.0f;  // deepest a herd creature's footprint went into a wall or fence
};

HerdRun run_herd(const char* level, int n, int ticks, std::uint64_t seed) {
  HerdRun out;
  Session s;
  Result<std::vector<HerdKind>> herd = pick_herd(n, seed, kCreatures);
  EXPECT_TRUE(herd.ok());
  EXPECT_TRUE(s.start(scene_in(level), seed, *herd).ok());
  EXPECT_EQ(s.state().creature_count, n + 1);
  std::vector<glm::vec3> start;
  for (int i = 0; i < s.state().creature_count; ++i) start.push_back(s.state().creatures[i].root_ws);
  const SimContext& ctx = s.context();
  std::vector<bool> engaged(static_cast<std::size_t>(s.state().creature_count), false);
  for (int t = 0; t < ticks; ++t) {
    s.tick(InputFrame{});
    const SimState& st = s.state();
    for (int i = 1; i < st.creature_count; ++i)
      if (st.creatures[i].wander.bond != 0) engaged[static_cast<std::size_t>(i)] = true;
    for (int i = 1; i < st.creature_count; ++i) {
      const CreatureState& a = st.creatures[i];
      if (vault_of(a).playing() || vault_of(a).approaching) continue;
      // Walls stop the body's footprint (circles fitted to its strokes), placed at root and heading.
      const Footprint& fp = ctx.species_of(a.species)->footprint;
      const float c = std::cos(a.heading_rad), sn = std::sin(a.heading_rad);
      for (int k = 0; k < fp.count; ++k) {
        const FootprintCircle& fc = fp.circles[static_cast<std::size_t>(k)];
        const glm::vec3 at = a.root_ws + glm::vec3(c * fc.offset_ms.x + sn * fc.offset_ms.y, 0.0f,
                                                   -sn * fc.offset_ms.x + c * fc.offset_ms.y);
        for (const Wall& w : ctx.level->walls)
          out.deepest_wall_m = std::max(out.deepest_wall_m, fc.radius - distance_to_footprint(w.box, at));
      }
      for (int j = 0; j < st.creature_count; ++j) {
        const CreatureState& b = st.creatures[j];
        if (j == i || vault_of(b).playing() || vault_of(b).approaching) continue;
        const PlacedFootprint pa = place_body(*ctx.species_of(a.species), a.root_ws, a.heading_rad);
        const PlacedFootprint pb = place_body(*ctx.species_of(b.species), b.root_ws, b.heading_rad);
        out.least_body_gap_m = std::min(out.least_body_gap_m, footprint_gap(pa, pb, 0.5f).gap_m);
      }
    }
  }
  for (int i = 1; i < s.state().creature_count; ++i) {
    // A creature that challenged the standing player (game/play/befriend.h) stood with it on purpose.
    if (!engaged[static_cast<std::size_t>(i)])
      out.min_moved_m = std::min(out.min_moved_m, glm::length(s.state().creatures[i].root_ws - start[i]));
    out.vaults += vault_of(s.state().creatures[i]).vaults_played;
  }
  out.hash = hash_state(s.state());
  return out;
}

TEST(Herd, WandersDeterministicallyKeepsApartAndOutOfWalls) {
  const HerdRun a = run_herd("default.json", 8, 900, 3);
  const HerdRun b = run_herd("default.json", 8, 900, 3);
  EXPECT_EQ(a.hash, b.hash);
  EXPECT_GT(a.min_moved_m, 0.5f);       // every herd creature walked somewhere
  EXPECT_GT(a.least_body_gap_m, -2e-3f);  // bodies do not overlap (pushed apart each tick)
  EXPECT_LE(a.deepest_wall_m, 0.02f);   // footprints stay out of walls
  EXPECT_NE(run_herd("default.json", 8, 300, 4).hash, a.hash);  // the seed picks another herd
}

TEST(Herd, VaultsFencesItMeets) {
  // A fence across the middle of open ground: wandering creatures meet it and go over.
  const HerdRun r = run_herd("fence_wall_left.json", 12, 3600, 9);
  EXPECT_GT(r.vaults, 0u);
}

TEST(Herd, ReplayWithAHerdReproducesEveryHash) {
  Session live;
  Result<std::vector<HerdKind>> herd = pick_herd(6, 2, kCreatures);
  ASSERT_TRUE(herd.ok());
  ASSERT_TRUE(live.start(scene_in("default.json"), 2, *herd).ok());
  for (int t = 0; t < 400; ++t) {
    InputFrame in;
    in.left_y = t < 200 ? 32767 : 0;
    live.tick(in);
  }
  const Replay rec = live.recording();
  Result<Replay> parsed = parse_replay(replay_to_json(rec).dump(), "herd.replay.json");
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  ASSERT_EQ(parsed->herd.size(), 6u);
  Session back;
  ASSERT_TRUE(back.start_replay(*parsed, "herd.replay.json").ok());
  while (back.tick(InputFrame{})) {
  }
  EXPECT_FALSE(back.verifier().diverged()) << back.verifier().message();
  EXPECT_EQ(back.verifier().checked(), static_cast<int>(rec.hashes.size()));
  EXPECT_EQ(hash_state(back.state()), hash_state(live.state()));
}

TEST(Herd, ALevelWithoutRoomSaysHowManyFit) {
  Scene sc = scene_in("open_ground.json");
  sc.level.ground_half_size = 1.5f;  // room for a few creatures only
  Session s;
  Result<std::vector<HerdKind>> herd = pick_herd(40, 1, kCreatures);
  ASSERT_TRUE(herd.ok());
  const Status st = s.start(std::move(sc), 1, *herd);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error.to_string().find("room for only"), std::string::npos);
  EXPECT_LT(s.state().creature_count, 41);
  for (int t = 0; t < 60; ++t) s.tick(InputFrame{});  // the rest still runs
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

std::uint64_t herd_hash_with_threads(int threads) {
  Session s;
  s.set_threads(threads);
  Result<std::vector<HerdKind>> herd = pick_herd(16, 6, kCreatures);
  EXPECT_TRUE(herd.ok());
  EXPECT_TRUE(s.start(scene_in("default.json"), 6, *herd).ok());
  for (int t = 0; t < 600; ++t) {
    InputFrame in;
    in.left_y = 32767;
    in.left_x = t > 300 ? 12000 : 0;
    s.tick(in);
  }
  return hash_state(s.state());
}

TEST(Herd, TheHashIsTheSameWithOneAndTwoThreads) {
  const std::uint64_t one = herd_hash_with_threads(1);
  EXPECT_EQ(herd_hash_with_threads(2), one);
  EXPECT_EQ(herd_hash_with_threads(1), one);
}

// The herd uses the motion library through the player's commands: over a minute its creatures stand and
// idle, run to some goals, sit, dance and roar in their rests, and greet the player standing among them;
// a sitting creature stands up and walks on when its rest ends. The same run with 1 and 2 threads and
// again gives the same hash.
TEST(Herd, IdlesRunsSitsGreetsAndPlaysCapturedMotionsThroughItsCommands) {
  auto run = [](int threads, std::map<std::string, int>* seen) {
    Session s;
    s.set_threads(threads);
    Result<std::vector<HerdKind>> herd = pick_herd(20, 3, kCreatures);
    EXPECT_TRUE(herd.ok());
    EXPECT_TRUE(s.start(scene_in("open_ground.json"), 3, *herd).ok());
    std::vector<bool> was_sitting(static_cast<std::size_t>(s.state().creature_count), false);
    for (int t = 0; t < 3600; ++t) {
      s.tick(InputFrame{});
      const SimState& st = s.state();
      for (int i = 1; i < st.creature_count; ++i) {
        const CreatureState& c = st.creatures[static_cast<std::size_t>(i)];
        const Species& sp = *s.context().species_of(c.species);
        if (c.idle_ticks > kIdleStartTicks) (*seen)["idle ticks"] += 1;
        if (sp.walks() && c.walker.cadence_hz > 2.25f * natural_cadence(*sp.walk_setup)) (*seen)["run ticks"] += 1;
        const int playing = clip_action().playing_motion(c);
        const bool sitting = playing >= 0 && clip_action().library()[playing].about().kind == MotionKind::kHeldLoop;
        if (was_sitting[static_cast<std::size_t>(i)] && !sitting) (*seen)["stood up"] += 1;
        was_sitting[static_cast<std::size_t>(i)] = sitting;
      }
    }
    for (int i = 1; i < s.state().creature_count; ++i) {
      const CreatureState& c = s.state().creatures[static_cast<std::size_t>(i)];
      const MotionLibrary& lib = clip_action().library();
      for (int m = 0; m < lib.size(); ++m)
        if (const ClipPlay* p = clip_action().record(c, m)) {
          (*seen)[lib[m].name] += static_cast<int>(p->plays);
          if (!lib[m].about().source.empty()) (*seen)["captured plays"] += static_cast<int>(p->plays);
        }
    }
    EXPECT_EQ(clip_play_of(s.state().player(), "greet").plays, 0u) << "the player's creature does what its pad says";
    return hash_state(s.state());
  };
  std::map<std::string, int> seen, again;
  const std::uint64_t one = run(1, &seen);
  EXPECT_EQ(run(2, &again), one);
  EXPECT_EQ(again, seen);
  for (const auto& [what, n] : seen) std::printf("  herd of 20, 60 s: %-11s %d\n", what.c_str(), n);
  for (const char* what : {"idle ticks", "run ticks", "sit", "greet", "dance", "stood up", "captured plays"})
    EXPECT_GT(seen[what], 0) << what;
  // Not one motion for every rest: the herd plays several, the captured sets' among them.
  int kinds = 0;
  for (const auto& [what, n] : seen) kinds += clip_action().library().find(what) >= 0 && n > 0 ? 1 : 0;
  EXPECT_GE(kinds, 6);
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// Vault plans are made on the way to the start (plan_ahead) as time allows, or whole when the vault
// starts: derived data, so every tick's state hash is the same whichever way, on 1 or 2 threads. 16
// creatures of every shipped kind, each row before a fence line, all asking for the vault in one tick.
struct PlanAheadRun {
  std::vector<std::uint64_t> hashes;
  std::uint32_t finished_at_start = 0, vaults_played = 0, vaulting = 0;
};

PlanAheadRun run_vault_herd(double tick_budget_s, int threads) {
  Scene scene = scene_in("open_ground.json");
  std::vector<HerdKind> kinds;
  for (const char* c : {"biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"}) {
    const std::string path = kCreatures + "/" + c + ".json";
    Result<Json> json = load_json_file(path);
    EXPECT_TRUE(json.ok());
    kinds.push_back(HerdKind{path, *json});
  }
  Box fence = scene.level.fences[0];
  fence.half_extents.x = 10.0f;
  scene.level.fences.clear();
  for (int row = 0; row < 4; ++row) {
    fence.centre = glm::vec3(0.0f, fence.centre.y, 4.0f * static_cast<float>(row) - 6.0f + 1.5f);
    scene.level.fences.push_back(fence);
  }
  Session s;
  s.set_threads(threads);
  EXPECT_TRUE(s.start(std::move(scene), 1, kinds).ok());
  s.runtime().set_tick_budget_s(tick_budget_s);
  const SimContext& ctx = s.context();
  SimState state = s.state();
  state.creature_count = 0;
  for (int i = 0; i < 16; ++i) {
    const glm::vec3 at(4.0f * static_cast<float>(i % 4) - 6.0f, 0.0f, 4.0f * static_cast<float>(i / 4) - 6.0f - 0.04f);
    EXPECT_GE(add_creature(&state, ctx, i % ctx.species_count, at, 0.0f), 0);
  }
  const ActionId vault = ctx.registry().find("vault");
  TickInput press, hold;
  press.player.request = vault;
  std::vector<CreatureCommand> asked(15), none(15);
  for (CreatureCommand& c : asked) c.request = vault;
  press.others = asked.data();
  hold.others = none.data();
  WorldRuntime& runtime = s.runtime();
  pose_creatures(state, ctx, runtime);
  PlanAheadRun out;
  for (int t = 0; t < 200; ++t) {
    step(state, t == 0 ? press : hold, ctx, runtime);
    out.hashes.push_back(hash_state(state));
    if (t == 0)
      for (int i = 0; i < state.creature_count; ++i) out.vaulting += vault_of(state.creatures[i]).approaching ? 1 : 0;
  }
  for (int i = 0; i < state.creature_count; ++i) {
    out.vaults_played += vault_of(state.creatures[i]).vaults_played;
    const auto* r = static_cast<const VaultRuntime*>(runtime.held_runtime(i, vault));
    out.finished_at_start += r ? r->finished_at_start : 0;
  }
  return out;
}

TEST(Herd, VaultPlansMadeOnTheWayOrWholeGiveTheSameStateEveryTick) {
  const PlanAheadRun whole = run_vault_herd(0.0, 1);          // each plan made when its vault starts
  const PlanAheadRun ahead = run_vault_herd(1.0, 2);          // every plan made in the tick A is pressed
  const PlanAheadRun spread = run_vault_herd(3e-3, 1);      // the game's: a share of each tick
  const PlanAheadRun spread2 = run_vault_herd(3e-3, 2);
  EXPECT_EQ(whole.vaulting, 16u);
  EXPECT_GE(whole.vaults_played, 14u);
  EXPECT_EQ(whole.finished_at_start, whole.vaulting);  // none made ahead
  EXPECT_EQ(ahead.finished_at_start, 0u);              // all made ahead
  ASSERT_EQ(ahead.hashes.size(), whole.hashes.size());
  for (std::size_t t = 0; t < whole.hashes.size(); ++t) {
    ASSERT_EQ(ahead.hashes[t], whole.hashes[t]) << "tick " << t;
    ASSERT_EQ(spread.hashes[t], whole.hashes[t]) << "tick " << t;
    ASSERT_EQ(spread2.hashes[t], whole.hashes[t]) << "tick " << t;
  }
  EXPECT_EQ(spread.vaults_played, whole.vaults_played);
  std::printf("%u of 16 vaulted; unfinished at the start: %u of %u (1 thread, 3 ms ticks), %u (2 threads)\n",
              whole.vaults_played, spread.finished_at_start, spread.vaulting, spread2.finished_at_start);
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// Debug rewind to before A, then A pressed somewhere else: the vault is planned for where A was
// pressed now (the plan held from the rewound timeline, for the same record number, is not used), so
// the run ends as a fresh run of the same inputs does.
TEST(Herd, AVaultAskedForAfterARewindIsPlannedWhereItWasAskedFor) {
  auto input = [](int t, bool second) {
    InputFrame in;
    if (t >= 10 && t < 60) in.left_y = 32767;                   // towards the fence
    if (second && t >= 75 && t < 90) in.left_x = 32767;        // then a step along it
    const int press = second ? 95 : 80;
    if (t >= press && t < press + 3) in.buttons |= kButtonA;
    if (t == press) in.pressed |= kButtonA;
    return in;
  };
  Session a;
  a.start(scene_in("default.json"), 1);
  a.keep_history(600);
  for (int t = 0; t < 320; ++t) a.tick(input(t, false));
  EXPECT_EQ(vault_of(a.state().player()).vaults_played, 1u);
  ASSERT_TRUE(a.rewind_to(75));
  for (int t = 75; t < 400; ++t) a.tick(input(t, true));
  Session b;
  b.start(scene_in("default.json"), 1);
  for (int t = 0; t < 400; ++t) b.tick(input(t, true));
  EXPECT_EQ(vault_of(b.state().player()).vaults_played, 1u);
  EXPECT_EQ(vault_of(a.state().player()).vaults_played, 1u);
  EXPECT_EQ(a.hash(), b.hash());
}

}  // namespace
}  // namespace cf
