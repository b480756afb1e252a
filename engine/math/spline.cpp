#include "math/spline.h"

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

// Key k of the virtual infinite key sequence of a looping curve (k may be negative or >= n).
struct VirtualKey {
  double time;
  glm::vec4 value;
};

template <class Get>
VirtualKey virtual_key(const float* times, int n, long k, const CurveParams& p, const glm::vec4& off4,
                       Get get) {
  long cyc = k >= 0 ? k / n : -((-k + n - 1) / n);
  int i = static_cast<int>(k - cyc * n);
  return VirtualKey{static_cast<double>(times[i]) + static_cast<double>(cyc) * p.period,
                    get(i) + off4 * static_cast<float>(cyc)};
}

// Slope at a key from its neighbours (secant slopes d0 on the left, d1 on the right).
glm::vec4 key_slope(const glm::vec4& d0, const glm::vec4& d1, double h0, double h1, int comps,
                    TangentRule rule) {
  glm::vec4 m(0.0f);
  const float w0 = static_cast<float>(h1 / (h0 + h1));
  const float w1 = static_cast<float>(h0 / (h0 + h1));
  for (int c = 0; c < comps; ++c) {
    float mc = w0 * d0[c] + w1 * d1[c];
    if (rule == TangentRule::kClamped) {
      if (d0[c] * d1[c] <= 0.0f) {
        mc = 0.0f;  // turning point or flat side: no overshoot, flat segments stay flat
      } else {
        const float lim = 3.0f * std::min(std::fabs(d0[c]), std::fabs(d1[c]));
        mc = std::clamp(mc, -lim, lim);
      }
    }
    m[c] = mc;
  }
  return m;
}

// Index of the last key with time <= t, or -1. Compared in float, the precision keys are stored in, so
// sampling at a key's time (given as a double like 0.1) lands on that key.
int find_key(const float* times, int n, double t) {
  const float* it = std::upper_bound(times, times + n, static_cast<float>(t));
  return static_cast<int>(it - times) - 1;
}

template <class Get>
glm::vec4 sample_generic(const float* times, int n, double t, const CurveParams& p, int comps,
                         const glm::vec4& off4, Get get, bool quat) {
  if (n <= 0) return glm::vec4(0.0f);
  double cycles = 0.0, local = t;
  if (p.loop) {
    split_cycles(t, p.period, &cycles, &local);
  } else {
    if (n == 1 || t <= times[0]) return get(0);
    // Compared in float as find_key does: a t just under the last key in double but on it in float
    // would otherwise find no segment after it.
    if (t >= times[n - 1] || static_cast<float>(t) >= times[n - 1]) return get(n - 1);
  }
  // Window of keys i-1 .. i+2 around the segment [i, i+1]; a looping curve has virtual keys everywhere,
  // a clamped one only inside [0, n).
  const long i = find_key(times, n, local);  // looping: -1 means the previous cycle's last key
  VirtualKey k[4];
  bool valid[4];
  for (int j = 0; j < 4; ++j) {
    const long idx = i - 1 + j;
    valid[j] = p.loop || (idx >= 0 && idx < n);
    if (valid[j]) k[j] = p.loop ? virtual_key(times, n, idx, p, off4, get)
                                : VirtualKey{times[idx], get(static_cast<int>(idx))};
  }
  if (quat) {  // hemisphere fix relative to the segment's keys
    if (valid[0] && glm::dot(k[0].value, k[1].value) < 0.0f) k[0].value = -k[0].value;
    if (glm::dot(k[2].value, k[1].value) < 0.0f) k[2].value = -k[2].value;
    if (valid[3] && glm::dot(k[3].value, k[2].value) < 0.0f) k[3].value = -k[3].value;
  }
  const double h = k[2].time - k[1].time;
  const glm::vec4 d = (k[2].value - k[1].value) / static_cast<float>(h);
  const TangentRule rule = quat ? TangentRule::kCatmullRom : p.tangents;
  glm::vec4 m0 = d, m1 = d;  // one-sided at the ends of a clamped curve
  if (valid[0]) {
    const double h0 = k[1].time - k[0].time;
    m0 = key_slope((k[1].value - k[0].value) / static_cast<float>(h0), d, h0, h, comps, rule);
  }
  if (valid[3]) {
    const double h2 = k[3].time - k[2].time;
    m1 = key_slope(d, (k[3].value - k[2].value) / static_cast<float>(h2), h, h2, comps, rule);
  }
  const float u = static_cast<float>(std::clamp((local - k[1].time) / h, 0.0, 1.0));
  glm::vec4 v = hermite4(k[1].value, k[2].value, m0, m1, u, static_cast<float>(h));
  if (p.loop) v += off4 * static_cast<float>(cycles);
  return v;
}

}  // namespace

void split_cycles(double t, double period, double* cycles, double* local) {
  double c = std::floor(t / period);
  double l = t - c * period;
  if (l < 0.0) {  // rounding
    c -= 1.0;
    l += period;
  }
  if (l >= period) {
    c += 1.0;
    l -= period;
  }
  if (l < 0.0) l = 0.0;
  *cycles = c;
  *local = l;
}

float sample_curve(const float* times, const float* values, int n, double t, const CurveParams& p) {
  auto get = [values](int i) { return glm::vec4(values[i], 0.0f, 0.0f, 0.0f); };
  return sample_generic(times, n, t, p, 1, glm::vec4(p.offset.x, 0, 0, 0), get, false).x;
}

glm::vec3 sample_curve(const float* times, const glm::vec3* values, int n, double t,
                       const CurveParams& p) {
  auto get = [values](int i) { return glm::vec4(values[i], 0.0f); };
  return glm::vec3(sample_generic(times, n, t, p, 3, glm::vec4(p.offset, 0.0f), get, false));
}

glm::quat sample_quat_curve(const float* times, const glm::quat* values, int n, double t,
                            const CurveParams& p) {
  if (n <= 0) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  auto get = [values](int i) { return glm::vec4(values[i].w, values[i].x, values[i].y, values[i].z); };
  glm::vec4 v = sample_generic(times, n, t, p, 4, glm::vec4(0.0f), get, true);
  const float len = glm::length(v);
  if (!(len > 1e-12f)) return values[0];
  v /= len;
  return glm::quat(v.x, v.y, v.z, v.w);
}

float sample_step(const float* times, const float* values, int n, double t, const CurveParams& p) {
  if (n <= 0) return 0.0f;
  double local = t;
  if (p.loop) {
    double cycles = 0.0;
    split_cycles(t, p.period, &cycles, &local);
  }
  const int i = find_key(times, n, local);
  if (i < 0) return p.loop ? values[n - 1] : values[0];
  return values[i];
}

}  // namespace cf
