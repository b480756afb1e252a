// Posing cost per creature per tick of each motion of the library (walk, run, jump, idle, sit, greet,
// roar, dance) for the
// biped, the quadruped and the octopod: one pose job per iteration, cycling through the motion.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>

#include "creature/creature_io.h"
#include "motion/motion_clip.h"
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
  cf::EmoteMotion emotes[4];  // sit, greet, roar, dance
};

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
    const char* const emote_clips[] = {"sit", "greet", "roar", "dance"};
    for (int k = 0; k < 4; ++k)
      x.emotes[k] = *cf::prepare_emote(static_cast<cf::EmoteKind>(k), x.rig, clip(emote_clips[k]), &x.walk);
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

// The motion of kind k eased in over the stand, posed tick by tick through its clip.
void pose_emote_kind(benchmark::State& state, cf::EmoteKind k) {
  const Fitted& f = fitted(static_cast<int>(state.range(0)));
  const cf::EmoteMotion& em = f.emotes[static_cast<int>(k)];
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
void BM_PoseSit(benchmark::State& state) { pose_emote_kind(state, cf::EmoteKind::kSit); }
void BM_PoseGreet(benchmark::State& state) { pose_emote_kind(state, cf::EmoteKind::kGreet); }
void BM_PoseRoar(benchmark::State& state) { pose_emote_kind(state, cf::EmoteKind::kRoar); }
void BM_PoseDance(benchmark::State& state) { pose_emote_kind(state, cf::EmoteKind::kDance); }

// 0 biped, 1 quadruped, 2 octopod.
BENCHMARK(BM_PoseWalk)->DenseRange(0, 2);
BENCHMARK(BM_PoseRun)->DenseRange(0, 2);
BENCHMARK(BM_PoseJump)->DenseRange(0, 2);
BENCHMARK(BM_PoseIdle)->DenseRange(0, 2);
BENCHMARK(BM_PoseIdleFidget)->DenseRange(0, 2);
BENCHMARK(BM_PoseSit)->DenseRange(0, 2);
BENCHMARK(BM_PoseGreet)->DenseRange(0, 2);
BENCHMARK(BM_PoseRoar)->DenseRange(0, 2);
BENCHMARK(BM_PoseDance)->DenseRange(0, 2);

}  // namespace
