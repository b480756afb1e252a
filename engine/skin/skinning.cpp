#include "skin/skinning.h"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace cf {

Mat3x4 Mat3x4::from_mat4(const glm::mat4& a) {
  Mat3x4 r;
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 4; ++col) r.m[row * 4 + col] = a[col][row];  // glm is column-major
  return r;
}

void invert_bind_matrices(SkinSpan<const glm::mat4> bind_ms, SkinSpan<glm::mat4> inv_bind_ms) {
  for (std::size_t i = 0; i < bind_ms.size && i < inv_bind_ms.size; ++i) inv_bind_ms[i] = glm::inverse(bind_ms[i]);
}

bool SkinMatricesJob::validate() const {
  return bone_ms.size == inv_bind_ms.size && out.size == bone_ms.size &&
         (bone_ms.size == 0 || (bone_ms.data && inv_bind_ms.data && out.data));
}

bool SkinMatricesJob::run() const {
  if (!validate()) return false;
#if defined(__SSE2__)
  // glm's product, element for element: out row r, column c = ((a0[r] b_c[0] + a1[r] b_c[1]) + a2[r] b_c[2])
  // + a3[r] b_c[3], one row of 4 columns per vector (b transposed) and only the 3 rows Mat3x4 keeps.
  for (std::size_t b = 0; b < bone_ms.size; ++b) {
    const float* a = &bone_ms[b][0][0];
    const float* m = &inv_bind_ms[b][0][0];
    __m128 t0 = _mm_loadu_ps(m), t1 = _mm_loadu_ps(m + 4), t2 = _mm_loadu_ps(m + 8), t3 = _mm_loadu_ps(m + 12);
    _MM_TRANSPOSE4_PS(t0, t1, t2, t3);  // t_k = (b_0[k], b_1[k], b_2[k], b_3[k])
    float* o = out[b].m;
    for (int r = 0; r < 3; ++r) {
      const __m128 row = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(a[r]), t0), _mm_mul_ps(_mm_set1_ps(a[4 + r]), t1)),
                                               _mm_mul_ps(_mm_set1_ps(a[8 + r]), t2)),
                                    _mm_mul_ps(_mm_set1_ps(a[12 + r]), t3));
      _mm_storeu_ps(o + 4 * r, row);
    }
  }
#else
  for (std::size_t b = 0; b < bone_ms.size; ++b) out[b] = Mat3x4::from_mat4(bone_ms[b] * inv_bind_ms[b]);
#endif
  return true;
}

bool PaletteMatricesJob::validate() const {
  if (!palette || out.size != static_cast<std::size_t>(palette->size())) return false;
  for (std::uint16_t b : palette->entry_bones)
    if (b >= skin.size) return false;
  return true;
}

bool PaletteMatricesJob::run() const {
  if (!validate()) return false;
  const int slots = palette->slots;
  const std::uint16_t* bones = palette->entry_bones.data();
  const float* weights = palette->entry_weights.data();
  for (std::size_t e = 0; e < out.size; ++e, bones += slots, weights += slots) {
    Mat3x4 acc;
    for (float& x : acc.m) x = 0.0f;
    for (int k = 0; k < slots; ++k) {
      const float w = weights[k];
      if (w == 0.0f) continue;
      const float* s = skin[bones[k]].m;
      for (int i = 0; i < 12; ++i) acc.m[i] += w * s[i];
    }
    out[e] = acc;
  }
  return true;
}

bool PaletteSkinningJob::validate() const {
  if (vertex_entry.size != positions_ms.size || out_positions_ms.size != positions_ms.size) return false;
  if (normals_ms.size != 0 && normals_ms.size != positions_ms.size) return false;
  if (out_normals_ms.size != normals_ms.size) return false;
  for (std::uint16_t e : vertex_entry)
    if (e >= palette_matrices.size) return false;
  return true;
}

// Renormalizes; a degenerate (collapsed) normal is left as it came out rather than made NaN.
static inline glm::vec3 renormalize(const glm::vec3& n) {
  const float len2 = n.x * n.x + n.y * n.y + n.z * n.z;
  return len2 > 0.0f ? n * (1.0f / std::sqrt(len2)) : n;
}

