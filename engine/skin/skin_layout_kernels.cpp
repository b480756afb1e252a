// The layout vertex loops. Each run's matrix is blended exactly as PaletteMatricesJob blends it; then
// every kernel evaluates, per lane, exactly what PaletteSkinningJob evaluates per vertex: x' = ((m0 * x + m1 * y) + m2 * z) + m3, normals the same without m3, then
// len2 = (x * x + y * y) + z * z and n * (1 / sqrt(len2)) when len2 > 0. SIMD sqrt, divide, multiply
// and add are correctly rounded IEEE operations, so every kernel writes the same bits. The collapsed
// normal case multiplies by exactly 1 instead of branching, which leaves n unchanged.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "skin/skin_layout_kernels.h"

#if defined(__SSE2__)
#include <immintrin.h>
#define CF_SKIN_X86 1
#else
#define CF_SKIN_X86 0
#endif

namespace cf {
namespace {

// The layout's arrays as plain pointers, read once (stores through float* could otherwise force the
// compiler to reload them after every group).
struct View {
  const std::uint16_t* run_bones;
  const float* run_weights;
  const std::uint8_t* run_used;
  const std::uint32_t* run_group;
  const float* blocks;
  const std::uint32_t* group_first;
  const std::uint8_t* group_live;
  const std::uint32_t* slot_vertex;
  std::size_t fpg;
  int slots;
  std::uint32_t group_end;  // first group past the job's range
};

View view_of(const LayoutKernelArgs& a) {
  const SkinLayout& l = *a.layout;
  return View{l.run_bones.data(),   l.run_weights.data(), l.run_used.data(),      l.run_group.data(),
              l.blocks.data(),      l.group_first.data(), l.group_live.data(),
              l.slot_vertex.data(), static_cast<std::size_t>(l.floats_per_group()),
              l.slots,              l.run_group[static_cast<std::size_t>(a.run_end)]};
}

// Run r's matrix: PaletteMatricesJob's loop for one entry (zero weights skipped, slots in order; the
// layout keeps the non-zero ones first, so the loop stops at run_used).
inline Mat3x4 blend_run(const View& v, const Mat3x4* skin, int r) {
  Mat3x4 acc;
  for (float& x : acc.m) x = 0.0f;
  const std::uint16_t* bones = v.run_bones + static_cast<std::size_t>(r) * v.slots;
  const float* weights = v.run_weights + static_cast<std::size_t>(r) * v.slots;
  for (int k = 0; k < v.run_used[r]; ++k) {
    const float w = weights[k];
    const float* s = skin[bones[k]].m;
    for (int i = 0; i < 12; ++i) acc.m[i] += w * s[i];
  }
  return acc;
}

// Whether group g may be stored as 4 whole lanes.
inline bool store_whole(const View& v, std::uint32_t g) {
  const std::uint8_t f = v.group_live[g];
  const std::uint8_t kPair = SkinLayout::kPairFirst | SkinLayout::kPairSecond;
  return (f & ~kPair) == SkinLayout::kLanes || ((f & SkinLayout::kOverrun) && g + 1 < v.group_end);
}

// Group g's x block and the distance between its blocks (SkinLayout::block).
inline const float* group_block(const View& v, std::uint32_t g, std::size_t* stride) {
  const std::uint8_t f = v.group_live[g];
  *stride = (f & (SkinLayout::kPairFirst | SkinLayout::kPairSecond)) ? 8 : 4;
  return f & SkinLayout::kPairSecond ? v.blocks + (g - 1) * v.fpg + 4 : v.blocks + g * v.fpg;
}

// Writes the live lanes of group g one by one; lane k's value is (x[k], y[k], z[k]).
inline void write_lanes(const View& v, std::uint32_t g, const float* x, const float* y, const float* z,
                        glm::vec3* out) {
  const std::uint8_t flags = v.group_live[g];
  const int live = flags & SkinLayout::kLiveMask;
  for (int k = 0; k < live; ++k) {
    const std::uint32_t at = (flags & SkinLayout::kScattered) ? v.slot_vertex[g * SkinLayout::kLanes + k]
                                                               : v.group_first[g] + static_cast<std::uint32_t>(k);
    out[at] = glm::vec3(x[k], y[k], z[k]);
  }
}

void kernel_scalar(const LayoutKernelArgs& a) {
  const View v = view_of(a);
  float t[12];
  for (int r = a.run_begin; r < a.run_end; ++r) {
    const Mat3x4 m = blend_run(v, a.skin, r);
    for (std::uint32_t g = v.run_group[r]; g < v.run_group[r + 1]; ++g) {
      std::size_t st;
      const float* b = group_block(v, g, &st);
      for (int k = 0; k < 4; ++k) {
        const glm::vec3 p = m.transform_point(glm::vec3(b[k], b[st + k], b[2 * st + k]));
        t[k] = p.x, t[4 + k] = p.y, t[8 + k] = p.z;
      }
      write_lanes(v, g, t, t + 4, t + 8, a.out_p);
      if (!a.out_n) continue;
      for (int k = 0; k < 4; ++k) {
        glm::vec3 n = m.transform_vector(glm::vec3(b[3 * st + k], b[4 * st + k], b[5 * st + k]));
        const float len2 = n.x * n.x + n.y * n.y + n.z * n.z;
        if (len2 > 0.0f) n = n * (1.0f / std::sqrt(len2));
        t[k] = n.x, t[4 + k] = n.y, t[8 + k] = n.z;
      }
      write_lanes(v, g, t, t + 4, t + 8, a.out_n);
    }
  }
}

#if CF_SKIN_X86

// ---- 4 lanes (SSE2, the x86_64 baseline) ----

// blend_run with one 4-float row per vector: the same multiply and add per element, in slot order.
inline void blend_run_rows(const View& v, const Mat3x4* skin, int r, float* out12) {
  __m128 r0 = _mm_setzero_ps(), r1 = r0, r2 = r0;
  const std::uint16_t* bones = v.run_bones + static_cast<std::size_t>(r) * v.slots;
  const float* weights = v.run_weights + static_cast<std::size_t>(r) * v.slots;
  for (int k = 0; k < v.run_used[r]; ++k) {
    const __m128 w = _mm_set1_ps(weights[k]);
    const float* s = skin[bones[k]].m;
    r0 = _mm_add_ps(r0, _mm_mul_ps(w, _mm_loadu_ps(s)));
    r1 = _mm_add_ps(r1, _mm_mul_ps(w, _mm_loadu_ps(s + 4)));
    r2 = _mm_add_ps(r2, _mm_mul_ps(w, _mm_loadu_ps(s + 8)));
  }
  _mm_storeu_ps(out12, r0);
  _mm_storeu_ps(out12 + 4, r1);
  _mm_storeu_ps(out12 + 8, r2);
}

inline __m128 dot3(__m128 a, __m128 b, __m128 c, __m128 x, __m128 y, __m128 z) {
  return _mm_add_ps(_mm_add_ps(_mm_mul_ps(a, x), _mm_mul_ps(b, y)), _mm_mul_ps(c, z));
}

// 1 / sqrt(len2) where len2 > 0, else exactly 1.
inline __m128 renorm_scale(__m128 x, __m128 y, __m128 z) {
  const __m128 len2 = dot3(x, y, z, x, y, z);
  const __m128 keep = _mm_cmpgt_ps(len2, _mm_setzero_ps());
  const __m128 one = _mm_set1_ps(1.0f);
  const __m128 inv = _mm_div_ps(one, _mm_sqrt_ps(len2));
  return _mm_or_ps(_mm_and_ps(keep, inv), _mm_andnot_ps(keep, one));
}

// x, y, z lanes as 3 vectors of consecutive xyz triples: x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3.
inline void to_aos(__m128 x, __m128 y, __m128 z, __m128* a0, __m128* a1, __m128* a2) {
  const __m128 xy_lo = _mm_unpacklo_ps(x, y);                             // x0 y0 x1 y1
  const __m128 xy_hi = _mm_unpackhi_ps(x, y);                             // x2 y2 x3 y3
  const __m128 z0x1 = _mm_shuffle_ps(z, xy_lo, _MM_SHUFFLE(2, 2, 0, 0));  // z0 z0 x1 x1
  const __m128 y1z1 = _mm_shuffle_ps(xy_lo, z, _MM_SHUFFLE(1, 1, 3, 3));  // y1 y1 z1 z1
  const __m128 z2z3 = _mm_shuffle_ps(z, xy_hi, _MM_SHUFFLE(3, 2, 3, 2));  // z2 z3 x3 y3
  *a0 = _mm_shuffle_ps(xy_lo, z0x1, _MM_SHUFFLE(2, 0, 1, 0));
  *a1 = _mm_shuffle_ps(y1z1, xy_hi, _MM_SHUFFLE(1, 0, 2, 0));
  *a2 = _mm_shuffle_ps(z2z3, z2z3, _MM_SHUFFLE(1, 3, 2, 0));
}

inline void store4(const View& v, std::uint32_t g, __m128 x, __m128 y, __m128 z, glm::vec3* out) {
  if (store_whole(v, g)) {
    __m128 a0, a1, a2;
    to_aos(x, y, z, &a0, &a1, &a2);
    float* dst = &out[v.group_first[g]].x;
    _mm_storeu_ps(dst, a0);
    _mm_storeu_ps(dst + 4, a1);
    _mm_storeu_ps(dst + 8, a2);
    return;
  }
  alignas(16) float t[12];
  _mm_store_ps(t, x);
  _mm_store_ps(t + 4, y);
  _mm_store_ps(t + 8, z);
  write_lanes(v, g, t, t + 4, t + 8, out);
}

template <bool kNormals>
inline void skin_group4(const View& v, const __m128* m, std::uint32_t g, glm::vec3* out_p, glm::vec3* out_n) {
  std::size_t st;
  const float* b = group_block(v, g, &st);
  const __m128 px = _mm_loadu_ps(b), py = _mm_loadu_ps(b + st), pz = _mm_loadu_ps(b + 2 * st);
  store4(v, g, _mm_add_ps(dot3(m[0], m[1], m[2], px, py, pz), m[3]),
         _mm_add_ps(dot3(m[4], m[5], m[6], px, py, pz), m[7]), _mm_add_ps(dot3(m[8], m[9], m[10], px, py, pz), m[11]),
         out_p);
  if (!kNormals) return;
  const __m128 nx = _mm_loadu_ps(b + 3 * st), ny = _mm_loadu_ps(b + 4 * st), nz = _mm_loadu_ps(b + 5 * st);
  const __m128 x = dot3(m[0], m[1], m[2], nx, ny, nz), y = dot3(m[4], m[5], m[6], nx, ny, nz);
  const __m128 z = dot3(m[8], m[9], m[10], nx, ny, nz);
  const __m128 s = renorm_scale(x, y, z);
  store4(v, g, _mm_mul_ps(x, s), _mm_mul_ps(y, s), _mm_mul_ps(z, s), out_n);
}

// In-order runs (SkinLayout::in_order): group g writes the 4 vertices at dst, whole.
template <bool kNormals>
inline void skin_group_plain(const __m128* m, const float* b, std::size_t st, float* op, float* on) {
  const __m128 px = _mm_loadu_ps(b), py = _mm_loadu_ps(b + st), pz = _mm_loadu_ps(b + 2 * st);
  __m128 a0, a1, a2;
  to_aos(_mm_add_ps(dot3(m[0], m[1], m[2], px, py, pz), m[3]), _mm_add_ps(dot3(m[4], m[5], m[6], px, py, pz), m[7]),
         _mm_add_ps(dot3(m[8], m[9], m[10], px, py, pz), m[11]), &a0, &a1, &a2);
  _mm_storeu_ps(op, a0), _mm_storeu_ps(op + 4, a1), _mm_storeu_ps(op + 8, a2);
  if (!kNormals) return;
  const __m128 nx = _mm_loadu_ps(b + 3 * st), ny = _mm_loadu_ps(b + 4 * st), nz = _mm_loadu_ps(b + 5 * st);
  const __m128 x = dot3(m[0], m[1], m[2], nx, ny, nz), y = dot3(m[4], m[5], m[6], nx, ny, nz);
  const __m128 z = dot3(m[8], m[9], m[10], nx, ny, nz);
  const __m128 s = renorm_scale(x, y, z);
  to_aos(_mm_mul_ps(x, s), _mm_mul_ps(y, s), _mm_mul_ps(z, s), &a0, &a1, &a2);
  _mm_storeu_ps(on, a0), _mm_storeu_ps(on + 4, a1), _mm_storeu_ps(on + 8, a2);
}

// The first vertex this job must not write: past it the vertices belong to other jobs' runs.
inline std::uint32_t job_end_vertex(const LayoutKernelArgs& a, const View& v) {
  return a.run_end < a.layout->runs() ? v.group_first[v.group_end] : static_cast<std::uint32_t>(a.layout->vertex_count);
}

// Whether run r goes through the running-pointer path: the layout is in order and the run's last group,
// stored whole, stays inside the job (a partial one overruns into later runs, which overwrite it).
inline bool run_in_order(const SkinLayout& l, const View& v, int r, std::uint32_t end_vertex) {
  return l.in_order && v.group_first[v.run_group[r + 1] - 1] + SkinLayout::kLanes <= end_vertex;
}

template <bool kNormals>
void kernel_sse2(const LayoutKernelArgs& a) {
  const View v = view_of(a);
  const std::uint32_t end_vertex = job_end_vertex(a, v);
  __m128 m[12];
  alignas(16) float pm[12];
  for (int r = a.run_begin; r < a.run_end; ++r) {
    blend_run_rows(v, a.skin, r, pm);
    for (int i = 0; i < 12; ++i) m[i] = _mm_set1_ps(pm[i]);
    std::uint32_t g = v.run_group[r];
    const std::uint32_t end = v.run_group[r + 1];
    if (run_in_order(*a.layout, v, r, end_vertex)) {
      float* op = &a.out_p[v.group_first[g]].x;
      float* on = kNormals ? &a.out_n[v.group_first[g]].x : nullptr;
      for (; g < end; ++g, op += 12) {
        std::size_t st;
        const float* b = group_block(v, g, &st);
        skin_group_plain<kNormals>(m, b, st, op, on);
        if (kNormals) on += 12;
      }
      continue;
    }
    for (; g < end; ++g) skin_group4<kNormals>(v, m, g, a.out_p, a.out_n);
  }
}

// ---- 8 lanes (AVX): two groups of the same run at once, each 128-bit half one group ----

#define CF_AVX __attribute__((target("avx")))

CF_AVX inline __m256 dot3(__m256 a, __m256 b, __m256 c, __m256 x, __m256 y, __m256 z) {
  return _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(a, x), _mm256_mul_ps(b, y)), _mm256_mul_ps(c, z));
}

