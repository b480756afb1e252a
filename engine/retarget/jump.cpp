#include "retarget/jump.h"

#include <algorithm>
#include <cmath>

#include "core/hash.h"
#include "core/tick.h"
#include "retarget/emote.h"
#include "retarget/ik.h"
#include "retarget/walker.h"
#include "core/json.h"

namespace cf {

namespace {

constexpr float kFleshMargin_m = 0.02f;     // the crouch keeps the body this far above the ground
constexpr float kMinWeight = 0.35f;
constexpr double kHopSeconds = 0.6;         // a legless hop
constexpr float kHopHeight_m = 0.16f;
constexpr float kHopForward_m = 0.35f;

// Lowest point of the body's flesh (bones that are not legs: a crouch must not put a hand in the ground) over the jump, model space with the
// ground at y = 0 (a placement at the origin), for a share w of the clip's body motion.
float lowest_body_flesh(const JumpMotion& jm, const Rig& rig, float w, CreaturePose* pose) {
  RetargetJob job;
  job.setup = &jm.setup;
  job.rig = &rig;
  job.clip = &jm.clip;
  job.motion_weight = w;
  job.root_motion = RootMotion::kFromClip;
  job.out = pose;
  WalkerState at;
  job.model_to_world = walker_placement(at, rig);
  float lowest = 1e9f;
  const Skeleton& sk = rig.skeleton;
  for (int k = 0; k < jm.ticks; ++k) {
    job.time_s = jump_clip_time(jm, k);
    if (!job.run()) return lowest;
    for (int b = 0; b < sk.size(); ++b) {
      const auto i = static_cast<std::size_t>(b);
      const int limb = pose->bone_limb[i];
      if (limb >= 0 && rig.limbs[static_cast<std::size_t>(limb)].tag == PartTag::kLeg) continue;
      lowest = std::min(lowest, std::min(pose->head_ws[i].y, pose->tail_ws[i].y) - sk.radius[i]);
    }
  }
  return lowest;
}

constexpr double kDipShare = 0.5;  // the clip's deepest dip, as a share of its time to lift-off

// A straightening leg's knee swings across its hip-ankle line ever faster as the reach nears the
// leg's length (the flight's hanging legs and the landing's first contact reach there in a tick or
// two): past this share of the length the reach eases toward the length (soft_reach).
constexpr float kSoftReachFrom = 0.94f;

// A tucked foot keeps at least this share of its leg's length below its hip (soft_below).
constexpr float kTuckDepth = 0.2f;

// Leg i's foothold in the jump's model space (its target with the clip's foot at rest).
glm::vec3 ls_foothold(const JumpMotion& jm, std::size_t i) { return jm.setup.limbs[i].foothold_ms; }

}  // namespace

bool adopt_walk_stance(const RetargetSetup& walk, RetargetSetup* setup) {
  if (setup->limbs.size() != walk.limbs.size()) return false;
  for (std::size_t i = 0; i < setup->limbs.size(); ++i) {
    LimbSetup own = setup->limbs[i];
    setup->limbs[i] = walk.limbs[i];
    setup->limbs[i].phase = 0.0f;
    setup->limbs[i].scale = own.scale;  // the clip's own reference limbs
    setup->limbs[i].ref_part = own.ref_part;
    setup->limbs[i].ref_side = own.ref_side;
  }
  setup->crouch_m = walk.crouch_m;
  setup->stand_cog_height_m = walk.stand_cog_height_m;
  return true;
}

Result<JumpMotion> prepare_jump(const Rig& rig, const MotionClip& clip, const RetargetSetup* walk) {
  JumpMotion jm;
  jm.clip = clip;
  StateHasher h;
  h.str(motion_to_json(clip).dump());
  jm.clip_id = static_cast<std::uint32_t>(h.value() ^ (h.value() >> 32));
  if (!walk) {
    jm.legless = true;
    jm.ticks = static_cast<int>(std::ceil(kHopSeconds / kTick_s));
    jm.takeoff_s = 0.15 * kHopSeconds;
    jm.touchdown_s = 0.85 * kHopSeconds;
    jm.forward_m = kHopForward_m;
    jm.flight_s = static_cast<float>(jm.touchdown_s - jm.takeoff_s);
    jm.height_m = kHopHeight_m;
    return jm;
  }
  Result<RetargetSetup> setup = build_retarget_setup(rig, clip);
  if (!setup) return setup.error();
  jm.setup = std::move(*setup);
  if (!adopt_walk_stance(*walk, &jm.setup)) return Error{"", "limbs", "the walk does not fit this rig"};
  const ReferenceLegGait& g = jm.setup.ref_legs[0];
  if (!(g.duty > 0.0f && g.duty < 1.0f)) return Error{"", "contacts", "the jump clip never leaves the ground"};
  jm.takeoff_s = g.liftoff * clip.duration_s;
  jm.touchdown_s = g.touchdown * clip.duration_s;
  if (!(jm.touchdown_s > jm.takeoff_s)) return Error{"", "contacts", "the jump clip lands before it takes off"};
  const float s = std::max(jm.setup.s, 1e-3f);
  jm.time_scale = std::sqrt(s);
  auto timed = [&]() {
    jm.ticks = kJumpLiftoffTicks + 1 +
               std::max(1, static_cast<int>(std::ceil((clip.duration_s - jm.takeoff_s) * jm.time_scale / kTick_s - 0.5 - 1e-9)));
    jm.flight_s = static_cast<float>((jm.touchdown_s - jm.takeoff_s) * jm.time_scale);
  };
  timed();
  // A low body would crouch into the ground: play less of the clip's body motion.
  CreaturePose pose;
  pose.resize(rig);
  const float full = lowest_body_flesh(jm, rig, 1.0f, &pose);
  const float rest = lowest_body_flesh(jm, rig, 0.0f, &pose);
  if (full < kFleshMargin_m && rest > full)
    jm.weight = std::clamp((rest - kFleshMargin_m) / (rest - full), kMinWeight, 1.0f);
  // A lower rise is a shorter flight (h = g t^2 / 8), so it stays ballistic.
  jm.time_scale = std::sqrt(s * jm.weight);
  timed();
  // A ballistic flight keeps the speed it took off with: at the natural walking speed it goes this far.
  jm.forward_m = natural_speed(*walk) * jm.flight_s;
  // The flight's rise: the waist's highest point above its start, scaled as the retargeting scales it.
  MotionPose p0, p;
  sample_clip(clip, 0.0, &p0);
  float top = 0.0f;
  for (int i = 0; i <= 64; ++i) {
    sample_clip(clip, clip.duration_s * i / 64.0, &p);
    top = std::max(top, p[MotionPart::kWaist].reference.y - p0[MotionPart::kWaist].reference.y);
  }
  jm.height_m = s * jm.weight * top;
  return jm;
}

double jump_clip_time(const JumpMotion& jm, int tick) {
  const int k = std::max(0, tick);
  if (jm.legless) return std::min(k * kTick_s, kHopSeconds);
  // The dip and push (the clip before lift-off) play in kJumpLiftoffTicks whatever the body's size, so
  // the jump answers the press at once; from lift-off the clip runs at 1/sqrt(s), a ballistic flight.
  // The jump starts at the clip's deepest dip (the walk's pose blends into it: the dip is the
  // hand-over) and pushes up to half a flight tick past lift-off at tick kJumpLiftoffTicks, slowing
  // into the flight's own pace by then (t = t0 + (lift - t0) (a x + (1 - a) x^2), its rate at lift-off
  // the flight's): the body's rise has no kink and no knee turns back in the push, so none snaps.
  const double flight_step = kTick_s / std::max(jm.time_scale, 1e-3f);
  const double lift = jm.takeoff_s + 0.5 * flight_step;
  if (k <= kJumpLiftoffTicks) {
    const double t0 = kDipShare * jm.takeoff_s;
    const double x = static_cast<double>(k) / kJumpLiftoffTicks;
    const double a = std::clamp(2.0 - flight_step * kJumpLiftoffTicks / (lift - t0), 1.0, 2.0);
    return t0 + (lift - t0) * (a * x + (1.0 - a) * x * x);
  }
  return std::min(lift + (k - kJumpLiftoffTicks) * flight_step, jm.clip.duration_s);
}

float jump_travel(const JumpMotion& jm, int tick) {
  const double t = jump_clip_time(jm, tick);
  const double span = jm.touchdown_s - jm.takeoff_s;
  if (!(span > 0.0)) return t >= jm.touchdown_s ? 1.0f : 0.0f;
  return static_cast<float>(std::clamp((t - jm.takeoff_s) / span, 0.0, 1.0));
}

bool jump_airborne(const JumpMotion& jm, int tick) {
  const double t = jump_clip_time(jm, tick);
  return t > jm.takeoff_s && t < jm.touchdown_s;
}

float hop_lift(const JumpMotion& jm, int tick) {
  const float u = jump_travel(jm, tick);
  return jm.height_m * 4.0f * u * (1.0f - u);
}

constexpr float kLeftGround_m = 0.01f;

float jump_ground_y(const JumpMotion& jm, const Rig& rig, const glm::vec3& from_ws, float heading_rad, float distance_m,
                    int tick, const Ground* ground) {
  if (!ground || ground->flat() || jm.legless) return from_ws.y;
  const glm::vec3 fwd(std::sin(heading_rad), 0.0f, std::cos(heading_rad));
  const glm::vec3 land = glm::vec3(from_ws.x, 0.0f, from_ws.z) + fwd * distance_m;
  const float land_y = make_walker(jm.setup, rig, land, heading_rad, ground).position_ws.y;
  const float u = std::clamp(jump_travel(jm, tick), 0.0f, 1.0f);
  return from_ws.y + (land_y - from_ws.y) * u * u * (3.0f - 2.0f * u);
}

bool pose_jump(const JumpMotion& jm, const Rig& rig, const glm::vec3& from_ws, float heading_rad, float distance_m,
               int tick, CreaturePose* out, const WalkerState* from, const Ground* ground, float share) {
  if (jm.legless || !out || !std::isfinite(distance_m) || !std::isfinite(heading_rad)) return false;
  WalkerState at;
  const glm::vec3 fwd(std::sin(heading_rad), 0.0f, std::cos(heading_rad));
  // Over ground with height the body goes from the height it stood at to the one it lands at, eased
  // along the travel (flat ground: at y = 0, as ever).
  const bool terrain = ground && !ground->flat();
  const float from_y = terrain ? from_ws.y : 0.0f;
  const float base_y = terrain ? jump_ground_y(jm, rig, from_ws, heading_rad, distance_m, tick, ground) : 0.0f;
  at.position_ws = glm::vec3(from_ws.x, base_y, from_ws.z) + fwd * (distance_m * jump_travel(jm, tick));
  at.heading_rad = heading_rad;
  RetargetJob job;
  job.setup = &jm.setup;
  job.rig = &rig;
  job.clip = &jm.clip;
  job.time_s = jump_clip_time(jm, tick);
  job.model_to_world = walker_placement(at, rig);
  job.motion_weight = jm.weight * std::clamp(share, 0.0f, 1.0f);
  job.root_motion = RootMotion::kFromClip;
  job.out = out;
  // Over ground with height each foot lies along the ground under it, as the walk's do.
  job.ground = terrain ? ground : nullptr;
  if (!retarget_targets(job)) return false;
  if (from) {
    // A foot planted where the walk left it keeps that offset from its foothold until take-off, then
    // carries it off through the flight (it lands on the jump's own foothold) instead of dropping it.
    const float u = jump_travel(jm, tick);
    const float carry = jump_airborne(jm, tick) || u > 0.0f ? 1.0f - u * u * (3.0f - 2.0f * u) : 1.0f;
    WalkerState start = at;
    start.position_ws = glm::vec3(from_ws.x, from_y, from_ws.z);
    const glm::mat4 start_placement = walker_placement(start, rig);
    int k = 0;
    for (std::size_t i = 0; i < rig.limbs.size() && k < from->leg_count; ++i) {
      if (jm.setup.limbs[i].tag != PartTag::kLeg) continue;
      const FootState& foot = from->feet[static_cast<std::size_t>(k++)];
      LimbPose& lp = out->limbs[i];
      if (foot.planted) {
        // A foot planted ahead of the jump's own foothold (pressed against a rail) gives up that lead over
        // the first quarter of the travel: carried into the flight it would meet what the jump clears.
        glm::vec3 offset = to_frame_rigid(start_placement, foot.plant_ws) - ls_foothold(jm, i);
        if (offset.z > 0.0f) {
          const float q = std::min(1.0f, 4.0f * u);
          offset.z *= 1.0f - q * q * (3.0f - 2.0f * q);
        }
        if (carry > 0.0f) lp.target_ms += carry * offset;
      } else if (u <= 0.0f && !jump_airborne(jm, tick)) {
        lp.contact = lp.contact && tick >= kJumpSettleTicks;
      }
    }
  }
  if (terrain) {
    // Each foot's foothold on the ground under it (a planted foot carried from where the walk planted
    // it keeps that height while it is carried).
    const float u = jump_travel(jm, tick);
    const float carry = jump_airborne(jm, tick) || u > 0.0f ? 1.0f - u * u * (3.0f - 2.0f * u) : 1.0f;
    int k = 0;
    for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
      if (jm.setup.limbs[i].tag != PartTag::kLeg) continue;
      const bool planted = from && k < from->leg_count && from->feet[static_cast<std::size_t>(k)].planted;
      ++k;
      LimbPose& lp = out->limbs[i];
      const glm::vec3 t = glm::vec3(job.model_to_world * glm::vec4(lp.target_ms, 1.0f));
      const float dy = ground->at(t.x, t.z).y - base_y;
      if (lp.contact)  // on the ground until it leaves it (a push-off's foot stays down as the body rises)
        lp.target_ms.y = ls_foothold(jm, i).y + dy;
      else
        lp.target_ms.y += (planted ? 1.0f - carry : 1.0f) * dy;
    }
  }
  const float flown = jump_airborne(jm, tick) ? std::min(1.0f, 3.0f * std::min(jump_travel(jm, tick), 1.0f - jump_travel(jm, tick))) : 0.0f;
  const float tuck = flown * flown * (3.0f - 2.0f * flown);
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    if (jm.setup.limbs[i].tag != PartTag::kLeg) continue;
    LimbPose& lp = out->limbs[i];
    const float length = rig.limbs[i].l1 + rig.limbs[i].l2;
    // In the air a tucked foot stays below its hip, along the hip's line to its foothold (the crouch
    // and the landing, where a low hip is near its feet, are left alone).
    if (tuck > 0.0f) {
      const glm::vec3 down = unit_or(ls_foothold(jm, i) - lp.root_ms, glm::vec3(0.0f, -1.0f, 0.0f));
      lp.target_ms += tuck * (soft_below(lp.root_ms, lp.target_ms, down, kTuckDepth * length) - lp.target_ms);
    }
    const glm::vec3 wanted = lp.target_ms;
    lp.target_ms = soft_reach(lp.root_ms, lp.target_ms, length, kSoftReachFrom);
    // A foot the rising body pulls off its foothold has left the ground (over ground with height; on flat
    // ground the clip's contacts are kept as they were).
    if (terrain && lp.contact && glm::length(lp.target_ms - wanted) > kLeftGround_m) lp.contact = false;
  }
  if (!retarget_solve(job)) return false;
  // A deep crouch on a long leg under a low hip: the knee turns off the ground (the ground under it).
  lift_knees(rig, out, terrain ? ground : nullptr);
  return true;
}

}  // namespace cf
