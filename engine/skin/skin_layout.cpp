#include "skin/skin_layout.h"

#include "skin/skin_layout_kernels.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cf {

std::size_t SkinLayout::bytes() const {
  return run_entry.capacity() * sizeof(std::uint16_t) + run_group.capacity() * sizeof(std::uint32_t) +
         run_bones.capacity() * sizeof(std::uint16_t) + run_weights.capacity() * sizeof(float) + run_used.capacity() +
         blocks.capacity() * sizeof(float) + group_first.capacity() * sizeof(std::uint32_t) +
         group_live.capacity() + slot_vertex.capacity() * sizeof(std::uint32_t) +
         chunk_blocks.capacity() * sizeof(float) + chunk_run.capacity() * sizeof(std::uint32_t) + lane_run.capacity() +
         half_run.capacity() * sizeof(std::uint32_t) + half_lane_run.capacity() + blocks8.bytes() + blocks16.bytes();
}

std::size_t SkinLayout::RunBlocks::bytes() const {
  return first_slot.capacity() * sizeof(std::uint32_t) + bone.capacity() * sizeof(std::uint16_t) +
         mask.capacity() * sizeof(std::uint16_t) + weight.capacity() * sizeof(float);
}

// Blocks of `width` runs. A block's slots merge its runs' bone lists, always taking the smallest bone next
// among the runs' next bones: palette entries list their bones in ascending order, so each bone is one slot.
static void build_run_blocks(const SkinLayout& l, int width, SkinLayout::RunBlocks* out) {
  SkinLayout::RunBlocks b;
  const int runs = l.runs();
  const std::size_t slots = static_cast<std::size_t>(l.slots);
  std::vector<int> at(static_cast<std::size_t>(width));
  b.first_slot.push_back(0);
  for (int r0 = 0; r0 < runs; r0 += width) {
    const int n = std::min(width, runs - r0);
    std::fill(at.begin(), at.end(), 0);
    for (;;) {
      int bone = -1;
      for (int j = 0; j < n; ++j)
        if (at[j] < l.run_used[r0 + j]) {
          const int bj = l.run_bones[(r0 + j) * slots + at[j]];
          if (bone < 0 || bj < bone) bone = bj;
        }
      if (bone < 0) break;
      const std::size_t w0 = b.weight.size();
      b.weight.resize(w0 + static_cast<std::size_t>(width), 0.0f);
      std::uint16_t mask = 0;
      for (int j = 0; j < n; ++j) {
        const std::size_t k = (r0 + j) * slots + at[j];
        if (at[j] < l.run_used[r0 + j] && l.run_bones[k] == bone) {
          mask = static_cast<std::uint16_t>(mask | (1u << j));
          b.weight[w0 + j] = l.run_weights[k];
          ++at[j];
        }
      }
      b.bone.push_back(static_cast<std::uint16_t>(bone));
      b.mask.push_back(mask);
    }
    b.first_slot.push_back(static_cast<std::uint32_t>(b.bone.size()));
  }
  b.first_slot.shrink_to_fit();
  b.bone.shrink_to_fit();
  b.mask.shrink_to_fit();
  b.weight.shrink_to_fit();
  *out = std::move(b);
}

// The 16-lane form of an in-order layout: start[e] is entry e's first vertex.
static void build_chunks(SkinLayout& l, const std::vector<std::uint32_t>& start, SkinSpan<const glm::vec3> positions_ms,
                         SkinSpan<const glm::vec3> normals_ms) {
  constexpr std::size_t kW = 16;
  const std::size_t n = static_cast<std::size_t>(l.vertex_count), chunks = (n + kW - 1) / kW;
  const std::size_t fpc = static_cast<std::size_t>(l.floats_per_chunk());
  std::vector<std::uint32_t> vertex_run(chunks * kW);
  for (int r = 0; r < l.runs(); ++r)
    for (std::uint32_t v = start[l.run_entry[r]]; v < start[l.run_entry[r] + 1u]; ++v) vertex_run[v] = static_cast<std::uint32_t>(r);
  l.chunk_blocks.assign(chunks * fpc, 0.0f);
  l.chunk_run.resize(chunks);
  l.lane_run.resize(chunks * kW);
  l.half_run.resize(chunks * 2);
  l.half_lane_run.resize(chunks * kW);
  for (std::size_t c = 0; c < chunks; ++c) {
    float* b = &l.chunk_blocks[c * fpc];
    l.chunk_run[c] = vertex_run[c * kW];
    for (std::size_t k = 0; k < kW; ++k) {
      const std::size_t v = std::min(c * kW + k, n - 1);  // spare lanes repeat the last vertex
      l.lane_run[c * kW + k] = static_cast<std::uint8_t>(vertex_run[v] - l.chunk_run[c]);
      if (k % 8 == 0) l.half_run[c * 2 + k / 8] = vertex_run[v];
      l.half_lane_run[c * kW + k] = static_cast<std::uint8_t>(vertex_run[v] - l.half_run[c * 2 + k / 8]);
      b[k] = positions_ms[v].x, b[kW + k] = positions_ms[v].y, b[2 * kW + k] = positions_ms[v].z;
      if (l.normals)
        b[3 * kW + k] = normals_ms[v].x, b[4 * kW + k] = normals_ms[v].y, b[5 * kW + k] = normals_ms[v].z;
    }
  }
}

static bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

Result<SkinLayout> build_skin_layout(const WeightPalette& palette, SkinSpan<const glm::vec3> positions_ms,
                                     SkinSpan<const glm::vec3> normals_ms, SkinChunks chunks) {
  const SkinSpan<const std::uint16_t> vertex_entry = palette.vertex_entry;
  const int palette_size = palette.size();
  const std::size_t n = positions_ms.size;
  if (palette.slots < 0 || palette.slots > 255 || palette.entry_weights.size() != palette.entry_bones.size())
    return Error{"", "palette", "entry bones and weights differ in size"};
  if (vertex_entry.size != n) return Error{"", "vertex_entry", "size differs from the vertex count"};
  if (normals_ms.size != 0 && normals_ms.size != n) return Error{"", "normals", "size differs from the vertex count"};
  if (palette_size < 0 || palette_size > 65536) return Error{"", "palette", "size must be 0..65536"};
  if (n > (1u << 30)) return Error{"", "positions", "more than 2^30 vertices"};
  for (std::size_t v = 0; v < n; ++v) {
    const std::string at = "vertices[" + std::to_string(v) + "]";
    if (vertex_entry[v] >= palette_size) return Error{"", at, "palette entry out of range"};
    if (!finite3(positions_ms[v]) || (normals_ms.size && !finite3(normals_ms[v])))
      return Error{"", at, "position or normal is not finite"};
  }
  SkinLayout l;
  l.vertex_count = static_cast<int>(n);
  l.slots = palette.slots;
  l.normals = normals_ms.size != 0;
  // Stable counting sort of the vertices by entry.
  std::vector<std::uint32_t> start(static_cast<std::size_t>(palette_size) + 1, 0);
  for (std::size_t v = 0; v < n; ++v) ++start[vertex_entry[v] + 1u];
  for (int e = 0; e < palette_size; ++e) start[e + 1] += start[e];
  std::vector<std::uint32_t> order(n);
  {
    std::vector<std::uint32_t> at(start.begin(), start.end() - 1);
    for (std::size_t v = 0; v < n; ++v) order[at[vertex_entry[v]]++] = static_cast<std::uint32_t>(v);
  }
  constexpr int kL = SkinLayout::kLanes;
  l.run_group.push_back(0);
  for (int e = 0; e < palette_size; ++e) {
    const std::uint32_t count = start[e + 1] - start[e];
    if (count == 0) continue;
    l.run_entry.push_back(static_cast<std::uint16_t>(e));
    // Non-zero weights first, in slot order: the blend then skips exactly what PaletteMatricesJob skips.
    int used = 0;
    for (int k = 0; k < l.slots; ++k) {
      const std::size_t at = static_cast<std::size_t>(e) * l.slots + k;
      if (palette.entry_weights[at] == 0.0f) continue;
      l.run_bones.push_back(palette.entry_bones[at]);
      l.run_weights.push_back(palette.entry_weights[at]);
      l.bone_count = std::max(l.bone_count, palette.entry_bones[at] + 1);
      ++used;
    }
    for (int k = used; k < l.slots; ++k) l.run_bones.push_back(0), l.run_weights.push_back(0.0f);
    l.run_used.push_back(static_cast<std::uint8_t>(used));
    l.run_group.push_back(l.run_group.back() + (count + kL - 1) / kL);
  }
  const std::size_t groups = l.run_group.back();
  const int fpg = l.floats_per_group();
  l.blocks.assign(groups * fpg, 0.0f);
  l.group_first.resize(groups);
  l.group_live.resize(groups);
  l.slot_vertex.resize(groups * kL);
  for (int r = 0; r < l.runs(); ++r) {
    const std::uint32_t first = start[l.run_entry[r]], count = start[l.run_entry[r] + 1u] - first;
    const std::uint32_t g0 = l.run_group[r], paired_end = g0 + ((l.run_group[r + 1] - g0) & ~1u);
    for (std::uint32_t g = g0, i = 0; g < l.run_group[r + 1]; ++g, i += kL) {
      const std::uint32_t live = std::min<std::uint32_t>(kL, count - i);
      const bool paired = g < paired_end, second = paired && ((g - g0) & 1u);
      const std::size_t stride = paired ? 8 : 4;
      float* b = &l.blocks[(second ? g - 1 : g) * fpg + (second ? 4 : 0)];
      bool consecutive = true;
      for (int k = 0; k < kL; ++k) {
        // Padding lanes repeat the last live vertex: finite inputs, outputs never stored.
        const std::uint32_t v = order[first + i + std::min<std::uint32_t>(k, live - 1)];
        l.slot_vertex[g * kL + k] = v;
        if (static_cast<std::uint32_t>(k) < live && v != order[first + i] + k) consecutive = false;
        b[k] = positions_ms[v].x, b[stride + k] = positions_ms[v].y, b[2 * stride + k] = positions_ms[v].z;
        if (l.normals)
          b[3 * stride + k] = normals_ms[v].x, b[4 * stride + k] = normals_ms[v].y, b[5 * stride + k] = normals_ms[v].z;
      }
      l.group_first[g] = order[first + i];
      l.group_live[g] = static_cast<std::uint8_t>(live | (consecutive ? 0u : SkinLayout::kScattered) |
                                                  (paired ? (second ? SkinLayout::kPairSecond : SkinLayout::kPairFirst) : 0u));
    }
  }
  // A partial group may store all 4 lanes when the next group starts right after its live lanes:
  // the extra lanes land on vertices that group writes afterwards (when it is in the same job range).
  for (std::size_t g = 0; g + 1 < groups; ++g) {
    const std::uint8_t f = l.group_live[g], live = f & SkinLayout::kLiveMask;
    if (live < SkinLayout::kLanes && !(f & SkinLayout::kScattered) && !(l.group_live[g + 1] & SkinLayout::kScattered) &&
        l.group_first[g + 1] == l.group_first[g] + live && (l.group_live[g + 1] & SkinLayout::kLiveMask) >= 4 - live)
      l.group_live[g] = static_cast<std::uint8_t>(f | SkinLayout::kOverrun);
  }
  l.in_order = true;
  for (std::size_t i = 0; i < n && l.in_order; ++i) l.in_order = order[i] == i;
  // slot_vertex is only read for scattered groups; vertices sorted by entry have none.
  bool scattered = false;
  for (std::uint8_t f : l.group_live) scattered = scattered || (f & SkinLayout::kScattered);
  if (!scattered) std::vector<std::uint32_t>().swap(l.slot_vertex);
  // AVX2's 8-lane halves beat the padded groups only when runs are short: measured on an AVX2 EPYC,
  // 20-30% faster at 3,000 vertices (27-70% padded lanes), 20% slower on the 50k biped (7% padded).
  const SkinKernel best = resolve(SkinKernel::kBest);
  const bool short_runs = groups * 4 * 20 > n * 23;  // more than 15% padded lanes
  if (l.in_order && n > 0 &&
      (chunks == SkinChunks::kAlways ||
       (chunks == SkinChunks::kWhenSupported &&
        (best == SkinKernel::kAvx512 || (best == SkinKernel::kAvx2 && short_runs))))) {
    build_chunks(l, start, positions_ms, normals_ms);
    build_run_blocks(l, 8, &l.blocks8);
    build_run_blocks(l, 16, &l.blocks16);
  }
  l.run_bones.shrink_to_fit();
  l.run_weights.shrink_to_fit();
  l.run_used.shrink_to_fit();
  l.run_entry.shrink_to_fit();
  l.run_group.shrink_to_fit();
  return l;
}

bool LayoutSkinningJob::validate() const {
  if (!layout) return false;
  const std::size_t n = static_cast<std::size_t>(layout->vertex_count);
  if (skin.size < static_cast<std::size_t>(layout->bone_count)) return false;
  if (out_positions_ms.size != n || (out_normals_ms.size != 0 && out_normals_ms.size != n)) return false;
  if (out_normals_ms.size != 0 && !layout->normals) return false;
  if (n != 0 && (!out_positions_ms.data || !skin.data)) return false;
  const int end = run_end < 0 ? layout->runs() : run_end;
  return run_begin >= 0 && run_begin <= end && end <= layout->runs();
}

bool LayoutSkinningJob::run() const {
  if (!validate()) return false;
  LayoutKernelArgs a;
  a.layout = layout;
  a.skin = skin.data;
  a.out_p = out_positions_ms.data;
  a.out_n = out_normals_ms.size ? out_normals_ms.data : nullptr;
  a.run_begin = run_begin;
  a.run_end = run_end < 0 ? layout->runs() : run_end;
  run_layout_kernel(a, kernel);
  return true;
}

void split_runs(const SkinLayout& l, int parts, SkinSpan<int> bounds) {
  if (parts <= 0 || bounds.size < static_cast<std::size_t>(parts) + 1) return;
  const std::uint32_t total = l.run_group.empty() ? 0 : l.run_group.back();
  bounds[0] = 0;
  for (int p = 1; p < parts; ++p) {
    const std::uint64_t want = static_cast<std::uint64_t>(total) * static_cast<std::uint64_t>(p) / parts;
    const auto it = std::lower_bound(l.run_group.begin(), l.run_group.end() - 1, want);
    bounds[p] = std::max(bounds[p - 1], static_cast<int>(it - l.run_group.begin()));
  }
  bounds[parts] = l.runs();
}

}  // namespace cf