CF_AVX inline __m256 renorm_scale(__m256 x, __m256 y, __m256 z) {
  const __m256 len2 = dot3(x, y, z, x, y, z);
  const __m256 keep = _mm256_cmp_ps(len2, _mm256_setzero_ps(), _CMP_GT_OQ);
  const __m256 one = _mm256_set1_ps(1.0f);
  const __m256 inv = _mm256_div_ps(one, _mm256_sqrt_ps(len2));
  // Bit operations, not blendv: GCC 12 turns that blend into per-lane branches.
  return _mm256_or_ps(_mm256_and_ps(keep, inv), _mm256_andnot_ps(keep, one));
}

// to_aos in each 128-bit half: half k of a0 a1 a2 holds lanes 4k..4k+3 as consecutive xyz triples.
CF_AVX inline void to_aos8(__m256 x, __m256 y, __m256 z, __m256* a0, __m256* a1, __m256* a2) {
  const __m256 xy_lo = _mm256_unpacklo_ps(x, y), xy_hi = _mm256_unpackhi_ps(x, y);
  const __m256 z0x1 = _mm256_shuffle_ps(z, xy_lo, _MM_SHUFFLE(2, 2, 0, 0));
  const __m256 y1z1 = _mm256_shuffle_ps(xy_lo, z, _MM_SHUFFLE(1, 1, 3, 3));
  const __m256 z2z3 = _mm256_shuffle_ps(z, xy_hi, _MM_SHUFFLE(3, 2, 3, 2));
  *a0 = _mm256_shuffle_ps(xy_lo, z0x1, _MM_SHUFFLE(2, 0, 1, 0));
  *a1 = _mm256_shuffle_ps(y1z1, xy_hi, _MM_SHUFFLE(1, 0, 2, 0));
  *a2 = _mm256_shuffle_ps(z2z3, z2z3, _MM_SHUFFLE(1, 3, 2, 0));
}

