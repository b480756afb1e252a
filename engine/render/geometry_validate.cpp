// GeometryJob::validate(): run() draws nothing from a job it refuses.
#include <cmath>

#include "render/camera_defaults.h"
#include "render/geometry_stage.h"
#include "render/mesh_cull.h"

namespace cf {

bool GeometryJob::validate() const {
  if (!scratch || !out) return false;
  if (mesh_count < 0 || line_count < 0 || point_count < 0) return false;
  if ((mesh_count > 0 && !meshes) || (line_count > 0 && !lines) || (point_count > 0 && !points)) return false;
  const float fov = fov_or_default(camera), n = near_or_default(camera), f = far_or_default(camera);
  if (!(fov > 0 && fov < kPi) || !(n > 0 && n < f) || !std::isfinite(f)) return false;
  if (settings.internal_width < 0 || settings.internal_height < 0 || settings.ot_buckets < 0) return false;
  if (settings.internal_width > 4096 || settings.internal_height > 4096 || settings.ot_buckets > (1 << 20)) {
    return false;
  }
  // A herd's creatures of one species share their index list: each list is scanned once (per vertex count).
  struct Checked {
    const std::uint32_t* indices = nullptr;
    int index_count = 0, vertex_count = 0;
  };
  Checked checked[16];
  int next = 0;
  for (int i = 0; i < mesh_count; ++i) {
    const MeshInput& m = meshes[i];
    if (m.vertex_count < 0 || m.index_count < 0 || m.index_count % 3 != 0) return false;
    if (m.vertex_count > 0 && (!m.positions_ms || !m.normals_ms)) return false;
    if (m.index_count == 0) continue;
    if (!m.indices) return false;
    bool seen = false;
    for (const Checked& c : checked) {
      seen = seen || (c.indices == m.indices && c.index_count == m.index_count && c.vertex_count == m.vertex_count);
    }
    if (seen) continue;
    if (max_index(m.indices, m.index_count) >= static_cast<std::uint32_t>(m.vertex_count)) return false;
    checked[next] = Checked{m.indices, m.index_count, m.vertex_count};
    next = (next + 1) % 16;
  }
  return true;
}

}  // namespace cf
