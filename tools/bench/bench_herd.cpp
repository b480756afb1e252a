// A herd of 64 creatures (the player's plus 64) in the default level: one simulation tick (controls,
// collisions, posing every creature: retarget and IK) and one frame (skinning every creature's flesh,
// geometry stage), on 1 and 2 threads. items_per_second counts creatures.
#include <benchmark/benchmark.h>

#include "game/herd.h"
#include "game/scene.h"
#include "game/session.h"
#include "game/view.h"

namespace {

constexpr int kHerd = 64;

void start_herd(cf::Session* s, int threads) {
  cf::Result<cf::Scene> scene =
      cf::load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/default.json");
  cf::Result<std::vector<cf::HerdKind>> herd = cf::pick_herd(kHerd, 1, CF_ASSETS_DIR "/creatures");
  if (!scene || !herd) std::abort();
  s->set_threads(threads);
  (void)s->start(std::move(*scene), 1, *herd);
  for (int t = 0; t < 120; ++t) s->tick(cf::InputFrame{});  // everyone under way
}

void BM_HerdSimTick(benchmark::State& st) {
  cf::Session s;
  start_herd(&s, static_cast<int>(st.range(0)));
  for (auto _ : st) s.tick(cf::InputFrame{});
  st.SetItemsProcessed(st.iterations() * s.state().creature_count);
}
BENCHMARK(BM_HerdSimTick)->Arg(1)->Arg(2)->ArgName("threads")->UseRealTime();

void BM_HerdFrame(benchmark::State& st) {
  cf::Session s;
  start_herd(&s, static_cast<int>(st.range(0)));
  cf::View view;
  view.init(s.species_scenes(), cf::ViewTextures{});
  view.set_pool(s.pool());
  cf::GeometryStats stats;
  for (auto _ : st) benchmark::DoNotOptimize(view.build(s.state(), s.runtime(), 1.0f, cf::FrameSettings{}, 320, 240, &stats));
  st.SetItemsProcessed(st.iterations() * s.state().creature_count);
  st.counters["triangles"] = static_cast<double>(stats.triangles_in);
}
BENCHMARK(BM_HerdFrame)->Arg(1)->Arg(2)->ArgName("threads")->UseRealTime();

}  // namespace
