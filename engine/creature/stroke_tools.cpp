#include "creature/stroke_tools.h"

#include <algorithm>
#include <cmath>

#include "math/geometry.h"

namespace cf {

std::vector<glm::vec3> resample_even(const std::vector<glm::vec3>& pts, float spacing) {
  std::vector<glm::vec3> clean = clean_stroke(pts);
  if (clean.size() < 2 || !(spacing > 0.0f)) return clean;
  const float len = polyline_length(clean);
  const int n = std::max(1, static_cast<int>(std::lround(len / spacing)));
  std::vector<glm::vec3> out;
  out.reserve(static_cast<std::size_t>(n) + 1);
  // Walk the segments once: arc lengths k * len / n, last point exact.
  std::size_t seg = 0;
  float seg_start = 0.0f;
  for (int k = 0; k < n; ++k) {
    const float s = len * static_cast<float>(k) / static_cast<float>(n);
    while (seg + 2 < clean.size() && seg_start + glm::length(clean[seg + 1] - clean[seg]) < s) {
      seg_start += glm::length(clean[seg + 1] - clean[seg]);
      ++seg;
    }
    const float seg_len = glm::length(clean[seg + 1] - clean[seg]);
    const float t = seg_len > 0.0f ? std::clamp((s - seg_start) / seg_len, 0.0f, 1.0f) : 0.0f;
    out.push_back(clean[seg] + (clean[seg + 1] - clean[seg]) * t);
  }
  out.push_back(clean.back());
  return out;
}

void smooth_stroke(std::vector<glm::vec3>* pts, int passes) {
  if (!pts || pts->size() < 3) return;
  std::vector<glm::vec3> prev;
  for (int p = 0; p < passes; ++p) {
    prev = *pts;
    for (std::size_t i = 1; i + 1 < prev.size(); ++i) {
      (*pts)[i] = prev[i] * 0.5f + (prev[i - 1] + prev[i + 1]) * 0.25f;
    }
  }
}

std::vector<glm::vec3> tidy_stroke(const std::vector<glm::vec3>& raw, const StrokeTidyOptions& o) {
  float spacing = o.spacing_m > 0.0f ? o.spacing_m : 0.03f;
  const int passes = o.smooth_passes > 0 ? o.smooth_passes : 4;
  const int max_points = o.max_points > 1 ? o.max_points : 64;
  const float len = polyline_length(clean_stroke(raw));
  spacing = std::max(spacing, len / static_cast<float>(max_points - 1));
  std::vector<glm::vec3> pts = resample_even(raw, spacing);
  smooth_stroke(&pts, passes);
  return resample_even(pts, spacing);
}

float max_turn_deg(const std::vector<glm::vec3>& pts) {
  float worst = 0.0f;
  for (std::size_t i = 1; i + 1 < pts.size(); ++i) {
    const glm::vec3 a = pts[i] - pts[i - 1], b = pts[i + 1] - pts[i];
    const float la = glm::length(a), lb = glm::length(b);
    if (la <= 0.0f || lb <= 0.0f) continue;
    const float c = std::clamp(glm::dot(a, b) / (la * lb), -1.0f, 1.0f);
    worst = std::max(worst, std::acos(c) * 57.29577951f);
  }
  return worst;
}

Part mirrored_part(const Part& part, float mirror_x) {
  Part m = part;
  for (glm::vec3& p : m.stroke) p.x = 2.0f * mirror_x - p.x;
  m.side = part.side == Side::kLeft ? Side::kRight : (part.side == Side::kRight ? Side::kLeft : Side::kCenter);
  return m;
}

float torso_mid_x(const Part& torso) {
  if (torso.stroke.empty()) return 0.0f;
  double sum = 0.0;
  for (const glm::vec3& p : torso.stroke) sum += p.x;
  return static_cast<float>(sum / static_cast<double>(torso.stroke.size()));
}

glm::vec3 snap_to_torso_surface(const Part& torso, const glm::vec3& p) {
  const std::vector<glm::vec3> spine = clean_stroke(torso.stroke);
  if (spine.empty()) return p;
  const glm::vec3 c = spine.size() == 1 ? spine[0] : polyline_closest(spine, p).position;
  glm::vec3 out = p - c;
  const float d = glm::length(out);
  if (d < 1e-4f) {
    out = glm::vec3(p.x >= torso_mid_x(torso) ? 1.0f : -1.0f, 0.0f, 0.0f);
  } else {
    out /= d;
  }
  return c + out * torso.radius;
}

PlantResult plant_leg(Part* leg, float reach_share) {
  if (!leg || leg->stroke.size() < 2) return PlantResult::kTooHigh;
  const float share = reach_share > 0.0f ? reach_share : 0.35f;
  std::vector<glm::vec3>& s = leg->stroke;
  std::size_t low = 0;
  for (std::size_t i = 1; i < s.size(); ++i)
    if (s[i].y < s[low].y) low = i;
  const float root_y = s.front().y, low_y = s[low].y;
  if (root_y < 0.05f) return PlantResult::kRootTooLow;
  const bool flat_tail = std::all_of(s.begin() + static_cast<std::ptrdiff_t>(low), s.end(),
                                     [](const glm::vec3& p) { return std::fabs(p.y) < 1e-4f; });
  if (std::fabs(low_y) < 1e-4f && flat_tail && low + 1 < s.size()) return PlantResult::kAlreadyPlanted;
  if (low_y > share * root_y) return PlantResult::kTooHigh;
  // Stretch (or squash, when drawn below the ground) about the root so the lowest point lands on y = 0.
  const float k = root_y / (root_y - low_y);
  for (glm::vec3& p : s) p.y = std::max(0.0f, root_y + (p.y - root_y) * k);
  for (std::size_t i = low; i < s.size(); ++i) s[i].y = 0.0f;
  // A foot: the toe ahead of the ankle when the stroke stops at its lowest point.
  const float len = polyline_length(clean_stroke(s));
  const float foot = std::max(0.25f * len, 0.06f);
  const float run = glm::length(glm::vec2(s.back().x - s[low].x, s.back().z - s[low].z));
  if (run < 0.5f * foot) s.push_back(glm::vec3(s[low].x, 0.0f, s[low].z + foot));
  return PlantResult::kPlanted;
}

}  // namespace cf
