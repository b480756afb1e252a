#include "retarget/idle.h"

#include <algorithm>
#include <cmath>

#include "core/hash.h"
#include "core/tick.h"
#include "math/angles.h"
#include "retarget/emote.h"
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

const char* to_string(IdleFidget f) {
  switch (f) {
    case IdleFidget::kTailSwish: return "tail_swish";
    case IdleFidget::kFootShuffle: return "foot_shuffle";
    default: return "none";
  }
}

IdleFidgetAt idle_fidget(std::uint32_t idle_ticks, std::uint32_t variety, int leg_count, bool has_tail) {
  IdleFidgetAt at;
  const bool shuffles = leg_count >= 2;  // one leg cannot lift its only foot
  constexpr std::uint32_t kEased = kIdleStartTicks + kIdleEaseTicks;
  if ((!shuffles && !has_tail) || idle_ticks < kEased) return at;
  const std::uint32_t seed = mix32(variety ^ 0x51d6e7u);
  const std::uint32_t first = 30 + seed % 150, period = 240 + (seed >> 8) % 180;
  const std::uint32_t s = idle_ticks - kEased;
  if (s < first) return at;
  const std::uint32_t n = (s - first) / period, local = (s - first) % period;
  if (local >= static_cast<std::uint32_t>(kIdleFidgetTicks)) return at;
  const std::uint32_t roll = mix32(seed + n * 0x9e3779b9u);
  // A body that can do both takes turns, so neither repeats three times over.
  at.kind = shuffles && (!has_tail || ((n + seed) & 1u)) ? IdleFidget::kFootShuffle : IdleFidget::kTailSwish;
  at.u = static_cast<float>(local) / kIdleFidgetTicks;
  if (at.kind == IdleFidget::kFootShuffle) at.foot = static_cast<int>((roll >> 8) % static_cast<std::uint32_t>(leg_count));
  return at;
}

namespace {


// The shuffling foot's offset from where it stands (model space): up and a little forward, eased
// at both ends so it leaves and meets the ground at rest.
glm::vec3 shuffle_offset(float u, float leg_length_m) {
  const float s = std::sin(kPi * std::clamp(u, 0.0f, 1.0f));
  return glm::vec3(0.0f, 0.09f * leg_length_m * s * s, 0.03f * leg_length_m * s * s);
}

// The tail's swish (degrees to the left): two swings, eased in and out.
float swish_deg(float u) {
  const float s = std::sin(kPi * std::clamp(u, 0.0f, 1.0f));
  return 24.0f * s * s * std::sin(2.0f * kPi * 2.0f * u);
}

}  // namespace

bool pose_idle(const IdleMotion& im, const WalkerState& walker, const Rig& rig, double time_s, float w,
               CreaturePose* out, const IdleFidgetAt& fidget, const Ground* ground, float look_yaw_rad,
               float head_pitch_rad) {
  RetargetJob job;
  job.setup = &im.setup;
  job.rig = &rig;
  job.clip = &im.clip;
  job.time_s = time_s;
  job.model_to_world = walker_placement(walker, rig);
  job.ground = ground;
  job.motion_weight = w;
  job.root_motion = RootMotion::kInPlace;
  job.out = out;
  if (!retarget_targets(job)) return false;
  int k = 0;
  for (std::size_t i = 0; i < rig.limbs.size() && k < walker.leg_count; ++i) {
    if (im.setup.limbs[i].tag != PartTag::kLeg) continue;
    const int f = k;
    const FootState& foot = walker.feet[static_cast<std::size_t>(k++)];
    LimbPose& lp = out->limbs[i];
    lp.target_ms = to_frame_rigid(job.model_to_world, foot.plant_ws);
    lp.contact = true;
    if (fidget.kind == IdleFidget::kFootShuffle && f == fidget.foot) {
      const glm::vec3 lift = w * fidget.amount * shuffle_offset(fidget.u, im.setup.limbs[i].length_m);
      lp.target_ms += lift;
      lp.contact = lift.y < 0.004f;
    }
  }
  if (fidget.kind == IdleFidget::kTailSwish) turn_tail(rig, w * fidget.amount * swish_deg(fidget.u), out);
  if (look_yaw_rad != 0.0f || head_pitch_rad != 0.0f) turn_head(rig, w * look_yaw_rad, out, w * head_pitch_rad);
  return retarget_solve(job);
}

}  // namespace cf
