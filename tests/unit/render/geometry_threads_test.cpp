// The geometry stage on a worker pool: the meshes drawn in shares on 2 or 3 threads give the one-thread
// command list (the same dump, the same stats); no_alloc_test.cpp checks its warm frames allocate nothing.
#include <gtest/gtest.h>

#include "core/worker_pool.h"
#include "geometry_drawn.h"
#include "render/test_scene.h"

namespace cf {
namespace {

using test::Drawn;

Drawn run_with(const GeometryJob& job, WorkerPool* pool) { return test::draw_job(job, pool); }

TEST(GeometryThreads, TheTestScenesGiveTheOneThreadListOnTwoAndThreeThreads) {
  BigTestScene big;
  build_big_test_scene(&big);
  TestScene small;
  build_test_scene(TestSceneTextures{{1}, {2}, {3}, {4}}, &small);
  ASSERT_GE(big.meshes.size(), 2u);
  ASSERT_GE(small.meshes.size(), 2u);
  FrameSettings overlays;
  overlays.overlay_mask = kOverlayAll;
  FrameSettings modern;
  modern.modern = true;
  FrameSettings few_buckets;  // many triangles per bucket: their submission order decides
  few_buckets.ot_buckets = 4;
  WorkerPool two(2), three(3);
  const struct {
    const char* what;
    GeometryJob job;
  } cases[] = {{"big", big_test_scene_job(big)},
               {"small", test_scene_job(small, FrameSettings{}, 640, 480)},
               {"small, overlays", test_scene_job(small, overlays, 640, 480)},
               {"small, modern", test_scene_job(small, modern, 640, 480)},
               {"small, 4 buckets", test_scene_job(small, few_buckets, 640, 480)}};
  for (const auto& c : cases) {
    const Drawn one = run_with(c.job, nullptr);
    EXPECT_GT(one.stats.triangles_out, 100) << c.what;
    test::expect_same_drawing(one, run_with(c.job, &two), c.what);
    test::expect_same_drawing(one, run_with(c.job, &three), c.what);
  }
}

}  // namespace
}  // namespace cf