bool PaletteSkinningJob::run() const {
  if (!validate()) return false;
  const std::size_t n = positions_ms.size;
  const Mat3x4* pm = palette_matrices.data;
  const glm::vec3* pos = positions_ms.data;
  glm::vec3* out_pos = out_positions_ms.data;
  const std::uint16_t* entry = vertex_entry.data;
  if (normals_ms.size == 0) {
    for (std::size_t v = 0; v < n; ++v) out_pos[v] = pm[entry[v]].transform_point(pos[v]);
    return true;
  }
  const glm::vec3* nrm = normals_ms.data;
  glm::vec3* out_nrm = out_normals_ms.data;
  for (std::size_t v = 0; v < n; ++v) {
    const Mat3x4& m = pm[entry[v]];
    out_pos[v] = m.transform_point(pos[v]);
    out_nrm[v] = renormalize(m.transform_vector(nrm[v]));
  }
  return true;
}

FixedInfluences make_fixed_influences(const WeightTable& weights, int min_slots) {
  FixedInfluences f;
  f.slots = min_slots;
  for (int v = 0; v < weights.vertex_count(); ++v) f.slots = std::max(f.slots, weights.count(v));
  const std::size_t n = static_cast<std::size_t>(weights.vertex_count()) * f.slots;
  f.bones.assign(n, 0);
  f.weights.assign(n, 0.0f);
  for (int v = 0; v < weights.vertex_count(); ++v) {
    int k = 0;
    for (const Influence* a = weights.begin(v); a != weights.end(v); ++a, ++k) {
      f.bones[static_cast<std::size_t>(v) * f.slots + k] = static_cast<std::uint16_t>(a->bone);
      f.weights[static_cast<std::size_t>(v) * f.slots + k] = a->weight;
    }
  }
  return f;
}

bool BlendSkinningJob::validate() const {
  if (!influences || influences->slots <= 0) return false;
  const std::size_t n = positions_ms.size;
  if (influences->bones.size() != n * influences->slots || influences->weights.size() != n * influences->slots)
    return false;
  if (out_positions_ms.size != n || (normals_ms.size != 0 && normals_ms.size != n) ||
      out_normals_ms.size != normals_ms.size)
    return false;
  for (std::uint16_t b : influences->bones)
    if (b >= skin.size) return false;
  return true;
}

bool BlendSkinningJob::run() const {
  if (!validate()) return false;
  const int slots = influences->slots;
  const std::uint16_t* bones = influences->bones.data();
  const float* weights = influences->weights.data();
  const bool with_normals = normals_ms.size != 0;
  for (std::size_t v = 0; v < positions_ms.size; ++v, bones += slots, weights += slots) {
    Mat3x4 m;
    for (float& x : m.m) x = 0.0f;
    for (int k = 0; k < slots; ++k) {
      const float w = weights[k];
      const float* s = skin[bones[k]].m;
      for (int i = 0; i < 12; ++i) m.m[i] += w * s[i];
    }
    out_positions_ms[v] = m.transform_point(positions_ms[v]);
    if (with_normals) out_normals_ms[v] = renormalize(m.transform_vector(normals_ms[v]));
  }
  return true;
}

bool SkinMatrixTable::add_frame(SkinSpan<const glm::mat4> bone_ms, SkinSpan<const glm::mat4> inv_bind_ms) {
  if (bones == 0 && matrices.empty()) bones = static_cast<int>(bone_ms.size);
  if (bone_ms.size != static_cast<std::size_t>(bones)) return false;
  std::size_t at = matrices.size();
  matrices.resize(at + bones);
  SkinMatricesJob job;
  job.bone_ms = bone_ms;
  job.inv_bind_ms = inv_bind_ms;
  job.out = SkinSpan<Mat3x4>(matrices.data() + at, bones);
  if (!job.run()) {
    matrices.resize(at);
    return false;
  }
  return true;
}

}  // namespace cf
