// Motion sampling cost per call (one call = every channel of the reference body at one time), and
// BVH parsing throughput.
#include <cstdint>
#include <string>

#include <benchmark/benchmark.h>

#include "core/file_io.h"
#include "motion/bvh.h"
#include "motion/motion_clip.h"

namespace {

void sample_bench(benchmark::State& state, const char* name) {
  const cf::MotionClip clip = cf::load_motion(std::string(CF_ASSETS_DIR) + "/motions/" + name).value();
  cf::MotionPose pose;
  double t = 0.0;
  for (auto _ : state) {
    cf::sample_clip(clip, t, &pose);
    benchmark::DoNotOptimize(pose);
    t += 1.0 / 60.0;
    if (!clip.loop && t > clip.duration_s) t = 0.0;  // keep a one-shot clip inside its keys
  }
}
BENCHMARK_CAPTURE(sample_bench, walk, "walk.json");
BENCHMARK_CAPTURE(sample_bench, walk_mocap, "walk_mocap.json");
BENCHMARK_CAPTURE(sample_bench, vault, "vault.json");

void BM_parse_bvh_excerpt(benchmark::State& state) {
  const std::string text =
      cf::read_file(std::string(CF_ASSETS_DIR) + "/../tests/data/bvh/131_01_first120.bvh").value();
  for (auto _ : state) {
    auto r = cf::parse_bvh(text, "excerpt.bvh");
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_parse_bvh_excerpt);

}  // namespace
