// The clip detector's cost per creature per tick, and the debug history's per-tick state copy.
#include <benchmark/benchmark.h>

#include <array>

#include "game/session/session.h"
#include "game/session/state_ring.h"
#include "world/clip_detect.h"

namespace {

cf::Scene scene(const char* creature, const char* level) {
  cf::Result<cf::Scene> s = cf::load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                                           std::string(CF_ASSETS_DIR) + "/levels/" + level + ".json");
  if (!s) std::abort();
  return std::move(*s);
}

// One ClipDetectJob over a walking creature's pose (every bone against every wall, pipe, fence and
// the ground). Arg 0: creature, arg 1: level (wall_pipes_virtual_plane has three pipes).
void BM_ClipDetectPerCreature(benchmark::State& st) {
  static const char* const creatures[] = {"biped", "octopod"};
  static const char* const levels[] = {"default", "wall_pipes_virtual_plane"};
  cf::Session session;
  session.start(scene(creatures[st.range(0)], levels[st.range(1)]), 1);
  cf::InputFrame fwd;
  fwd.left_y = 20000;
  for (int i = 0; i < 40; ++i) session.tick(fwd);
  const cf::Rig& rig = session.scene().rig;
  const cf::CreaturePose& pose = session.runtime().pose(0);
  std::array<cf::ClipEvent, 256> events{};
  cf::ClipEventBuffer buf{events.data(), 256, 0, 0};
  cf::ClipDetectJob job;
  job.level = &session.scene().level;
  job.head_ws = pose.head_ws.data();
  job.tail_ws = pose.tail_ws.data();
  job.radius_m = rig.skeleton.radius.data();
  job.bones = rig.skeleton.size();
  job.out = &buf;
  for (auto _ : st) {
    buf.count = 0;
    benchmark::DoNotOptimize(job.run());
    benchmark::DoNotOptimize(buf.count);
  }
  st.SetLabel(std::string(creatures[st.range(0)]) + " " + std::to_string(rig.skeleton.size()) + " bones, " +
              levels[st.range(1)]);
}
BENCHMARK(BM_ClipDetectPerCreature)->Args({0, 0})->Args({0, 1})->Args({1, 0})->Args({1, 1});

// What debug mode adds to every tick: one state pushed into the history ring (900 states).
void BM_HistoryPush(benchmark::State& st) {
  cf::Session session;
  session.start(scene("biped", "default"), 1);
  for (int i = 1; i < st.range(0); ++i) session.add_creature(glm::vec3(-6.0f + 0.4f * (i % 30), 0.0f, -6.0f + 0.5f * (i / 30)), 0.0f);
  cf::StateRing ring;
  ring.reserve(cf::kDebugHistoryTicks);
  cf::SimState s = session.state();
  for (auto _ : st) {
    ++s.tick;
    ring.push(s);
    benchmark::DoNotOptimize(ring.size());
  }
  st.SetLabel(std::to_string(sizeof(cf::SimState)) + " bytes a state");
}
BENCHMARK(BM_HistoryPush)->Arg(1)->Arg(64);

// A whole session tick (step, clip watch, history) with the history on and off.
void BM_SessionTick(benchmark::State& st) {
  cf::Session session;
  session.start(scene("biped", "default"), 1);
  if (st.range(0)) session.keep_history(cf::kDebugHistoryTicks);
  cf::InputFrame in;
  in.left_y = 32767;
  std::uint64_t t = 0;
  for (auto _ : st) {
    in.left_x = static_cast<std::int16_t>((++t / 90) % 2 ? 20000 : -20000);
    session.tick(in);
  }
}
BENCHMARK(BM_SessionTick)->Arg(0)->Arg(1);

}  // namespace

namespace {

// What "save replay now" costs the main thread: copying the recording of a 10-minute session (the
// JSON is written on the saver's worker thread).
void BM_SaveRequestCopy(benchmark::State& st) {
  cf::Session session;
  session.start(scene("biped", "default"), 1);
  cf::InputFrame in;
  in.left_y = 32767;
  for (int t = 0; t < 60 * 60 * 10; ++t) {
    in.left_x = static_cast<std::int16_t>((t / 90) % 2 ? 20000 : -20000);
    session.tick(in);
  }
  for (auto _ : st) {
    cf::Replay r = session.recording();
    benchmark::DoNotOptimize(r.inputs.data());
  }
  st.SetLabel("36000 ticks");
}
BENCHMARK(BM_SaveRequestCopy)->Unit(benchmark::kMicrosecond);

}  // namespace
