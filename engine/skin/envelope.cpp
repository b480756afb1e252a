#include "skin/envelope.h"

#include <algorithm>
#include <vector>

namespace cf {

// (1 - x^2)^2 on [0, 1), 0 beyond: smooth compact falloff.
static float kernel(float x) {
  if (!(x < 1.0f)) return 0.0f;
  const float u = 1.0f - x * x;
  return u * u;
}

WeightTable envelope_weights(const Skeleton& sk, SkinSpan<const glm::vec3> positions_ms,
                             const EnvelopeOptions& options, SkinSpan<const int> vertex_part) {
  const float reach = options.resolved_reach();
  std::vector<int> bones;  // skinning bones: those that belong to a part
  for (int b = 0; b < sk.size(); ++b)
    if (sk.part[b] >= 0 || sk.size() == 1) bones.push_back(b);
  WeightTable t;
  t.offsets.reserve(positions_ms.size + 1);
  std::vector<Influence> row;
  std::vector<float> dist(bones.size());
  const float blend = options.resolved_blend();
  int torso_part = -1;
  for (int b = 0; b < sk.size(); ++b)
    if (sk.classes[b] == BoneClass::kTorso) torso_part = sk.part[b];
  const bool by_part = vertex_part.size == positions_ms.size && positions_ms.size > 0;
  for (std::size_t v = 0; v < positions_ms.size; ++v) {
    const glm::vec3 p = positions_ms[v];
    const int own = by_part ? vertex_part[v] : -1;
    row.clear();
    int nearest = bones.empty() ? 0 : bones[0];
    float d_min = 1e30f;
    for (std::size_t i = 0; i < bones.size(); ++i) {
      const int b = bones[i];
      if (by_part && sk.part[b] != own && sk.part[b] != torso_part) {
        dist[i] = 1e30f;
        continue;
      }
      const glm::vec3 a = sk.head_ms[b], ab = sk.tail_ms[b] - a;
      const float len2 = glm::dot(ab, ab);
      const float s = len2 > 0.0f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
      dist[i] = glm::length(p - (a + ab * s));
      if (dist[i] < d_min) {
        d_min = dist[i];
        nearest = b;
      }
    }
    double sum = 0.0;
    for (std::size_t i = 0; i < bones.size(); ++i) {
      const int b = bones[i];
      const float w = kernel(dist[i] / (reach * sk.radius[b])) * kernel((dist[i] - d_min) / (blend * sk.radius[b]));
      if (w > 0.0f) {
        row.push_back(Influence{b, w});
        sum += w;
      }
    }
    if (row.empty() || !(sum > 1e-12)) {
      row.assign(1, Influence{nearest, 1.0f});
      sum = 1.0;
    }
    for (Influence& a : row) a.weight = static_cast<float>(a.weight / sum);
    t.add_vertex(row.data(), static_cast<int>(row.size()));
  }
  return t;
}

}  // namespace cf
