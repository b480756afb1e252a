// mesh_builders: the pit's inner walls face into the pit, wind the way their normals say, and line
// the rectangle's four sides from the ground down to one metre.
#include <gtest/gtest.h>

#include <cmath>

#include "render/mesh_builders.h"

namespace cf {
namespace {

TEST(MeshBuilders, APitsWallsLineItsFourSidesFacingIn) {
  const float hx = 9.0f, hz = 0.25f;
  const MeshData m = make_pit_walls_mesh(hx, hz, 0.5f, 1.0f);
  ASSERT_EQ(m.positions_ms.size(), m.normals_ms.size());
  ASSERT_EQ(m.positions_ms.size(), m.uvs.size());
  ASSERT_FALSE(m.indices.empty());
  ASSERT_EQ(m.indices.size() % 3, 0u);
  for (const glm::vec3& p : m.positions_ms) {
    EXPECT_TRUE(std::fabs(std::fabs(p.x) - hx) < 1e-5f || std::fabs(std::fabs(p.z) - hz) < 1e-5f) << p.x << " " << p.z;
    EXPECT_LE(std::fabs(p.x), hx + 1e-5f);
    EXPECT_LE(std::fabs(p.z), hz + 1e-5f);
    EXPECT_GE(p.y, -1.0f - 1e-6f);
    EXPECT_LE(p.y, 1e-6f);
  }
  // Per side (+X, -X, +Z, -Z): the area of its triangles, each facing the pit's middle.
  double area[4] = {0, 0, 0, 0};
  for (std::size_t t = 0; t < m.indices.size(); t += 3) {
    const glm::vec3 a = m.positions_ms[m.indices[t]], b = m.positions_ms[m.indices[t + 1]],
                    c = m.positions_ms[m.indices[t + 2]];
    const glm::vec3 cross = glm::cross(b - a, c - a);
    const float len = glm::length(cross);
    ASSERT_GT(len, 0.0f);
    const glm::vec3 n = cross / len;
    EXPECT_GT(glm::dot(n, m.normals_ms[m.indices[t]]), 0.999f);  // wound as its normal says
    EXPECT_NEAR(n.y, 0.0f, 1e-5f);
    const glm::vec3 mid = (a + b + c) / 3.0f;
    EXPECT_GT(glm::dot(n, glm::vec3(-mid.x, 0.0f, -mid.z)), 0.0f);  // facing into the pit
    const int side = std::fabs(n.x) > 0.5f ? (n.x < 0.0f ? 0 : 1) : (n.z < 0.0f ? 2 : 3);
    area[side] += 0.5 * len;
  }
  EXPECT_NEAR(area[0], 2.0 * hz, 1e-4);
  EXPECT_NEAR(area[1], 2.0 * hz, 1e-4);
  EXPECT_NEAR(area[2], 2.0 * hx, 1e-3);
  EXPECT_NEAR(area[3], 2.0 * hx, 1e-3);
  // Split along the ground so painter's sorting keeps a long wall in order.
  EXPECT_GE(m.indices.size() / 6, static_cast<std::size_t>(2 * 36 + 2));
}

}  // namespace
}  // namespace cf
