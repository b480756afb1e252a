// CPU skinning, one thread: the palette frame (skinning matrices, one blended matrix per weight
// combination, then the layout vertex loop: 16 lanes where AVX-512 runs, 8-lane halves of the same
// chunks where AVX2 does) against the scalar palette job it replaced and the naive per-vertex linear
// blend with exact weights (4 influences, BlendSkinningJob), positions and normals, on a shipped
// creature's mesh posed by a random articulated pose: 50k vertices, and <creature>_3000 at the game's
// size (MeshOptions' default) for every shipped creature.
// Counters: items/s = vertices/s; bytes_per_vertex = bytes read + written per vertex by the vertex loop
// (layout: 24 floats per group of 4 padded lanes + outputs 24; scalar palette: position 12 + normal 12 +
// index 2 + outputs 24; naive: 12 + 12 + 4 x (2 + 4) + 24), not counting matrices, which stay in cache;
// runs and bones_per_run: the palette blends per frame; slots_per_block16: the bones the AVX-512 kernel
// blends per 16 runs.
// BM_CopySameBytes is the memory roofline: 24 bytes per vertex read and 24 written, nothing computed.
#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "creature/creature_io.h"
#include "retarget/retarget.h"
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

  Fixture(const std::string& creature, int vertices, bool order_entries_by_bones = true) {
    auto c = cf::load_creature(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json");
    if (!c) return;
    auto rig_r = cf::build_rig(*c);
    if (!rig_r) return;
    rig = std::move(*rig_r);
    cf::SkinOptions o;
    o.mesh.target_vertices = vertices;
    o.limit.max_influences = 4;
    o.order_entries_by_bones = order_entries_by_bones;
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

// Built once per process, outside the timing. "biped_small": 5000 vertices, all in L2 (in-cache rate);
// "<creature>_3000": the game's size (MeshOptions' default).
Fixture& fixture(const std::string& name) {
  static std::map<std::string, std::unique_ptr<Fixture>> built;
  std::unique_ptr<Fixture>& f = built[name];
  if (f) return *f;
  const auto cut = name.rfind('_');
  const std::string tail = cut == std::string::npos ? "" : name.substr(cut + 1);
  if (name == "biped_small")
    f = std::make_unique<Fixture>("biped", 5000);
  else if (name.size() > 12 && name.compare(name.size() - 12, 12, "_entry_order") == 0)  // first-use order
    f = std::make_unique<Fixture>(name.substr(0, name.size() - 12), 50000, false);
  else if (tail == "3000")
    f = std::make_unique<Fixture>(name.substr(0, cut), 3000);
  else
    f = std::make_unique<Fixture>(name, 50000);
  return *f;
}

void report(benchmark::State& state, const Fixture& f, double bytes_per_vertex) {
  const auto verts = static_cast<int64_t>(f.skinned.mesh.vertex_count());
  state.SetItemsProcessed(state.iterations() * verts);
  state.counters["vertices"] = static_cast<double>(verts);
  state.counters["bytes_per_vertex"] = bytes_per_vertex;
  state.counters["palette_size"] = f.skinned.palette.size();
}

// Whole frame: skinning matrices, palette matrices, vertices (the layout job, as the game runs it).
void BM_PaletteSkinning(benchmark::State& state, const char* creature) {
  Fixture& f = fixture(creature);
  if (!f.ok) return state.SkipWithError("fixture failed");
  for (auto _ : state) {
    bool ok = cf::skin_with_palette(f.skinned, f.pose, f.inv_bind, &f.out);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(f.out.positions_ms.data());
    benchmark::ClobberMemory();
  }
  const double padded = 4.0 * f.skinned.layout.groups() / f.skinned.mesh.vertex_count();
  report(state, f, padded * 24 + 24);  // 24 bytes of bind data per lane
  state.counters["lanes_per_vertex"] = padded;
  const cf::SkinLayout& l = f.skinned.layout;
  double used = 0;
  for (std::uint8_t u : l.run_used) used += u;
  state.counters["runs"] = l.runs();
  state.counters["bones_per_run"] = l.runs() ? used / l.runs() : 0.0;
  const std::size_t blocks16 = l.blocks16.first_slot.empty() ? 0 : l.blocks16.first_slot.size() - 1;
  state.counters["slots_per_block16"] = blocks16 ? static_cast<double>(l.blocks16.bone.size()) / blocks16 : 0.0;
}

// The same frame with one particular vertex loop (the game's skin_with_palette uses the widest).
void BM_PaletteSkinningKernel(benchmark::State& state, const char* creature, cf::SkinKernel kernel) {
  Fixture& f = fixture(creature);
  if (!f.ok) return state.SkipWithError("fixture failed");
  if (cf::resolve_for(kernel, f.skinned.layout) != kernel) return state.SkipWithError("kernel not supported here");
  cf::SkinMatricesJob matrices;
  matrices.bone_ms = f.pose;
  matrices.inv_bind_ms = f.inv_bind;
  matrices.out = f.out.skin;
  for (auto _ : state) {
    bool ok = matrices.run();
    cf::LayoutSkinningJob job;
    job.layout = &f.skinned.layout;
    job.skin = f.out.skin;
    job.out_positions_ms = f.out.positions_ms;
    job.out_normals_ms = f.out.normals_ms;
    job.kernel = kernel;
    ok = job.run() && ok;
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(f.out.positions_ms.data());
    benchmark::ClobberMemory();
  }
  report(state, f, 4.0 * f.skinned.layout.groups() / f.skinned.mesh.vertex_count() * 24 + 24);
}

// The roofline: the vertex loop's bytes copied and nothing computed. Its 24 bytes of bind data per vertex
// (positions and normals) are read and 24 written, as memcpy moves them; no skinning loop can beat it.
void BM_CopySameBytes(benchmark::State& state, const char* creature) {
  Fixture& f = fixture(creature);
  if (!f.ok) return state.SkipWithError("fixture failed");
  const std::size_t n = f.skinned.mesh.positions_ms.size();
  std::vector<glm::vec3> src(2 * n);
  std::copy(f.skinned.mesh.positions_ms.begin(), f.skinned.mesh.positions_ms.end(), src.begin());
  std::copy(f.skinned.mesh.normals_ms.begin(), f.skinned.mesh.normals_ms.end(), src.begin() + static_cast<std::ptrdiff_t>(n));
  for (auto _ : state) {
    std::memcpy(static_cast<void*>(f.out.positions_ms.data()), src.data(), n * sizeof(glm::vec3));
    std::memcpy(static_cast<void*>(f.out.normals_ms.data()), src.data() + n, n * sizeof(glm::vec3));
    benchmark::DoNotOptimize(f.out.positions_ms.data());
    benchmark::ClobberMemory();
  }
  report(state, f, 48);
}

// The palette build: the skinning matrices (bone model matrix times inverse bind), then the palette's
// blended matrices.
bool palette_build(Fixture& f) {
  cf::SkinMatricesJob matrices;
  matrices.bone_ms = f.pose;
  matrices.inv_bind_ms = f.inv_bind;
  matrices.out = f.out.skin;
  cf::PaletteMatricesJob pm;
  pm.palette = &f.skinned.palette;
  pm.skin = f.out.skin;
  pm.out = f.out.palette;
  const bool ok = matrices.run();
  return pm.run() && ok;
}

// The palette frame before the layout: the same matrices, then the scalar PaletteSkinningJob.
void BM_PaletteSkinningScalar(benchmark::State& state, const char* creature) {
  Fixture& f = fixture(creature);
  if (!f.ok) return state.SkipWithError("fixture failed");
  for (auto _ : state) {
    bool ok = palette_build(f);
    cf::PaletteSkinningJob job;
    job.palette_matrices = f.out.palette;
    job.vertex_entry = f.skinned.palette.vertex_entry;
    job.positions_ms = f.skinned.mesh.positions_ms;
    job.normals_ms = f.skinned.mesh.normals_ms;
    job.out_positions_ms = f.out.positions_ms;
    job.out_normals_ms = f.out.normals_ms;
    ok = job.run() && ok;
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(f.out.positions_ms.data());
    benchmark::ClobberMemory();
  }
  report(state, f, 12 + 12 + 2 + 24);
}

// The palette build alone (skinning matrices + palette matrices): the per-frame cost before any vertex.
void BM_PaletteBuild(benchmark::State& state, const char* creature) {
  Fixture& f = fixture(creature);
  if (!f.ok) return state.SkipWithError("fixture failed");
  for (auto _ : state) {
    const bool ok = palette_build(f);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(f.out.palette.data());
    benchmark::ClobberMemory();
  }
  report(state, f, 0);
}

// The skinning matrices alone (bone model matrix times inverse bind, per bone): the frame's first step.
void BM_SkinMatrices(benchmark::State& state, const char* creature) {
  Fixture& f = fixture(creature);
  if (!f.ok) return state.SkipWithError("fixture failed");
  cf::SkinMatricesJob matrices;
  matrices.bone_ms = f.pose;
  matrices.inv_bind_ms = f.inv_bind;
  matrices.out = f.out.skin;
  for (auto _ : state) {
    bool ok = matrices.run();
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(f.out.skin.data());
    benchmark::ClobberMemory();
  }
  state.counters["bones"] = static_cast<double>(f.pose.size());
}

// Whole frame: skinning matrices, then every vertex blends its 4 bones' matrices.
void BM_NaiveBlendSkinning(benchmark::State& state, const char* creature) {
  Fixture& f = fixture(creature);
  if (!f.ok) return state.SkipWithError("fixture failed");
  cf::SkinMatricesJob matrices;
  matrices.bone_ms = f.pose;
  matrices.inv_bind_ms = f.inv_bind;
  matrices.out = f.out.skin;
  for (auto _ : state) {
    bool ok = matrices.run();
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

template <class T>
double kib(const std::vector<T>& v) {
  return static_cast<double>(v.capacity() * sizeof(T)) / 1024.0;
}
double kib(const std::string& s) { return s.capacity() > 15 ? static_cast<double>(s.capacity() + 1) / 1024.0 : 0.0; }

double rig_kib(const cf::Rig& r) {
  const cf::Skeleton& k = r.skeleton;
  double b = kib(k.names) + kib(k.parents) + kib(k.classes) + kib(k.sides) + kib(k.head_ms) + kib(k.tail_ms) +
             kib(k.radius) + kib(k.counterpart) + kib(k.part) + kib(r.limbs) + kib(r.spine_bones) +
             kib(r.head_bones) + kib(r.tail_bones) + sizeof(cf::Rig) / 1024.0;
  for (const std::string& n : k.names) b += kib(n);
  for (const cf::LimbChain& l : r.limbs) b += kib(l.cases);
  return b;
}

double pose_kib(const cf::CreaturePose& p) {
  return kib(p.head_ms) + kib(p.tail_ms) + kib(p.head_ws) + kib(p.tail_ws) + kib(p.bone_ms) + kib(p.rotation_ms) +
         kib(p.limbs) + kib(p.bind_ms) + kib(p.bone_limb) + kib(p.spine_rank) + sizeof(cf::CreaturePose) / 1024.0;
}

// Memory per creature, KiB: the rig, the skinned flesh (mesh, weights, palette, layout) and the
// per-frame state (pose + skinning buffers); herd64 = 64 such creatures, nothing shared. The timed
// loop only re-counts; the counters are the figures.
void BM_CreatureMemory(benchmark::State& state, const char* creature, int vertices) {
  auto c = cf::load_creature(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json");
  if (!c) return state.SkipWithError("creature failed to load");
  auto rig = cf::build_rig(*c);
  if (!rig) return state.SkipWithError("rig failed");
  cf::SkinOptions o;
  o.mesh.target_vertices = vertices;
  auto skinned = cf::build_skinned_creature(rig->skeleton, o);
  if (!skinned) return state.SkipWithError("skin failed");
  cf::CreaturePose pose;
  pose.resize(*rig);
  cf::SkinBuffers buffers;
  buffers.resize_for(*skinned);
  cf::SkinMemory m;
  for (auto _ : state) {
    m = cf::skin_memory(*skinned);
    benchmark::DoNotOptimize(m);
  }
  const double state_kib = pose_kib(pose) + cf::skin_buffer_bytes(buffers) / 1024.0;
  const double total = rig_kib(*rig) + m.total() / 1024.0 + sizeof(cf::SkinnedCreature) / 1024.0 + state_kib;
  state.counters["vertices"] = skinned->mesh.vertex_count();
  state.counters["rig_KiB"] = rig_kib(*rig);
  state.counters["mesh_KiB"] = m.mesh / 1024.0;
  state.counters["weights_KiB"] = m.weights / 1024.0;
  state.counters["palette_KiB"] = m.palette / 1024.0;
  state.counters["layout_KiB"] = m.layout / 1024.0;
  state.counters["state_KiB"] = state_kib;
  state.counters["total_KiB"] = total;
  state.counters["herd64_MiB"] = 64.0 * total / 1024.0;
}

BENCHMARK_CAPTURE(BM_PaletteSkinning, biped, "biped")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningKernel, biped_sse2, "biped", cf::SkinKernel::kSse2)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningKernel, biped_scalar, "biped", cf::SkinKernel::kScalar)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningScalar, biped, "biped")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteBuild, biped, "biped")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_NaiveBlendSkinning, biped, "biped")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinning, biped_small, "biped_small")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_NaiveBlendSkinning, biped_small, "biped_small")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinning, octopod, "octopod")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningKernel, octopod_avx512, "octopod", cf::SkinKernel::kAvx512)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningKernel, biped_avx512, "biped", cf::SkinKernel::kAvx512)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CopySameBytes, biped, "biped")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CopySameBytes, octopod, "octopod")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CopySameBytes, biped_small, "biped_small")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningKernel, octopod_avx, "octopod", cf::SkinKernel::kAvx)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningKernel, biped_avx, "biped", cf::SkinKernel::kAvx)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningKernel, biped_avx2, "biped", cf::SkinKernel::kAvx2)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningKernel, octopod_avx2, "octopod", cf::SkinKernel::kAvx2)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningKernel, octopod_sse2, "octopod", cf::SkinKernel::kSse2)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinning, octopod_entry_order, "octopod_entry_order")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinning, biped_entry_order, "biped_entry_order")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteSkinningScalar, octopod, "octopod")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteBuild, octopod, "octopod")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_NaiveBlendSkinning, octopod, "octopod")->Unit(benchmark::kMicrosecond);

