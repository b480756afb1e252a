#include "render/place_vertices.h"

#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cf {

void place_vertices_scalar(const glm::mat4& mvp, const glm::vec3* p, int first, int count, const Viewport& viewport,
                           const PlacedVertices& out) {
  for (int i = first; i < count; ++i) {
    const glm::vec4 c = mvp * glm::vec4(p[i], 1.0f);
    out.clip[i] = c;
    const std::uint16_t code = outcode(c, kGuardBand);
    out.outcode[i] = code;
    if ((code & kClipMask) == 0) {
      ScreenVertex& sv = out.screen[i];
      viewport.project(c, &sv.x, &sv.y, &sv.depth, &sv.inv_w);
      out.xy[2 * i] = sv.x;
      out.xy[2 * i + 1] = sv.y;
    }
  }
}

#if defined(__SSE2__)
namespace {

static_assert(offsetof(ScreenVertex, x) == 0 && offsetof(ScreenVertex, y) == 4 &&
                  offsetof(ScreenVertex, depth) == 8 && offsetof(ScreenVertex, inv_w) == 12,
              "one 16-byte store writes a screen vertex's position");

// round_half_away() on four lanes.
inline __m128i round_half_away4(__m128 x) {
  const __m128i i = _mm_cvttps_epi32(x);
  const __m128 frac = _mm_sub_ps(x, _mm_cvtepi32_ps(i));
  const __m128i up = _mm_castps_si128(_mm_cmpge_ps(frac, _mm_set1_ps(0.5f)));     // -1 where true
  const __m128i down = _mm_castps_si128(_mm_cmple_ps(frac, _mm_set1_ps(-0.5f)));
  return _mm_add_epi32(_mm_sub_epi32(i, up), down);
}

// Viewport::to_fixed() on four lanes.
inline __m128i to_fixed4(__m128 px, bool snap) {
  const __m128 magnitude = _mm_andnot_ps(_mm_set1_ps(-0.0f), px);
  px = _mm_and_ps(px, _mm_cmplt_ps(magnitude, _mm_set1_ps(1e6f)));  // NaN and huge to 0
  if (snap) return _mm_slli_epi32(round_half_away4(px), kSubpixelBits);
  return round_half_away4(_mm_mul_ps(px, _mm_set1_ps(static_cast<float>(kSubpixelOne))));
}

inline __m128 bit_if(__m128 mask, std::uint16_t bit) {
  return _mm_and_ps(mask, _mm_castsi128_ps(_mm_set1_epi32(bit)));
}

// Four vertices from 'p' (48 bytes) to 'i'.
inline void place_four(const __m128 (&m)[4][4], const float* p, int i, const Viewport& vp, const PlacedVertices& out) {
  // x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3 to lanes of x, y and z.
  const __m128 r0 = _mm_loadu_ps(p), r1 = _mm_loadu_ps(p + 4), r2 = _mm_loadu_ps(p + 8);
  const __m128 x1y1 = _mm_shuffle_ps(r0, r1, _MM_SHUFFLE(0, 0, 3, 3));
  const __m128 xy01 = _mm_shuffle_ps(r0, x1y1, _MM_SHUFFLE(2, 0, 1, 0));
  const __m128 xy23 = _mm_shuffle_ps(r1, r2, _MM_SHUFFLE(2, 1, 3, 2));
  const __m128 x = _mm_shuffle_ps(xy01, xy23, _MM_SHUFFLE(2, 0, 2, 0));
  const __m128 y = _mm_shuffle_ps(xy01, xy23, _MM_SHUFFLE(3, 1, 3, 1));
  const __m128 z01 = _mm_shuffle_ps(r0, r1, _MM_SHUFFLE(1, 1, 2, 2));
  const __m128 z23 = _mm_shuffle_ps(r2, r2, _MM_SHUFFLE(3, 3, 0, 0));
  const __m128 z = _mm_shuffle_ps(z01, z23, _MM_SHUFFLE(2, 0, 2, 0));
  __m128 c[4];
  for (int k = 0; k < 4; ++k) {  // row k: (m0 x + m1 y) + (m2 z + m3), as glm
    c[k] = _mm_add_ps(_mm_add_ps(_mm_mul_ps(m[0][k], x), _mm_mul_ps(m[1][k], y)),
                      _mm_add_ps(_mm_mul_ps(m[2][k], z), m[3][k]));
  }
  const __m128 sign = _mm_set1_ps(-0.0f);
  const __m128 w = c[3], neg_w = _mm_xor_ps(w, sign);
  const __m128 gw = _mm_mul_ps(_mm_set1_ps(kGuardBand), w), neg_gw = _mm_xor_ps(gw, sign);
  __m128 code = _mm_or_ps(bit_if(_mm_cmplt_ps(c[2], neg_w), kOutNear), bit_if(_mm_cmpgt_ps(c[2], w), kOutFar));
  code = _mm_or_ps(code, _mm_or_ps(bit_if(_mm_cmplt_ps(c[0], neg_w), kOutLeft),
                                   bit_if(_mm_cmpgt_ps(c[0], w), kOutRight)));
  code = _mm_or_ps(code, _mm_or_ps(bit_if(_mm_cmplt_ps(c[1], neg_w), kOutBottom),
                                   bit_if(_mm_cmpgt_ps(c[1], w), kOutTop)));
  code = _mm_or_ps(code, _mm_or_ps(bit_if(_mm_cmplt_ps(c[0], neg_gw), kOutGuardLeft),
                                   bit_if(_mm_cmpgt_ps(c[0], gw), kOutGuardRight)));
  code = _mm_or_ps(code, _mm_or_ps(bit_if(_mm_cmplt_ps(c[1], neg_gw), kOutGuardBottom),
                                   bit_if(_mm_cmpgt_ps(c[1], gw), kOutGuardTop)));
  alignas(16) std::int32_t codes[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(codes), _mm_castps_si128(code));
  // Viewport::project() (a clipped vertex's lanes are computed too, and never read).
  const __m128 half = _mm_set1_ps(0.5f), one = _mm_set1_ps(1.0f);
  const __m128 iw = _mm_div_ps(one, w);
  const __m128 nx = _mm_mul_ps(c[0], iw), ny = _mm_mul_ps(c[1], iw), nz = _mm_mul_ps(c[2], iw);
  const __m128 px = _mm_mul_ps(_mm_add_ps(_mm_mul_ps(nx, half), half), _mm_set1_ps(vp.w));
  const __m128 py = _mm_mul_ps(_mm_sub_ps(half, _mm_mul_ps(ny, half)), _mm_set1_ps(vp.h));
  // std::min(std::max(d, 0), 1) keeps a NaN d: max_ps and min_ps return their second operand then.
  const __m128 depth = _mm_min_ps(one, _mm_max_ps(_mm_setzero_ps(), _mm_add_ps(_mm_mul_ps(nz, half), half)));
  const __m128i fx = to_fixed4(px, vp.snap), fy = to_fixed4(py, vp.snap);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out.xy + 2 * i), _mm_unpacklo_epi32(fx, fy));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out.xy + 2 * i + 4), _mm_unpackhi_epi32(fx, fy));
  __m128 s0 = _mm_castsi128_ps(fx), s1 = _mm_castsi128_ps(fy);
  __m128 s2 = depth, s3 = iw;
  _MM_TRANSPOSE4_PS(s0, s1, s2, s3);
  _MM_TRANSPOSE4_PS(c[0], c[1], c[2], c[3]);
  const __m128 sv[4] = {s0, s1, s2, s3};
  for (int k = 0; k < 4; ++k) {
    _mm_storeu_ps(&out.clip[i + k].x, c[k]);
    out.outcode[i + k] = static_cast<std::uint16_t>(codes[k]);
    _mm_storeu_ps(reinterpret_cast<float*>(&out.screen[i + k]), sv[k]);
  }
}

}  // namespace
#endif

void place_vertices(const glm::mat4& mvp, const glm::vec3* positions, int count, const Viewport& viewport,
                    const PlacedVertices& out) {
  int done = 0;
#if defined(__SSE2__)
  static_assert(sizeof(glm::vec3) == 12, "positions are packed");
  __m128 m[4][4];  // m[column][row] broadcast
  for (int col = 0; col < 4; ++col)
    for (int row = 0; row < 4; ++row) m[col][row] = _mm_set1_ps(mvp[col][row]);
  const float* p = &positions[0].x;
  for (; done + 4 <= count; done += 4) place_four(m, p + 3 * done, done, viewport, out);
#endif
  place_vertices_scalar(mvp, positions, done, count, viewport, out);
}

}  // namespace cf
