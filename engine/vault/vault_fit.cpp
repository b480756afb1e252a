// lmax per creature-clip pair and the once-per-creature vault preparation.
#include "vault/vault_fit.h"

#include <algorithm>
#include <cmath>

#include "motion/mirror.h"

namespace cf {

int planted_hand(const MotionClip& clip) {
  double best = 0.0;
  int hand = -1;
  for (int side = 0; side < 2; ++side) {
    const StepChannel& c = clip.hand_contact[side];
    double planted = 0.0;
    for (int k = 0; k < c.size(); ++k) {
      double end = k + 1 < c.size() ? c.times_s[k + 1] : clip.duration_s;
      if (c.values[k] >= 0.5f) planted += std::max(0.0, end - c.times_s[k]);
    }
    if (planted > best) best = planted, hand = side;
  }
  return hand;
}

Result<VaultFit> compute_lmax(const Rig& rig, const RetargetSetup& setup, const MotionClip& clip) {
  if (setup.limbs.size() != rig.limbs.size())
    return Error{"", "setup", "the retarget setup was built for another creature"};
  CreaturePose pose;
  pose.resize(rig);
  RetargetJob job;
  job.setup = &setup;
  job.rig = &rig;
  job.clip = &clip;
  job.root_motion = RootMotion::kFromClip;
  job.out = &pose;
  const Skeleton& sk = rig.skeleton;
  const int ticks = static_cast<int>(std::ceil(clip.duration_s / kTick_s - 1e-9)) + 1;
  // Touch-down: the last tick where neither clip foot is planted. Entry: the start of the last span
  // with both feet planted before the first tick with neither.
  int land_tick = ticks - 1, airborne = -1, entry = 0;
  {
    MotionPose mp;
    int planted_from = -1;
    for (int k = 0; k < ticks; ++k) {
      sample_clip(clip, std::min(k * kTick_s, clip.duration_s), &mp);
      const bool off = mp.contact[0] < 0.5f && mp.contact[1] < 0.5f;
      const bool both = mp.contact[0] >= 0.5f && mp.contact[1] >= 0.5f;
      if (off) land_tick = k;
      if (off && airborne < 0) airborne = k;
      if (airborne < 0) {
        if (!both) planted_from = -1;
        else if (planted_from < 0) planted_from = k, entry = k;
      }
    }
    if (airborne < 0) entry = 0;
  }
  const int early_ticks = static_cast<int>(kVaultEarly_s / kTick_s);
  VaultFit fit;
  fit.entry_tick = entry;
  fit.ticks = ticks;
  fit.y_min = 1e30f;
  fit.y_max = -1e30f;
  for (int k = 0; k < ticks; ++k) {
    job.time_s = std::min(k * kTick_s, clip.duration_s);
    if (!job.run()) return Error{"", "pose", "the motion could not be fitted to this creature"};
    if (k == 0) fit.ref_start_ms = pose.cog_ms;
    if (k == entry) fit.ref_entry_ms = pose.cog_ms;
    if (k == ticks - 1) fit.ref_end_ms = pose.cog_ms;
    const float x_ref = fit.ref_start_ms.x;
    float front = -1e30f, back = 1e30f;
    for (int b = 0; b < sk.size(); ++b) {
      const glm::vec3& h = pose.head_ms[b];
      const glm::vec3& t = pose.tail_ms[b];
      const float r = sk.radius[b];
      fit.reach_left = std::max(fit.reach_left, std::max(h.x, t.x) + r - x_ref);
      fit.reach_right = std::max(fit.reach_right, x_ref - std::min(h.x, t.x) + r);
      front = std::max(front, std::max(h.z, t.z) + r);
      back = std::min(back, std::min(h.z, t.z) - r);
      fit.y_min = std::min(fit.y_min, std::min(h.y, t.y) - r);
      fit.y_max = std::max(fit.y_max, std::max(h.y, t.y) + r);
    }
    fit.front = std::max(fit.front, front - pose.cog_ms.z);
    fit.back = std::max(fit.back, pose.cog_ms.z - back);
    if (k == 0) fit.front_start = front;
    if (k <= early_ticks) fit.front_early = k == 0 ? front : std::max(fit.front_early, front);
    if (k == ticks - 1) fit.back_end = back;
    if (k == land_tick) fit.back_land = back;
  }
  fit.lmax = std::max(fit.reach_left, fit.reach_right);
  fit.lmax_dir = fit.reach_left >= fit.reach_right ? glm::vec2(1.0f, 0.0f) : glm::vec2(-1.0f, 0.0f);
  return fit;
}

namespace {

void find_airborne(const MotionClip& clip, VaultFit* fit) {
  int first = -1, last = -1;
  MotionPose sample;
  for (int k = 0; k < fit->ticks; ++k) {
    sample_clip(clip, std::min(k * kTick_s, clip.duration_s), &sample);
    if (sample.contact[0] < 0.5f && sample.contact[1] < 0.5f) {
      if (first < 0) first = k;
      last = k;
    }
  }
  if (first < 0 || last <= first) first = fit->ticks / 3, last = 2 * fit->ticks / 3;
  fit->airborne_first = first;
  fit->airborne_last = last;
}

}  // namespace

Result<VaultMotion> prepare_vault(const Rig& rig, const MotionClip& clip) {
  if (clip.loop) return Error{"", "loop", "the clip must not loop"};
  VaultMotion v;
  v.clip = clip;
  v.fence_hand = planted_hand(clip);
  auto setup = build_retarget_setup(rig, clip);
  if (!setup) return setup.error();
  v.setup = *setup;
  // Every leg vaults at the clip's own time: gait phase offsets are for looping walks.
  for (LimbSetup& ls : v.setup.limbs) ls.phase = 0.0f;
  auto fit = compute_lmax(rig, v.setup, v.clip);
  if (!fit) return fit.error();
  v.fit = *fit;

  // Reference plane in clip space: through the clip's waist at t = 0, normal along the lmax side.
  MotionPose p0;
  sample_clip(clip, 0.0, &p0);
  v.plane_point_clip = p0[MotionPart::kWaist].reference;
  v.plane_normal_clip = glm::vec3(v.fit.lmax_dir.x, 0.0f, v.fit.lmax_dir.y);
  if (!mirror_clip(clip, v.plane_point_clip, v.plane_normal_clip, &v.mirrored))
    return Error{"", "mirror", "the clip could not be mirrored"};
  auto setup_m = build_retarget_setup(rig, v.mirrored);
  if (!setup_m) return setup_m.error();
  v.setup_mirrored = *setup_m;
  for (LimbSetup& ls : v.setup_mirrored.limbs) ls.phase = 0.0f;
  auto fit_m = compute_lmax(rig, v.setup_mirrored, v.mirrored);
  if (!fit_m) return fit_m.error();
  v.fit_mirrored = *fit_m;
  find_airborne(v.clip, &v.fit);
  find_airborne(v.mirrored, &v.fit_mirrored);
  return v;
}

}  // namespace cf
