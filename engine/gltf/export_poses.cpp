#include "gltf/export_poses.h"
#include "gltf/gltf_export.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

#include "motion/motion_clip.h"
#include "retarget/emote.h"
#include "retarget/idle.h"
#include "retarget/jump.h"
#include "retarget/pose_blend.h"
#include "retarget/retarget.h"
#include "retarget/run_gait.h"
#include "retarget/walker.h"
#include "vault/vault_play.h"

namespace cf {

namespace {

MotionLibrary shipped_library() { return load_motion_library({default_export_assets_dir() + "/motions"}); }

}  // namespace

std::vector<std::string> exportable_motions(const MotionLibrary* library) {
  MotionLibrary shipped;
  if (!library) library = &(shipped = shipped_library());
  std::vector<std::string> names{"walk", "run", "stand", "idle", "jump"};
  for (const LibraryMotion& m : library->motions)
    if (plays_as_clip(m)) names.push_back(m.name);
  names.push_back("vault");
  return names;
}

std::string exportable_motion_list(const MotionLibrary* library) {
  std::string out;
  for (const std::string& n : exportable_motions(library)) out += (out.empty() ? "" : ", ") + n;
  return out;
}

namespace {

constexpr int kGaitSettleTicks = 600;  // the walker's blends (0.25 s) have long settled by then

int tick_count(double duration_s) { return static_cast<int>(std::lround(duration_s / kTick_s)) + 1; }

// One frame: the pose's bones in the export's model space (the stand's placement is the identity).
void push_frame(PosedMotion* m, const CreaturePose& pose, const glm::mat4& origin_inv) {
  m->frames.push_back(pose.bone_ms);
  const glm::mat4 to_model = origin_inv * pose.model_to_world;
  for (glm::mat4& b : m->frames.back()) b = to_model * b;
}

// The clip retargeted in place (the stand).
Result<PosedMotion> pose_in_place(const Rig& rig, const MotionClip& clip, const std::string& name,
                                  const std::string& file) {
  Result<RetargetSetup> setup = build_retarget_setup(rig, clip);
  if (!setup) return Error{file, "", "this creature cannot play it: " + setup.error().message};
  PosedMotion m;
  m.name = name;
  m.loop = clip.loop;
  CreaturePose pose;
  pose.resize(rig);
  const int n = tick_count(clip.duration_s);
  for (int k = 0; k < n; ++k) {
    RetargetJob job;
    job.setup = &*setup;
    job.rig = &rig;
    job.clip = &clip;
    job.time_s = std::min(k * kTick_s, clip.duration_s);
    job.root_motion = RootMotion::kInPlace;
    job.out = &pose;
    if (!job.run()) return Error{file, "", "retargeting failed at tick " + std::to_string(k)};
    m.frames.push_back(pose.bone_ms);
  }
  return m;
}

Result<PosedMotion> pose_vault(const Rig& rig, const MotionClip& clip, const std::string& file) {
  Result<VaultMotion> vm = prepare_vault(rig, clip);
  if (!vm) return Error{file, "", "this creature cannot vault: " + vm.error().message};
  VaultPlan plan;  // no fence: the authored clip at the origin, nothing lifted or planted
  plan.ticks = vm->fit.ticks;
  const Level empty;
  PosedMotion m;
  m.name = "vault";
  m.loop = false;
  CreaturePose pose;
  pose.resize(rig);
  for (int k = 0; k < plan.ticks; ++k) {
    if (!pose_vault_tick(plan, *vm, rig, empty, k, &pose))
      return Error{file, "", "the vault could not be posed at tick " + std::to_string(k)};
    m.frames.push_back(pose.bone_ms);
  }
  return m;
}

// What every motion over the walker needs: the walk's setup and its stand at the model origin.
struct Stance {
  MotionClip walk;
  RetargetSetup setup;
  WalkerState stand;
};

Result<Stance> load_stance(const Rig& rig, const std::string& motions_dir) {
  const std::string file = motions_dir + "/walk.json";
  Result<MotionClip> walk = load_motion(file);
  if (!walk) return walk.error();
  Result<RetargetSetup> setup = build_retarget_setup(rig, *walk);
  if (!setup) return Error{file, "", "this creature cannot walk: " + setup.error().message};
  Stance s{std::move(*walk), std::move(*setup), {}};
  s.stand = make_walker(s.setup, rig, glm::vec3(rig.cog.x, 0.0f, rig.cog.z), 0.0f);
  return s;
}

// The walker driven by a stick deflection, as locomotion drives it, until its blends have settled,
// then one gait cycle, stepped in whole ticks of that cycle so the loop closes.
Result<PosedMotion> pose_gait(const Rig& rig, const Stance& st, const std::string& name, float stick,
                              const std::string& file) {
  if (!can_step(st.setup)) return Error{file, "", "this creature cannot " + name + ": the walk clip never steps"};
  WalkerState w = st.stand;
  WalkCommand go;
  go.speed_mps = stick_speed(st.setup, stick);
  for (int k = 0; k < kGaitSettleTicks; ++k)
    step_walker(&w, go, st.setup, rig, kTick_sf, gait_params(st.setup, stick, w.speed_mps));
  const float f = w.cadence_hz;
  if (!(f > 0.0f) || !std::isfinite(f)) return Error{file, "", "this creature cannot " + name + ": no cadence"};
  const int n = std::max(2, static_cast<int>(std::lround(1.0 / (f * kTick_s))));
  const float dt = 1.0f / (f * static_cast<float>(n));  // within half a tick of the game's cycle
  PosedMotion m;
  m.name = name;
  m.loop = true;
  CreaturePose pose;
  pose.resize(rig);
  const glm::mat4 origin_inv = glm::inverse(walker_placement(w, rig));
  for (int k = 0; k <= n; ++k) {
    if (!pose_walker(w, st.setup, rig, st.walk, &pose))
      return Error{file, "", "the " + name + " could not be posed at tick " + std::to_string(k)};
    push_frame(&m, pose, origin_inv);
    step_walker(&w, go, st.setup, rig, dt, gait_params(st.setup, stick, w.speed_mps));
  }
  return m;
}

Result<PosedMotion> pose_idle_loop(const Rig& rig, const Stance& st, const MotionClip& clip, const std::string& file) {
  Result<IdleMotion> im = prepare_idle(rig, clip, st.setup);
  if (!im) return Error{file, "", "this creature cannot idle: " + im.error().message};
  PosedMotion m;
  m.name = "idle";
  m.loop = true;
  CreaturePose pose;
  pose.resize(rig);
  const int n = tick_count(clip.duration_s);
  for (int k = 0; k < n; ++k) {
    if (!pose_idle(*im, st.stand, rig, k * kTick_s, 1.0f, &pose))
      return Error{file, "", "the idle could not be posed at tick " + std::to_string(k)};
    push_frame(&m, pose, glm::mat4(1.0f));
  }
  return m;
}

// The bind pose in model space, as a legless body's motions start from.
void bind_pose(const Rig& rig, CreaturePose* pose) {
  pose->model_to_world = glm::mat4(1.0f);
  pose->bone_ms = pose->bind_ms;
  pose->head_ms = rig.skeleton.head_ms;
  pose->tail_ms = rig.skeleton.tail_ms;
}

Result<PosedMotion> pose_jump_once(const Rig& rig, const Stance* st, const MotionClip& clip, const std::string& file) {
  Result<JumpMotion> jm = prepare_jump(rig, clip, st ? &st->setup : nullptr);
  if (!jm) return Error{file, "", "this creature cannot jump: " + jm.error().message};
  PosedMotion m;
  m.name = "jump";
  CreaturePose pose, stand;
  pose.resize(rig);
  stand.resize(rig);
  if (!jm->legless && !pose_walker(st->stand, st->setup, rig, st->walk, &stand))
    return Error{file, "", "the stand could not be posed"};
  for (int k = 0; k <= jm->ticks; ++k) {
    if (jm->legless) {  // the hop: the body lifted on its parabola
      bind_pose(rig, &pose);
      pose.model_to_world = glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, hop_lift(*jm, k), 0.0f));
    } else if (!pose_jump(*jm, rig, st->stand.position_ws, 0.0f, 0.0f, k, &pose, &st->stand)) {
      return Error{file, "", "the jump could not be posed at tick " + std::to_string(k)};
    } else if (k <= kJumpSettleTicks) {  // the stand (frame 0 exactly) hands over to the dip, as in the game
      blend_pose_world(stand, pose, handover_weight(k - 1, kJumpSettleTicks + 1), &pose);
    }
    push_frame(&m, pose, glm::mat4(1.0f));
  }
  // As in the game, the landing plays on under its hand-over to the stand, which the last frame is.
  for (int j = 0; !jm->legless && j <= kJumpLandBlendTicks; ++j) {
    if (!pose_jump(*jm, rig, st->stand.position_ws, 0.0f, 0.0f, jm->ticks + j, &pose, &st->stand))
      return Error{file, "", "the jump could not be posed at tick " + std::to_string(jm->ticks + j)};
    blend_pose_world(pose, stand, handover_weight(j, kJumpLandBlendTicks), &pose);
    push_frame(&m, pose, glm::mat4(1.0f));
  }
  return m;
}

