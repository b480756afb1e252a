#pragma once
// The palette skinning layout: built once per mesh and palette so that the per-frame vertex loop is a
// straight 4-wide pass. Vertices are grouped by palette entry (one run per used entry, in entry order),
// each run padded to whole groups of 4 by repeating its last vertex, and each group stores its bind
// positions and normals as x[4] y[4] z[4] blocks (a run's pairs of groups interleaved as x[8] y[8] z[8],
// so AVX loads 8 lanes whole). Each run also carries its entry's bones and weights, so the job blends the
// entry's matrix right before its vertices (no palette array written and read). When the mesh is sorted
// by entry (in_order), groups write through a running pointer with whole-vector stores, and on CPUs with
// AVX-512, or AVX2 with short runs, the layout also holds a 16-lane form: chunks of 16 output vertices
// across run boundaries, so short runs cost no padded lanes (at the game's 3,000 vertices the octopod
// averages 6 vertices a run, the biped 8: padded groups would skin 36% and 27% more lanes).
// Sizes, entry and bone indices are checked here, once, so the job's validate() is O(1).
// LayoutSkinningJob writes the same bits as PaletteMatricesJob + PaletteSkinningJob: the same IEEE
// operations in the same order, only several lanes at a time (-ffp-contract=off keeps them unfused).
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
  static constexpr std::uint8_t kLiveMask = 0x07;   // group_live: live lanes 1..4
  static constexpr std::uint8_t kPairFirst = 0x10;  // group_live: stored interleaved with the next group
  static constexpr std::uint8_t kPairSecond = 0x20; // group_live: stored interleaved with the previous group
  static constexpr std::uint8_t kOverrun = 0x40;    // partial group whose next group follows it in the
                                                    // output: may store 4 lanes if that group is written later
  static constexpr std::uint8_t kScattered = 0x80;  // lanes are not consecutive vertices: slot_vertex

  int vertex_count = 0;  // output vertices
  int bone_count = 0;    // skinning matrices the job needs: largest bone index + 1
  int slots = 0;         // influences per run (the palette's slots)
  bool normals = false;  // blocks hold normals too (24 floats per group, else 12)
  std::vector<std::uint16_t> run_entry;    // per run: its palette entry
  std::vector<std::uint16_t> run_bones;    // per run: [run * slots + k], the entry's bones
  std::vector<float> run_weights;          // per run: [run * slots + k], the entry's non-zero weights first
  std::vector<std::uint8_t> run_used;      // per run: how many leading slots have a non-zero weight
  std::vector<std::uint32_t> run_group;    // run r covers groups [run_group[r], run_group[r + 1])
  CacheLineVector<float> blocks;           // per group: px[4] py[4] pz[4] (nx[4] ny[4] nz[4]), model space;
                                           // a run's groups 2k and 2k + 1 share their two blocks as px[8] py[8]
                                           // ... (first group's lanes first), so 8 lanes load whole
  std::vector<std::uint32_t> group_first;  // per group: output vertex of lane 0
  std::vector<std::uint8_t> group_live;    // per group: live lanes | kPair* | kOverrun | kScattered
  bool in_order = false;  // every run writes the next vertices in output order (the mesh is sorted by entry):
                          // groups store 4 whole lanes through a running pointer, a run's partial last group
                          // overrunning into vertices that later runs of the same job overwrite
  std::vector<std::uint32_t> slot_vertex;  // per lane slot: output vertex (padding repeats the last live one);
                                           // empty when no group is scattered
  // The 16-lane form (AVX-512 whole, AVX2 by halves), built for in-order layouts on CPUs that run either:
  // the vertices in output order, 16 per chunk, not padded per run, so short runs cost no spare lanes;
  // each lane names its run.
  CacheLineVector<float> chunk_blocks;      // per chunk: px[16] py[16] pz[16] (nx[16] ny[16] nz[16]); the
                                            // last chunk's spare lanes repeat the last vertex
  std::vector<std::uint32_t> chunk_run;     // per chunk: the run of its lane 0
  std::vector<std::uint8_t> lane_run;       // per lane (16 per chunk): its run less chunk_run, 0..15
  std::vector<std::uint32_t> half_run;      // per half chunk (8 lanes, AVX2): the run of its lane 0
  std::vector<std::uint8_t> half_lane_run;  // per lane: its run less its half chunk's half_run, 0..7
  // The chunk kernels blend runs W at a time, one run per lane (W = 8 for AVX2, 16 for AVX-512): block b is
  // runs [W b, W b + W). Each slot is one bone with its W runs' weights, 0 where a run lacks it (that lane's
  // product is masked to +0, which leaves a sum started from +0 unchanged); each run meets its bones in its
  // own slot order, so every lane adds exactly its run's products in order. Neighbouring runs share most
  // bones: at the game's size 16 octopod runs blend 5.6 slots (x 16 lanes) where they use 35 bones in all.
  struct RunBlocks {
    std::vector<std::uint32_t> first_slot;  // per block, and one more: block b has [first_slot[b], first_slot[b + 1])
    std::vector<std::uint16_t> bone;        // per slot
    std::vector<std::uint16_t> mask;        // per slot: bit j = run W b + j uses the bone
    std::vector<float> weight;              // per slot: W weights, 0 where the bit is clear
    std::size_t bytes() const;
  };
  RunBlocks blocks8, blocks16;  // built with the 16-lane form

  int runs() const { return static_cast<int>(run_entry.size()); }
  int groups() const { return static_cast<int>(group_first.size()); }
  int floats_per_group() const { return normals ? 24 : 12; }
  int floats_per_chunk() const { return normals ? 96 : 48; }
  int chunks() const { return static_cast<int>(chunk_run.size()); }
  std::size_t bytes() const;  // heap bytes held
};

