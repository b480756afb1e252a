// Planning a vault (lift, knee turns, the check of every tick), once per vault; and 64 creatures all
// asking for one in the same tick, their plans made on the way to the start.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "core/worker_pool.h"
#include "game/play/herd.h"
#include "game/play/scene.h"
#include "game/play/sim.h"
#include "game/session/session.h"
#include "game/play/actions/vault_action.h"
#include "game/play/world_runtime.h"

namespace {

// A creature on open_ground, 1 m in front of the middle of its fence. Held by pointer: the species
// points into the scene.
struct BeforeTheFence {
  cf::Scene scene;
  cf::Species species;
  glm::vec3 from{0.0f};
  const cf::VaultMotion& motion() const { return *cf::vault_motion(species); }
};

std::unique_ptr<BeforeTheFence> before_the_fence(const char* creature) {
  cf::Result<cf::Scene> scene = cf::load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                                               CF_ASSETS_DIR "/levels/open_ground.json");
  if (!scene || scene->level.fences.empty()) std::abort();
  auto b = std::make_unique<BeforeTheFence>(BeforeTheFence{std::move(*scene), {}, {}});
  b->species = cf::make_species(b->scene);
  const cf::Box& f = b->scene.level.fences[0];
  b->from = f.centre - f.axis_z() * (f.half_extents.z + 1.0f);
  return b;
}

// A vault over that fence: the whole plan, and how many ticks it posed.
void BM_PlanVault(benchmark::State& st, const char* creature) {
  const auto held = before_the_fence(creature);
  const BeforeTheFence& b = *held;
  cf::Result<cf::VaultDecision> d = cf::decide_vault(b.scene.level, 0, b.motion(), b.from);
  if (!d || d->refused) std::abort();
  cf::VaultPlanner planner;
  for (auto _ : st) {
    planner.start(b.scene.level, *b.species.rig, b.motion(), *d);
    planner.advance(-1);
    st.counters["poses"] = static_cast<double>(planner.poses());
    cf::Result<cf::VaultPlan> plan = planner.take();
    benchmark::DoNotOptimize(plan.ok());
  }
}

// The same plan finished on the game's 2 threads (a vault asked for on its start spot: no approach to
// plan over, so it is made in that tick): wall time, the baseline being BM_PlanVault in the same run.
void BM_PlanVaultOnTwoThreads(benchmark::State& st, const char* creature) {
  const auto held = before_the_fence(creature);
  const BeforeTheFence& b = *held;
  cf::Result<cf::VaultDecision> d = cf::decide_vault(b.scene.level, 0, b.motion(), b.from);
  if (!d || d->refused) std::abort();
  cf::WorkerPool pool(2);
  cf::VaultPlanner planner;
  for (auto _ : st) {
    planner.start(b.scene.level, *b.species.rig, b.motion(), *d);
    cf::Result<cf::VaultPlan> plan = planner.take(&pool);
    st.counters["poses"] = static_cast<double>(planner.poses());
    benchmark::DoNotOptimize(plan.ok());
  }
}

// What the tick a vault is asked for costs: the decision (placement, room on both sides, mirror or
// refuse) and (arg 1) where the vault will end, before any of the plan is made.
void BM_DecideVault(benchmark::State& st, const char* creature) {
  const auto held = before_the_fence(creature);
  const BeforeTheFence& b = *held;
  cf::CreaturePose scratch;
  for (auto _ : st) {
    cf::Result<cf::VaultDecision> d = cf::decide_vault(b.scene.level, 0, b.motion(), b.from);
    benchmark::DoNotOptimize(d->lref);
    if (st.range(0) == 1)
      benchmark::DoNotOptimize(cf::vault_end_position(b.scene.level, *b.species.rig, b.motion(), *d, &scratch));
  }
}
BENCHMARK_CAPTURE(BM_DecideVault, octopod, "octopod")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

BENCHMARK_CAPTURE(BM_PlanVault, biped, "biped")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanVault, octopod, "octopod")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanVault, quadruped, "quadruped")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanVault, strider, "strider")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanVaultOnTwoThreads, biped, "biped")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_PlanVaultOnTwoThreads, octopod, "octopod")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_PlanVaultOnTwoThreads, quadruped, "quadruped")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_PlanVaultOnTwoThreads, strider, "strider")->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