// Groups g and g + 1: one half of the transposition per group.
CF_AVX inline void store8(const View& v, std::uint32_t g, __m256 x, __m256 y, __m256 z, glm::vec3* out) {
  __m256 a0, a1, a2;
  to_aos8(x, y, z, &a0, &a1, &a2);
  const bool full0 = store_whole(v, g), full1 = store_whole(v, g + 1);
  if (full0) {
    float* dst = &out[v.group_first[g]].x;
    _mm_storeu_ps(dst, _mm256_castps256_ps128(a0));
    _mm_storeu_ps(dst + 4, _mm256_castps256_ps128(a1));
    _mm_storeu_ps(dst + 8, _mm256_castps256_ps128(a2));
  }
  if (full1) {
    float* dst = &out[v.group_first[g + 1]].x;
    _mm_storeu_ps(dst, _mm256_extractf128_ps(a0, 1));
    _mm_storeu_ps(dst + 4, _mm256_extractf128_ps(a1, 1));
    _mm_storeu_ps(dst + 8, _mm256_extractf128_ps(a2, 1));
  }
  if (full0 && full1) return;
  alignas(32) float t[24];
  _mm256_store_ps(t, x);
  _mm256_store_ps(t + 8, y);
  _mm256_store_ps(t + 16, z);
  if (!full0) write_lanes(v, g, t, t + 8, t + 16, out);
  if (!full1) write_lanes(v, g + 1, t + 4, t + 12, t + 20, out);
}

