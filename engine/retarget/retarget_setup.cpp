// build_retarget_setup: everything about a creature-clip pair that does not change per tick.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "math/geometry.h"
#include "retarget/retarget.h"

namespace cf {

namespace {

constexpr int kSetupSamples = 240;        // samples over one cycle for means and extremes
constexpr float kMaxHeightRatio = 0.92f;  // root height / leg length at the body's highest point
constexpr float kUsableReach = 0.98f;     // share of a leg's length the walk may use
constexpr float kMaxCrouchShare = 0.4f;   // crouch at most this share of the bind cog height
constexpr float kMinStepShare = 0.35f;    // a foothold leaves at least this share of the reach to step

float frac(double x) { return static_cast<float>(x - std::floor(x)); }

bool in_contact(const MotionPose& p, int side) { return p.contact[side] >= 0.5f; }

// Time in [a, b] where contact(side) switches, by bisection (a and b straddle the switch).
double refine_switch(const MotionClip& clip, int side, double a, double b) {
  MotionPose p;
  sample_clip(clip, a, &p);
  const bool ca = in_contact(p, side);
  for (int i = 0; i < 30; ++i) {
    double m = 0.5 * (a + b);
    sample_clip(clip, m, &p);
    if (in_contact(p, side) == ca) a = m; else b = m;
  }
  return b;
}

void tabulate_gait(const MotionClip& clip, int side, ReferenceLegGait* g) {
  const double T = clip.duration_s;
  const MotionPart leg = side == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg;
  std::array<bool, kSetupSamples> c{};
  MotionPose p;
  double floor_sum = 0.0;
  int stance = 0;
  for (int i = 0; i < kSetupSamples; ++i) {
    sample_clip(clip, T * i / kSetupSamples, &p);
    c[i] = in_contact(p, side);
    if (c[i]) {
      floor_sum += p[leg].control.y;
      ++stance;
    }
  }
  g->duty = static_cast<float>(stance) / kSetupSamples;
  if (stance == 0) {  // never planted: all swing, floor at the lowest point
    float lo = 1e30f;
    for (int i = 0; i < kSetupSamples; ++i) {
      sample_clip(clip, T * i / kSetupSamples, &p);
      lo = std::min(lo, p[leg].control.y);
    }
    g->floor_y = lo;
  } else {
    g->floor_y = static_cast<float>(floor_sum / stance);
  }
  g->touchdown = g->liftoff = 0.0f;
  for (int i = 0; i < kSetupSamples; ++i) {
    int prev = (i + kSetupSamples - 1) % kSetupSamples;
    double a = T * (i - 1) / kSetupSamples, b = T * i / kSetupSamples;
    if (c[i] && !c[prev]) g->touchdown = frac(refine_switch(clip, side, a, b) / T);
    if (!c[i] && c[prev]) g->liftoff = frac(refine_switch(clip, side, a, b) / T);
  }
  if (stance == kSetupSamples) g->duty = 1.0f;
  if (stance > 0 && stance < kSetupSamples) {
    float d = frac(static_cast<double>(g->liftoff) - g->touchdown);
    if (d > 0.0f) g->duty = d;
  }
  // Swing path: horizontal share of the travel done and height above the floor.
  const double swing_cycles = 1.0 - g->duty;
  MotionPose p0, p1;
  const double t0 = g->liftoff * T;
  sample_clip(clip, t0, &p0);
  sample_clip(clip, t0 + swing_cycles * T, &p1);
  glm::vec2 start(p0[leg].control.x, p0[leg].control.z), end(p1[leg].control.x, p1[leg].control.z);
  glm::vec2 travel = end - start;
  float travel2 = glm::dot(travel, travel);
  for (int i = 0; i < kSwingSamples; ++i) {
    double sigma = static_cast<double>(i) / (kSwingSamples - 1);
    sample_clip(clip, t0 + sigma * swing_cycles * T, &p);
    glm::vec2 at(p[leg].control.x, p[leg].control.z);
    float prog = travel2 > 1e-12f ? glm::dot(at - start, travel) / travel2 : static_cast<float>(sigma);
    g->swing_progress[i] = std::clamp(prog, 0.0f, 1.0f);
    g->swing_height_m[i] = std::max(0.0f, p[leg].control.y - g->floor_y);
  }
  g->swing_progress[0] = 0.0f;
  g->swing_progress[kSwingSamples - 1] = 1.0f;
  for (int i = 1; i < kSwingSamples; ++i)  // monotone, so the foot never steps back
    g->swing_progress[i] = std::max(g->swing_progress[i], g->swing_progress[i - 1]);
}

}  // namespace

Result<RetargetSetup> build_retarget_setup(const Rig& rig, const MotionClip& clip) {
  RetargetSetup s;
  const int n = static_cast<int>(rig.limbs.size());
  for (const LimbChain& l : rig.limbs) (l.tag == PartTag::kLeg ? s.leg_count : s.arm_count)++;
  if (s.leg_count == 0)
    return Error{"", "legs", "the creature has no legs, so it cannot walk (draw at least one leg)"};
  if (s.leg_count > kMaxLegs) return Error{"", "legs", "more than 8 legs"};
  if (!(clip.duration_s > 0.0) || !std::isfinite(clip.duration_s))
    return Error{"", "duration", "the motion clip has no duration"};
  for (int j = 0; j < 2; ++j)
    if (!(clip.body.legs[j].reach() > 0.0f))
      return Error{"", j == 0 ? "reference_body.left_leg" : "reference_body.right_leg",
                   "the motion's reference leg has zero length"};
  const int bones = rig.skeleton.size();
  for (const LimbChain& l : rig.limbs) {
    if (!(l.l1 >= 0.0f && l.l2 >= 0.0f && std::isfinite(l.l1 + l.l2)))
      return Error{"", "limbs", "a limb has an invalid length"};
    for (int b : l.bones)
      if (b >= bones) return Error{"", "limbs", "a limb names a bone the skeleton does not have"};
  }

  s.cycle_s = clip.duration_s;
  s.loop = clip.loop;
  s.root_velocity_ms = clip.loop ? clip.cycle_offset_ms / static_cast<float>(clip.duration_s) : glm::vec3(0.0f);
  s.reference_leg_length_m = clip.body.mean_leg_length();
  float sum = 0.0f;
  for (const LimbChain& l : rig.limbs)
    if (l.tag == PartTag::kLeg) sum += l.l1 + l.l2;
  s.creature_leg_length_m = sum / static_cast<float>(s.leg_count);
  s.s = s.creature_leg_length_m / s.reference_leg_length_m;

  // Matching by side and front-to-back order (largest root z first, file order on ties).
  s.limbs.resize(n);
  for (int i = 0; i < n; ++i) {
    const LimbChain& l = rig.limbs[i];
    LimbSetup& ls = s.limbs[i];
    ls.tag = l.tag;
    ls.length_m = l.l1 + l.l2;
    ls.offset_ms = glm::vec3(l.nodes[0].x, 0.0f, l.nodes[0].z);
    int rank = 0;
    for (int k = 0; k < n; ++k) {
      const LimbChain& o = rig.limbs[k];
      if (k == i || o.tag != l.tag || o.side != l.side) continue;
      if (o.nodes[0].z > l.nodes[0].z || (o.nodes[0].z == l.nodes[0].z && k < i)) ++rank;
    }
    ls.order = rank;
    // Left and right limbs read their own side; centre limbs alternate front to back.
    ls.ref_side = l.side == Side::kLeft ? 0 : l.side == Side::kRight ? 1 : rank % 2;
    const bool leg = l.tag == PartTag::kLeg;
    ls.ref_part = leg ? (ls.ref_side == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg)
                      : (ls.ref_side == 0 ? MotionPart::kLeftArm : MotionPart::kRightArm);
    float ref_reach = leg ? clip.body.legs[ls.ref_side].reach() : clip.body.arms[ls.ref_side].reach();
    ls.scale = ref_reach > 0.0f ? ls.length_m / ref_reach : s.s;
    // Alternate down each side: neighbours half a cycle apart (biped alternates through the
    // clip's own left/right, quadruped trots, hexapod alternating tripods, octopod tetrapods).
    ls.phase = leg && l.side != Side::kCenter ? 0.5f * static_cast<float>(rank % 2) : 0.0f;
  }

  for (int j = 0; j < 2; ++j) tabulate_gait(clip, j, &s.ref_legs[j]);

  // Rest pose of the clip: cycle mean in place (loops) or the first frame.
  MotionPose p;
  const int samples = clip.loop ? kSetupSamples : 1;
  glm::dvec3 waist(0.0), hips[2] = {glm::dvec3(0.0), glm::dvec3(0.0)};
  glm::vec3 chest(0.0f), head(0.0f);
  for (int i = 0; i < samples; ++i) {
    double t = clip.duration_s * i / kSetupSamples;
    sample_clip(clip, t, &p);
    glm::vec3 back = s.root_velocity_ms * static_cast<float>(t);
    waist += glm::dvec3(p[MotionPart::kWaist].reference - back);
    hips[0] += glm::dvec3(p[MotionPart::kLeftLeg].reference - back);
    hips[1] += glm::dvec3(p[MotionPart::kRightLeg].reference - back);
    chest += unit_or(p[MotionPart::kChest].control - p[MotionPart::kChest].reference, glm::vec3(0, 1, 0));
    head += unit_or(p[MotionPart::kHead].control - p[MotionPart::kHead].reference, glm::vec3(0, 1, 0));
  }
  s.waist_rest_ms = glm::vec3(waist / static_cast<double>(samples));
  for (int j = 0; j < 2; ++j) {
    glm::vec3 hip(hips[j] / static_cast<double>(samples));
    s.ref_legs[j].ground_ms = glm::vec3(hip.x, 0.0f, hip.z);
  }
  s.chest_rest_dir = unit_or(chest, glm::vec3(0, 1, 0));
  s.head_rest_dir = unit_or(head, glm::vec3(0, 1, 0));
  float bob = 0.0f;
  for (int i = 0; i < kSetupSamples; ++i) {
    double t = clip.duration_s * i / kSetupSamples;
    sample_clip(clip, t, &p);
    glm::vec3 w = p[MotionPart::kWaist].reference - s.root_velocity_ms * static_cast<float>(t);
    if (clip.loop) bob = std::max(bob, s.s * (w.y - s.waist_rest_ms.y));
  }
  s.max_bob_up_m = bob;

  // Crouch so that every leg keeps some bend at the body's highest point, then the planted foot's
  // usable horizontal reach per leg.
  float crouch = 0.0f;
  for (int i = 0; i < n; ++i) {
    if (s.limbs[i].tag != PartTag::kLeg) continue;
    crouch = std::max(crouch, rig.limbs[i].nodes[0].y + bob - kMaxHeightRatio * s.limbs[i].length_m);
  }
  s.crouch_m = std::min(crouch, kMaxCrouchShare * std::max(0.0f, rig.cog.y));
  s.stand_cog_height_m = rig.cog.y - s.crouch_m;
  for (int i = 0; i < n; ++i) {
    LimbSetup& ls = s.limbs[i];
    if (ls.tag != PartTag::kLeg) continue;
    const LimbChain& l = rig.limbs[i];
    const float h = l.nodes[0].y - s.crouch_m + bob;
    const float r = kUsableReach * ls.length_m;
    const float around = std::sqrt(std::max(0.0f, r * r - h * h));  // reach circle on the ground
    // Foothold: where the drawn foot stands sideways, pulled in until a step of kMinStepShare x 'around'
    // in any direction stays within reach.
    // Sideways only: a foot drawn ahead of or behind its root would eat into the stride.
    glm::vec3 spread(l.nodes[2].x - l.nodes[0].x, 0.0f, 0.0f);
    const float max_spread = (1.0f - kMinStepShare) * around;
    const float e = glm::length(spread);
    if (e > max_spread) spread *= max_spread / e;
    ls.foothold_ms = ls.offset_ms + spread;
    ls.stance_reach_m = around - glm::length(spread);
  }
  return s;
}

}  // namespace cf
