// Whole-mesh rejection (render/mesh_cull.h): a box said to be outside has every point's outcode share
// an outside bit, and the stage with meshes skipped whole gives the per-triangle path's command list and
// stats, for meshes swept across each plane of the view volume, on one and two threads.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <glm/gtc/matrix_transform.hpp>

#include "core/worker_pool.h"
#include "geometry_drawn.h"
#include "render/clip.h"
#include "render/mesh_builders.h"
#include "render/mesh_cull.h"

namespace cf {
namespace {

TEST(MeshCull, ABoxSaidOutsideHasEveryPointOutsideOnePlane) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  const glm::mat4 proj = glm::perspective(1.0f, 4.0f / 3.0f, 0.1f, 50.0f);
  int outside = 0, inside = 0;
  for (int n = 0; n < 4000; ++n) {
    const glm::vec3 eye = glm::vec3(u(rng), u(rng), u(rng)) * 3.0f, at = glm::vec3(u(rng), u(rng), u(rng)) * 30.0f;
    const glm::mat4 view = glm::lookAt(eye, at, glm::vec3(0, 1, 0));
    const glm::mat4 mvp = proj * view * glm::rotate(glm::mat4(1.0f), u(rng) * 3.0f, glm::vec3(0.3f, 1, 0.2f));
    const glm::vec3 c = glm::vec3(u(rng), u(rng), u(rng)) * 40.0f, h = glm::abs(glm::vec3(u(rng), u(rng), u(rng)));
    std::vector<glm::vec3> pts;
    for (int k = 0; k < 8; ++k) pts.push_back(c + h * glm::vec3(k & 1 ? 1 : -1, k & 2 ? 1 : -1, k & 4 ? 1 : -1));
    for (int k = 0; k < 32; ++k) pts.push_back(c + h * glm::vec3(u(rng), u(rng), u(rng)));
    const MeshBox box = mesh_box(pts.data(), static_cast<int>(pts.size()));
    if (!box_outside(box, mvp)) {
      ++inside;
      continue;
    }
    ++outside;
    std::uint16_t shared = kOutsideMask;
    for (const glm::vec3& p : pts) shared &= outcode(mvp * glm::vec4(p, 1.0f), kGuardBand);
    EXPECT_NE(shared, 0) << n;
  }
  EXPECT_GT(outside, 500);
  EXPECT_GT(inside, 200);
}

TEST(MeshCull, NonFiniteMeshesAreNeverSkippedWhole) {
  const glm::mat4 mvp = glm::perspective(1.0f, 1.0f, 0.1f, 50.0f);
  std::vector<glm::vec3> pts = {{0, 0, 10}, {1, 0, 10}};  // behind the camera
  EXPECT_TRUE(box_outside(mesh_box(pts.data(), 2), mvp));
  pts.push_back(glm::vec3(std::nanf(""), 0, 0));
  EXPECT_FALSE(box_outside(mesh_box(pts.data(), 3), mvp));
  pts.back() = glm::vec3(0, INFINITY, 10);
  EXPECT_FALSE(box_outside(mesh_box(pts.data(), 3), mvp));
}

TEST(MeshCull, BoxAndLargestIndexMatchAPlainLoop) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-50.0f, 50.0f);
  for (int n = 1; n < 40; ++n) {
    std::vector<glm::vec3> p(static_cast<std::size_t>(n));
    std::vector<std::uint32_t> idx(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      p[static_cast<std::size_t>(i)] = glm::vec3(u(rng), u(rng), u(rng));
      idx[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(rng()) >> (i % 32);  // top bits too
    }
    glm::vec3 lo = p[0], hi = p[0];
    std::uint32_t top = 0;
    for (int i = 0; i < n; ++i) {
      lo = glm::min(lo, p[static_cast<std::size_t>(i)]);
      hi = glm::max(hi, p[static_cast<std::size_t>(i)]);
      top = std::max(top, idx[static_cast<std::size_t>(i)]);
    }
    const MeshBox b = mesh_box(p.data(), n);
    EXPECT_TRUE(b.finite);
    EXPECT_EQ(b.lo, lo) << n;
    EXPECT_EQ(b.hi, hi) << n;
    EXPECT_EQ(max_index(idx.data(), n), top) << n;
    p[static_cast<std::size_t>(n / 2)].y = INFINITY;
    EXPECT_FALSE(mesh_box(p.data(), n).finite) << n;
  }
  EXPECT_EQ(max_index(nullptr, 0), 0u);
}