template <bool kNormals>
CF_AVX inline void skin_group8(const View& v, const __m256* m, std::uint32_t g, glm::vec3* out_p, glm::vec3* out_n) {
  const float* b = v.blocks + g * v.fpg;  // g is the first of a pair: 8 lanes per block
  const __m256 px = _mm256_loadu_ps(b), py = _mm256_loadu_ps(b + 8), pz = _mm256_loadu_ps(b + 16);
  store8(v, g, _mm256_add_ps(dot3(m[0], m[1], m[2], px, py, pz), m[3]),
         _mm256_add_ps(dot3(m[4], m[5], m[6], px, py, pz), m[7]),
         _mm256_add_ps(dot3(m[8], m[9], m[10], px, py, pz), m[11]), out_p);
  if (!kNormals) return;
  const __m256 nx = _mm256_loadu_ps(b + 24), ny = _mm256_loadu_ps(b + 32), nz = _mm256_loadu_ps(b + 40);
  const __m256 x = dot3(m[0], m[1], m[2], nx, ny, nz), y = dot3(m[4], m[5], m[6], nx, ny, nz);
  const __m256 z = dot3(m[8], m[9], m[10], nx, ny, nz);
  const __m256 s = renorm_scale(x, y, z);
  store8(v, g, _mm256_mul_ps(x, s), _mm256_mul_ps(y, s), _mm256_mul_ps(z, s), out_n);
}

// Whole-run fast path: a plain run's groups write 4 consecutive vertices each, so outputs go through a
// running pointer; a pair of groups is 8 consecutive vertices, written as three 32-byte stores.
CF_AVX inline void store8_plain(float* dst, __m256 x, __m256 y, __m256 z) {
  __m256 a0, a1, a2;
  to_aos8(x, y, z, &a0, &a1, &a2);
  _mm256_storeu_ps(dst, _mm256_permute2f128_ps(a0, a1, 0x20));
  _mm256_storeu_ps(dst + 8, _mm256_permute2f128_ps(a2, a0, 0x30));
  _mm256_storeu_ps(dst + 16, _mm256_permute2f128_ps(a1, a2, 0x31));
}

template <bool kNormals>
CF_AVX inline void skin_pair_plain(const __m256* m, const float* b, float* op, float* on) {
  const __m256 px = _mm256_loadu_ps(b), py = _mm256_loadu_ps(b + 8), pz = _mm256_loadu_ps(b + 16);
  store8_plain(op, _mm256_add_ps(dot3(m[0], m[1], m[2], px, py, pz), m[3]),
               _mm256_add_ps(dot3(m[4], m[5], m[6], px, py, pz), m[7]),
               _mm256_add_ps(dot3(m[8], m[9], m[10], px, py, pz), m[11]));
  if (!kNormals) return;
  const __m256 nx = _mm256_loadu_ps(b + 24), ny = _mm256_loadu_ps(b + 32), nz = _mm256_loadu_ps(b + 40);
  const __m256 x = dot3(m[0], m[1], m[2], nx, ny, nz), y = dot3(m[4], m[5], m[6], nx, ny, nz);
  const __m256 z = dot3(m[8], m[9], m[10], nx, ny, nz);
  const __m256 s = renorm_scale(x, y, z);
  store8_plain(on, _mm256_mul_ps(x, s), _mm256_mul_ps(y, s), _mm256_mul_ps(z, s));
}

template <bool kNormals>
CF_AVX void kernel_avx(const LayoutKernelArgs& a) {
  const View v = view_of(a);
  const std::uint32_t end_vertex = job_end_vertex(a, v);
  glm::vec3* const out_p = a.out_p;
  glm::vec3* const out_n = a.out_n;
  const std::size_t fpg = v.fpg;
  __m256 m8[12];
  __m128 m4[12];
  alignas(16) float pm[12];
  for (int r = a.run_begin; r < a.run_end; ++r) {
    blend_run_rows(v, a.skin, r, pm);
    // An opaque pointer per run: otherwise GCC hoists twelve element addresses and spills them.
    const float* pr = pm;
    asm("" : "+r"(pr));
    for (int i = 0; i < 12; ++i) m8[i] = _mm256_broadcast_ss(pr + i);
    std::uint32_t g = v.run_group[r];
    const std::uint32_t end = v.run_group[r + 1];
    if (run_in_order(*a.layout, v, r, end_vertex)) {
      float* op = &out_p[v.group_first[g]].x;
      float* on = kNormals ? &out_n[v.group_first[g]].x : nullptr;
      const float* b = v.blocks + g * fpg;
      std::uint32_t n = end - g;
      for (; n >= 2; n -= 2, b += 2 * fpg, op += 24) {
        skin_pair_plain<kNormals>(m8, b, op, on);
        if (kNormals) on += 24;
      }
      if (n) {
        for (int i = 0; i < 12; ++i) m4[i] = _mm256_castps256_ps128(m8[i]);
        skin_group_plain<kNormals>(m4, b, 4, op, on);  // a run's odd last group is stored alone
      }
      continue;
    }
    for (; g + 2 <= end; g += 2) skin_group8<kNormals>(v, m8, g, out_p, out_n);
    if (g < end) {
      for (int i = 0; i < 12; ++i) m4[i] = _mm256_castps256_ps128(m8[i]);
      skin_group4<kNormals>(v, m4, g, out_p, out_n);
    }
  }
}

