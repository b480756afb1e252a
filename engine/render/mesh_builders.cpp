#include "render/mesh_builders.h"

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

// Appends a grid quad face: origin corner, two edge vectors (u along a, v along b), normal = a x b.
void add_face(MeshData* m, const glm::vec3& origin, const glm::vec3& a, const glm::vec3& b, int na, int nb,
              float uv_per_m) {
  const glm::vec3 n = glm::normalize(glm::cross(a, b));
  const float la = glm::length(a), lb = glm::length(b);
  const auto base = static_cast<std::uint32_t>(m->positions_ms.size());
  for (int j = 0; j <= nb; ++j) {
    for (int i = 0; i <= na; ++i) {
      const float s = static_cast<float>(i) / static_cast<float>(na), t = static_cast<float>(j) / static_cast<float>(nb);
      m->positions_ms.push_back(origin + a * s + b * t);
      m->normals_ms.push_back(n);
      // v grows downwards in images; faces are textured with v running against b.
      m->uvs.push_back(glm::vec2(s * la * uv_per_m, (1.0f - t) * lb * uv_per_m));
    }
  }
  const auto row = static_cast<std::uint32_t>(na + 1);
  for (int j = 0; j < nb; ++j) {
    for (int i = 0; i < na; ++i) {
      const std::uint32_t i00 = base + static_cast<std::uint32_t>(j) * row + static_cast<std::uint32_t>(i);
      const std::uint32_t i10 = i00 + 1, i01 = i00 + row, i11 = i01 + 1;
      m->indices.insert(m->indices.end(), {i00, i10, i11, i00, i11, i01});
    }
  }
}

int tiles_for(float length_m, float tile_m) {
  if (tile_m <= 0) return 1;
  return std::clamp(static_cast<int>(std::ceil(length_m / tile_m)), 1, 64);
}

}  // namespace

MeshInput MeshData::view(const glm::mat4& model_to_world, Rgba8 color, TextureId texture) const {
  MeshInput in;
  in.positions_ms = positions_ms.data();
  in.normals_ms = normals_ms.data();
  in.uvs = uvs.empty() ? nullptr : uvs.data();
  in.vertex_colors = colors.size() == positions_ms.size() && !colors.empty() ? colors.data() : nullptr;
  in.vertex_count = static_cast<int>(positions_ms.size());
  in.indices = indices.data();
  in.index_count = static_cast<int>(indices.size());
  in.model_to_world = model_to_world;
  in.color = color;
  in.texture = texture;
  return in;
}

MeshData make_box_mesh(const glm::vec3& h, float tile_m, float uv_per_m) {
  MeshData m;
  const float x = h.x, y = h.y, z = h.z;
  const int nx = tiles_for(2 * x, tile_m), ny = tiles_for(2 * y, tile_m), nz = tiles_for(2 * z, tile_m);
  // Each face: origin at its lower-left seen from outside, a to the right, b up (cross(a, b) = outward).
  add_face(&m, {-x, -y, z}, {2 * x, 0, 0}, {0, 2 * y, 0}, nx, ny, uv_per_m);    // +Z
  add_face(&m, {x, -y, -z}, {-2 * x, 0, 0}, {0, 2 * y, 0}, nx, ny, uv_per_m);   // -Z
  add_face(&m, {x, -y, z}, {0, 0, -2 * z}, {0, 2 * y, 0}, nz, ny, uv_per_m);    // +X
  add_face(&m, {-x, -y, -z}, {0, 0, 2 * z}, {0, 2 * y, 0}, nz, ny, uv_per_m);   // -X
  add_face(&m, {-x, y, z}, {2 * x, 0, 0}, {0, 0, -2 * z}, nx, nz, uv_per_m);    // +Y
  add_face(&m, {-x, -y, -z}, {2 * x, 0, 0}, {0, 0, 2 * z}, nx, nz, uv_per_m);   // -Y
  return m;
}

MeshData make_pit_walls_mesh(float hx, float hz, float tile_m, float uv_per_m) {
  MeshData m;
  const int nx = tiles_for(2 * hx, tile_m), nz = tiles_for(2 * hz, tile_m);
  // Each face: origin at its lower-left seen from inside the pit, a to the right, b up (cross(a, b) = inward).
  add_face(&m, {hx, -1, hz}, {-2 * hx, 0, 0}, {0, 1, 0}, nx, 1, uv_per_m);    // the +Z side, facing -Z
  add_face(&m, {-hx, -1, -hz}, {2 * hx, 0, 0}, {0, 1, 0}, nx, 1, uv_per_m);   // the -Z side, facing +Z
  add_face(&m, {hx, -1, -hz}, {0, 0, 2 * hz}, {0, 1, 0}, nz, 1, uv_per_m);    // the +X side, facing -X
  add_face(&m, {-hx, -1, hz}, {0, 0, -2 * hz}, {0, 1, 0}, nz, 1, uv_per_m);   // the -X side, facing +X
  return m;
}

MeshData make_ground_mesh(float half_size_m, int tiles, float uv_per_m) {
  MeshData m;
  tiles = std::clamp(tiles, 1, 256);
  const float s = half_size_m;
  add_face(&m, {-s, 0, s}, {2 * s, 0, 0}, {0, 0, -2 * s}, tiles, tiles, uv_per_m);
  return m;
}

MeshData make_sphere_mesh(float radius_m, int rings, int segments) {
  MeshData m;
  rings = std::clamp(rings, 2, 1024);
  segments = std::clamp(segments, 3, 1024);
  constexpr float kPi = 3.14159265358979323846f;
  for (int r = 0; r <= rings; ++r) {
    const float v = static_cast<float>(r) / static_cast<float>(rings);
    const float theta = v * kPi;  // from +Y down
    for (int s = 0; s <= segments; ++s) {
      const float u = static_cast<float>(s) / static_cast<float>(segments);
      const float phi = u * 2.0f * kPi;
      const glm::vec3 n(std::sin(theta) * std::sin(phi), std::cos(theta), std::sin(theta) * std::cos(phi));
      m.positions_ms.push_back(n * radius_m);
      m.normals_ms.push_back(n);
      m.uvs.push_back(glm::vec2(u * 2.0f, v));
    }
  }
  const auto row = static_cast<std::uint32_t>(segments + 1);
  for (int r = 0; r < rings; ++r) {
    for (int s = 0; s < segments; ++s) {
      const std::uint32_t a = static_cast<std::uint32_t>(r) * row + static_cast<std::uint32_t>(s);
      const std::uint32_t b = a + row, c = b + 1, d = a + 1;
      // Counter-clockwise seen from outside; skip the degenerate halves at the poles.
      if (r != 0) m.indices.insert(m.indices.end(), {a, b, d});
      if (r != rings - 1) m.indices.insert(m.indices.end(), {d, b, c});
    }
  }
  return m;
}

}  // namespace cf
