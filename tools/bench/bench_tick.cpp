// The simulation tick (game/cf_sim), headless.
#include <benchmark/benchmark.h>

#include "game/scene.h"
#include "game/session.h"
#include "game/sim.h"

namespace {

cf::Scene default_scene() {
  cf::Result<cf::Scene> s = cf::load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/default.json");
  if (!s) std::abort();
  return std::move(*s);
}

cf::InputFrame walking(std::uint64_t tick) {
  cf::InputFrame f;
  f.left_y = 32767;
  f.left_x = static_cast<std::int16_t>((tick / 90) % 2 ? 20000 : -20000);  // weave about
  f.right_x = 8000;
  return f;
}

// One simulation step of a walking creature in the default level.
void BM_SimStep(benchmark::State& st) {
  const cf::Scene scene = default_scene();
  const cf::SimContext ctx = cf::make_sim_context(scene);
  cf::SimState s = cf::initial_state(ctx, 1);
  for (auto _ : st) {
    cf::step(s, walking(s.tick), ctx);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_SimStep);

void BM_StateHash(benchmark::State& st) {
  const cf::Scene scene = default_scene();
  const cf::SimState s = cf::initial_state(cf::make_sim_context(scene), 1);
  for (auto _ : st) benchmark::DoNotOptimize(cf::hash_state(s));
}
BENCHMARK(BM_StateHash);

// A full session tick: step, recording, and the hash on interval ticks.
void BM_SessionTick(benchmark::State& st) {
  cf::Session session;
  session.start(default_scene(), 1);
  std::uint64_t n = 0;
  for (auto _ : st) {
    if (++n % 36000 == 0) {  // keep the recording bounded
      st.PauseTiming();
      session.start(default_scene(), 1);
      st.ResumeTiming();
    }
    session.tick(walking(session.state().tick));
  }
}
BENCHMARK(BM_SessionTick);

}  // namespace
