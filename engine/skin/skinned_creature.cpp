#include "skin/skinned_creature.h"

#include <algorithm>
#include <numeric>

namespace cf {
namespace {

template <class T>
void permute(std::vector<T>* a, const std::vector<int>& order) {
  if (a->size() != order.size()) return;
  std::vector<T> b(a->size());
  for (std::size_t i = 0; i < order.size(); ++i) b[i] = (*a)[static_cast<std::size_t>(order[i])];
  a->swap(b);
}

void permute_rows(WeightTable* t, const std::vector<int>& order) {
  if (t->vertex_count() != static_cast<int>(order.size())) return;
  WeightTable r;
  r.offsets.reserve(order.size() + 1);
  r.influences.reserve(t->influences.size());
  for (int v : order) r.add_vertex(t->begin(v), t->count(v));
  *t = std::move(r);
}

// Orders every per-vertex array by palette entry (stable), remapping triangles and neighbours.
void sort_vertices_by_entry(SkinnedCreature* c) {
  const std::vector<std::uint16_t>& entry = c->palette.vertex_entry;
  std::vector<int> order(entry.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return entry[a] < entry[b]; });
  std::vector<std::uint32_t> new_index(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) new_index[static_cast<std::size_t>(order[i])] = static_cast<std::uint32_t>(i);
  SkinMesh& m = c->mesh;
  permute(&m.positions_ms, order);
  permute(&m.normals_ms, order);
  permute(&m.uvs, order);
  permute(&m.vertex_part, order);
  for (std::uint32_t& i : m.indices) i = new_index[i];
  Adjacency adj;
  adj.offsets.reserve(order.size() + 1);
  adj.neighbors.reserve(m.adjacency.neighbors.size());
  for (int v : order) {
    for (int k = m.adjacency.offsets[v]; k < m.adjacency.offsets[v + 1]; ++k)
      adj.neighbors.push_back(static_cast<int>(new_index[static_cast<std::size_t>(m.adjacency.neighbors[k])]));
    adj.offsets.push_back(static_cast<int>(adj.neighbors.size()));
  }
  m.adjacency = std::move(adj);
  permute_rows(&c->envelope, order);
  permute_rows(&c->limited.weights, order);
  permute_rows(&c->limited.deleted, order);
  permute(&c->palette.vertex_entry, order);
}

// Renumbers the palette entries by their bone lists (ascending, compared bone by bone), so the runs that
// the 16-lane kernels blend 16 (AVX-512) or 8 (AVX2) at a time share their bones: a block blends one slot
// per distinct bone: at the game's 3,000 vertices 3.0-3.8 slots a block (first-use order 3.1-3.8; ordered by
// run length, as for the padded kernels before, 4.7-5.6: 5-7% more skinning time, tools/bench/bench_skin).
// Entries with the same bones keep their first-use
// (mesh) order. Each entry keeps its bones and weights, so every vertex is skinned by the same matrix.
void order_entries_by_bones(WeightPalette* p) {
  const int n = p->size();
  if (n <= 1) return;
  const std::size_t slots = static_cast<std::size_t>(p->slots);
  // Unused slots hold bone 0 with weight 0: a shorter list sorts before its extensions.
  auto less = [&](int a, int b) {
    for (std::size_t k = 0; k < slots; ++k) {
      const bool ua = p->entry_weights[a * slots + k] != 0.0f, ub = p->entry_weights[b * slots + k] != 0.0f;
      if (ua != ub) return ub;
      if (!ua) return false;
      const std::uint16_t ba = p->entry_bones[a * slots + k], bb = p->entry_bones[b * slots + k];
      if (ba != bb) return ba < bb;
    }
    return false;
  };
  std::vector<int> old_of(static_cast<std::size_t>(n));
  std::iota(old_of.begin(), old_of.end(), 0);
  std::stable_sort(old_of.begin(), old_of.end(), less);
  std::vector<std::uint16_t> new_of(static_cast<std::size_t>(n));
  std::vector<std::uint16_t> bones(p->entry_bones.size());
  std::vector<float> weights(p->entry_weights.size());
  for (int e = 0; e < n; ++e) {
    const std::size_t from = static_cast<std::size_t>(old_of[e]) * p->slots;
    const std::size_t to = static_cast<std::size_t>(e) * p->slots;
    new_of[static_cast<std::size_t>(old_of[e])] = static_cast<std::uint16_t>(e);
    for (int k = 0; k < p->slots; ++k) {
      bones[to + k] = p->entry_bones[from + k];
      weights[to + k] = p->entry_weights[from + k];
    }
  }
  p->entry_bones.swap(bones);
  p->entry_weights.swap(weights);
  for (std::uint16_t& e : p->vertex_entry) e = new_of[e];
}

}  // namespace

std::vector<int> depth_priority(const Skeleton& sk) {
  std::vector<int> depth(sk.size(), 0);
  for (int b = 0; b < sk.size(); ++b) {
    const int p = sk.parents[b];
    depth[b] = (p >= 0 && p < b) ? depth[p] + 1 : 0;
  }
  for (int& d : depth) d = -d;
  return depth;
}