#undef CF_AVX

// ---- 8 lanes (AVX2) on the 16-lane form: each half chunk is 8 consecutive output vertices of up to 8 runs,
// no lane padded per run. Runs are blended 8 at a time, one run per lane (SkinLayout::blocks8), into a ring
// of per-element rows (element i of run r at row i, slot r % kRing), so a half chunk loads element i of its
// 8 runs in one vector and a permute by its lanes' runs gives each lane its run's matrix.

#define CF_AVX2 __attribute__((target("avx2")))

struct Ring8 {
  // A batch of 8 half chunks reaches up to 64 runs, blended up to 23 runs past its last.
  static constexpr int kRing = 128;
  // Slots kRing..kRing + 7 repeat slots 0..7, so 8 runs from any slot load whole.
  alignas(32) float e[12][kRing + 8];
};

// Block r0 / 8 (runs r0..r0 + 7, SkinLayout::blocks8) into the ring, one run per lane: blend_run_rows'
// multiplies and adds per lane, in its run's slot order; a lane whose run lacks a slot's bone (weight 0)
// adds +0, its product masked off (0 times a non-finite element would not be 0).
CF_AVX2 inline void blend_block8(const SkinLayout& l, const Mat3x4* skin, int r0, Ring8& ring) {
  const SkinLayout::RunBlocks& b = l.blocks8;
  const std::uint32_t block = static_cast<std::uint32_t>(r0) / 8;
  __m256 acc[12];
  for (__m256& x : acc) x = _mm256_setzero_ps();
  for (std::uint32_t s = b.first_slot[block], end = b.first_slot[block + 1]; s < end; ++s) {
    const __m256 w = _mm256_loadu_ps(b.weight.data() + static_cast<std::size_t>(s) * 8);
    const __m256 in = _mm256_cmp_ps(w, _mm256_setzero_ps(), _CMP_NEQ_UQ);
    const float* m = skin[b.bone[s]].m;
    for (int i = 0; i < 12; ++i)
      acc[i] = _mm256_add_ps(acc[i], _mm256_and_ps(in, _mm256_mul_ps(w, _mm256_broadcast_ss(m + i))));
  }
  const int slot = r0 & (Ring8::kRing - 1);
  for (int i = 0; i < 12; ++i) {
    _mm256_store_ps(ring.e[i] + slot, acc[i]);
    if (slot == 0) _mm256_store_ps(ring.e[i] + Ring8::kRing, acc[i]);
  }
}

// What a kernel on the 16-lane chunk form reads and writes (the AVX2 and AVX-512 jobs' common part).
struct ChunkJob {
  const SkinLayout* l;
  View v;
  const Mat3x4* skin;
  glm::vec3* out_p;
  glm::vec3* out_n;
  std::size_t fpc;  // floats per chunk
  explicit ChunkJob(const LayoutKernelArgs& a)
      : l(a.layout), v(view_of(a)), skin(a.skin), out_p(a.out_p), out_n(a.out_n),
        fpc(static_cast<std::size_t>(a.layout->floats_per_chunk())) {}
};

// The job's state while it walks its half chunks.
struct Halves8 : ChunkJob {
  using ChunkJob::ChunkJob;
  Ring8 ring;
  int runs;
  int next;  // the first run not yet in the ring (a multiple of 8)
};

// Lanes [lo, hi) of 8 as xyz triples at dst (vertex lo at dst + 3 * lo), masked.
CF_AVX2 inline void store8_masked(float* dst, __m256 x, __m256 y, __m256 z, std::uint32_t lo, std::uint32_t hi) {
  __m256 a0, a1, a2;
  to_aos8(x, y, z, &a0, &a1, &a2);
  const __m256 o[3] = {_mm256_permute2f128_ps(a0, a1, 0x20), _mm256_permute2f128_ps(a2, a0, 0x30),
                       _mm256_permute2f128_ps(a1, a2, 0x31)};
  const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  for (int p = 0; p < 3; ++p) {
    const __m256i f = _mm256_add_epi32(iota, _mm256_set1_epi32(8 * p));  // float index in the 24
    const __m256i in = _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(3 * lo)), f),
                                           _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(3 * hi)), f));
    _mm256_maskstore_ps(dst + 8 * p, in, o[p]);
  }
}

