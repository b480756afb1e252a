// The geometry stage allocates nothing once its scratch and command list have grown (frame 2 onwards).
#include <gtest/gtest.h>

#include "alloc_counter.h"
#include "core/worker_pool.h"
#include "render/test_scene.h"

namespace cf {
namespace {

// pool: null for the one-thread stage, else its shares on the pool.
void expect_warm_frames_allocate_nothing(WorkerPool* pool) {
  BigTestScene big;
  build_big_test_scene(&big);
  TestScene small;
  build_test_scene(TestSceneTextures{{1}, {2}, {3}, {4}}, &small);
  FrameSettings overlays;
  overlays.overlay_mask = kOverlayAll;
  GeometryScratch scratch;
  CommandList list;
  GeometryStats stats;
  GeometryJob jobs[2] = {big_test_scene_job(big), test_scene_job(small, overlays, 640, 480)};
  for (GeometryJob& j : jobs) {
    j.scratch = &scratch;
    j.out = &list;
    j.stats = &stats;
    j.pool = pool;
    ASSERT_TRUE(j.run());  // warm-up: buffers (and the shares) grow to the larger scene
  }
  const std::size_t before = test::allocation_count();
  for (int frame = 0; frame < 4; ++frame) {
    for (const GeometryJob& j : jobs) ASSERT_TRUE(j.run());
  }
  EXPECT_EQ(test::allocation_count(), before);
  EXPECT_GT(list.lines.size(), 0u);
  if (pool) {
    EXPECT_EQ(scratch.shares.size(), static_cast<std::size_t>(pool->threads()));
  }
  std::vector<int> probe(3);  // the counter counts: the assertion above can fail
  EXPECT_GT(test::allocation_count(), before);
}

TEST(GeometryNoAlloc, WarmFramesAllocateNothing) { expect_warm_frames_allocate_nothing(nullptr); }

TEST(GeometryNoAlloc, WarmThreadedFramesAllocateNothing) {
  WorkerPool pool(2);
  expect_warm_frames_allocate_nothing(&pool);
}

}  // namespace
}  // namespace cf
