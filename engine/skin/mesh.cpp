#include "skin/mesh.h"
#include "math/angles.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace cf {

namespace {

constexpr float kFlare = 0.4f;  // radius swell at the torso join, fraction of the limb radius

// One part's tube before meshing: a polyline with a radius per point.
struct TubePath {
  int part = -1;
  std::vector<glm::vec3> points;
  std::vector<float> radii;
  float flare_end = 0.0f;  // arc length where the join flare has faded out (0: no flare)
  float flare_max = 0.0f;  // largest flared radius (kept below the torso radius)
  float length = 0.0f;
};

float smoothstep(float e0, float e1, float x) {
  if (e1 <= e0) return x < e0 ? 0.0f : 1.0f;
  float t = std::clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

glm::vec3 point_at(const TubePath& p, float s, float* radius) {
  float acc = 0.0f;
  for (std::size_t i = 0; i + 1 < p.points.size(); ++i) {
    float seg = glm::length(p.points[i + 1] - p.points[i]);
    if (s <= acc + seg || i + 2 == p.points.size()) {
      float t = seg > 0.0f ? std::clamp((s - acc) / seg, 0.0f, 1.0f) : 0.0f;
      float r = p.radii[i] + (p.radii[i + 1] - p.radii[i]) * t;
      if (p.flare_end > 0.0f) {
        float swell = 1.0f - smoothstep(0.0f, p.flare_end, s);
        r = std::min(r * (1.0f + kFlare * swell), std::max(r, p.flare_max));
      }
      *radius = r;
      return p.points[i] + (p.points[i + 1] - p.points[i]) * t;
    }
    acc += seg;
  }
  *radius = p.radii[0];
  return p.points[0];
}

glm::vec3 any_perpendicular(const glm::vec3& t) {
  glm::vec3 axis = std::fabs(t.x) < 0.6f ? glm::vec3(1, 0, 0) : glm::vec3(0, 0, 1);
  return glm::normalize(axis - t * glm::dot(axis, t));
}

// Nearest point of the torso polyline to p, and the torso radius there.
float nearest_on_polyline(const TubePath& torso, const glm::vec3& p, glm::vec3* out, float* radius) {
  float best = 1e30f;
  for (std::size_t i = 0; i + 1 < torso.points.size(); ++i) {
    glm::vec3 a = torso.points[i], ab = torso.points[i + 1] - a;
    float len2 = glm::dot(ab, ab);
    float t = len2 > 0.0f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
    glm::vec3 q = a + ab * t;
    float d = glm::length(p - q);
    if (d < best) {
      best = d;
      *out = q;
      *radius = torso.radii[i] + (torso.radii[i + 1] - torso.radii[i]) * t;
    }
  }
  return best;
}

// Replaces each corner by a short curve (quadratic Bezier, 8 samples) whose bend radius stays above
// the tube radius where the segments allow, so rings on the inner side of a knee do not cross.
void round_corners(TubePath& p) {
  if (p.points.size() < 3) return;
  std::vector<glm::vec3> pts{p.points[0]};
  std::vector<float> rad{p.radii[0]};
  for (std::size_t i = 1; i + 1 < p.points.size(); ++i) {
    const glm::vec3 c = p.points[i];
    const glm::vec3 in = c - p.points[i - 1], out = p.points[i + 1] - c;
    const float li = glm::length(in), lo = glm::length(out);
    if (li < 1e-6f || lo < 1e-6f) continue;
    const float cosa = std::clamp(glm::dot(in, out) / (li * lo), -1.0f, 1.0f);
    const float turn = std::acos(cosa);
    if (turn < 0.05f) {
      pts.push_back(c);
      rad.push_back(p.radii[i]);
      continue;
    }
    const float cut = std::min({1.3f * p.radii[i] * std::tan(std::min(turn, 2.6f) * 0.5f), 0.45f * li, 0.45f * lo});
    const glm::vec3 a = c - in / li * cut, b = c + out / lo * cut;
    const float ra = p.radii[i - 1] + (p.radii[i] - p.radii[i - 1]) * (1.0f - cut / li);
    const float rb = p.radii[i] + (p.radii[i + 1] - p.radii[i]) * (cut / lo);
    constexpr int kSamples = 8;
    for (int k = 0; k <= kSamples; ++k) {
      const float t = static_cast<float>(k) / kSamples;
      pts.push_back(a * (1 - t) * (1 - t) + c * (2 * t * (1 - t)) + b * (t * t));
      rad.push_back(t < 0.5f ? ra + (p.radii[i] - ra) * (2 * t) : p.radii[i] + (rb - p.radii[i]) * (2 * t - 1));
    }
  }
  pts.push_back(p.points.back());
  rad.push_back(p.radii.back());
  p.points = std::move(pts);
  p.radii = std::move(rad);
}

struct Budget {
  int around = 8;  // vertices around a ring, before the seam twin
  int rings = 2;   // tube rings
  int cap = 2;     // rings per cap including the equator ring shared with the tube
};

Budget plan(const TubePath& p, float spacing) {
  float rmax = 0.0f;
  for (float r : p.radii) rmax = std::max(rmax, r);
  if (p.flare_end > 0.0f) rmax *= 1.0f + kFlare;
  Budget b;
  b.around = std::clamp(static_cast<int>(std::lround(2.0f * kPi * rmax / spacing)), 6, 512);
  b.rings = std::max(2, static_cast<int>(std::ceil(p.length / spacing)) + 1);
  b.cap = std::max(2, b.around / 4);
  return b;
}

int vertex_total(const Budget& b) { return (b.around + 1) * (b.rings + 2 * (b.cap - 1)) + 2; }

void emit_tube(const TubePath& p, const Budget& b, SkinMesh& m) {
  const int base = m.vertex_count();
  const int cols = b.around + 1;
  // Ring centres, radii, tangents and rotation-minimizing frames along the tube.
  const int n = b.rings;
  std::vector<glm::vec3> c(n), t(n), nf(n);
  std::vector<float> r(n), s(n);
  const float h = p.length / static_cast<float>(n - 1);
  for (int i = 0; i < n; ++i) {
    s[i] = h * static_cast<float>(i);
    c[i] = point_at(p, s[i], &r[i]);
  }
  for (int i = 0; i < n; ++i) {
    float rr;
    glm::vec3 d = point_at(p, std::min(p.length, s[i] + h), &rr) - point_at(p, std::max(0.0f, s[i] - h), &rr);
    float len = glm::length(d);
    t[i] = len > 1e-9f ? d / len : (i > 0 ? t[i - 1] : glm::vec3(0, 1, 0));
  }
  nf[0] = any_perpendicular(t[0]);
  for (int i = 1; i < n; ++i) {
    glm::vec3 v = nf[i - 1] - t[i] * glm::dot(nf[i - 1], t[i]);
    nf[i] = glm::length(v) > 1e-6f ? glm::normalize(v) : any_perpendicular(t[i]);
  }
  // Meridian length for v: cap arc + tube + cap arc.
  const float arc0 = r[0] * kPi * 0.5f, arc1 = r[n - 1] * kPi * 0.5f;
  const float total = arc0 + p.length + arc1;
  auto add = [&](const glm::vec3& pos, const glm::vec3& nrm, float u, float v) {
    m.positions_ms.push_back(pos);
    m.normals_ms.push_back(glm::normalize(nrm));
    m.uvs.emplace_back(u, total > 0.0f ? v / total : 0.0f);
    m.vertex_part.push_back(p.part);
  };
  // 'bend' points to the centre of curvature with length = curvature (1/m); where the bend radius is
  // below the tube radius the inner side is pulled in to 90% of the bend radius so that consecutive
  // rings do not cross there (a fold of inside-out triangles on the inside of a sharp ankle).
  auto ring = [&](const glm::vec3& centre, const glm::vec3& tan, const glm::vec3& nor, float radius, float along,
                  float slope, float v, const glm::vec3& bend) {
    const glm::vec3 bin = glm::cross(tan, nor);
    const float k = glm::length(bend);
    const float squeeze = k * radius > 0.9f ? 1.0f - 0.9f / (k * radius) : 0.0f;
    for (int j = 0; j <= b.around; ++j) {
      float a = 2.0f * kPi * static_cast<float>(j % b.around) / static_cast<float>(b.around);
      glm::vec3 d = nor * std::cos(a) + bin * std::sin(a);
      const float inner = squeeze > 0.0f ? std::max(0.0f, glm::dot(d, bend) / k) : 0.0f;
      add(centre + d * (radius * (1.0f - squeeze * inner)), d * along + tan * slope,
          static_cast<float>(j) / static_cast<float>(b.around), v);
    }
  };
  std::vector<glm::vec3> bend(n, glm::vec3(0.0f));
  for (int i = 1; i + 1 < n; ++i) {
    glm::vec3 dt = t[i + 1] - t[i - 1];
    dt -= t[i] * glm::dot(dt, t[i]);
    bend[i] = dt / (s[i + 1] - s[i - 1] + 1e-12f);
  }
  // Start pole and cap (pole towards the equator), tube rings, end cap and pole.
  add(c[0] - t[0] * r[0], -t[0], 0.5f, 0.0f);
  for (int k = b.cap - 1; k >= 1; --k) {
    float phi = 0.5f * kPi * static_cast<float>(k) / static_cast<float>(b.cap);
    ring(c[0] - t[0] * (r[0] * std::sin(phi)), t[0], nf[0], r[0] * std::cos(phi), std::cos(phi), -std::sin(phi),
         arc0 - r[0] * phi, glm::vec3(0.0f));
  }
  for (int i = 0; i < n; ++i) {
    float dr = (r[std::min(n - 1, i + 1)] - r[std::max(0, i - 1)]) /
               (s[std::min(n - 1, i + 1)] - s[std::max(0, i - 1)] + 1e-12f);
    glm::vec3 nn = nf[i];
    ring(c[i], t[i], nn, r[i], 1.0f, -dr, arc0 + s[i], bend[i]);
  }
  for (int k = 1; k < b.cap; ++k) {
    float phi = 0.5f * kPi * static_cast<float>(k) / static_cast<float>(b.cap);
    ring(c[n - 1] + t[n - 1] * (r[n - 1] * std::sin(phi)), t[n - 1], nf[n - 1], r[n - 1] * std::cos(phi),
         std::cos(phi), std::sin(phi), arc0 + p.length + r[n - 1] * phi, glm::vec3(0.0f));
  }
  add(c[n - 1] + t[n - 1] * r[n - 1], t[n - 1], 0.5f, total);
  const int ring_count = n + 2 * (b.cap - 1);
  const auto first = static_cast<std::uint32_t>(base + 1);
  const auto end_pole = static_cast<std::uint32_t>(base + 1 + ring_count * cols);
  auto idx = [&](int ringi, int j) { return first + static_cast<std::uint32_t>(ringi * cols + j); };
  for (int j = 0; j < b.around; ++j) {  // start fan: (pole, b_{j+1}, b_j)
    m.indices.insert(m.indices.end(), {static_cast<std::uint32_t>(base), idx(0, j + 1), idx(0, j)});
  }
  for (int q = 0; q + 1 < ring_count; ++q)
    for (int j = 0; j < b.around; ++j) {
      m.indices.insert(m.indices.end(), {idx(q, j), idx(q, j + 1), idx(q + 1, j + 1)});
      m.indices.insert(m.indices.end(), {idx(q, j), idx(q + 1, j + 1), idx(q + 1, j)});
    }
  for (int j = 0; j < b.around; ++j)  // end fan: (a_j, a_{j+1}, pole)
    m.indices.insert(m.indices.end(), {idx(ring_count - 1, j), idx(ring_count - 1, j + 1), end_pole});
}

void build_adjacency(SkinMesh& m, const std::vector<std::pair<int, int>>& twins) {
  std::vector<std::pair<int, int>> e;
  e.reserve(m.indices.size() * 2 + twins.size() * 2);
  for (std::size_t i = 0; i + 2 < m.indices.size(); i += 3)
    for (int k = 0; k < 3; ++k) {
      int a = static_cast<int>(m.indices[i + k]), b = static_cast<int>(m.indices[i + (k + 1) % 3]);
      e.emplace_back(a, b);
      e.emplace_back(b, a);
    }
  for (auto [a, b] : twins) {
    e.emplace_back(a, b);
    e.emplace_back(b, a);
  }
  std::sort(e.begin(), e.end());
  e.erase(std::unique(e.begin(), e.end()), e.end());
  Adjacency& adj = m.adjacency;
  adj.offsets.assign(m.vertex_count() + 1, 0);
  adj.neighbors.clear();
  for (auto [a, b] : e)
    if (a != b) {
      adj.neighbors.push_back(b);
      adj.offsets[a + 1]++;
    }
  for (int v = 0; v < m.vertex_count(); ++v) adj.offsets[v + 1] += adj.offsets[v];
}

}  // namespace

Result<SkinMesh> build_mesh(const Skeleton& sk, const MeshOptions& options) {
  const int target = options.resolved_target();
  if (target < 64 || target > 2000000)
    return Error{"", "target_vertices", "must be 64 to 2000000, got " + std::to_string(target)};
  const int nb = sk.size();
  if (static_cast<int>(sk.head_ms.size()) != nb || static_cast<int>(sk.tail_ms.size()) != nb ||
      static_cast<int>(sk.radius.size()) != nb || static_cast<int>(sk.part.size()) != nb ||
      static_cast<int>(sk.classes.size()) != nb)
    return Error{"", "skeleton", "bone arrays differ in length"};
  // Group bones by part, in skeleton (depth-first, root to tip) order.
  std::vector<TubePath> tubes;
  int torso = -1;
  for (int b = 0; b < nb; ++b) {
    const std::string where = "bones[" + std::to_string(b) + "]";
    if (sk.part[b] < 0) continue;
    const glm::vec3 h = sk.head_ms[b], t = sk.tail_ms[b];
    if (!std::isfinite(h.x + h.y + h.z + t.x + t.y + t.z)) return Error{"", where, "position is not finite"};
    if (!std::isfinite(sk.radius[b]) || sk.radius[b] <= 0.0f || sk.radius[b] > 10.0f)
      return Error{"", where + ".radius", "must be in (0, 10] metres"};
    auto it = std::find_if(tubes.begin(), tubes.end(), [&](const TubePath& p) { return p.part == sk.part[b]; });
    if (it == tubes.end()) {
      tubes.push_back(TubePath{});
      it = tubes.end() - 1;
      it->part = sk.part[b];
      it->points.push_back(h);
      it->radii.push_back(sk.radius[b]);
    }
    if (sk.classes[b] == BoneClass::kTorso) torso = static_cast<int>(it - tubes.begin());
    if (glm::length(t - it->points.back()) > 1e-6f) {
      it->points.push_back(t);
      it->radii.push_back(sk.radius[b]);
    }
  }
  if (tubes.empty()) return Error{"", "skeleton", "has no bones belonging to a part"};
  // Grow limbs, head and tail out of the torso.
  for (std::size_t i = 0; i < tubes.size(); ++i) {
    if (static_cast<int>(i) == torso || torso < 0) continue;
    TubePath& p = tubes[i];
    glm::vec3 q;
    float rt = 0.0f;
    float d = nearest_on_polyline(tubes[torso], p.points[0], &q, &rt);
    if (d > rt + 3.0f * p.radii[0] || d < 1e-6f) continue;
    p.points.insert(p.points.begin(), q);
    p.radii.insert(p.radii.begin(), p.radii[0]);
    p.flare_end = d + 1.5f * p.radii[0];
    p.flare_max = std::max(p.radii[0], 0.9f * rt);
  }
  for (TubePath& p : tubes) {
    round_corners(p);
    if (p.points.size() == 1) {  // a zero-length part: a sphere
      p.points.push_back(p.points[0]);
      p.radii.push_back(p.radii[0]);
    }
    for (std::size_t k = 0; k + 1 < p.points.size(); ++k) p.length += glm::length(p.points[k + 1] - p.points[k]);
  }
  // Ring spacing from the surface area, refined so the vertex count lands near the target.
  float area = 0.0f;
  for (const TubePath& p : tubes) {
    float r = 0.0f;
    for (float x : p.radii) r += x / static_cast<float>(p.radii.size());
    area += 2.0f * kPi * r * p.length + 4.0f * kPi * r * r;
  }
  float spacing = std::sqrt(area / static_cast<float>(target));
  for (int iter = 0; iter < 8; ++iter) {
    long count = 0;
    for (const TubePath& p : tubes) count += vertex_total(plan(p, spacing));
    float ratio = static_cast<float>(count) / static_cast<float>(target);
    if (std::fabs(ratio - 1.0f) < 0.02f) break;
    spacing *= std::sqrt(ratio);
  }
  SkinMesh m;
  std::vector<std::pair<int, int>> twins;
  for (const TubePath& p : tubes) {
    Budget b = plan(p, spacing);
    const int base = m.vertex_count();
    emit_tube(p, b, m);
    const int rings = b.rings + 2 * (b.cap - 1);
    for (int q = 0; q < rings; ++q) twins.emplace_back(base + 1 + q * (b.around + 1), base + 1 + q * (b.around + 1) + b.around);
  }
  build_adjacency(m, twins);
  return m;
}

Status validate_mesh(const SkinMesh& m) {
  const std::size_t n = m.positions_ms.size();
  if (m.normals_ms.size() != n || m.uvs.size() != n || m.vertex_part.size() != n)
    return Error{"", "mesh", "attribute arrays differ in length"};
  if (m.indices.size() % 3 != 0) return Error{"", "indices", "count is not a multiple of 3"};
  for (std::size_t v = 0; v < n; ++v) {
    const glm::vec3 p = m.positions_ms[v], q = m.normals_ms[v];
    if (!std::isfinite(p.x + p.y + p.z)) return Error{"", "positions[" + std::to_string(v) + "]", "not finite"};
    if (!(std::fabs(glm::length(q) - 1.0f) < 1e-4f))
      return Error{"", "normals[" + std::to_string(v) + "]", "not unit length"};
  }
  for (std::size_t i = 0; i < m.indices.size(); ++i)
    if (m.indices[i] >= n) return Error{"", "indices[" + std::to_string(i) + "]", "vertex does not exist"};
  const Adjacency& a = m.adjacency;
  if (a.vertex_count() != static_cast<int>(n) || a.offsets.back() != static_cast<int>(a.neighbors.size()))
    return Error{"", "adjacency", "does not match the vertex count"};
  for (std::size_t k = 0; k < a.neighbors.size(); ++k)
    if (a.neighbors[k] < 0 || a.neighbors[k] >= static_cast<int>(n))
      return Error{"", "adjacency[" + std::to_string(k) + "]", "neighbour does not exist"};
  return {};
}

}  // namespace cf
