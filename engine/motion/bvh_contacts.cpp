#include "motion/bvh_contacts.h"

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

constexpr float kContactHeight_m = 0.05f;  // ankle within 5 cm of the floor ...
constexpr float kContactSpeed_mps = 0.4f;  // ... and slower than 0.4 m/s horizontally -> planted
constexpr double kMinRun_s = 0.05;         // contact runs and gaps shorter than this (s) are noise
constexpr float kMaxJointSpeed_mps = 15.0f;
constexpr float kMinTravel_m = 0.5f;
constexpr float kMaxSlope = 0.1f;

float horizontal_speed(const std::vector<glm::vec3>& v, int i, double dt) {
  const int n = static_cast<int>(v.size());
  const int a = std::max(0, i - 1), b = std::min(n - 1, i + 1);
  glm::vec3 d = v[b] - v[a];
  d.y = 0.0f;
  return b > a ? glm::length(d) / static_cast<float>((b - a) * dt) : 0.0f;
}

}  // namespace

int leading_frames_to_skip(const std::vector<std::vector<glm::vec3>>& P, double dt) {
  const int n = static_cast<int>(P.size());
  const float max_step = kMaxJointSpeed_mps * static_cast<float>(dt);
  int skip = 0;
  for (int i = 0; i + 1 < n && i < n / 4; ++i)
    for (std::size_t j = 0; j < P[i].size() && j < P[i + 1].size(); ++j)
      if (glm::length(P[i + 1][j] - P[i][j]) > max_step) {
        skip = i + 1;
        break;
      }
  return skip;
}

FloorLine fit_floor(const std::vector<glm::vec3> ankle[2], const glm::vec3& from, const glm::vec3& to, double dt) {
  FloorLine f;
  f.height_m = 1e30f;
  for (int s = 0; s < 2; ++s)
    for (const glm::vec3& a : ankle[s]) f.height_m = std::min(f.height_m, a.y);
  glm::vec3 d = to - from;
  d.y = 0.0f;
  if (glm::length(d) < kMinTravel_m) return f;
  f.origin = glm::vec3(from.x, 0.0f, from.z);
  f.along = glm::normalize(d);
  // The lowest point of every slow stretch, as (s, y).
  std::vector<glm::vec2> lows;
  for (int s = 0; s < 2; ++s) {
    const std::vector<glm::vec3>& v = ankle[s];
    const int n = static_cast<int>(v.size());
    int i = 0;
    while (i < n) {
      if (horizontal_speed(v, i, dt) >= kContactSpeed_mps) {
        ++i;
        continue;
      }
      int lo = i;
      while (i < n && horizontal_speed(v, i, dt) < kContactSpeed_mps) {
        if (v[i].y < v[lo].y) lo = i;
        ++i;
      }
      lows.emplace_back(glm::dot(v[lo] - f.origin, f.along), v[lo].y);
    }
  }
  if (lows.size() < 2) return f;
  double ms = 0.0, my = 0.0;
  for (const glm::vec2& l : lows) {
    ms += l.x;
    my += l.y;
  }
  ms /= static_cast<double>(lows.size());
  my /= static_cast<double>(lows.size());
  double sss = 0.0, ssy = 0.0;
  for (const glm::vec2& l : lows) {
    sss += (l.x - ms) * (l.x - ms);
    ssy += (l.x - ms) * (l.y - my);
  }
  if (sss < 0.25) return f;  // the slow stretches lie too close together to give a slope
  f.slope = static_cast<float>(std::clamp(ssy / sss, -static_cast<double>(kMaxSlope), static_cast<double>(kMaxSlope)));
  // Height: the line through the lowest of the lows once the slope is taken out (feet stand on it).
  float h = 1e30f;
  for (const glm::vec2& l : lows) h = std::min(h, l.y - f.slope * l.x);
  f.height_m = h;
  return f;
}

std::vector<bool> detect_contacts(const std::vector<glm::vec3>& ankle, double dt, float ground) {
  const int n = static_cast<int>(ankle.size());
  std::vector<bool> c(n, false);
  for (int i = 0; i < n; ++i)
    c[i] = ankle[i].y - ground < kContactHeight_m && horizontal_speed(ankle, i, dt) < kContactSpeed_mps;
  const int min_run = std::max(1, static_cast<int>(std::lround(kMinRun_s / dt)));
  for (bool value : {true, false}) {  // fill short gaps, then drop short runs
    int i = 0;
    while (i < n) {
      int j = i;
      while (j < n && c[j] == c[i]) ++j;
      if (c[i] != value && i > 0 && j < n && j - i < min_run)
        for (int k = i; k < j; ++k) c[k] = value;
      i = j;
    }
  }
  return c;
}

}  // namespace cf
