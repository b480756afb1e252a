#include "gltf/export_poses.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

#include "motion/motion_clip.h"
#include "retarget/retarget.h"
#include "vault/vault_play.h"

namespace cf {

const std::vector<std::string>& exportable_motions() {
  static const std::vector<std::string> names{"walk", "stand", "vault"};
  return names;
}

namespace {

int tick_count(double duration_s) { return static_cast<int>(std::lround(duration_s / kTick_s)) + 1; }

Result<PosedMotion> pose_retargeted(const Rig& rig, const MotionClip& clip, const std::string& name,
                                    const std::string& file, bool root_motion) {
  Result<RetargetSetup> setup = build_retarget_setup(rig, clip);
  if (!setup) return Error{file, "", "this creature cannot play it: " + setup.error().message};
  PosedMotion m;
  m.name = name;
  m.loop = clip.loop;
  CreaturePose pose;
  pose.resize(rig);
  // Model-space travel per second; the clip's root motion is in clip space, scaled like the waist.
  const glm::vec3 travel = root_motion ? setup->root_velocity_ms * setup->s : glm::vec3(0.0f);
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
    const glm::mat4 moved = glm::translate(glm::mat4(1.0f), travel * static_cast<float>(job.time_s));
    for (glm::mat4& b : pose.bone_ms) b = moved * b;
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

}  // namespace

Result<PosedMotion> pose_motion_for_export(const Rig& rig, const std::string& name,
                                           const std::string& motions_dir) {
  const auto& known = exportable_motions();
  if (std::find(known.begin(), known.end(), name) == known.end())
    return Error{"", "motions", "unknown motion '" + name + "' (known: walk, stand, vault)"};
  const std::string file = motions_dir + "/" + name + ".json";
  Result<MotionClip> clip = load_motion(file);
  if (!clip) return clip.error();
  if (name == "vault") return pose_vault(rig, *clip, file);
  return pose_retargeted(rig, *clip, name, file, name == "walk");
}

int export_frame_at(const PosedMotion& m, double time_s) {
  const long k = std::lround(time_s / kTick_s);
  return static_cast<int>(std::clamp(k, 0L, static_cast<long>(m.frames.size()) - 1));
}

}  // namespace cf