Result<SkinnedCreature> build_skinned_creature(const Skeleton& sk, const SkinOptions& options) {
  SkinnedCreature c;
  c.bone_count = sk.size();
  if (static_cast<int>(sk.parents.size()) != c.bone_count) return Error{"", "skeleton", "bone arrays differ in length"};
  auto mesh = build_mesh(sk, options.mesh);
  if (!mesh) return mesh.error();
  c.mesh = std::move(*mesh);
  c.envelope = envelope_weights(sk, c.mesh.positions_ms, options.envelope, c.mesh.vertex_part);
  c.bone_priority = depth_priority(sk);
  auto limited = limit_weights(c.envelope, c.mesh.adjacency, c.bone_count, c.bone_priority, options.limit);
  if (!limited) return limited.error();
  c.limited = std::move(*limited);
  auto pal = build_palette(c.limited.weights, options.palette);
  if (!pal) return pal.error();
  c.palette = std::move(*pal);
  if (options.order_entries_by_bones) order_entries_by_bones(&c.palette);
  sort_vertices_by_entry(&c);
  c.exact = make_fixed_influences(c.limited.weights);
  auto layout = build_skin_layout(c.palette, c.mesh.positions_ms, c.mesh.normals_ms);
  if (!layout) return layout.error();
  c.layout = std::move(*layout);
  return c;
}

void SkinBuffers::resize_for(const SkinnedCreature& c) {
  skin.resize(c.bone_count);
  palette.resize(c.palette.size());
  positions_ms.resize(c.mesh.positions_ms.size());
  normals_ms.resize(c.mesh.normals_ms.size());
}

bool skin_with_palette(const SkinnedCreature& c, SkinSpan<const glm::mat4> bone_ms,
                       SkinSpan<const glm::mat4> inv_bind_ms, SkinBuffers* out) {
  SkinMatricesJob matrices;
  matrices.bone_ms = bone_ms;
  matrices.inv_bind_ms = inv_bind_ms;
  matrices.out = out->skin;
  if (!matrices.run()) return false;
  if (c.layout.vertex_count == c.mesh.vertex_count() && c.layout.normals == !c.mesh.normals_ms.empty()) {
    LayoutSkinningJob fast;
    fast.layout = &c.layout;
    fast.skin = out->skin;
    fast.out_positions_ms = out->positions_ms;
    fast.out_normals_ms = out->normals_ms;
    return fast.run();
  }
  // A creature without a layout (built by hand): the scalar jobs, same bits.
  PaletteMatricesJob pm;
  pm.palette = &c.palette;
  pm.skin = out->skin;
  pm.out = out->palette;
  if (!pm.run()) return false;
  PaletteSkinningJob job;
  job.palette_matrices = out->palette;
  job.vertex_entry = c.palette.vertex_entry;
  job.positions_ms = c.mesh.positions_ms;
  job.normals_ms = c.mesh.normals_ms;
  job.out_positions_ms = out->positions_ms;
  job.out_normals_ms = out->normals_ms;
  return job.run();
}

bool skin_exact(const SkinnedCreature& c, SkinSpan<const glm::mat4> bone_ms, SkinSpan<const glm::mat4> inv_bind_ms,
                SkinBuffers* out) {
  SkinMatricesJob matrices;
  matrices.bone_ms = bone_ms;
  matrices.inv_bind_ms = inv_bind_ms;
  matrices.out = out->skin;
  if (!matrices.run()) return false;
  BlendSkinningJob job;
  job.skin = out->skin;
  job.influences = &c.exact;
  job.positions_ms = c.mesh.positions_ms;
  job.normals_ms = c.mesh.normals_ms;
  job.out_positions_ms = out->positions_ms;
  job.out_normals_ms = out->normals_ms;
  return job.run();
}

float palette_error_m(const SkinnedCreature& c, SkinSpan<const glm::mat4> bone_ms,
                      SkinSpan<const glm::mat4> inv_bind_ms, SkinBuffers* palette_out, SkinBuffers* exact_out) {
  if (!skin_with_palette(c, bone_ms, inv_bind_ms, palette_out) || !skin_exact(c, bone_ms, inv_bind_ms, exact_out))
    return -1.0f;
  float worst = 0.0f;
  for (std::size_t v = 0; v < palette_out->positions_ms.size(); ++v)
    worst = std::max(worst, glm::length(palette_out->positions_ms[v] - exact_out->positions_ms[v]));
  return worst;
}

template <class T, class A>
static std::size_t cap_bytes(const std::vector<T, A>& v) {
  return v.capacity() * sizeof(T);
}

static std::size_t table_bytes(const WeightTable& t) { return cap_bytes(t.offsets) + cap_bytes(t.influences); }

SkinMemory skin_memory(const SkinnedCreature& c) {
  SkinMemory m;
  const SkinMesh& mesh = c.mesh;
  m.mesh = cap_bytes(mesh.positions_ms) + cap_bytes(mesh.normals_ms) + cap_bytes(mesh.uvs) + cap_bytes(mesh.indices) +
           cap_bytes(mesh.vertex_part) + cap_bytes(mesh.adjacency.offsets) + cap_bytes(mesh.adjacency.neighbors);
  m.weights = table_bytes(c.envelope) + table_bytes(c.limited.weights) + table_bytes(c.limited.deleted) +
              cap_bytes(c.exact.bones) + cap_bytes(c.exact.weights) + cap_bytes(c.bone_priority);
  m.palette = cap_bytes(c.palette.entry_bones) + cap_bytes(c.palette.entry_weights) + cap_bytes(c.palette.vertex_entry);
  m.layout = c.layout.bytes();
  return m;
}

std::size_t skin_buffer_bytes(const SkinBuffers& b) {
  return cap_bytes(b.skin) + cap_bytes(b.palette) + cap_bytes(b.positions_ms) + cap_bytes(b.normals_ms);
}

}  // namespace cf