// Half chunk hh (vertices 8 hh ..), lanes [lo, hi) (kWhole: all 8): positions stored; normals, not yet
// renormalized, left in t (x[8] y[8] z[8]). Its runs are in the ring.
template <bool kNormals, bool kWhole>
CF_AVX2 inline void skin_half8(const Halves8& k, std::uint32_t hh, std::uint32_t lo, std::uint32_t hi, float* t) {
  const std::uint32_t at = hh * 8, c = hh / 2;
  const __m256i idx =
      _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(k.l->half_lane_run.data() + at)));
  const float* src = &k.ring.e[0][k.l->half_run[hh] & (Ring8::kRing - 1)];
  constexpr std::size_t kRow = Ring8::kRing + 8;
  __m256 m[12];
  for (int i = 0; i < 12; ++i) m[i] = _mm256_permutevar8x32_ps(_mm256_loadu_ps(src + i * kRow), idx);
  const float* b = k.l->chunk_blocks.data() + c * k.fpc + (hh & 1u) * 8;
  const __m256 px = _mm256_loadu_ps(b), py = _mm256_loadu_ps(b + 16), pz = _mm256_loadu_ps(b + 32);
  const __m256 x = _mm256_add_ps(dot3(m[0], m[1], m[2], px, py, pz), m[3]);
  const __m256 y = _mm256_add_ps(dot3(m[4], m[5], m[6], px, py, pz), m[7]);
  const __m256 z = _mm256_add_ps(dot3(m[8], m[9], m[10], px, py, pz), m[11]);
  if (kWhole)
    store8_plain(&k.out_p[at].x, x, y, z);
  else
    store8_masked(&k.out_p[at].x, x, y, z, lo, hi);
  if (!kNormals) return;
  const __m256 nx = _mm256_loadu_ps(b + 48), ny = _mm256_loadu_ps(b + 64), nz = _mm256_loadu_ps(b + 80);
  _mm256_store_ps(t, dot3(m[0], m[1], m[2], nx, ny, nz));
  _mm256_store_ps(t + 8, dot3(m[4], m[5], m[6], nx, ny, nz));
  _mm256_store_ps(t + 16, dot3(m[8], m[9], m[10], nx, ny, nz));
}

// The normals of half chunk hh from t, renormalized.
template <bool kWhole>
CF_AVX2 inline void renorm_half8(const Halves8& k, std::uint32_t hh, std::uint32_t lo, std::uint32_t hi, const float* t) {
  const __m256 x = _mm256_load_ps(t), y = _mm256_load_ps(t + 8), z = _mm256_load_ps(t + 16);
  const __m256 s = renorm_scale(x, y, z);
  if (kWhole)
    store8_plain(&k.out_n[hh * 8].x, _mm256_mul_ps(x, s), _mm256_mul_ps(y, s), _mm256_mul_ps(z, s));
  else
    store8_masked(&k.out_n[hh * 8].x, _mm256_mul_ps(x, s), _mm256_mul_ps(y, s), _mm256_mul_ps(z, s), lo, hi);
}

constexpr std::uint32_t kBatch = 8;

// Half chunks [h, h + n): the transforms first, then the renormalizations. kWhole: every lane is the job's.
template <bool kNormals, bool kWhole>
CF_AVX2 inline void skin_batch8(const Halves8& k, std::uint32_t h, std::uint32_t n, std::uint32_t v0, std::uint32_t v1,
                                float (*t)[24]) {
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t hh = h + i;
    skin_half8<kNormals, kWhole>(k, hh, kWhole || hh * 8 >= v0 ? 0 : v0 - hh * 8,
                                 kWhole || hh * 8 + 8 <= v1 ? 8 : v1 - hh * 8, t[i]);
  }
  if (!kNormals) return;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t hh = h + i;
    renorm_half8<kWhole>(k, hh, kWhole || hh * 8 >= v0 ? 0 : v0 - hh * 8, kWhole || hh * 8 + 8 <= v1 ? 8 : v1 - hh * 8,
                         t[i]);
  }
}

// Half chunks go in batches: the transforms first, then the renormalizations, whose square roots and
// divisions (long latency, one unit) then overlap instead of each waiting on its own transform. Each batch
// first blends its runs into the ring, 16 runs ahead of its last: the ring's stores are in the cache before
// a half chunk loads them (a load spanning two recent stores waits for both to retire). Only the job's
// first and last half chunks may be partial: the others skip the lane bounds and masks.
template <bool kNormals>
CF_AVX2 void kernel_avx2(const LayoutKernelArgs& a) {
  if (a.run_begin >= a.run_end) return;
  Halves8 k(a);
  k.runs = a.layout->runs();
  k.next = a.run_begin & ~7;
  // Lanes of runs before the job read a slot that is never blended: zeros (their stores are masked off).
  for (auto& row : k.ring.e)
    for (float& x : row) x = 0.0f;
  const std::uint32_t v0 = k.v.group_first[k.v.run_group[a.run_begin]], v1 = job_end_vertex(a, k.v);
  const std::uint32_t h_begin = v0 / 8, h_end = (v1 + 7) / 8;
  const std::uint8_t* lane_run = a.layout->half_lane_run.data();
  const std::uint32_t* half_run = a.layout->half_run.data();
  alignas(32) float t[kBatch][24];
  for (std::uint32_t h = h_begin; h < h_end; h += kBatch) {
    const std::uint32_t n = std::min(kBatch, h_end - h), h_last = h + n - 1;
    const int last = static_cast<int>(half_run[h_last] + lane_run[h_last * 8 + 7]);
    for (const int ahead = std::min(last + 16, k.runs - 1); k.next <= ahead; k.next += 8)
      blend_block8(*k.l, k.skin, k.next, k.ring);
    if (h * 8 >= v0 && (h + n) * 8 <= v1)
      skin_batch8<kNormals, true>(k, h, n, v0, v1, t);
    else
      skin_batch8<kNormals, false>(k, h, n, v0, v1, t);
  }
}

#undef CF_AVX2

// ---- 16 lanes (AVX-512): the layout's 16-lane form, 16 consecutive output vertices per chunk ----
// A chunk may span several runs (up to 16). Each run's blended matrix is made once, into a ring of the
// job's latest 32 runs; a chunk of one run broadcasts its 12 elements, a chunk of several starts from its
// first run's and broadcasts each later run's into that run's lanes. Partial chunks (a job's ends, the
// mesh's end) store their lanes masked.

#define CF_AVX512 __attribute__((target("avx512f")))
// GCC 12's AVX-512 headers seed results with a self-initialized undefined vector (GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

CF_AVX512 inline __m512 dot3(__m512 a, __m512 b, __m512 c, __m512 x, __m512 y, __m512 z) {
  return _mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(a, x), _mm512_mul_ps(b, y)), _mm512_mul_ps(c, z));
}

