// The geometry stage's output, frozen: hashes of the whole command list (every triangle in ordering-
// table order, every line) and the stats for the 50k-triangle scene and the test scene under several
// settings, taken from the stage before its per-vertex screen cache (and renewed for the logarithmic
// ordering table and the splitting of big near polygons). A change to any output bit fails.
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "core/hash.h"
#include "render/test_scene.h"

namespace cf {
namespace {

std::string run_hash(const GeometryJob& base, GeometryStats* stats) {
  GeometryScratch scratch;
  CommandList list;
  GeometryJob job = base;
  job.scratch = &scratch;
  job.out = &list;
  job.stats = stats;
  EXPECT_TRUE(job.run());
  StateHasher h;
  h.str(dump_command_list(list));
  for (int v : {stats->triangles_in, stats->culled_back, stats->culled_outside, stats->clipped, stats->triangles_out,
                stats->lines_out})
    h.i32(v);
  return hash_hex(h.value());
}

struct Case {
  const char* name;
  bool big;
  bool near_camera;  // the near plane cuts the cap off a sphere
  FrameSettings settings;
  int window_w, window_h;
  const char* hash;
};

FrameSettings settings(bool subpixel, bool modern, std::uint32_t overlays) {
  FrameSettings s;
  s.subpixel = subpixel;
  s.modern = modern;
  s.overlay_mask = overlays;
  return s;
}

TEST(GeometryEquivalence, CommandListsMatchTheFrozenOutput) {
  const Case cases[] = {
      {"big default", true, false, settings(false, false, 0), 0, 0, "375735235dd6c80f"},
      {"big subpixel", true, false, settings(true, false, 0), 0, 0, "00f071643005248d"},
      {"big modern 640x480", true, false, settings(false, true, 0), 640, 480, "4d9a8f1a2d0bcf02"},
      {"big near camera", true, true, settings(false, false, 0), 0, 0, "1ae813e40e14c957"},
      {"big near camera modern", true, true, settings(false, true, 0), 800, 600, "efdc5707fd223e19"},
      {"test scene all overlays", false, false, settings(false, false, kOverlayAll), 640, 480, "a341cc8d0350f659"},
      {"test scene weights modern", false, false, settings(true, true, kOverlayWeights), 640, 480, "c9b11dbd7ed856ea"},
  };
  BigTestScene big;
  build_big_test_scene(&big);
  TestScene small;
  build_test_scene(TestSceneTextures{{1}, {2}, {3}, {4}}, &small);
  int clipped_cases = 0;
  for (const Case& c : cases) {
    GeometryJob job = c.big ? big_test_scene_job(big) : test_scene_job(small, c.settings, c.window_w, c.window_h);
    job.settings = c.settings;
    job.window_width = c.window_w;
    job.window_height = c.window_h;
    if (c.near_camera) {
      job.camera.view = glm::lookAt(glm::vec3(0.02f, 0.93f, -1.75f), glm::vec3(0.0f, 0.9f, -2.4f), glm::vec3(0, 1, 0));
      job.camera.near_m = 0.3f;
    }
    GeometryStats stats;
    const std::string hash = run_hash(job, &stats);
    EXPECT_GT(stats.triangles_out, 100) << c.name;
    if (stats.clipped > 0) ++clipped_cases;
    EXPECT_EQ(hash, c.hash) << c.name << " (stats: in " << stats.triangles_in << " back " << stats.culled_back
                            << " outside " << stats.culled_outside << " clipped " << stats.clipped << " out "
                            << stats.triangles_out << ")";
  }
  EXPECT_GE(clipped_cases, 2) << "the near-camera cases must exercise the clipper";
}

}  // namespace
}  // namespace cf
