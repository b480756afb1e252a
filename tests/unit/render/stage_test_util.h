#pragma once
// Small helpers for geometry-stage tests: hand-built triangles viewed by an identity camera.
#include <vector>

#include <glm/glm.hpp>

#include "render/geometry_stage.h"

namespace cf::test {

// Triangles given directly in view space (the camera sits at the origin looking down -Z).
struct TriangleSoup {
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;
  std::vector<std::uint32_t> indices;

  void add(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
    const auto base = static_cast<std::uint32_t>(positions.size());
    positions.insert(positions.end(), {a, b, c});
    const glm::vec3 n = glm::normalize(glm::cross(b - a, c - a));
    normals.insert(normals.end(), {n, n, n});
    indices.insert(indices.end(), {base, base + 1, base + 2});
  }
  MeshInput mesh(Rgba8 color = Rgba8{200, 100, 50, 255}) const {
    MeshInput m;
    m.positions_ms = positions.data();
    m.normals_ms = normals.data();
    m.vertex_count = static_cast<int>(positions.size());
    m.indices = indices.data();
    m.index_count = static_cast<int>(indices.size());
    m.color = color;
    m.unlit = true;
    return m;
  }
};

// A job with a 90-degree vertical field of view, identity view, near 1, far 100, target w x h.
inline GeometryJob simple_job(const MeshInput* meshes, int count, int w, int h, GeometryScratch* scratch,
                              CommandList* out, GeometryStats* stats) {
  GeometryJob job;
  job.meshes = meshes;
  job.mesh_count = count;
  job.camera.fov_y_rad = 3.14159265358979323846f / 2.0f;
  job.camera.near_m = 1.0f;
  job.camera.far_m = 100.0f;
  job.settings.internal_width = w;
  job.settings.internal_height = h;
  job.scratch = scratch;
  job.out = out;
  job.stats = stats;
  return job;
}

constexpr std::int32_t px(int pixels) { return pixels * kSubpixelOne; }

}  // namespace cf::test
