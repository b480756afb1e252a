#pragma once
// Piecewise cubic Hermite curves over non-uniform key times: scalar, vec3, quaternion and step channels.
// Sampling never allocates; keys are read through plain pointers.
//
// Tangents are the non-uniform Catmull-Rom ones (the slope of the parabola through a key and its two
// neighbours). With TangentRule::kClamped (the default) each component is additionally limited
// Fritsch-Carlson style: zero where the curve turns or is flat on either side of the key, and at most 3x
// the smaller neighbouring secant slope. So a segment between two equal keys is exactly constant (a planted
// foot stays still), and the curve never overshoots its keys. Either rule gives one tangent per key, so the
// curve is C1 and passes through every key.
//
// Looping curves: keys lie in [0, period); the curve repeats with a per-cycle offset,
// value(t + period) = value(t) + offset, and tangents at the ends are computed across the wrap.
// Non-looping curves clamp t to [first key, last key] and use one-sided secant tangents at the ends.
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace cf {

enum class TangentRule { kClamped, kCatmullRom };

struct CurveParams {
  bool loop = false;
  double period = 0.0;           // seconds; > 0 and > last key time when loop
  glm::vec3 offset{0.0f};        // per-cycle offset of a looping vec3 curve (x used for scalar curves)
  TangentRule tangents = TangentRule::kClamped;
};

// Curve value at time t (seconds). n >= 1; times strictly increasing.
float sample_curve(const float* times, const float* values, int n, double t, const CurveParams& p);
glm::vec3 sample_curve(const float* times, const glm::vec3* values, int n, double t,
                       const CurveParams& p);

// Unit quaternion curve: Catmull-Rom Hermite on the 4 components with a hemisphere fix (each neighbour is
// flipped onto the key's side before use), then normalized. Looping quaternion curves repeat without an
// offset. 'tangents' is ignored (always Catmull-Rom).
glm::quat sample_quat_curve(const float* times, const glm::quat* values, int n, double t,
                            const CurveParams& p);

// Step curve (contact flags): the value of the last key at or before t; before the first key, the last
// key's value when looping (it wraps), else the first key's.
float sample_step(const float* times, const float* values, int n, double t, const CurveParams& p);

// Splits a looping time into whole cycles and a local time in [0, period): t = cycles * period + local.
// Exact for any t (uses floor on doubles; local is clamped below period against rounding).
void split_cycles(double t, double period, double* cycles, double* local);

// Cubic Hermite basis on one segment, u in [0, 1], h the segment length in seconds; m0/m1 are slopes per
// second. Written as p0 + dp*h01 + (m0*h10 + m1*h11)*h, so dp = 0 and m = 0 give exactly p0.
inline glm::vec4 hermite4(const glm::vec4& p0, const glm::vec4& p1, const glm::vec4& m0,
                          const glm::vec4& m1, float u, float h) {
  const float u2 = u * u, u3 = u2 * u;
  const float h01 = -2.0f * u3 + 3.0f * u2;
  const float h10 = u3 - 2.0f * u2 + u;
  const float h11 = u3 - u2;
  return p0 + (p1 - p0) * h01 + (m0 * h10 + m1 * h11) * h;
}

}  // namespace cf
