// Renderer benchmarks: the geometry stage's throughput on one thread (50k-triangle scene), and whole
// frames (geometry stage + GL rasterizer + present) at 320x240 under Mesa, SDL's offscreen driver.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "platform/window.h"
#include "render/geometry_stage.h"
#include "render/mesh_builders.h"
#include "render/rasterizer.h"
#include "render/test_scene.h"

namespace cf {
namespace {

// The 50k-triangle scene (render/test_scene.h) as the benchmarks use it.
struct BigScene : BigTestScene {
  BigScene() { build_big_test_scene(this); }
  GeometryJob job(GeometryScratch* scratch, CommandList* out) const {
    GeometryJob j = big_test_scene_job(*this);
    j.scratch = scratch;
    j.out = out;
    return j;
  }
};

void BM_GeometryStage50k(benchmark::State& state) {
  BigScene scene;
  GeometryScratch scratch;
  CommandList list;
  GeometryStats stats;
  GeometryJob job = scene.job(&scratch, &list);
  job.stats = &stats;
  for (auto _ : state) {
    if (!job.run()) state.SkipWithError("geometry job failed");
    benchmark::DoNotOptimize(list.triangles.data());
  }
  state.counters["tri_in"] = static_cast<double>(stats.triangles_in);
  state.counters["tri_out"] = static_cast<double>(stats.triangles_out);
  state.counters["tri_per_s"] = benchmark::Counter(static_cast<double>(stats.triangles_in),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_GeometryStage50k)->Unit(benchmark::kMillisecond);

// Whole frames: geometry stage + rasterizer + present, 640x480 window, 320x240 internal target.
struct GlFixture {
  Window window;
  Rasterizer raster;
  bool ok = false;
  std::string why;

  GlFixture() {
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    WindowDesc d;
    d.width = 640;
    d.height = 480;
    d.hidden = true;
    Status s = window.open(d);
    if (!s) {
      why = s.error.to_string();
      return;
    }
    s = raster.init();
    if (!s) {
      why = s.error.to_string();
      return;
    }
    ok = true;
  }
};

void run_frames(benchmark::State& state, bool big, bool modern) {
  GlFixture gl;
  if (!gl.ok) {
    state.SkipWithError(gl.why.c_str());
    return;
  }
  const std::string dir = std::string(CF_ASSETS_DIR) + "/textures/";
  Error e;
  TestSceneTextures tex;
  tex.skin = gl.raster.load_texture(dir + "creature_skin.png", &e);
  tex.ground = gl.raster.load_texture(dir + "ground.png", &e);
  tex.wood = gl.raster.load_texture(dir + "fence_wood.png", &e);
  tex.brick = gl.raster.load_texture(dir + "wall_brick.png", &e);
  TestScene small;
  build_test_scene(tex, &small);
  BigScene large;
  GeometryScratch scratch;
  CommandList list;
  FrameSettings settings;
  settings.modern = modern;
  settings.overlay_mask = kOverlayAll & ~kOverlayWeights;
  GeometryJob job = big ? large.job(&scratch, &list) : test_scene_job(small, settings, 640, 480);
  job.settings = settings;
  job.window_width = 640;
  job.window_height = 480;
  job.scratch = &scratch;
  job.out = &list;
  std::vector<std::uint8_t> pixel;
  int w = 0, h = 0;
  for (auto _ : state) {
    job.run();
    gl.raster.draw(list, 640, 480);
    gl.window.swap();
    // Read one frame back so the GPU (llvmpipe) work is inside the timing, not queued.
    gl.raster.read_back_target(&pixel, &w, &h);
  }
  state.counters["fps"] = benchmark::Counter(1.0, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["tris"] = static_cast<double>(list.triangles.size());
}

void BM_FrameTestScene320x240(benchmark::State& state) { run_frames(state, false, false); }
void BM_FrameBigScene320x240(benchmark::State& state) { run_frames(state, true, false); }
void BM_FrameTestSceneModern640x480(benchmark::State& state) { run_frames(state, false, true); }
BENCHMARK(BM_FrameTestScene320x240)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameBigScene320x240)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameTestSceneModern640x480)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace cf
