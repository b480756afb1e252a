// Big near polygons are split (retro path) so affine texturing does not warp a wall filling the screen.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <utility>
#include <vector>

#include "render/geometry_stage.h"
#include "stage_test_util.h"

namespace cf::test {
namespace {

// A textured wall quad (u along its length, v up) on the camera's left, running away from it: x = side,
// y in [-1, 1], z from -z_near to -z_far (view space). Faces +x, towards the camera's axis.
struct Wall {
  std::vector<glm::vec3> positions, normals;
  std::vector<glm::vec2> uvs;
  std::vector<std::uint32_t> indices{0, 2, 1, 0, 3, 2};
  glm::vec3 centre{0.0f};
  Wall(float side, float z_near, float z_far) {
    positions = {{side, -1, -z_near}, {side, -1, -z_far}, {side, 1, -z_far}, {side, 1, -z_near}};
    normals.assign(4, glm::vec3(1, 0, 0));
    uvs = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    centre = glm::vec3(side, 0.0f, -0.5f * (z_near + z_far));
  }
  MeshInput mesh() const {
    MeshInput m;
    m.positions_ms = positions.data();
    m.normals_ms = normals.data();
    m.uvs = uvs.data();
    m.vertex_count = 4;
    m.indices = indices.data();
    m.index_count = 6;
    m.unlit = true;
    m.double_sided = true;
    return m;
  }
};

GeometryJob wall_job(const MeshInput* m, GeometryScratch* scratch, CommandList* out, GeometryStats* stats) {
  GeometryJob job = simple_job(m, 1, 320, 240, scratch, out, stats);
  job.camera.near_m = 0.1f;
  return job;
}

// The texture coordinate the retro rasterizer (affine: linear in screen space) gives at screen point
// (sx, sy) pixels, from the list triangle containing it; false when none does.
bool affine_uv_at(const CommandList& list, float sx, float sy, glm::vec2* uv) {
  for (const ScreenTriangle& t : list.triangles) {
    float x[3], y[3];
    for (int k = 0; k < 3; ++k) {
      x[k] = static_cast<float>(t.v[k].x) / kSubpixelOne;
      y[k] = static_cast<float>(t.v[k].y) / kSubpixelOne;
    }
    const float area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
    if (area == 0.0f) continue;
    const float b0 = ((x[1] - sx) * (y[2] - sy) - (x[2] - sx) * (y[1] - sy)) / area;
    const float b1 = ((x[2] - sx) * (y[0] - sy) - (x[0] - sx) * (y[2] - sy)) / area;
    const float b2 = 1.0f - b0 - b1;
    if (b0 < -1e-4f || b1 < -1e-4f || b2 < -1e-4f) continue;
    *uv = b0 * glm::vec2(t.v[0].u, t.v[0].v) + b1 * glm::vec2(t.v[1].u, t.v[1].v) + b2 * glm::vec2(t.v[2].u, t.v[2].v);
    return true;
  }
  return false;
}

// Where the wall's centre (uv 0.5, 0.5) lands on the 320 x 240 target.
glm::vec2 screen_of(const GeometryJob& job, const glm::vec3& p_vs) {
  const glm::vec4 c = projection_matrix(job.camera, 320.0f / 240.0f) * glm::vec4(p_vs, 1.0f);
  return {(c.x / c.w * 0.5f + 0.5f) * 320.0f, (0.5f - c.y / c.w * 0.5f) * 240.0f};
}

TEST(Subdivision, AVeryCloseWallIsSplitAndItsTextureStaysInPlace) {
  GeometryScratch scratch;
  CommandList out;
  GeometryStats stats;
  // Normal distance: the same wall 6 m ahead across the view, facing the camera: not split.
  Wall across(0, 0, 0);
  across.positions = {{-1.5f, -1, -6}, {1.5f, -1, -6}, {1.5f, 1, -6}, {-1.5f, 1, -6}};
  const MeshInput far_mesh = across.mesh();
  GeometryJob job = wall_job(&far_mesh, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  EXPECT_EQ(stats.triangles_out, 2);
  EXPECT_EQ(stats.subdivided, 0);

  // Very close: beside the camera, from 0.3 m to 4 m away, filling the left half of the screen.
  const Wall close(-0.4f, 0.3f, 4.0f);
  const MeshInput near_mesh = close.mesh();
  job = wall_job(&near_mesh, &scratch, &out, &stats);
  ASSERT_TRUE(job.run());
  EXPECT_GT(stats.triangles_out, 8);
  EXPECT_LE(stats.triangles_out, 2 * 4096);  // bounded levels
  EXPECT_GE(stats.subdivided, 1);
  const glm::vec2 s = screen_of(job, close.centre);
  glm::vec2 uv;
  ASSERT_TRUE(affine_uv_at(out, s.x, s.y, &uv));
  EXPECT_LT(glm::length(uv - glm::vec2(0.5f)), 0.03f) << uv.x << ", " << uv.y;

  // The modern path (perspective-correct) is not split; read affinely, its two triangles warp badly,
  // which is what the split prevents.
  job.settings.modern = true;
  job.window_width = 320;
  job.window_height = 240;
  ASSERT_TRUE(job.run());
  EXPECT_EQ(stats.triangles_out, 2);
  ASSERT_TRUE(affine_uv_at(out, s.x, s.y, &uv));
  EXPECT_GT(glm::length(uv - glm::vec2(0.5f)), 0.1f) << uv.x << ", " << uv.y;
}

TEST(Subdivision, SplitOutputIsDeterministic) {
  const Wall close(-0.4f, 0.3f, 4.0f);
  const MeshInput m = close.mesh();
  GeometryScratch scratch;
  CommandList a, b;
  GeometryStats stats;
  GeometryJob job = wall_job(&m, &scratch, &a, &stats);
  ASSERT_TRUE(job.run());
  job.out = &b;
  ASSERT_TRUE(job.run());
  EXPECT_EQ(dump_command_list(a), dump_command_list(b));
}

}  // namespace
}  // namespace cf::test

namespace cf::test {
namespace {

// The two triangles of the close wall as separate meshes: the one beside the camera is cut far more
// than the other, yet both must put the same vertices on their shared diagonal (no T-junction cracks).
TEST(Subdivision, TrianglesSharingAnEdgeCutItAlike) {
  const std::vector<glm::vec3> pos = {{-0.4f, -1, -0.3f}, {-0.4f, -1, -4}, {-0.4f, 1, -4}, {-0.4f, 1, -0.3f}};
  const std::vector<glm::vec3> nrm(4, glm::vec3(1, 0, 0));
  const std::uint32_t first[] = {0, 2, 1}, second[] = {0, 3, 2};  // diagonal 0-2
  MeshInput m[2];
  for (int k = 0; k < 2; ++k) {
    m[k].positions_ms = pos.data();
    m[k].normals_ms = nrm.data();
    m[k].vertex_count = 4;
    m[k].indices = k == 0 ? first : second;
    m[k].index_count = 3;
    m[k].unlit = true;
    m[k].double_sided = true;
    m[k].color = Rgba8{static_cast<std::uint8_t>(10 + k), 0, 0, 255};
  }
  GeometryScratch scratch;
  CommandList out;
  GeometryStats stats;
  GeometryJob job = simple_job(m, 2, 320, 240, &scratch, &out, &stats);
  job.camera.near_m = 0.1f;
  ASSERT_TRUE(job.run());
  // The diagonal's ends on screen: the output corners that are the original corners 0 and 2.
  const glm::vec2 s0 = screen_of(job, pos[0]) * float(kSubpixelOne), s2 = screen_of(job, pos[2]) * float(kSubpixelOne);
  std::set<std::pair<int, int>> on_diagonal[2];
  for (const ScreenTriangle& t : out.triangles) {
    const int side = t.v[0].color.r - 10;
    ASSERT_TRUE(side == 0 || side == 1);
    for (const ScreenVertex& v : t.v) {
      const glm::vec2 p(static_cast<float>(v.x), static_cast<float>(v.y));
      const glm::vec2 d = s2 - s0;
      const float dist = std::abs(d.x * (p.y - s0.y) - d.y * (p.x - s0.x)) / glm::length(d);
      if (dist < 1.5f * kSubpixelOne) on_diagonal[side].insert({v.x, v.y});  // snapping moves it <= 0.71 px
    }
  }
  EXPECT_GT(on_diagonal[0].size(), 3u) << "the diagonal is cut";
  EXPECT_EQ(on_diagonal[0], on_diagonal[1]);
}

}  // namespace
}  // namespace cf::test
