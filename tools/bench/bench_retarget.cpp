// Retargeting and solving all limbs of one 8-legged creature per tick: the clip-driven pose job
// alone, and the full walk tick (walker step + world-planted feet + pose job).
#include <cstdio>
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>

#include "creature/creature_io.h"
#include "motion/motion_clip.h"
#include "retarget/walker.h"
#include "skeleton/rig_builder.h"

namespace {

struct Octopod {
  cf::Rig rig;
  cf::MotionClip clip;
  cf::RetargetSetup setup;
  Octopod() {
    auto c = cf::load_creature(std::string(CF_ASSETS_DIR) + "/creatures/octopod.json");
    auto m = cf::load_motion(std::string(CF_ASSETS_DIR) + "/motions/walk.json");
    if (!c || !m) {
      std::fprintf(stderr, "bench_retarget: cannot load the octopod or the walk\n");
      std::exit(2);
    }
    rig = *cf::build_rig(*c);
    clip = *m;
    setup = *cf::build_retarget_setup(rig, clip);
  }
};

const Octopod& octopod() {
  static const Octopod o;
  return o;
}

void BM_RetargetPose8Legs(benchmark::State& state) {
  const Octopod& o = octopod();
  cf::CreaturePose pose;
  pose.resize(o.rig);
  cf::RetargetJob job;
  job.setup = &o.setup;
  job.rig = &o.rig;
  job.clip = &o.clip;
  job.out = &pose;
  double t = 0.0;
  for (auto _ : state) {
    job.time_s = t;
    job.run();
    benchmark::DoNotOptimize(pose.bone_ms.data());
    t += 1.0 / 60.0;
  }
  state.counters["limbs"] = static_cast<double>(o.rig.limbs.size());
}
BENCHMARK(BM_RetargetPose8Legs);

void BM_WalkTick8Legs(benchmark::State& state) {
  const Octopod& o = octopod();
  cf::CreaturePose pose;
  pose.resize(o.rig);
  cf::WalkerState st = cf::make_walker(o.setup, o.rig, glm::vec3(0.0f), 0.0f);
  const cf::WalkCommand cmd{cf::natural_speed(o.setup), 0.4f};
  for (auto _ : state) {
    cf::step_walker(&st, cmd, o.setup, o.rig, 1.0f / 60.0f);
    cf::pose_walker(st, o.setup, o.rig, o.clip, &pose);
    benchmark::DoNotOptimize(pose.bone_ms.data());
  }
  state.counters["limbs"] = static_cast<double>(o.rig.limbs.size());
}
BENCHMARK(BM_WalkTick8Legs);

}  // namespace
