// CPU skinning, one thread: palette skinning (one blended matrix per weight combination, then one
// matrix * vector per vertex) against the naive per-vertex linear blend (4 influences), 50k vertices,
// positions and normals, on a shipped creature's mesh posed by random articulated poses.
// Counters: items/s = vertices/s; bytes_per_vertex = bytes read + written per vertex by the vertex loop
// (palette: position 12 + normal 12 + index 2 + outputs 24; naive: 12 + 12 + 4 x (2 + 4) + 24),
// not counting the palette / bone matrices, which stay in cache.
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "creature/creature_io.h"
#include "skeleton/rig_builder.h"
#include "skin/sample_poses.h"
#include "skin/skinned_creature.h"

namespace {

struct Fixture {
  cf::Rig rig;
  cf::SkinnedCreature skinned;
  cf::FixedInfluences naive4;  // the limited weights padded to exactly 4 slots
  std::vector<glm::mat4> bind, inv_bind, pose;
  cf::SkinBuffers out;
  bool ok = false;

  explicit Fixture(const std::string& creature) {
    auto c = cf::load_creature(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json");
    if (!c) return;
    auto rig_r = cf::build_rig(*c);
    if (!rig_r) return;
    rig = std::move(*rig_r);
    cf::SkinOptions o;
    o.mesh.target_vertices = 50000;
    o.limit.max_influences = 4;
    auto s = cf::build_skinned_creature(rig.skeleton, o);
    if (!s) return;
    skinned = std::move(*s);
    naive4 = cf::make_fixed_influences(skinned.limited.weights, 4);
    const int n = rig.skeleton.size();
    bind.resize(n);
    inv_bind.resize(n);
    pose.resize(n);
    cf::skeleton_bone_frames(rig.skeleton, bind);
    cf::invert_bind_matrices(bind, inv_bind);
    cf::Rng rng = cf::Rng::from_seed(9);
    cf::random_articulated_pose(rig.skeleton, bind, rng, 0.4f, 0.1f, pose);
    out.resize_for(skinned);
    ok = true;
  }
};

Fixture& fixture(const std::string& name) {
  static Fixture biped("biped"), octopod("octopod");  // built once per process, outside the timing
  return name == "octopod" ? octopod : biped;
}

void report(benchmark::State& state, const Fixture& f, double bytes_per_vertex) {
  const auto verts = static_cast<int64_t>(f.skinned.mesh.vertex_count());
  state.SetItemsProcessed(state.iterations() * verts);
  state.counters["vertices"] = static_cast<double>(verts);
  state.counters["bytes_per_vertex"] = bytes_per_vertex;
  state.counters["palette_size"] = f.skinned.palette.size();
}

// Whole frame: skinning matrices, palette matrices, vertices.
void BM_PaletteSkinning(benchmark::State& state, const char* creature) {
  Fixture& f = fixture(creature);
  if (!f.ok) return state.SkipWithError("fixture failed");
  for (auto _ : state) {
    bool ok = cf::skin_with_palette(f.skinned, f.pose, f.inv_bind, &f.out);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(f.out.positions_ms.data());
    benchmark::ClobberMemory();
  }
  report(state, f, 12 + 12 + 2 + 24);
}

// Whole frame: skinning matrices, then every vertex blends its 4 bones' matrices.
void BM_NaiveBlendSkinning(benchmark::State& state, const char* creature) {
  Fixture& f = fixture(creature);
  if (!f.ok) return state.SkipWithError("fixture failed");
  for (auto _ : state) {
    bool ok = cf::SkinMatricesJob{f.pose, f.inv_bind, f.out.skin}.run();
    cf::BlendSkinningJob job;
    job.skin = f.out.skin;
    job.influences = &f.naive4;
    job.positions_ms = f.skinned.mesh.positions_ms;
    job.normals_ms = f.skinned.mesh.normals_ms;
    job.out_positions_ms = f.out.positions_ms;
    job.out_normals_ms = f.out.normals_ms;
    ok = job.run() && ok;
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(f.out.positions_ms.data());
    benchmark::ClobberMemory();
  }
  report(state, f, 12 + 12 + 4 * (2 + 4) + 24);
}

BENCHMARK_CAPTURE(BM_PaletteSkinning, biped, "biped")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_NaiveBlendSkinning, biped, "biped")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinning, octopod, "octopod")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_NaiveBlendSkinning, octopod, "octopod")->Unit(benchmark::kMicrosecond);

}  // namespace
