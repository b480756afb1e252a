// The simulation tick (game/play), headless.
#include <benchmark/benchmark.h>

#include "game/play/controls.h"
#include "game/play/scene.h"
#include "game/play/sim.h"
#include "game/session/pad_script.h"
#include "game/session/session.h"

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

// One simulation step of a walking creature in the default level (posing included).
void BM_SimStep(benchmark::State& st) {
  cf::Session session;
  session.start(default_scene(), 1);
  cf::SimState s = session.state();
  cf::WorldRuntime runtime;
  for (auto _ : st) {
    cf::step(s, walking(s.tick), session.context(), runtime);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_SimStep);

void BM_StateHash(benchmark::State& st) {
  cf::Session session;
  session.start(default_scene(), 1);
  for (auto _ : st) benchmark::DoNotOptimize(cf::hash_state(session.state()));
}
BENCHMARK(BM_StateHash);

// Copying a whole simulation state (what debug rewind keeps a ring of), 1 and 64 creatures.
void BM_StateCopy(benchmark::State& st) {
  cf::Session session;
  session.start(default_scene(), 1);
  for (int i = 1; i < st.range(0); ++i) session.add_creature(glm::vec3(-6.0f + 0.4f * (i % 30), 0.0f, -6.0f + 0.5f * (i / 30)), 0.0f);
  cf::SimState copy;
  for (auto _ : st) {
    copy = session.state();
    benchmark::DoNotOptimize(copy);
    benchmark::ClobberMemory();
  }
  st.counters["bytes"] = static_cast<double>(sizeof(cf::SimState));
  st.counters["creatures"] = static_cast<double>(session.state().creature_count);
}
BENCHMARK(BM_StateCopy)->Arg(1)->Arg(64);

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

// A pad script's held state for one tick (the game asks three times a frame), 1 and 100,000 one-tick
// steps: a binary search over the steps' end ticks (it walked the steps, 111 s for a 100,000-tick run).
void BM_PadScriptLookup(benchmark::State& st) {
  std::vector<cf::PadScript::Step> steps(static_cast<std::size_t>(st.range(0)));
  for (cf::PadScript::Step& s : steps) s.ticks = 1;
  const cf::PadScript script(steps);
  std::uint64_t t = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(script.frame_at(t));
    t = (t + 7919) % script.total_ticks();
  }
}
BENCHMARK(BM_PadScriptLookup)->Arg(1)->Arg(100000);

}  // namespace
