#pragma once
// CPU skinning jobs (ozz style: plain structs of non-owning spans; validate() is cheap and lists every
// failure; run() validates, never allocates, returns false on bad input).
//   skinning matrix of bone b = bone_ms[b] (this frame) * inverse(bind_ms[b])
//   palette skinning: one blended matrix per palette entry, then each vertex = that matrix * position
//   blend skinning: the naive reference, every vertex blends its own bones' matrices
// Normals go through the 3x3 part and are renormalized.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "skin/palette.h"
#include "skin/skin_types.h"

namespace cf {

// An affine transform as 3 rows of 4 floats (48 bytes): p' = M * (p, 1).
struct Mat3x4 {
  float m[12] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};

  static Mat3x4 from_mat4(const glm::mat4& a);
  glm::vec3 transform_point(const glm::vec3& p) const {
    return {m[0] * p.x + m[1] * p.y + m[2] * p.z + m[3], m[4] * p.x + m[5] * p.y + m[6] * p.z + m[7],
            m[8] * p.x + m[9] * p.y + m[10] * p.z + m[11]};
  }
  glm::vec3 transform_vector(const glm::vec3& v) const {
    return {m[0] * v.x + m[1] * v.y + m[2] * v.z, m[4] * v.x + m[5] * v.y + m[6] * v.z,
            m[8] * v.x + m[9] * v.y + m[10] * v.z};
  }
};

// Inverse bind matrices, computed once per rig (not per frame).
void invert_bind_matrices(SkinSpan<const glm::mat4> bind_ms, SkinSpan<glm::mat4> inv_bind_ms);

// Per-bone skinning matrices for one frame.
struct SkinMatricesJob {
  SkinSpan<const glm::mat4> bone_ms;      // this frame's bone model matrices, model space
  SkinSpan<const glm::mat4> inv_bind_ms;  // inverse bind-frame model matrices, same count
  SkinSpan<Mat3x4> out;                   // skinning matrices, same count
  bool validate() const;
  bool run() const;
};

// One blended matrix per palette entry: the weighted sum of its bones' skinning matrices.
struct PaletteMatricesJob {
  const WeightPalette* palette = nullptr;
  SkinSpan<const Mat3x4> skin;  // per bone skinning matrices (every bone index in the palette valid)
  SkinSpan<Mat3x4> out;         // palette.size() entries
  bool validate() const;
  bool run() const;
};

// Each vertex: one palette matrix times position; its 3x3 part times normal, renormalized.
struct PaletteSkinningJob {
  SkinSpan<const Mat3x4> palette_matrices;   // from PaletteMatricesJob
  SkinSpan<const std::uint16_t> vertex_entry;  // per vertex palette index
  SkinSpan<const glm::vec3> positions_ms;    // bind mesh, model space
  SkinSpan<const glm::vec3> normals_ms;      // bind mesh unit normals (may be empty: positions only)
  SkinSpan<glm::vec3> out_positions_ms;      // skinned, same count as positions
  SkinSpan<glm::vec3> out_normals_ms;        // skinned unit normals, same count as normals_ms
  bool validate() const;
  bool run() const;
};

// Fixed-slot influences for the naive blend: every vertex has 'slots' (bone, weight) pairs,
// unused ones weight 0.
struct FixedInfluences {
  int slots = 0;
  std::vector<std::uint16_t> bones;  // [vertex * slots + k]
  std::vector<float> weights;        // [vertex * slots + k]
};
// Pads a weight table to fixed slots (slots = the largest count; fails nothing, truncates nothing).
FixedInfluences make_fixed_influences(const WeightTable& weights, int min_slots = 0);

// The naive reference: per vertex, blend its bones' skinning matrices, then transform.
struct BlendSkinningJob {
  SkinSpan<const Mat3x4> skin;               // per bone skinning matrices
  const FixedInfluences* influences = nullptr;
  SkinSpan<const glm::vec3> positions_ms;
  SkinSpan<const glm::vec3> normals_ms;      // may be empty
  SkinSpan<glm::vec3> out_positions_ms;
  SkinSpan<glm::vec3> out_normals_ms;
  bool validate() const;
  bool run() const;
};

// Skinning matrices of every frame of a clip, precomputed: frame f, bone b at [f * bones + b].
struct SkinMatrixTable {
  int bones = 0;
  std::vector<Mat3x4> matrices;
  int frames() const { return bones == 0 ? 0 : static_cast<int>(matrices.size()) / bones; }
  // Appends one frame (allocates: build time only).
  bool add_frame(SkinSpan<const glm::mat4> bone_ms, SkinSpan<const glm::mat4> inv_bind_ms);
  SkinSpan<const Mat3x4> frame(int f) const {
    return SkinSpan<const Mat3x4>(matrices.data() + static_cast<std::size_t>(f) * bones, bones);
  }
};

}  // namespace cf