// Two-source permute indices that interleave 16 lanes of x, y, z into 48 floats x0 y0 z0 x1 ...:
// step one takes x and y (z's places are filled in step two from z).
struct Aos16 {
  alignas(64) std::int32_t xy[3][16];
  alignas(64) std::int32_t z[3][16];
  Aos16() {
    for (int part = 0; part < 3; ++part)
      for (int i = 0; i < 16; ++i) {
        const int f = part * 16 + i, vtx = f / 3, comp = f % 3;
        xy[part][i] = comp == 0 ? vtx : comp == 1 ? 16 + vtx : 0;
        z[part][i] = comp == 2 ? 16 + vtx : i;
      }
  }
};
const Aos16 kAos16;

struct Aos16Regs {
  __m512i xy[3], z[3];
};

CF_AVX512 inline Aos16Regs aos16_regs() {
  Aos16Regs r;
  for (int p = 0; p < 3; ++p) {
    r.xy[p] = _mm512_load_si512(kAos16.xy[p]);
    r.z[p] = _mm512_load_si512(kAos16.z[p]);
  }
  return r;
}

// Lanes [lo, hi) of x, y, z as xyz triples at dst (vertex lo at dst + 3 * lo); kWhole: all 16.
template <bool kWhole>
CF_AVX512 inline void store16(const Aos16Regs& ix, float* dst, __m512 x, __m512 y, __m512 z, std::uint32_t lo,
                              std::uint32_t hi) {
  __m512 o[3];
  for (int p = 0; p < 3; ++p) o[p] = _mm512_permutex2var_ps(_mm512_permutex2var_ps(x, ix.xy[p], y), ix.z[p], z);
  if (kWhole) {
    _mm512_storeu_ps(dst, o[0]);
    _mm512_storeu_ps(dst + 16, o[1]);
    _mm512_storeu_ps(dst + 32, o[2]);
    return;
  }
  const std::uint64_t floats = ((std::uint64_t{1} << (3 * hi)) - 1) & ~((std::uint64_t{1} << (3 * lo)) - 1);
  for (int p = 0; p < 3; ++p)
    _mm512_mask_storeu_ps(dst + 16 * p, static_cast<__mmask16>(floats >> (16 * p)), o[p]);
}

// The job's state while it walks its chunks: the ring of blended run matrices, element by element (element
// i of run r at e[i][r % kRing]; slots kRing.. repeat slots 0..15, so 16 runs from any slot load whole).
struct Chunks16 : ChunkJob {
  using ChunkJob::ChunkJob;
  static constexpr int kRing = 64;
  alignas(64) float e[12][kRing + 16];
  int next;  // the first run not yet blended (a multiple of 16)
  int runs;
};

// Block r0 / 16 (runs r0..r0 + 15, SkinLayout::blocks16) into the ring: blend_block8's operations on 16
// lanes, the masked products zeroed by the multiply itself.
CF_AVX512 inline void blend_block16(Chunks16& k, int r0) {
  const SkinLayout::RunBlocks& b = k.l->blocks16;
  const std::uint32_t block = static_cast<std::uint32_t>(r0) / 16;
  __m512 acc[12];
  for (__m512& x : acc) x = _mm512_setzero_ps();
  for (std::uint32_t s = b.first_slot[block], end = b.first_slot[block + 1]; s < end; ++s) {
    const __m512 w = _mm512_loadu_ps(b.weight.data() + static_cast<std::size_t>(s) * 16);
    const __mmask16 in = b.mask[s];
    const float* m = k.skin[b.bone[s]].m;
    for (int i = 0; i < 12; ++i) acc[i] = _mm512_add_ps(acc[i], _mm512_maskz_mul_ps(in, w, _mm512_set1_ps(m[i])));
  }
  const int slot = r0 & (Chunks16::kRing - 1);
  for (int i = 0; i < 12; ++i) {
    _mm512_store_ps(k.e[i] + slot, acc[i]);
    if (slot == 0) _mm512_store_ps(k.e[i] + Chunks16::kRing, acc[i]);
  }
}

