#pragma once
// What a geometry job drew (its command list as text, and its stats) and the check that two drawings
// are the same: the threaded stage and the whole-mesh skip must give the one-thread, per-triangle list.
#include <string>

#include <gtest/gtest.h>

#include "core/worker_pool.h"
#include "render/command_list.h"
#include "render/geometry_stage.h"

namespace cf::test {

struct Drawn {
  std::string dump;
  GeometryStats stats;
};

// Runs the job (its own scratch and list) on the pool (null: one thread), skipping meshes wholly
// outside the view when skip_outside_meshes.
inline Drawn draw_job(GeometryJob job, WorkerPool* pool, bool skip_outside_meshes = true) {
  GeometryScratch scratch;
  CommandList list;
  Drawn d;
  job.scratch = &scratch;
  job.out = &list;
  job.stats = &d.stats;
  job.pool = pool;
  job.skip_outside_meshes = skip_outside_meshes;
  EXPECT_TRUE(job.run());
  d.dump = dump_command_list(list);
  return d;
}

// The same list and every counted stat (meshes_outside aside: it says how the list was made).
inline void expect_same_drawing(const Drawn& a, const Drawn& b, const std::string& what) {
  EXPECT_EQ(a.dump, b.dump) << what;
  EXPECT_EQ(a.stats.triangles_in, b.stats.triangles_in) << what;
  EXPECT_EQ(a.stats.culled_back, b.stats.culled_back) << what;
  EXPECT_EQ(a.stats.culled_outside, b.stats.culled_outside) << what;
  EXPECT_EQ(a.stats.clipped, b.stats.clipped) << what;
  EXPECT_EQ(a.stats.subdivided, b.stats.subdivided) << what;
  EXPECT_EQ(a.stats.triangles_out, b.stats.triangles_out) << what;
  EXPECT_EQ(a.stats.lines_out, b.stats.lines_out) << what;
}

}  // namespace cf::test
