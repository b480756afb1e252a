// Posing cost per creature per tick of each motion (walk, run, jump, idle, and every motion of the
// shipped library the clip action plays: BM_Pose/<name>) for the biped, the quadruped and the octopod:
// one pose job per iteration, cycling through the motion.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "creature/creature_io.h"
#include "motion/motion_clip.h"
#include "motion/motion_library.h"
#include "retarget/emote.h"
#include "retarget/idle.h"
#include "retarget/jump.h"
#include "retarget/run_gait.h"
#include "skeleton/rig_builder.h"

namespace {

struct Fitted {
  cf::Rig rig;
  cf::MotionClip walk_clip;
  cf::RetargetSetup walk;
  cf::JumpMotion jump;
  cf::IdleMotion idle;
  std::vector<cf::EmoteMotion> motions;  // per library_motions() entry (empty ones: the body cannot)
};

// The shipped library's clip motions.
const std::vector<cf::MotionClip>& library_motions() {
  static const std::vector<cf::MotionClip> clips = [] {
    std::vector<cf::MotionClip> out;
    const cf::MotionLibrary lib = cf::load_motion_library({std::string(CF_ASSETS_DIR) + "/motions"});
    for (const cf::LibraryMotion& m : lib.motions)
      if (cf::plays_as_clip(m)) out.push_back(m.clip);
    return out;
  }();
  return clips;
}

cf::MotionClip clip(const char* name) {
  auto m = cf::load_motion(std::string(CF_ASSETS_DIR) + "/motions/" + name + ".json");
  if (!m) {
    std::fprintf(stderr, "bench_motions: %s\n", m.error().to_string().c_str());
    std::exit(2);
  }
  return *m;
}

const Fitted& fitted(int which) {
  static const char* const names[] = {"biped", "quadruped", "octopod"};
  static Fitted f[3];
  static bool made[3] = {};
  if (!made[which]) {
    auto c = cf::load_creature(std::string(CF_ASSETS_DIR) + "/creatures/" + names[which] + ".json");
    if (!c) std::exit(2);
    Fitted& x = f[which];
    x.rig = *cf::build_rig(*c);
    x.walk_clip = clip("walk");
    x.walk = *cf::build_retarget_setup(x.rig, x.walk_clip);
    x.jump = *cf::prepare_jump(x.rig, clip("jump"), &x.walk);
    x.idle = *cf::prepare_idle(x.rig, clip("idle"), x.walk);
    for (const cf::MotionClip& m : library_motions()) {
      auto em = cf::prepare_emote(x.rig, m, &x.walk);
      x.motions.push_back(em ? *em : cf::EmoteMotion{});
    }
    made[which] = true;
  }
  return f[which];
}

// A walker after 3 s at this stick (0.6 walks, 1.0 runs); posed every tick as it keeps going.
void walk_or_run(benchmark::State& state, float stick) {
  const Fitted& f = fitted(static_cast<int>(state.range(0)));
  cf::WalkerState w = cf::make_walker(f.walk, f.rig, glm::vec3(0.0f), 0.0f);
  cf::WalkCommand cmd;
  cmd.speed_mps = cf::stick_speed(f.walk, stick);
  cf::CreaturePose pose;
  pose.resize(f.rig);
  for (int t = 0; t < 180; ++t) cf::step_walker(&w, cmd, f.walk, f.rig, 1.0f / 60.0f, cf::gait_params(f.walk, stick, w.speed_mps));
  for (auto _ : state) {
    cf::step_walker(&w, cmd, f.walk, f.rig, 1.0f / 60.0f, cf::gait_params(f.walk, stick, w.speed_mps));
    cf::pose_walker(w, f.walk, f.rig, f.walk_clip, &pose);
    benchmark::DoNotOptimize(pose.bone_ms.data());
  }
}
void BM_PoseWalk(benchmark::State& state) { walk_or_run(state, 0.6f); }
void BM_PoseRun(benchmark::State& state) { walk_or_run(state, 1.0f); }

void BM_PoseJump(benchmark::State& state) {
  const Fitted& f = fitted(static_cast<int>(state.range(0)));
  cf::CreaturePose pose;
  pose.resize(f.rig);
  int k = 0;
  for (auto _ : state) {
    cf::pose_jump(f.jump, f.rig, glm::vec3(0.0f), 0.0f, f.jump.forward_m, k, &pose);
    benchmark::DoNotOptimize(pose.bone_ms.data());
    k = (k + 1) % f.jump.ticks;
  }
}

void BM_PoseIdle(benchmark::State& state) {
  const Fitted& f = fitted(static_cast<int>(state.range(0)));
  const cf::WalkerState w = cf::make_walker(f.walk, f.rig, glm::vec3(0.0f), 0.0f);
  cf::CreaturePose pose;
  pose.resize(f.rig);
  std::uint32_t t = cf::kIdleStartTicks;
  for (auto _ : state) {
    cf::pose_idle(f.idle, w, f.rig, cf::idle_time(f.idle, t, 7), cf::idle_weight(t), &pose);
    benchmark::DoNotOptimize(pose.bone_ms.data());
    ++t;
  }
}

// The idle with a fidget always playing (a foot shuffle, or a tail swish on a body with a tail), its
// progress cycling: the fidget's own cost beside BM_PoseIdle's (the game adds a wall test only then).
void BM_PoseIdleFidget(benchmark::State& state) {
  const Fitted& f = fitted(static_cast<int>(state.range(0)));
  const cf::WalkerState w = cf::make_walker(f.walk, f.rig, glm::vec3(0.0f), 0.0f);
  cf::CreaturePose pose;
  pose.resize(f.rig);
  std::uint32_t t = cf::kIdleStartTicks + cf::kIdleEaseTicks;
  cf::IdleFidgetAt fidget;
  fidget.kind = w.leg_count >= 2 ? cf::IdleFidget::kFootShuffle : cf::IdleFidget::kTailSwish;
  fidget.foot = 0;
  int k = 0;
  for (auto _ : state) {
    fidget.u = static_cast<float>(k) / cf::kIdleFidgetTicks;
    cf::pose_idle(f.idle, w, f.rig, cf::idle_time(f.idle, t, 7), 1.0f, &pose, fidget);
    benchmark::DoNotOptimize(pose.bone_ms.data());
    ++t;
    k = (k + 1) % cf::kIdleFidgetTicks;
  }
}

// Library motion k eased in over the stand, posed tick by tick through its clip.
void pose_library_motion(benchmark::State& state, std::size_t k) {
  const Fitted& f = fitted(static_cast<int>(state.range(0)));
  const cf::EmoteMotion& em = f.motions[k];
  if (em.clip.duration_s <= 0.0) {
    state.SkipWithError("this body cannot play it");
    return;
  }
  const cf::WalkerState w = cf::make_walker(f.walk, f.rig, glm::vec3(0.0f), 0.0f);
  cf::CreaturePose pose;
  pose.resize(f.rig);
  int t = 0;
  const int ticks = em.ticks > 0 ? em.ticks : 180;
  for (auto _ : state) {
    cf::pose_emote(em, f.rig, &w, cf::emote_clip_time(em, t), 1.0f, &pose);
    benchmark::DoNotOptimize(pose.bone_ms.data());
    t = (t + 1) % ticks;
  }
}

// 0 biped, 1 quadruped, 2 octopod.
BENCHMARK(BM_PoseWalk)->DenseRange(0, 2);
BENCHMARK(BM_PoseRun)->DenseRange(0, 2);
BENCHMARK(BM_PoseJump)->DenseRange(0, 2);
BENCHMARK(BM_PoseIdle)->DenseRange(0, 2);
BENCHMARK(BM_PoseIdleFidget)->DenseRange(0, 2);
// One benchmark per library motion, registered from the library (no list of names here).
const bool kLibraryRegistered = [] {
  for (std::size_t k = 0; k < library_motions().size(); ++k)
    benchmark::RegisterBenchmark(("BM_Pose/" + library_motions()[k].name).c_str(),
                                 [k](benchmark::State& st) { pose_library_motion(st, k); })
        ->DenseRange(0, 2);
  return true;
}();

}  // namespace