// Chunk c's lanes [lo, hi) (kWhole: 0..16): blends the blocks of runs it reaches, and one more (so the
// ring's stores have left the store queue before a chunk's load spans two of them), gives each lane its
// run's matrix (a permute of the 16 runs from the chunk's first), skins, stores.
template <bool kNormals, bool kWhole>
CF_AVX512 inline void skin_chunk16(Chunks16& k, const Aos16Regs& ix, std::uint32_t c, std::uint32_t lo,
                                   std::uint32_t hi) {
  const std::uint32_t at = c * 16;
  const std::uint8_t* lanes = k.l->lane_run.data() + at;
  const int first = static_cast<int>(k.l->chunk_run[c]);
  for (const int ahead = std::min(first + lanes[15] + 16, k.runs - 1); k.next <= ahead; k.next += 16)
    blend_block16(k, k.next);
  const float* src = &k.e[0][first & (Chunks16::kRing - 1)];
  __m512 m[12];
  if (lanes[15] == 0) {
    for (int i = 0; i < 12; ++i) m[i] = _mm512_set1_ps(src[i * (Chunks16::kRing + 16)]);
  } else if (lanes[15] == 1) {  // two runs: the second's lanes take its broadcast (a blend, not a shuffle)
    const __m128i l = _mm_loadu_si128(reinterpret_cast<const __m128i*>(lanes));
    const __mmask16 second = static_cast<__mmask16>(_mm_movemask_epi8(_mm_cmpgt_epi8(l, _mm_setzero_si128())));
    for (int i = 0; i < 12; ++i)
      m[i] = _mm512_mask_mov_ps(_mm512_set1_ps(src[i * (Chunks16::kRing + 16)]), second,
                                _mm512_set1_ps(src[i * (Chunks16::kRing + 16) + 1]));
  } else {
    const __m512i idx = _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(lanes)));
    for (int i = 0; i < 12; ++i) m[i] = _mm512_permutexvar_ps(idx, _mm512_loadu_ps(src + i * (Chunks16::kRing + 16)));
  }
  const std::size_t fpc = k.fpc;
  const float* b = k.l->chunk_blocks.data() + c * fpc;
  const __m512 px = _mm512_loadu_ps(b), py = _mm512_loadu_ps(b + 16), pz = _mm512_loadu_ps(b + 32);
  store16<kWhole>(ix, &k.out_p[at].x, _mm512_add_ps(dot3(m[0], m[1], m[2], px, py, pz), m[3]),
                  _mm512_add_ps(dot3(m[4], m[5], m[6], px, py, pz), m[7]),
                  _mm512_add_ps(dot3(m[8], m[9], m[10], px, py, pz), m[11]), lo, hi);
  if (!kNormals) return;
  const __m512 nx = _mm512_loadu_ps(b + 48), ny = _mm512_loadu_ps(b + 64), nz = _mm512_loadu_ps(b + 80);
  const __m512 x = dot3(m[0], m[1], m[2], nx, ny, nz), y = dot3(m[4], m[5], m[6], nx, ny, nz);
  const __m512 z = dot3(m[8], m[9], m[10], nx, ny, nz);
  const __m512 len2 = dot3(x, y, z, x, y, z);
  // 1 / sqrt(len2) where len2 > 0, else exactly 1.
  const __m512 one = _mm512_set1_ps(1.0f);
  const __m512 s =
      _mm512_mask_div_ps(one, _mm512_cmp_ps_mask(len2, _mm512_setzero_ps(), _CMP_GT_OQ), one, _mm512_sqrt_ps(len2));
  store16<kWhole>(ix, &k.out_n[at].x, _mm512_mul_ps(x, s), _mm512_mul_ps(y, s), _mm512_mul_ps(z, s), lo, hi);
}

template <bool kNormals>
CF_AVX512 void kernel_avx512(const LayoutKernelArgs& a) {
  if (a.run_begin >= a.run_end) return;
  Chunks16 k(a);
  // Slots past the last run are loaded (not used): zeros.
  for (auto& row : k.e)
    for (float& x : row) x = 0.0f;
  const Aos16Regs ix = aos16_regs();
  const std::uint32_t v0 = k.v.group_first[k.v.run_group[a.run_begin]], v1 = job_end_vertex(a, k.v);
  std::uint32_t c = v0 / 16;
  k.runs = a.layout->runs();
  k.next = static_cast<int>(a.layout->chunk_run[c]) & ~15;  // the first chunk's lanes before the job read their runs
  const std::uint32_t c_end = (v1 + 15) / 16;
  if (v0 % 16 != 0 || c + 1 == c_end) {  // the first chunk, partial
    skin_chunk16<kNormals, false>(k, ix, c, v0 - c * 16, std::min<std::uint32_t>(v1 - c * 16, 16));
    ++c;
  }
  const std::uint32_t whole_end = v1 / 16;
  for (; c < whole_end; ++c) skin_chunk16<kNormals, true>(k, ix, c, 0, 16);
  if (c < c_end) skin_chunk16<kNormals, false>(k, ix, c, 0, v1 - c * 16);  // the last chunk, partial
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#undef CF_AVX512

#endif  // CF_SKIN_X86

}  // namespace

const char* to_string(SkinKernel k) {
  switch (k) {
    case SkinKernel::kBest: return "best";
    case SkinKernel::kScalar: return "scalar";
    case SkinKernel::kSse2: return "sse2";
    case SkinKernel::kAvx: return "avx";
    case SkinKernel::kAvx2: return "avx2";
    case SkinKernel::kAvx512: return "avx512";
  }
  return "?";
}

SkinKernel resolve(SkinKernel k) {
#if CF_SKIN_X86
  const bool avx = __builtin_cpu_supports("avx"), avx2 = __builtin_cpu_supports("avx2"),
             avx512 = __builtin_cpu_supports("avx512f");
  if (k == SkinKernel::kBest)
    return avx512 ? SkinKernel::kAvx512 : avx2 ? SkinKernel::kAvx2 : avx ? SkinKernel::kAvx : SkinKernel::kSse2;
  if (k == SkinKernel::kAvx512 && !avx512) k = SkinKernel::kAvx2;
  if (k == SkinKernel::kAvx2 && !avx2) k = SkinKernel::kAvx;
  if (k == SkinKernel::kAvx && !avx) return SkinKernel::kSse2;
  return k;
#else
  (void)k;
  return SkinKernel::kScalar;
#endif
}

SkinKernel resolve_for(SkinKernel k, const SkinLayout& layout) {
  k = resolve(k);
  const bool chunked = k == SkinKernel::kAvx512 || k == SkinKernel::kAvx2;
  return chunked && layout.chunk_run.empty() ? resolve(SkinKernel::kAvx) : k;
}

void run_layout_kernel(const LayoutKernelArgs& a, SkinKernel kernel) {
  switch (resolve_for(kernel, *a.layout)) {
#if CF_SKIN_X86
    case SkinKernel::kAvx512: return a.out_n ? kernel_avx512<true>(a) : kernel_avx512<false>(a);
    case SkinKernel::kAvx2: return a.out_n ? kernel_avx2<true>(a) : kernel_avx2<false>(a);
    case SkinKernel::kAvx: return a.out_n ? kernel_avx<true>(a) : kernel_avx<false>(a);
    case SkinKernel::kSse2: return a.out_n ? kernel_sse2<true>(a) : kernel_sse2<false>(a);
#endif
    default: return kernel_scalar(a);
  }
}

}  // namespace cf