// Builds the layout. Vertices of one entry keep their mesh order. The 16-lane form is built when
// `chunks` is true and the layout is in order; kWhenSupported builds it only where kAvx512 runs, or
// where kAvx2 runs and runs are short (more than 15% of the groups' lanes padding: the game's 3,000
// vertices, not a 50k biped). Fails (naming the element) on size mismatches, an entry index outside the
// palette or non-finite input.
enum class SkinChunks { kWhenSupported, kAlways, kNever };
Result<SkinLayout> build_skin_layout(const WeightPalette& palette, SkinSpan<const glm::vec3> positions_ms,
                                     SkinSpan<const glm::vec3> normals_ms,
                                     SkinChunks chunks = SkinChunks::kWhenSupported);

// Which vertex loop runs. Every kernel writes the same bits; kBest picks the widest the CPU supports
// (AVX-512, else AVX2, when the layout has its 16-lane form; else AVX on the padded groups, else SSE2,
// else the portable scalar loop). A kernel the CPU, the build or the layout lacks falls back to the next
// narrower one (kAvx512 to kAvx2, the 16-lane kernels to kAvx without the form), so tests can request each.
enum class SkinKernel { kBest, kScalar, kSse2, kAvx, kAvx2, kAvx512 };
const char* to_string(SkinKernel kernel);
SkinKernel resolve(SkinKernel kernel);  // the kernel the CPU runs for a request
SkinKernel resolve_for(SkinKernel kernel, const SkinLayout& layout);  // ... on this layout

// Each vertex: its entry's blended matrix (the weighted sum of its bones' skinning matrices, as
// PaletteMatricesJob computes it) times position; the 3x3 part times normal, renormalized.
// A run range lets threads split the work: outputs of different ranges never overlap, and each vertex's
// bits do not depend on the split.
struct LayoutSkinningJob {
  const SkinLayout* layout = nullptr;
  SkinSpan<const Mat3x4> skin;              // per bone skinning matrices, at least layout->bone_count
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
