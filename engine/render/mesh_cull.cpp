#include "render/mesh_cull.h"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cf {

MeshBox mesh_box(const glm::vec3* p, int count) {
  MeshBox b;
  if (count <= 0) return b;
  float lo[3] = {p[0].x, p[0].y, p[0].z}, hi[3] = {lo[0], lo[1], lo[2]};
  float probe = 0.0f;  // x * 0 is NaN for NaN and infinities only
  int i = 0;
#if defined(__SSE2__)
  if (count >= 4) {
    // Four vertices are three registers; lane j of register k holds coordinate (4k + j) % 3.
    const float* f = &p[0].x;
    __m128 l[3], h[3], pr = _mm_setzero_ps();
    for (int k = 0; k < 3; ++k) l[k] = h[k] = _mm_loadu_ps(f + 4 * k);
    for (; i + 4 <= count; i += 4) {
      for (int k = 0; k < 3; ++k) {
        const __m128 r = _mm_loadu_ps(f + 3 * i + 4 * k);
        l[k] = _mm_min_ps(l[k], r);
        h[k] = _mm_max_ps(h[k], r);
        pr = _mm_add_ps(pr, _mm_mul_ps(r, _mm_setzero_ps()));
      }
    }
    alignas(16) float ls[12], hs[12], ps[4];
    for (int k = 0; k < 3; ++k) {
      _mm_store_ps(ls + 4 * k, l[k]);
      _mm_store_ps(hs + 4 * k, h[k]);
    }
    _mm_store_ps(ps, pr);
    for (int q = 0; q < 12; ++q) {
      lo[q % 3] = std::min(lo[q % 3], ls[q]);
      hi[q % 3] = std::max(hi[q % 3], hs[q]);
    }
    probe = (ps[0] + ps[1]) + (ps[2] + ps[3]);
  }
#endif
  for (; i < count; ++i) {
    for (int k = 0; k < 3; ++k) {
      lo[k] = std::min(lo[k], p[i][k]);
      hi[k] = std::max(hi[k], p[i][k]);
      probe += p[i][k] * 0.0f;
    }
  }
  b.lo = glm::vec3(lo[0], lo[1], lo[2]);
  b.hi = glm::vec3(hi[0], hi[1], hi[2]);
  b.finite = probe == 0.0f;
  return b;
}

std::uint32_t max_index(const std::uint32_t* idx, int count) {
  std::uint32_t top = 0;
  int i = 0;
#if defined(__SSE2__)
  // SSE2 compares signed lanes only: flip the top bit of both sides.
  const __m128i bias = _mm_set1_epi32(static_cast<int>(0x80000000u));
  __m128i best = bias;
  for (; i + 4 <= count; i += 4) {
    const __m128i v = _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(idx + i)), bias);
    const __m128i gt = _mm_cmpgt_epi32(v, best);
    best = _mm_or_si128(_mm_and_si128(gt, v), _mm_andnot_si128(gt, best));
  }
  alignas(16) std::uint32_t lanes[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes), _mm_xor_si128(best, bias));
  for (std::uint32_t v : lanes) top = std::max(top, v);
#endif
  for (; i < count; ++i) top = std::max(top, idx[i]);
  return top;
}

bool box_outside(const MeshBox& box, const glm::mat4& m) {
  if (!box.finite) return false;
  // Row k of the clip matrix (glm is column-major: m[column][row]).
  auto row = [&](int k) { return glm::vec4(m[0][k], m[1][k], m[2][k], m[3][k]); };
  const glm::vec4 rx = row(0), ry = row(1), rz = row(2), rw = row(3);
  const glm::vec3 big = glm::max(glm::abs(box.lo), glm::abs(box.hi));
  // The largest |term| sum of a row over the box: float rounding of c = mvp * p is below 4 ulps of it.
  auto size = [&](const glm::vec4& r) {
    return std::fabs(r.x) * big.x + std::fabs(r.y) * big.y + std::fabs(r.z) * big.z + std::fabs(r.w);
  };
  const float sw = size(rw);
  // Inside means g(c) = s * c.k + c.w >= 0; the mesh is out when g's largest value on the box is below
  // minus the margin (1e-5 relative: 40 times the rounding, and ours in evaluating it).
  const struct {
    glm::vec4 r;
    float margin;
  } planes[6] = {{rz + rw, size(rz) + sw}, {rw - rz, size(rz) + sw}, {rx + rw, size(rx) + sw},
                 {rw - rx, size(rx) + sw}, {ry + rw, size(ry) + sw}, {rw - ry, size(ry) + sw}};
  for (const auto& p : planes) {
    float top = p.r.w;
    for (int j = 0; j < 3; ++j) top += std::max(p.r[j] * box.lo[j], p.r[j] * box.hi[j]);
    if (top < -1e-5f * p.margin) return true;  // NaN never rejects
  }
  return false;
}

}  // namespace cf
