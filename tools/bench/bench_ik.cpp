// IK building blocks: the control point into a reference frame by full inverse vs the rigid
// (transposed rotation) form, side by side; and one two-bone solve.
#include <vector>

#include <benchmark/benchmark.h>
#include <glm/gtc/matrix_transform.hpp>

#include "core/rng.h"
#include "retarget/ik.h"

namespace {

struct FrameSet {
  std::vector<glm::mat4> frames;
  std::vector<glm::vec3> points;
  FrameSet() {
    cf::Rng rng = cf::Rng::from_seed(1);
    for (int i = 0; i < 1024; ++i) {
      // One draw per statement, last coordinate first: argument order is unspecified (GCC's order).
      const double az = rng.uniform(0.1, 1), ay = rng.uniform(-1, 1), ax = rng.uniform(-1, 1);
      glm::vec3 axis = glm::normalize(glm::vec3(ax, ay, az));
      glm::mat4 m = glm::rotate(glm::mat4(1.0f), static_cast<float>(rng.uniform(-3, 3)), axis);
      const double tz = rng.uniform(-2, 2), ty = rng.uniform(-2, 2), tx = rng.uniform(-2, 2);
      m[3] = glm::vec4(tx, ty, tz, 1.0);
      frames.push_back(m);
      const double pz = rng.uniform(-2, 2), py = rng.uniform(-2, 2), px = rng.uniform(-2, 2);
      points.emplace_back(px, py, pz);
    }
  }
};

const FrameSet& frame_set() {
  static const FrameSet s;
  return s;
}

void BM_ToFrameInverse(benchmark::State& state) {
  const FrameSet& s = frame_set();
  std::size_t i = 0;
  for (auto _ : state) {
    glm::vec3 p = cf::to_frame_inverse(s.frames[i], s.points[i]);
    benchmark::DoNotOptimize(p);
    i = (i + 1) & 1023;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ToFrameInverse);

void BM_ToFrameRigid(benchmark::State& state) {
  const FrameSet& s = frame_set();
  std::size_t i = 0;
  for (auto _ : state) {
    glm::vec3 p = cf::to_frame_rigid(s.frames[i], s.points[i]);
    benchmark::DoNotOptimize(p);
    i = (i + 1) & 1023;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ToFrameRigid);

void BM_TwoBoneSolve(benchmark::State& state) {
  const FrameSet& s = frame_set();
  cf::TwoBoneResult<float> r;
  cf::TwoBoneIk job;
  job.l1 = 1.2f;
  job.l2 = 1.0f;
  job.out = &r;
  std::size_t i = 0;
  for (auto _ : state) {
    job.root = glm::vec3(s.frames[i][3]);
    job.target = s.points[i];
    job.pole = glm::vec3(s.frames[i][2]);
    job.run();
    benchmark::DoNotOptimize(r);
    i = (i + 1) & 1023;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TwoBoneSolve);

}  // namespace