using test::Drawn;

// A sphere and a turned, scaled box at each of many distances either side of every plane of the view
// volume (near 0.5, far 30; offsets down to a millimetre from touching it).
struct SweepScene {
  MeshData sphere = make_sphere_mesh(0.4f, 6, 10), box = make_box_mesh(glm::vec3(0.3f, 0.2f, 0.5f), 0.25f);
  std::vector<MeshInput> meshes;
  int triangles = 0;
  Camera camera;
  SweepScene() {
    camera.view = glm::lookAt(glm::vec3(1, 2, 3), glm::vec3(1.5f, 1.6f, -4), glm::vec3(0, 1, 0));
    camera.near_m = 0.5f;
    camera.far_m = 30.0f;
    const glm::mat4 to_world = glm::inverse(camera.view);
    const float ty = std::tan(kHalfFov), tx = ty * 4.0f / 3.0f;  // 320x240
    // Each plane: a point on it (view space) and its outward normal.
    const struct {
      glm::vec3 on, out;
    } planes[6] = {{{0, 0, -0.5f}, {0, 0, 1}},
                   {{0, 0, -30}, {0, 0, -1}},
                   {{-8 * tx, 0, -8}, glm::normalize(glm::vec3(-1, 0, -tx))},
                   {{8 * tx, 0, -8}, glm::normalize(glm::vec3(1, 0, -tx))},
                   {{0, -8 * ty, -8}, glm::normalize(glm::vec3(0, -1, -ty))},
                   {{0, 8 * ty, -8}, glm::normalize(glm::vec3(0, 1, -ty))}};
    const float offsets[] = {-2.0f, -0.7f, -0.45f, -0.401f, -0.3f, 0.0f, 0.3f, 0.399f, 0.401f, 0.45f, 0.6f, 1.5f};
    for (const auto& p : planes) {
      for (float d : offsets) {
        const glm::vec3 at = glm::vec3(to_world * glm::vec4(p.on + p.out * d, 1.0f));
        meshes.push_back(sphere.view(glm::translate(glm::mat4(1.0f), at), Rgba8{200, 180, 160, 255}, TextureId{1}));
        const glm::mat4 placed = glm::translate(glm::mat4(1.0f), at);
        const glm::mat4 m = glm::scale(glm::rotate(placed, d * 2.0f, glm::vec3(0.2f, 1, 0.1f)), glm::vec3(0.8f));
        meshes.push_back(box.view(m, Rgba8{120, 200, 90, 255}, kNoTexture));
        triangles += static_cast<int>(sphere.indices.size() + box.indices.size()) / 3;
      }
    }
  }
  static constexpr float kHalfFov = 0.5f;

  Drawn run(bool skip, const FrameSettings& settings, WorkerPool* pool) const {
    const std::vector<OverlayLineInput> no_lines;
    const std::vector<OverlayPointInput> no_points;
    GeometryJob job;
    job.set_inputs(meshes, no_lines, no_points);
    job.camera = camera;
    job.camera.fov_y_rad = 2 * kHalfFov;
    job.lighting.fog_start_m = 10.0f;
    job.lighting.fog_end_m = 25.0f;
    job.settings = settings;
    return test::draw_job(job, pool, skip);
  }
};

TEST(MeshCull, MeshesSkippedWholeGiveThePerTriangleList) {
  const SweepScene scene;
  FrameSettings modern;
  modern.modern = true;
  WorkerPool two(2);
  for (const FrameSettings& settings : {FrameSettings{}, modern}) {
    const Drawn each = scene.run(false, settings, nullptr);
    EXPECT_EQ(each.stats.meshes_outside, 0);
    EXPECT_EQ(each.stats.triangles_in, scene.triangles);
    EXPECT_GT(each.stats.triangles_out, 500);
    EXPECT_GT(each.stats.clipped, 0);
    for (WorkerPool* pool : {static_cast<WorkerPool*>(nullptr), &two}) {
      const Drawn whole = scene.run(true, settings, pool);
      test::expect_same_drawing(whole, each, settings.modern ? "modern" : "retro");
      // Every plane's far side holds skipped meshes (at least those 1.5 m out); those just over it may not
      // be: a sphere's box reaches out further than the sphere.
      EXPECT_GE(whole.stats.meshes_outside, 6 * 2);
      EXPECT_LT(whole.stats.meshes_outside, static_cast<int>(scene.meshes.size()) / 2 + 1);
    }
  }
}

}  // namespace
}  // namespace cf