Result<PosedMotion> pose_emote_once(const Rig& rig, const Stance* st, const MotionClip& clip, const std::string& file) {
  Result<EmoteMotion> em = prepare_emote(rig, clip, st ? &st->setup : nullptr);
  if (!em) return Error{file, "", "this creature cannot " + clip.name + ": " + em.error().message};
  PosedMotion m;
  m.name = clip.name;
  CreaturePose pose;
  pose.resize(rig);
  const int ticks = em->ticks > 0 ? em->ticks : tick_count(clip.duration_s) - 1;  // sit: the clip's length
  for (int k = 0; k <= ticks; ++k) {
    if (em->legless) bind_pose(rig, &pose);
    if (!pose_emote(*em, rig, st ? &st->stand : nullptr, emote_clip_time(*em, k), emote_play_weight(*em, k), &pose))
      return Error{file, "", std::string("the ") + m.name + " could not be posed at tick " + std::to_string(k)};
    push_frame(&m, pose, glm::mat4(1.0f));
  }
  return m;
}

}  // namespace

Result<PosedMotion> pose_motion_for_export(const Rig& rig, const std::string& name, const std::string& motions_dir,
                                           const MotionLibrary* library) {
  MotionLibrary shipped;
  if (!library) library = &(shipped = load_motion_library({motions_dir}));
  const auto known = exportable_motions(library);
  if (std::find(known.begin(), known.end(), name) == known.end())
    return Error{"", "motions", "unknown motion '" + name + "' (known: " + exportable_motion_list(library) + ")"};
  const int in_library = library->find(name);
  const bool clip_motion = in_library >= 0 && plays_as_clip((*library)[in_library]);
  const std::string file = clip_motion ? (*library)[in_library].path
                                       : motions_dir + "/" + (name == "run" ? std::string("walk") : name) + ".json";
  Result<MotionClip> clip = clip_motion ? Result<MotionClip>((*library)[in_library].clip) : load_motion(file);
  if (!clip) return clip.error();
  if (name == "vault") return pose_vault(rig, *clip, file);
  if (name == "stand") return pose_in_place(rig, *clip, name, file);
  Result<Stance> stance = load_stance(rig, motions_dir);
  const bool legless = !stance && rig.limbs.end() == std::find_if(rig.limbs.begin(), rig.limbs.end(), [](const LimbChain& l) {
                         return l.tag == PartTag::kLeg;
                       });
  if (name == "walk" || name == "run" || name == "idle") {
    if (!stance) return Error{file, "", "this creature cannot " + name + ": " + stance.error().message};
    if (name == "idle") return pose_idle_loop(rig, *stance, *clip, file);
    // The walk at its natural speed (the clip's pace scaled to the legs); the run at full stick.
    const float stick = name == "run" ? 1.0f : natural_speed(stance->setup) / max_speed(stance->setup);
    return pose_gait(rig, *stance, name, stick, file);
  }
  if (!stance && !legless) return stance.error();
  const Stance* st = stance ? &*stance : nullptr;
  if (name == "jump") return pose_jump_once(rig, st, *clip, file);
  if (clip_motion) return pose_emote_once(rig, st, *clip, file);
  return Error{"", "motions", "unknown motion '" + name + "'"};
}

int export_frame_at(const PosedMotion& m, double time_s) {
  const long k = std::lround(time_s / kTick_s);
  return static_cast<int>(std::clamp(k, 0L, static_cast<long>(m.frames.size()) - 1));
}

}  // namespace cf