// The game's size: 3,000 vertices (MeshOptions' default), every shipped creature.
#define CF_SKIN_3000(creature)                                                                             \
  BENCHMARK_CAPTURE(BM_PaletteSkinning, creature##_3000, #creature "_3000")->Unit(benchmark::kMicrosecond);    \
  BENCHMARK_CAPTURE(BM_NaiveBlendSkinning, creature##_3000, #creature "_3000")->Unit(benchmark::kMicrosecond); \
  BENCHMARK_CAPTURE(BM_CopySameBytes, creature##_3000, #creature "_3000")->Unit(benchmark::kMicrosecond)
CF_SKIN_3000(biped);
CF_SKIN_3000(quadruped);
CF_SKIN_3000(hexapod);
CF_SKIN_3000(strider);
CF_SKIN_3000(stubby);
CF_SKIN_3000(biped_arms_tail);
CF_SKIN_3000(octopod);
#undef CF_SKIN_3000
#define CF_SKIN_3000_KERNEL(creature, kernel, k)                                                        \
  BENCHMARK_CAPTURE(BM_PaletteSkinningKernel, creature##_3000_##kernel, #creature "_3000", cf::SkinKernel::k) \
      ->Unit(benchmark::kMicrosecond)
BENCHMARK_CAPTURE(BM_SkinMatrices, biped_3000, "biped_3000")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SkinMatrices, octopod_3000, "octopod_3000")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteBuild, biped_3000, "biped_3000")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PaletteBuild, octopod_3000, "octopod_3000")->Unit(benchmark::kMicrosecond);
CF_SKIN_3000_KERNEL(biped, scalar, kScalar);
CF_SKIN_3000_KERNEL(biped, sse2, kSse2);
CF_SKIN_3000_KERNEL(biped, avx, kAvx);
CF_SKIN_3000_KERNEL(biped, avx2, kAvx2);
CF_SKIN_3000_KERNEL(biped, avx512, kAvx512);
CF_SKIN_3000_KERNEL(octopod, scalar, kScalar);
CF_SKIN_3000_KERNEL(octopod, sse2, kSse2);
CF_SKIN_3000_KERNEL(octopod, avx, kAvx);
CF_SKIN_3000_KERNEL(octopod, avx2, kAvx2);
CF_SKIN_3000_KERNEL(octopod, avx512, kAvx512);
#undef CF_SKIN_3000_KERNEL

BENCHMARK_CAPTURE(BM_CreatureMemory, biped_default, "biped", 0)->Iterations(1);
BENCHMARK_CAPTURE(BM_CreatureMemory, octopod_default, "octopod", 0)->Iterations(1);
BENCHMARK_CAPTURE(BM_CreatureMemory, biped_50k, "biped", 50000)->Iterations(1);
BENCHMARK_CAPTURE(BM_CreatureMemory, octopod_50k, "octopod", 50000)->Iterations(1);

}  // namespace
