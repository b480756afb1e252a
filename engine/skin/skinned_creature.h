#pragma once
// The whole build step from a skeleton to skinnable flesh: mesh, envelope weights, influence limit,
// palette. Run once per creature (it allocates); the per-frame work is the jobs in skinning.h.
#include <vector>

#include "core/result.h"
#include "skeleton/skeleton.h"
#include "skin/envelope.h"
#include "skin/limit.h"
#include "skin/mesh.h"
#include "skin/palette.h"
#include "skin/skin_layout.h"
#include "skin/skinning.h"

namespace cf {

struct SkinOptions {
  MeshOptions mesh;
  EnvelopeOptions envelope;
  LimitOptions limit;
  PaletteOptions palette;
  bool order_entries_by_bones = true;  // false: entries in first-use order (for comparing the loop's speed)
};

// Vertices are ordered by palette entry (stably, so each entry's vertices stay in mesh order): the
// fast skinning path then writes whole groups of 4 consecutive vertices. Entries are numbered by their bone
// lists, so neighbouring runs, which the vertex loop blends 8 or 16 at a time, share their bones.
struct SkinnedCreature {
  int bone_count = 0;
  SkinMesh mesh;
  WeightTable envelope;           // generated weights, before limiting
  LimitedWeights limited;         // at most N bones per vertex, exact (not quantized)
  WeightPalette palette;          // quantized combinations, one index per vertex
  FixedInfluences exact;          // 'limited' padded to fixed slots, for the naive reference blend
  std::vector<int> bone_priority; // per bone: bones nearer the root rank higher (kept on ties)
  SkinLayout layout;              // the palette and bind mesh laid out for the 4-wide vertex loop
};

Result<SkinnedCreature> build_skinned_creature(const Skeleton& skeleton, const SkinOptions& options = {});

// Bone priorities for tie-breaking: minus the bone's depth in the hierarchy (the root ranks highest).
std::vector<int> depth_priority(const Skeleton& skeleton);

// Reusable output and scratch buffers for skinning one creature (allocate once, run every frame).
struct SkinBuffers {
  std::vector<Mat3x4> skin;         // per bone
  std::vector<Mat3x4> palette;      // per palette entry
  CacheLineVector<glm::vec3> positions_ms;  // on cache lines: the vertex loop stores 64 bytes at a time
  CacheLineVector<glm::vec3> normals_ms;
  void resize_for(const SkinnedCreature& c);
};

// Heap bytes a skinned creature holds, by kind (vector capacities, so what is really allocated).
struct SkinMemory {
  std::size_t mesh = 0;     // positions, normals, uvs, indices, parts, adjacency
  std::size_t weights = 0;  // envelope, limited (+ deleted) and the fixed-slot exact weights
  std::size_t palette = 0;  // palette entries and per-vertex entry indices
  std::size_t layout = 0;   // the skinning layout (a second, padded copy of positions and normals)
  std::size_t total() const { return mesh + weights + palette + layout; }
};
SkinMemory skin_memory(const SkinnedCreature& c);
// Heap bytes of one creature's per-frame skinning buffers.
std::size_t skin_buffer_bytes(const SkinBuffers& b);

// Skins the creature through the palette for one frame's bone matrices (LayoutSkinningJob; the same
// bits as PaletteSkinningJob). False on size mismatch.
bool skin_with_palette(const SkinnedCreature& c, SkinSpan<const glm::mat4> bone_ms,
                       SkinSpan<const glm::mat4> inv_bind_ms, SkinBuffers* out);
// The same frame with the exact (limited, unquantized) weights, blended per vertex.
bool skin_exact(const SkinnedCreature& c, SkinSpan<const glm::mat4> bone_ms, SkinSpan<const glm::mat4> inv_bind_ms,
                SkinBuffers* out);

// Largest distance, metres, between each vertex skinned through the palette and with its exact weights.
float palette_error_m(const SkinnedCreature& c, SkinSpan<const glm::mat4> bone_ms,
                      SkinSpan<const glm::mat4> inv_bind_ms, SkinBuffers* palette_out, SkinBuffers* exact_out);

}  // namespace cf
