#pragma once
// The palette skinning layout: built once per mesh and palette so that the per-frame vertex loop is a
// straight 4-wide pass. Vertices are grouped by palette entry (one run per used entry, in entry order),
// each run padded to whole groups of 4 by repeating its last vertex, and each group stores its bind
// positions and normals as x[4] y[4] z[4] blocks. Sizes and entry indices are checked here, once, so
// the job's validate() is O(1). LayoutSkinningJob writes the same bits as PaletteSkinningJob: the same
// IEEE operations in the same order, only 4 lanes at a time (-ffp-contract=off keeps them unfused).
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "core/result.h"
#include "skin/skin_types.h"
#include "skin/skinning.h"

namespace cf {

struct SkinLayout {
  static constexpr int kLanes = 4;
  static constexpr std::uint8_t kScattered = 0x80;  // group_live flag: lanes are not consecutive vertices

  int vertex_count = 0;  // output vertices
  int palette_size = 0;  // palette entries the layout was built for
  bool normals = false;  // blocks hold normals too (24 floats per group, else 12)
  std::vector<std::uint16_t> run_entry;    // per run: its palette entry
  std::vector<std::uint32_t> run_group;    // run r covers groups [run_group[r], run_group[r + 1])
  std::vector<float> blocks;               // per group: px[4] py[4] pz[4] (nx[4] ny[4] nz[4]), model space
  std::vector<std::uint32_t> group_first;  // per group: output vertex of lane 0
  std::vector<std::uint8_t> group_live;    // per group: live lanes 1..4, | kScattered when not consecutive
  std::vector<std::uint32_t> slot_vertex;  // per lane slot: output vertex (padding repeats the last live one)

  int runs() const { return static_cast<int>(run_entry.size()); }
  int groups() const { return static_cast<int>(group_first.size()); }
  int floats_per_group() const { return normals ? 24 : 12; }
  std::size_t bytes() const;  // heap bytes held
};

// Builds the layout. Vertices of one entry keep their mesh order. Fails (naming the element) on size
// mismatches, an entry index >= palette_size or non-finite input.
Result<SkinLayout> build_skin_layout(SkinSpan<const std::uint16_t> vertex_entry, int palette_size,
                                     SkinSpan<const glm::vec3> positions_ms, SkinSpan<const glm::vec3> normals_ms);

// Which vertex loop runs. Every kernel writes the same bits; kBest picks the widest the CPU supports
// (AVX when present, else SSE2, else the portable scalar loop). A kernel the CPU or the build lacks
// falls back to the next narrower one, so tests can request each.
enum class SkinKernel { kBest, kScalar, kSse2, kAvx };
const char* to_string(SkinKernel kernel);
SkinKernel resolve(SkinKernel kernel);  // the kernel that actually runs for a request

// Each vertex: its entry's palette matrix times position; the 3x3 part times normal, renormalized.
// A run range lets threads split the work: outputs of different ranges never overlap, and each vertex's
// bits do not depend on the split.
struct LayoutSkinningJob {
  const SkinLayout* layout = nullptr;
  SkinSpan<const Mat3x4> palette_matrices;  // from PaletteMatricesJob, layout->palette_size entries
  SkinSpan<glm::vec3> out_positions_ms;     // layout->vertex_count, model space
  SkinSpan<glm::vec3> out_normals_ms;       // layout->vertex_count unit normals, or empty (positions only)
  int run_begin = 0;                        // runs [run_begin, run_end); run_end < 0 means all runs
  int run_end = -1;
  SkinKernel kernel = SkinKernel::kBest;
  bool validate() const;  // sizes only: O(1)
  bool run() const;
};

// Run boundaries that split the layout into `parts` ranges of about equal group counts:
// part p covers runs [bounds[p], bounds[p + 1]). bounds must hold parts + 1 entries.
void split_runs(const SkinLayout& layout, int parts, SkinSpan<int> bounds);

}  // namespace cf
