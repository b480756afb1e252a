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

// ~50k triangles: a 5x5 grid of spheres (2000 triangles each) in front of the camera, half of
// them back-facing, as in any closed mesh, on a tiled ground.
struct BigScene {
  MeshData sphere = make_sphere_mesh(0.45f, 25, 41);
  MeshData ground = make_ground_mesh(20.0f, 16);
  std::vector<MeshInput> meshes;
  Camera camera;
  Lighting lighting;
  int triangles = 0;

  BigScene() {
    for (int i = 0; i < 25; ++i) {
      const glm::vec3 pos(static_cast<float>(i % 5) - 2.0f, 0.5f + static_cast<float>(i / 5) * 0.2f,
                          -static_cast<float>(i / 5) * 1.2f);
      meshes.push_back(sphere.view(glm::translate(glm::mat4(1.0f), pos), Rgba8{230, 200, 170, 255}, TextureId{1}));
    }
    MeshInput g = ground.view(glm::mat4(1.0f), Rgba8{255, 255, 255, 255}, TextureId{2});
    g.ground_layer = true;
    meshes.push_back(g);
    for (const MeshInput& m : meshes) triangles += m.index_count / 3;
    camera.view = glm::lookAt(glm::vec3(0.0f, 2.5f, 6.0f), glm::vec3(0.0f, 0.5f, -1.5f), glm::vec3(0, 1, 0));
    lighting.fog_start_m = 10.0f;
    lighting.fog_end_m = 30.0f;
  }
  GeometryJob job(GeometryScratch* scratch, CommandList* out) const {
    GeometryJob j;
    j.meshes = meshes.data();
    j.mesh_count = static_cast<int>(meshes.size());
    j.camera = camera;
    j.lighting = lighting;
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
