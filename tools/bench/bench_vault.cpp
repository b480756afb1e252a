// Planning a vault (lift, knee turns, the check of every tick): done once, in the tick the vault starts;
// and 64 creatures all starting one in the same tick.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "game/play/herd.h"
#include "game/play/scene.h"
#include "game/play/sim.h"
#include "game/session/session.h"
#include "game/play/actions/vault_action.h"
#include "game/play/world_runtime.h"

namespace {

// A vault over the default level's first fence, decided from in front of its middle.
void BM_PlanVault(benchmark::State& st, const char* creature) {
  cf::Result<cf::Scene> scene = cf::load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                                               CF_ASSETS_DIR "/levels/open_ground.json");
  if (!scene || scene->level.fences.empty()) std::abort();
  const cf::Species species = cf::make_species(*scene);
  const cf::Box& f = scene->level.fences[0];
  const glm::vec3 from = f.centre - f.axis_z() * (f.half_extents.z + 1.0f);
  cf::Result<cf::VaultDecision> d = cf::decide_vault(scene->level, 0, *cf::vault_motion(species), from);
  if (!d || d->refused) std::abort();
  for (auto _ : st) {
    cf::VaultPlan plan = cf::make_vault_plan(scene->level, *species.rig, *cf::vault_motion(species), *d);
    benchmark::DoNotOptimize(plan.ticks);
  }
}
BENCHMARK_CAPTURE(BM_PlanVault, biped, "biped")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanVault, octopod, "octopod")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanVault, quadruped, "quadruped")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanVault, strider, "strider")->Unit(benchmark::kMillisecond);

}  // namespace

namespace {

// 64 creatures (the shipped species in turn) in front of open_ground's fence, every one asking for the
// vault in the same tick: the tick a herd's plans would all fall in. Counters: ms of that one tick,
// and how many of the 64 started a vault (the rest were refused or out of reach, as in play).
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
  cf::Session s;
  (void)s.start(std::move(*scene), 1, kinds);
  const cf::SimContext& ctx = s.context();
  const cf::Box& fence = ctx.level->fences[0];
  const glm::vec3 ax = fence.axis_x(), az = fence.axis_z();
  const float heading = std::atan2(az.x, az.z);  // facing the fence from its -z side
  cf::SimState base = s.state();
  base.creature_count = 0;
  const int species = ctx.species_count;
  for (int i = 0; i < 64; ++i) {
    const float along = (static_cast<float>(i % 16) / 15.0f - 0.5f) * 1.6f * fence.half_extents.x;
    const float back = fence.half_extents.z + 0.9f + 0.15f * static_cast<float>(i / 16);
    const glm::vec3 at = fence.centre + ax * along - az * back;
    if (cf::add_creature(&base, ctx, i % species, glm::vec3(at.x, ctx.level->ground_y, at.z), heading) < 0) std::abort();
  }
  const cf::ActionId vault = ctx.registry().find("vault");
  cf::TickInput in;
  in.player.request = vault;
  std::vector<cf::CreatureCommand> others(63);
  for (cf::CreatureCommand& c : others) c.request = vault;
  in.others = others.data();
  int started = 0;
  for (auto _ : st) {
    st.PauseTiming();
    cf::SimState state = base;
    cf::WorldRuntime runtime;
    cf::pose_creatures(state, ctx, runtime);
    st.ResumeTiming();
    cf::step(state, in, ctx, runtime);
    st.PauseTiming();
    started = 0;
    for (int i = 0; i < state.creature_count; ++i) {
      started += ctx.registry()[vault].active(state.creatures[static_cast<std::size_t>(i)]) ? 1 : 0;
    }
    st.ResumeTiming();
  }
  st.counters["vaults_started"] = started;
}
BENCHMARK(BM_SixtyFourVaultsInOneTick)->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace
