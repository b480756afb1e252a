#include "render/mesh_cull.h"

#include <algorithm>
#include <cmath>

namespace cf {

MeshBox mesh_box(const glm::vec3* p, int count) {
  MeshBox b;
  if (count <= 0) return b;
  float lx = p[0].x, ly = p[0].y, lz = p[0].z, hx = lx, hy = ly, hz = lz;
  float probe = 0.0f;  // x * 0 is NaN for NaN and infinities only
  for (int i = 0; i < count; ++i) {
    const float x = p[i].x, y = p[i].y, z = p[i].z;
    lx = std::min(lx, x);
    ly = std::min(ly, y);
    lz = std::min(lz, z);
    hx = std::max(hx, x);
    hy = std::max(hy, y);
    hz = std::max(hz, z);
    probe += x * 0.0f + y * 0.0f + z * 0.0f;
  }
  b.lo = glm::vec3(lx, ly, lz);
  b.hi = glm::vec3(hx, hy, hz);
  b.finite = probe == 0.0f;
  return b;
}

bool box_outside(const MeshBox& box, const glm::mat4& m) {
  if (!box.finite) return false;
  // Row k of the clip matrix (glm is column-major: m[column][row]).
  auto row = [&](int k) { return glm::vec4(m[0][k], m[1][k], m[2][k], m[3][k]); };
  const glm::vec4 rx = row(0), ry = row(1), rz = row(2), rw = row(3);
  const glm::vec3 big = glm::max(glm::abs(box.lo), glm::abs(box.hi));
  // The largest |term| sum of a row over the box: float rounding of c = mvp * p is below 4 ulps of it.
  auto size = [&](const glm::vec4& r) {
    return std::fabs(r.x) * big.x + std::fabs(r.y) * big.y + std::fabs(r.z) * big.z + std::fabs(r.w);
  };
  const float sw = size(rw);
  // Inside means g(c) = s * c.k + c.w >= 0; the mesh is out when g's largest value on the box is below
  // minus the margin (1e-5 relative: 40 times the rounding, and ours in evaluating it).
  const struct {
    glm::vec4 r;
    float margin;
  } planes[6] = {{rz + rw, size(rz) + sw}, {rw - rz, size(rz) + sw}, {rx + rw, size(rx) + sw},
                 {rw - rx, size(rx) + sw}, {ry + rw, size(ry) + sw}, {rw - ry, size(ry) + sw}};
  for (const auto& p : planes) {
    float top = p.r.w;
    for (int j = 0; j < 3; ++j) top += std::max(p.r[j] * box.lo[j], p.r[j] * box.hi[j]);
    if (top < -1e-5f * p.margin) return true;  // NaN never rejects
  }
  return false;
}

}  // namespace cf