namespace {

// A herd of 64 (the shipped species in turn) on open_ground, 8 by 8, 4 m apart, each row 1.5 m before a
// fence line (open_ground's fence, as long as the ground), every one asking for the vault in the same
// tick (A pressed by all), then the ticks until every vault has started: each plan is made on its
// creature's way to the start and finished, if it is not yet, when it starts. Times each tick of the
// whole simulation (controls, plans, posing) on 'threads' threads; 'plan_ahead' 0 is the baseline, each
// plan made whole in the tick its vault starts. Reported time: the slowest tick.
// Counters: the A tick's ms, the median tick's, the ticks until the last vault started, and how many
// of the 64 started.
void BM_SixtyFourVaultsInOneTick(benchmark::State& st) {
  cf::Result<cf::Scene> scene =
      cf::load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  std::vector<cf::HerdKind> kinds;
  for (const char* c : {"biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"}) {
    const std::string path = std::string(CF_ASSETS_DIR) + "/creatures/" + c + ".json";
    cf::Result<cf::Json> json = cf::load_json_file(path);
    if (!json) std::abort();
    kinds.push_back(cf::HerdKind{path, *json});
  }
  if (!scene || scene->level.fences.empty()) std::abort();
  cf::Box fence = scene->level.fences[0];
  fence.half_extents.x = 19.0f;
  fence.yaw_deg = 0.0f;
  scene->level.fences.clear();
  std::vector<glm::vec3> spots;
  for (int i = 0; i < 64; ++i) {
    const glm::vec3 at(4.0f * static_cast<float>(i % 8) - 14.0f, 0.0f, 4.0f * static_cast<float>(i / 8) - 15.0f);
    spots.push_back(at);
    fence.centre = glm::vec3(0.0f, fence.centre.y, at.z + 1.5f + fence.half_extents.z);
    if (i % 8 == 0) scene->level.fences.push_back(fence);
  }
  const int threads = static_cast<int>(st.range(0));
  cf::Session s;
  (void)s.start(std::move(*scene), 1, kinds);
  const cf::SimContext& ctx = s.context();
  cf::SimState base = s.state();
  base.creature_count = 0;
  const int species = ctx.species_count;
  for (int i = 0; i < 64; ++i)
    if (cf::add_creature(&base, ctx, i % species, glm::vec3(spots[i].x, ctx.level->ground_y, spots[i].z), 0.0f) < 0)
      std::abort();
  const cf::ActionId vault = ctx.registry().find("vault");
  const cf::ActionRegistry& actions = ctx.registry();
  cf::TickInput press;
  press.player.request = vault;
  std::vector<cf::CreatureCommand> others(63);
  for (cf::CreatureCommand& c : others) c.request = vault;
  press.others = others.data();
  cf::TickInput hold;
  std::vector<cf::CreatureCommand> none(63);
  hold.others = none.data();
  cf::WorkerPool pool(threads);
  std::vector<double> ticks_ms;
  double a_tick_ms = 0.0, median_ms = 0.0;
  int started = 0, ticks_to_start = 0;
  using clock = std::chrono::steady_clock;
  for (auto _ : st) {
    cf::SimState state = base;
    cf::WorldRuntime runtime;
    runtime.set_pool(threads > 1 ? &pool : nullptr);
    if (st.range(1) == 0) runtime.set_tick_budget_s(0.0);  // the baseline: each plan made whole as its vault starts
    cf::pose_creatures(state, ctx, runtime);
    ticks_ms.clear();
    auto approaching = [&] {
      for (int i = 0; i < state.creature_count; ++i)
        if (cf::vault_of(state.creatures[static_cast<std::size_t>(i)]).approaching) return true;
      return false;
    };
    for (int t = 0; t < 400 && (t == 0 || approaching()); ++t) {
      const clock::time_point t0 = clock::now();
      cf::step(state, t == 0 ? press : hold, ctx, runtime);
      ticks_ms.push_back(std::chrono::duration<double, std::milli>(clock::now() - t0).count());
    }
    if (std::getenv("CF_BENCH_TICKS"))  // each tick's ms on stderr, to see where the slow ones fall
      for (std::size_t t = 0; t < ticks_ms.size(); ++t) std::fprintf(stderr, "%zu %.2f\n", t, ticks_ms[t]);
    a_tick_ms = ticks_ms.front();
    ticks_to_start = static_cast<int>(ticks_ms.size());
    started = 0;
    for (int i = 0; i < state.creature_count; ++i) {
      const cf::CreatureState& c = state.creatures[static_cast<std::size_t>(i)];
      started += actions[vault].active(c) || cf::vault_of(c).vaults_played > 0 ? 1 : 0;
    }
    std::vector<double> sorted = ticks_ms;
    std::sort(sorted.begin(), sorted.end());
    median_ms = sorted[sorted.size() / 2];
    st.SetIterationTime(sorted.back() / 1000.0);
  }
  st.counters["a_tick_ms"] = a_tick_ms;
  st.counters["median_tick_ms"] = median_ms;
  st.counters["ticks_to_start"] = ticks_to_start;
  st.counters["vaults_started"] = started;
}
BENCHMARK(BM_SixtyFourVaultsInOneTick)
    ->Args({1, 1})->Args({2, 1})->Args({1, 0})->Args({2, 0})->ArgNames({"threads", "plan_ahead"})->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
