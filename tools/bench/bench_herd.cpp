// A herd of 64 creatures (the player's plus 64) in the default level: one simulation tick (controls,
// collisions, posing every creature: retarget and IK) and one frame (skinning every creature's flesh,
// geometry stage), on 1 and 2 threads; and the full tick per stage, with and without flesh level of
// detail; the full-detail frame and its geometry stage alone on 1 and 2 threads. items_per_second
// counts creatures.
#include <benchmark/benchmark.h>

#include <time.h>

#include "game/play/befriend.h"
#include "game/play/herd.h"
#include "game/play/sim.h"
#include "game/play/world_runtime.h"
#include "game/play/scene.h"
#include "game/session/session.h"
#include "game/view/view.h"

namespace {

constexpr int kHerd = 64;

void start_herd(cf::Session* s, int threads, const char* level = CF_ASSETS_DIR "/levels/default.json") {
  cf::Result<cf::Scene> scene = cf::load_scene(CF_ASSETS_DIR "/creatures/biped.json", level);
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

// Ticks and draws the herd for every benchmark iteration, timing each stage with 'clock'; sets the
// per-stage counters (ms per tick) and returns the ticks' total seconds.
double tick_and_draw(benchmark::State& st, cf::Session& s, cf::View& view, double (*clock)(), cf::GeometryStats* stats) {
  double sim = 0, posing = 0, skin = 0, geometry = 0;
  for (auto _ : st) {
    const double t0 = clock();
    s.tick(cf::InputFrame{});
    sim += clock() - t0;
    posing += s.runtime().posing_s();
    benchmark::DoNotOptimize(view.build(s.state(), s.runtime(), 1.0f, cf::FrameSettings{}, 320, 240, stats));
    skin += view.skinning_s();
    geometry += view.geometry_s();
  }
  const double n = static_cast<double>(st.iterations());
  st.SetItemsProcessed(st.iterations() * s.state().creature_count);
  st.counters["sim_ms"] = 1e3 * sim / n;
  st.counters["posing_ms"] = 1e3 * posing / n;
  st.counters["skin_ms"] = 1e3 * skin / n;
  st.counters["geometry_ms"] = 1e3 * geometry / n;
  st.counters["triangles"] = static_cast<double>(stats->triangles_in);
  return sim + skin + geometry;
}

// One full tick on one core, as the game runs it: the simulation tick (controls, collisions, posing:
// retarget and IK) then the frame (skinning, geometry stage). lod 0: every creature full and skinned
// (the baseline); lod 1: flesh level of detail, every creature still skinned; lod 2: level of detail
// and view culling, as the game runs (game/view/creature_lod.h). Counters: ms
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
  const double total = tick_and_draw(st, s, view, &now_s, &stats);
  const double n = static_cast<double>(st.iterations()), creatures = s.state().creature_count;
  st.counters["tick_ms"] = 1e3 * total / n;
  st.counters["us_per_creature"] = 1e6 * total / n / creatures;
  st.counters["full"] = view.lod_counts().full;
  st.counters["low"] = view.lod_counts().low;
  st.counters["far"] = view.lod_counts().far;
  st.counters["culled"] = view.lod_counts().culled;
}
BENCHMARK(BM_HerdFullTick)->Arg(0)->Arg(1)->Arg(2)->ArgName("lod")->UseRealTime()->Unit(benchmark::kMillisecond);

double wall_s() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

cf::FleshLodOptions full_detail() {
  cf::FleshLodOptions o;
  o.enabled = false;
  o.cull = false;
  return o;
}

// Issue 31's budget: 64 creatures at full detail, the simulation tick (posing on the pool) and the frame
// (skinning and the geometry stage on the pool), on 1 and 2 threads, on the flat default level (level 0)
// and the hills (level 1: terrain, props, the ground stage). Read the CPU column for 1 thread (one core's
// work) and the Time column (wall) for 2. Counters: wall ms per stage.
void BM_HerdFullFrame(benchmark::State& st) {
  cf::Session s;
  start_herd(&s, static_cast<int>(st.range(0)),
             st.range(1) == 0 ? CF_ASSETS_DIR "/levels/default.json" : CF_ASSETS_DIR "/levels/hills.json");
  s.set_clock(&wall_s);
  cf::View view;
  view.set_flesh_lod(full_detail());
  view.init(s.species_scenes(), cf::ViewTextures{});
  view.set_pool(s.pool());
  view.set_clock(&wall_s);
  cf::GeometryStats stats;
  (void)tick_and_draw(st, s, view, &wall_s, &stats);
  st.counters["full"] = view.lod_counts().full;
}
BENCHMARK(BM_HerdFullFrame)
    ->ArgsProduct({{1, 2}, {0, 1}})
    ->ArgNames({"threads", "level"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
// Per creature, per tick, by stage, on one core at full detail: 1 creature (the player's) and 64 (63 herd
// creatures beside it), on the flat playground (level 0) and on the hills (level 1: terrain, props). Counters
// in microseconds per creature per tick: the simulation besides posing (controls, actions, collisions, the
// herd's brains), posing (sampling, retargeting, IK; the shared stages left out), the shared stages after the
// pose (knees, flesh above the ground), skinning, the geometry stage, and all of it; and the budgets it is
// measured against: Spore's 200 us a creature (2008) and Unreal's 80 us a character.
void BM_PerCreatureByStage(benchmark::State& st) {
  const int creatures = static_cast<int>(st.range(0));
  const char* level = st.range(1) == 0 ? CF_ASSETS_DIR "/levels/default.json" : CF_ASSETS_DIR "/levels/hills.json";
  cf::Result<cf::Scene> scene = cf::load_scene(CF_ASSETS_DIR "/creatures/biped.json", level);
  cf::Result<std::vector<cf::HerdKind>> herd = cf::pick_herd(creatures - 1, 1, CF_ASSETS_DIR "/creatures");
  if (!scene || !herd) std::abort();
  cf::Session s;
  s.set_threads(1);
  (void)s.start(std::move(*scene), 1, *herd);
  cf::InputFrame walk;
  walk.left_y = 32767;  // the player walks on; the herd wanders
  for (int t = 0; t < 120; ++t) s.tick(walk);
  s.set_clock(&now_s);
  cf::View view;
  view.set_flesh_lod(full_detail());
  view.init(s.species_scenes(), cf::ViewTextures{});
  view.set_clock(&now_s);
  double sim = 0, posing = 0, stages = 0, skin = 0, geometry = 0;
  cf::GeometryStats stats;
  for (auto _ : st) {
    const double t0 = now_s();
    s.tick(walk);
    sim += now_s() - t0;
    posing += s.runtime().posing_s();
    stages += s.runtime().shared_stages_s();
    benchmark::DoNotOptimize(view.build(s.state(), s.runtime(), 1.0f, cf::FrameSettings{}, 320, 240, &stats));
    skin += view.skinning_s();
    geometry += view.geometry_s();
  }
  const double per = 1e6 / static_cast<double>(st.iterations()) / s.state().creature_count;
  const double total = (sim + skin + geometry) * per;
  st.counters["creatures"] = s.state().creature_count;
  st.counters["sim_us"] = (sim - posing) * per;
  st.counters["posing_us"] = (posing - stages) * per;
  st.counters["stages_us"] = stages * per;
  st.counters["skin_us"] = skin * per;
  st.counters["geometry_us"] = geometry * per;
  st.counters["total_us"] = total;
  st.counters["of_spore"] = total / 200.0;
  st.counters["of_unreal"] = total / 80.0;
  st.SetItemsProcessed(st.iterations() * s.state().creature_count);
}

BENCHMARK(BM_PerCreatureByStage)
    ->ArgsProduct({{1, 64}, {0, 1}})
    ->ArgNames({"creatures", "level"})
    ->Unit(benchmark::kMicrosecond);

// The geometry stage alone on the full-detail herd's frame (its meshes as the view left them), on 1 and
// 2 threads.
void BM_HerdGeometry(benchmark::State& st) {
  cf::Session s;
  start_herd(&s, static_cast<int>(st.range(0)));
  cf::View view;
  view.set_flesh_lod(full_detail());
  view.init(s.species_scenes(), cf::ViewTextures{});
  view.set_pool(s.pool());
  view.build(s.state(), s.runtime(), 1.0f, cf::FrameSettings{}, 320, 240);
  const cf::Level& level = s.scene().level;
  const glm::mat4 camera = cf::orbit_camera_view(s.state(), level, view.pose().cog_ws.y - level.ground_y);
  cf::GeometryScratch scratch;
  cf::CommandList list;
  cf::GeometryStats stats;
  cf::GeometryJob job = cf::scene_geometry_job(camera, cf::FrameSettings{}, 320, 240, &scratch, &list);
  const std::vector<cf::OverlayPointInput> no_points;
  job.set_inputs(view.meshes(), view.lines(), no_points);
  job.lighting.fog_start_m = 18.0f;
  job.lighting.fog_end_m = 40.0f;
  job.stats = &stats;
  job.pool = s.pool();
  for (auto _ : st) {
    if (!job.run()) st.SkipWithError("geometry job failed");
    benchmark::DoNotOptimize(list.triangles.data());
  }
  st.counters["tri_in"] = static_cast<double>(stats.triangles_in);
  st.counters["tri_out"] = static_cast<double>(stats.triangles_out);
  st.counters["tri_back"] = static_cast<double>(stats.culled_back);
  st.counters["tri_outside"] = static_cast<double>(stats.culled_outside);
  st.counters["meshes"] = static_cast<double>(job.mesh_count);
  st.counters["meshes_outside"] = static_cast<double>(stats.meshes_outside);
}
BENCHMARK(BM_HerdGeometry)->Arg(1)->Arg(2)->ArgName("threads")->UseRealTime()->Unit(benchmark::kMillisecond);

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

// A pack of 8 friends following the player round a circle (issue 52's cost of 8 followers), against the
// same 8 herd creatures wandering: one simulation tick of the whole world (brains, controls, collisions,
// posing) on one thread. friends 0: the herd wanders (the baseline); 8: all eight are friends.
void BM_PackFollow(benchmark::State& st) {
  cf::Result<cf::Scene> scene =
      cf::load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/default.json");
  cf::Result<std::vector<cf::HerdKind>> herd = cf::pick_herd(8, 1, CF_ASSETS_DIR "/creatures");
  if (!scene || !herd) std::abort();
  cf::Session s;
  s.set_threads(1);
  (void)s.start(std::move(*scene), 1, *herd);
  cf::SimState w = s.state();
  if (st.range(0) > 0) {
    for (int i = 1; i < w.creature_count; ++i) {
      cf::WanderState& f = w.creatures[static_cast<std::size_t>(i)].wander;
      if (f.temperament == cf::kNoTemperament) f.temperament = cf::kCurious;
      f.bond = cf::kBondFriend;
      f.pack_slot = static_cast<std::uint8_t>(i - 1);
      f.bond_ticks = 1000;
    }
  }
  cf::WorldRuntime rt;
  cf::pose_creatures(w, s.context(), rt);
  cf::TickInput in;
  in.player.move_x = 0.25f;  // a wide circle at a walk
  in.player.move_y = 0.6f;
  for (int t = 0; t < 240; ++t) cf::step(w, in, s.context(), rt);  // the pack formed behind the player
  for (auto _ : st) cf::step(w, in, s.context(), rt);
  int friends = 0;
  for (int i = 1; i < w.creature_count; ++i) friends += w.creatures[static_cast<std::size_t>(i)].wander.bond == cf::kBondFriend;
  st.counters["friends"] = friends;
  st.SetItemsProcessed(st.iterations() * w.creature_count);
}
BENCHMARK(BM_PackFollow)->Arg(0)->Arg(8)->ArgName("friends")->Unit(benchmark::kMicrosecond);

}  // namespace
