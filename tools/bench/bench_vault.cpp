// Planning a vault (lift, knee turns, the check of every tick): done once, in the tick the vault starts.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "game/play/scene.h"
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
