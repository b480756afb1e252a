// A herd of 64 creatures (the player's plus 64) in the default level: one simulation tick (controls,
// collisions, posing every creature: retarget and IK) and one frame (skinning every creature's flesh,
// geometry stage), on 1 and 2 threads; and the full tick per stage, with and without flesh level of
// detail. items_per_second counts creatures.
#include <benchmark/benchmark.h>

#include <time.h>

#include "game/play/herd.h"
#include "game/play/scene.h"
#include "game/session/session.h"
#include "game/view/view.h"

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

// The calling thread's CPU time: with one thread every stage runs on it, so the per-stage figures are
// one core's work even when the machine is shared (wall time is reported beside them).
double now_s() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// One full tick on one core, as the game runs it: the simulation tick (controls, collisions, posing:
// retarget and IK) then the frame (skinning, geometry stage). lod 0: every creature full and skinned
// (the baseline); lod 1: flesh level of detail, every creature still skinned; lod 2: level of detail
// and view culling, as the game runs (game/creature_lod.h). Counters: ms
// per stage and per tick, microseconds per creature, triangles in, creatures full / low / culled.
void BM_HerdFullTick(benchmark::State& st) {
  cf::Session s;
  start_herd(&s, 1);
  s.set_clock(&now_s);
  cf::View view;
  cf::FleshLodOptions lod;
  lod.enabled = st.range(0) != 0;
  lod.cull = st.range(0) == 2;
  view.set_flesh_lod(lod);
  view.init(s.species_scenes(), cf::ViewTextures{});
  view.set_pool(s.pool());
  view.set_clock(&now_s);
  cf::GeometryStats stats;
  double sim = 0, posing = 0, skin = 0, geometry = 0;
  for (auto _ : st) {
    const double t0 = now_s();
    s.tick(cf::InputFrame{});
    sim += now_s() - t0;
    posing += s.runtime().posing_s();
    benchmark::DoNotOptimize(view.build(s.state(), s.runtime(), 1.0f, cf::FrameSettings{}, 320, 240, &stats));
    skin += view.skinning_s();
    geometry += view.geometry_s();
  }
  const double n = static_cast<double>(st.iterations()), creatures = s.state().creature_count;
  st.SetItemsProcessed(st.iterations() * s.state().creature_count);
  st.counters["sim_ms"] = 1e3 * sim / n;
  st.counters["posing_ms"] = 1e3 * posing / n;
  st.counters["skin_ms"] = 1e3 * skin / n;
  st.counters["geometry_ms"] = 1e3 * geometry / n;
  st.counters["tick_ms"] = 1e3 * (sim + skin + geometry) / n;
  st.counters["us_per_creature"] = 1e6 * (sim + skin + geometry) / n / creatures;
  st.counters["triangles"] = static_cast<double>(stats.triangles_in);
  st.counters["full"] = view.lod_counts().full;
  st.counters["low"] = view.lod_counts().low;
  st.counters["culled"] = view.lod_counts().culled;
}
BENCHMARK(BM_HerdFullTick)->Arg(0)->Arg(1)->Arg(2)->ArgName("lod")->UseRealTime()->Unit(benchmark::kMillisecond);

// The herd's brains (steering clear of bodies) and the push between bodies, for 65 creatures of a herd
// under way, each first moved one tick (3 cm) ahead so neighbours press into each other as walking
// does. Each iteration starts from the same state (its copy is timed too: compare with copy_only).
void BM_HerdBodies(benchmark::State& st) {
  cf::Session s;
  start_herd(&s, 1);
  cf::SimState start = s.state();
  for (int i = 0; i < start.creature_count; ++i) {
    cf::CreatureState& c = start.creatures[static_cast<std::size_t>(i)];
    c.root_ws += cf::heading_forward(c.heading_rad) * 0.03f;
    c.walker.position_ws = c.root_ws;
  }
  const bool copy_only = st.range(0) == 0;
  for (auto _ : st) {
    cf::SimState w = start;
    if (!copy_only) {
      for (int i = 1; i < w.creature_count; ++i) benchmark::DoNotOptimize(cf::herd_brain(&w, s.context(), i));
      cf::separate_creatures(&w, s.context());
    }
    benchmark::DoNotOptimize(w.creatures[0].root_ws);
  }
  st.SetItemsProcessed(st.iterations() * start.creature_count);
}
BENCHMARK(BM_HerdBodies)->Arg(0)->Arg(1)->ArgName("brains_and_push")->Unit(benchmark::kMicrosecond);

}  // namespace
