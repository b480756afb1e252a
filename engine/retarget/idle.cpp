#include "retarget/idle.h"

#include <algorithm>
#include <cmath>

#include "core/tick.h"
#include "retarget/ik.h"
#include "retarget/jump.h"

namespace cf {

Result<IdleMotion> prepare_idle(const Rig& rig, const MotionClip& clip, const RetargetSetup& walk) {
  IdleMotion im;
  im.clip = clip;
  Result<RetargetSetup> setup = build_retarget_setup(rig, clip);
  if (!setup) return setup.error();
  im.setup = std::move(*setup);
  if (!adopt_walk_stance(walk, &im.setup)) return Error{"", "limbs", "the walk does not fit this rig"};
  if (!clip.loop) return Error{"", "loop", "the idle clip must loop"};
  return im;
}

float idle_weight(std::uint32_t idle_ticks) {
  if (idle_ticks <= kIdleStartTicks) return 0.0f;
  const float u = std::min(1.0f, static_cast<float>(idle_ticks - kIdleStartTicks) / kIdleEaseTicks);
  return u * u * (3.0f - 2.0f * u);
}

double idle_time(const IdleMotion& im, std::uint32_t idle_ticks, std::uint32_t variety) {
  const std::uint32_t mixed = variety * 2654435761u;
  const double phase = static_cast<double>(mixed >> 8) / 16777216.0;            // [0, 1)
  const double pace = 0.85 + 0.3 * static_cast<double>(mixed & 0xffu) / 255.0;  // 0.85 .. 1.15
  const double t = static_cast<double>(idle_ticks > kIdleStartTicks ? idle_ticks - kIdleStartTicks : 0) / kTicksPerSecond;
  return phase * im.clip.duration_s + pace * t;
}

bool pose_idle(const IdleMotion& im, const WalkerState& walker, const Rig& rig, double time_s, float w,
               CreaturePose* out) {
  RetargetJob job;
  job.setup = &im.setup;
  job.rig = &rig;
  job.clip = &im.clip;
  job.time_s = time_s;
  job.model_to_world = walker_placement(walker, rig);
  job.motion_weight = w;
  job.root_motion = RootMotion::kInPlace;
  job.out = out;
  if (!retarget_targets(job)) return false;
  int k = 0;
  for (std::size_t i = 0; i < rig.limbs.size() && k < walker.leg_count; ++i) {
    if (im.setup.limbs[i].tag != PartTag::kLeg) continue;
    const FootState& foot = walker.feet[static_cast<std::size_t>(k++)];
    out->limbs[i].target_ms = to_frame_rigid(job.model_to_world, foot.plant_ws);
    out->limbs[i].contact = true;
  }
  return retarget_solve(job);
}

}  // namespace cf
