// Hundreds of seeded random strokes, including each bad shape the normalizer handles: after
// normalization the chain meets the acceptance bounds.
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "creature/creature.h"
#include "skeleton/limb_normalizer.h"

namespace cf {
namespace {

glm::vec3 random_dir(Rng& r) {
  for (;;) {
    glm::vec3 v(r.uniform(-1, 1), r.uniform(-1, 1), r.uniform(-1, 1));
    float l = glm::length(v);
    if (l > 0.1f && l <= 1.0f) return v / l;
  }
}

// Splits each segment into a few points with hand jitter (a drawn stroke, not a clean polyline).
std::vector<glm::vec3> hand_drawn(Rng& r, const std::vector<glm::vec3>& corners, float jitter) {
  std::vector<glm::vec3> out{corners[0]};
  for (std::size_t i = 1; i < corners.size(); ++i) {
    int steps = r.range(1, 6);
    for (int k = 1; k <= steps; ++k) {
      float t = static_cast<float>(k) / steps;
      glm::vec3 p = corners[i - 1] + (corners[i] - corners[i - 1]) * t;
      if (k < steps) p += random_dir(r) * jitter * static_cast<float>(r.uniform());
      out.push_back(p);
    }
  }
  return out;
}

// Node chain A, B, C, D from lengths and directions; a straight segment when dirs repeat.
std::vector<glm::vec3> chain(const glm::vec3& a, const glm::vec3& d1, float l1, const glm::vec3& d2, float l2,
                             const glm::vec3& d3, float l3) {
  glm::vec3 b = a + d1 * l1, c = b + d2 * l2;
  return {a, b, c, c + d3 * l3};
}

glm::vec3 bent(Rng& r, const glm::vec3& d, float max_deg) {
  glm::vec3 v = glm::normalize(d + random_dir(r) * std::tan(glm::radians(max_deg)) * static_cast<float>(r.uniform()));
  return v;
}

std::vector<glm::vec3> random_stroke(Rng& r, int kind) {
  glm::vec3 a(r.uniform(-0.5, 0.5), r.uniform(0.2, 2.0), r.uniform(-0.5, 0.5));
  glm::vec3 down(0, -1, 0), fwd(0, 0, 1);
  float l1 = static_cast<float>(r.uniform(0.05, 1.0)), l2 = static_cast<float>(r.uniform(0.05, 1.0));
  switch (kind) {
    case 0: {  // random walk
      std::vector<glm::vec3> p{a};
      int n = r.range(1, 9);
      for (int i = 0; i < n; ++i) p.push_back(p.back() + random_dir(r) * static_cast<float>(r.uniform(0.02, 0.6)));
      return p;
    }
    case 1:  // a plausible leg, any proportions
      return hand_drawn(r, chain(a, bent(r, down, 40), l1, bent(r, down, 40), l2, bent(r, fwd, 40),
                                 static_cast<float>(r.uniform(0.01, 0.6))), 0.02f);
    case 2:  // (b) foot longer than the leg
      return hand_drawn(r, chain(a, bent(r, down, 30), l1, bent(r, down, 30), l2, bent(r, fwd, 20),
                                 (l1 + l2) * static_cast<float>(r.uniform(1.05, 3.0))), 0.01f);
    case 3:  // (c) thigh longer than shin and foot
      return hand_drawn(r, chain(a, bent(r, down, 30), (l2 + 0.2f) * static_cast<float>(r.uniform(1.2, 4.0)),
                                 bent(r, down, 30), l2, bent(r, fwd, 20), 0.2f * static_cast<float>(r.uniform())),
                        0.01f);
    case 4: {  // (d) A, B, C on one line, knee anywhere on it
      glm::vec3 d = bent(r, down, 30);
      return chain(a, d, l1, d, l2, bent(r, fwd, 30), static_cast<float>(r.uniform(0.01, 0.5)));
    }
    case 5: {  // (e) B, C, D on one line
      glm::vec3 d = bent(r, down, 40);
      return chain(a, bent(r, fwd, 60), l1, d, l2, d, static_cast<float>(r.uniform(0.01, 1.0)));
    }
    default: {  // (f) a ruler-straight stroke, sometimes with extra collinear points
      glm::vec3 d = random_dir(r);
      std::vector<glm::vec3> p{a};
      int n = r.range(1, 5);
      float len = static_cast<float>(r.uniform(0.05, 2.0));
      for (int i = 1; i <= n; ++i) p.push_back(a + d * (len * static_cast<float>(i) / n));
      return p;
    }
  }
}

void check_bounds(const std::vector<glm::vec3>& drawn, const NormalizedLimb& n, const std::string& what) {
  StrokePath path = StrokePath::from_points(clean_stroke(drawn));
  const LimbShape& s = n.normalized;
  ASSERT_GT(s.l2, 0.0f) << what;
  float ratio = s.l1 / s.l2;
  EXPECT_GE(ratio, 0.8f) << what << " cases " << n.cases;
  EXPECT_LE(ratio, 1.25f) << what << " cases " << n.cases;
  EXPECT_LE(s.l3, 0.35f * (s.l1 + s.l2)) << what << " cases " << n.cases;
  EXPECT_EQ(s.p[0], drawn.front()) << what;
  for (int i = 0; i < 4; ++i)
    EXPECT_LE(path.distance_to(s.p[static_cast<std::size_t>(i)]), 0.05f * path.length)
        << what << " node " << i << " cases " << n.cases;
  EXPECT_NEAR(glm::length(n.pole), 1.0f, 1e-4f) << what;
  glm::vec3 ac = s.p[2] - s.p[0];
  EXPECT_NEAR(glm::dot(n.pole, glm::normalize(ac)), 0.0f, 1e-3f) << what;
  for (int i = 0; i < 4; ++i)
    for (int k = 0; k < 3; ++k) EXPECT_TRUE(std::isfinite(s.p[static_cast<std::size_t>(i)][k])) << what;
}

TEST(NormalizerProperty, RandomStrokesMeetBounds) {
  Rng rng = Rng::from_seed(20261130);
  std::map<char, int> seen;
  int checked = 0, rejected = 0;
  for (int i = 0; i < 1400; ++i) {
    int kind = i % 7;
    std::vector<glm::vec3> stroke = random_stroke(rng, kind);
    // Strokes the creature format rejects never reach the normalizer.
    Part p;
    p.tag = (i % 5 == 0) ? PartTag::kArm : PartTag::kLeg;
    p.stroke = stroke;
    Creature c;
    Part torso;
    torso.radius = 1.0f;
    torso.stroke = {stroke.front(), stroke.front() + glm::vec3(0, 0.5f, 0)};
    c.parts = {torso, p};
    if (!validate_creature(c, "").ok()) {
      ++rejected;
      continue;
    }
    StrokePath path = StrokePath::from_points(clean_stroke(stroke));
    NormalizedLimb n = normalize_limb(path, pick_limb_nodes(path), p.tag);
    check_bounds(stroke, n, "stroke " + std::to_string(i) + " kind " + std::to_string(kind));
    for (char ch : n.cases) ++seen[ch];
    // The same stroke with knee and ankle anywhere along it (a careless corner pick).
    float u1 = static_cast<float>(rng.uniform(0.02, 0.96)), u2 = static_cast<float>(rng.uniform(0.02, 0.98));
    if (u2 < u1) std::swap(u1, u2);
    if (u2 - u1 < 0.01f) u2 = u1 + 0.01f;
    NormalizedLimb m = normalize_limb(path, {0.0f, u1 * path.length, u2 * path.length, path.length}, p.tag);
    check_bounds(stroke, m, "stroke " + std::to_string(i) + " with random nodes");
    for (char ch : m.cases) ++seen[ch];
    ++checked;
    if (HasFailure()) return;
  }
  EXPECT_GE(checked, 1200);
  EXPECT_LT(rejected, 200);
  for (char ch : std::string("bcdefg")) EXPECT_GT(seen[ch], 0) << "case " << ch << " never exercised";
  std::string summary;
  for (const auto& [ch, count] : seen) summary += std::string(1, ch) + "=" + std::to_string(count) + " ";
  std::printf("checked %d strokes (%d rejected by the format); cases applied: %s\n", checked, rejected,
              summary.c_str());
}

}  // namespace
}  // namespace cf
