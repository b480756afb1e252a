#include "retarget/emote.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtx/quaternion.hpp>

#include "core/hash.h"
#include "core/tick.h"
#include "math/angles.h"
#include "math/geometry.h"
#include "retarget/bone_frames.h"
#include "retarget/ik.h"
#include "retarget/jump.h"
#include "core/json.h"

namespace cf {

namespace {

constexpr double kHeldMeasure_s = 3.0;  // a held motion's fit is measured over this much of its hold
constexpr float kLoweredFleshMargin_m = 0.03f;  // a lowered or rearing body keeps its flesh this far up
constexpr float kSinkTolerance_m = 0.004f;
constexpr float kLegMargin_m = 0.05f;
constexpr float kDeg = 0.01745329252f;
constexpr float kKneeClear_m = 0.005f;      // a knee turned off the ground keeps its flesh this far up
constexpr float kKneeSideways_rad = 1.55f;  // ... turning no further round than this from its pole
const glm::vec3 kLeft(1.0f, 0.0f, 0.0f);
constexpr float kStepForward = 0.25f;  // a foot stepping on the spot swings this far forward per metre it rises

float envelope(double t, double d, double rise) {
  const double u = std::clamp(std::min(t / rise, (d - t) / rise), 0.0, 1.0);
  return static_cast<float>(u * u * (3.0 - 2.0 * u));
}

// Bone classes as a mask, for turning parts of the body.
constexpr unsigned bit(BoneClass c) { return 1u << static_cast<unsigned>(c); }
constexpr unsigned kTailBones = bit(BoneClass::kTail);
constexpr unsigned kHeadBones = bit(BoneClass::kHead);
constexpr unsigned kFrontBones = bit(BoneClass::kCog) | bit(BoneClass::kTorso) | bit(BoneClass::kHead) |
                                 bit(BoneClass::kArm);

// Turns the bones of the classes in 'mask' rigidly by q about 'pivot' (model space); with front_only, only
// those whose head is at or in front of the pivot (model z: a legless body's front half).
void turn_bones(const Rig& rig, unsigned mask, const glm::vec3& pivot, const glm::quat& q, CreaturePose* out,
                bool front_only = false) {
  const Skeleton& sk = rig.skeleton;
  const glm::mat3 r = glm::mat3_cast(q);
  for (int b = 0; b < sk.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    if (!(mask & bit(sk.classes[i])) || (front_only && out->head_ms[i].z < pivot.z - 1e-5f)) continue;
    out->head_ms[i] = pivot + q * (out->head_ms[i] - pivot);
    out->tail_ms[i] = pivot + q * (out->tail_ms[i] - pivot);
    out->rotation_ms[i] = q * out->rotation_ms[i];
    glm::mat4 m(r * glm::mat3(out->bone_ms[i]));
    m[3] = glm::vec4(out->head_ms[i], 1.0f);
    out->bone_ms[i] = m;
  }
}

glm::vec3 first_head(const Rig& rig, const std::vector<int>& bones, const CreaturePose& pose) {
  return bones.empty() ? rig.cog : pose.head_ms[static_cast<std::size_t>(bones.front())];
}

// The greeting's nod (degrees forward) and the tail's wag (degrees to the left) at clip time t.
float nod_deg(double t) { return t > 0.3 && t < 1.9 ? 15.0f * static_cast<float>(std::max(0.0, std::sin(2 * kPiD * (t - 0.3) / 0.8))) : 0.0f; }
float wag_deg(double t, double d) { return 28.0f * envelope(t, d, 0.3) * static_cast<float>(std::sin(2 * kPiD * 2.5 * t)); }

void wag_tail(const Rig& rig, double t, double d, float w, CreaturePose* out) { turn_tail(rig, w * wag_deg(t, d), out); }

}  // namespace

void turn_tail(const Rig& rig, float yaw_deg, CreaturePose* out) {
  if (rig.tail_bones.empty() || !out) return;
  turn_bones(rig, kTailBones, first_head(rig, rig.tail_bones, *out), glm::angleAxis(yaw_deg * kDeg, kWorldUp), out);
}

void turn_head(const Rig& rig, float yaw_rad, CreaturePose* out, float pitch_rad) {
  if (rig.head_bones.empty() || !out) return;
  const glm::quat q = glm::angleAxis(yaw_rad, kWorldUp) * glm::angleAxis(pitch_rad, kLeft);
  turn_bones(rig, kHeadBones, first_head(rig, rig.head_bones, *out), q, out);
}

namespace {

glm::vec3 unit_dir(const glm::vec3& v, const glm::vec3& fallback) {
  const float l = glm::length(v);
  return l > 1e-6f && std::isfinite(l) ? v / l : fallback;
}

// A capture of a legless source on a legless body (EmoteMotion::captured_torso), at clip time t, share w.
void pose_captured_torso(const EmoteMotion& em, const Rig& rig, double t, float w, CreaturePose* out) {
  MotionPose p;
  sample_clip(em.clip, t, &p);
  const glm::quat id(1.0f, 0.0f, 0.0f, 0.0f);
  const glm::vec3 chest = unit_dir(p[MotionPart::kChest].control - p[MotionPart::kChest].reference, em.chest_rest_dir);
  const glm::vec3 head = unit_dir(p[MotionPart::kHead].control - p[MotionPart::kHead].reference, em.head_rest_dir);
  const glm::quat qc = glm::rotation(em.chest_rest_dir, chest);
  const glm::quat qh = glm::rotation(em.head_rest_dir, head) * glm::conjugate(qc);
  const glm::quat qw = glm::normalize(p.waist_orientation * glm::conjugate(em.waist_rest));
  // The whole body by the waist's turn about its centre, the front half by the chest's swing about the
  // spine's middle joint, the head by what its swing adds.
  const auto lowest = [&] {
    float y = 1e9f;
    for (int b = 0; b < rig.skeleton.size(); ++b) {
      const auto i = static_cast<std::size_t>(b);
      y = std::min(y, std::min(out->head_ms[i].y, out->tail_ms[i].y) - rig.skeleton.radius[i]);
    }
    return y;
  };
  const float resting = lowest();
  turn_bones(rig, ~0u, rig.cog, glm::slerp(id, qw, w), out);
  const std::vector<int>& spine = rig.spine_bones;
  const glm::vec3 middle = spine.empty() ? rig.cog : out->head_ms[static_cast<std::size_t>(spine[spine.size() / 2])];
  turn_bones(rig, kFrontBones | kHeadBones, middle, glm::slerp(id, qc, w), out, true);
  turn_bones(rig, kHeadBones, first_head(rig, rig.head_bones, *out), glm::slerp(id, qh, w), out);
  // A part turned into the ground lifts the body instead: it rests on its lowest flesh, as it lay.
  const float sink = resting - lowest();
  if (sink > 0.0f)
    for (int b = 0; b < rig.skeleton.size(); ++b) {
      const auto i = static_cast<std::size_t>(b);
      out->head_ms[i].y += sink;
      out->tail_ms[i].y += sink;
      out->bone_ms[i][3].y += sink;
    }
}

// A legless body: its bind pose (placed) shaped by the motion in model space.
void pose_legless(const EmoteMotion& em, const Rig& rig, double t, float w, CreaturePose* out) {
  const Skeleton& sk = rig.skeleton;
  for (int b = 0; b < sk.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    out->head_ms[i] = sk.head_ms[i];
    out->tail_ms[i] = sk.tail_ms[i];
    out->rotation_ms[i] = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
    out->bone_ms[i] = out->bind_ms[i];
  }
  out->cog_ms = rig.cog;
  const double d = em.clip.duration_s;
  const glm::vec3 rear = first_head(rig, rig.spine_bones, *out);
  switch (em.captured_torso ? EmoteVariant::kNone : em.variant) {
    case EmoteVariant::kNone:
      pose_captured_torso(em, rig, t, w, out);
      break;
    case EmoteVariant::kLowerTorso:
      turn_bones(rig, kFrontBones, rear, glm::angleAxis(w * 18.0f * kDeg, kLeft), out);
      turn_bones(rig, kHeadBones, first_head(rig, rig.head_bones, *out), glm::angleAxis(w * 15.0f * kDeg, kLeft), out);
      break;
    case EmoteVariant::kNodWag:
      turn_bones(rig, kHeadBones, first_head(rig, rig.head_bones, *out), glm::angleAxis(w * nod_deg(t) * kDeg, kLeft),
                 out);
      wag_tail(rig, t, d, w, out);
      break;
    case EmoteVariant::kRearHead:
    case EmoteVariant::kRearFront: {
      const float e = w * envelope(t, d, 0.35);
      turn_bones(rig, kFrontBones, rear, glm::angleAxis(-18.0f * e * kDeg, kLeft), out);
      turn_bones(rig, kHeadBones, first_head(rig, rig.head_bones, *out), glm::angleAxis(-20.0f * e * kDeg, kLeft), out);
      break;
    }
    case EmoteVariant::kBobSway: {
      const float e = w * envelope(t, d, 0.5);
      const float bob = 0.5f * (1.0f - static_cast<float>(std::cos(2 * kPiD * 2 * t)));
      const float sway = static_cast<float>(std::sin(2 * kPiD * t));
      turn_bones(rig, ~0u, rig.cog, glm::angleAxis(9.0f * sway * e * kDeg, kWorldUp), out);
      for (int b = 0; b < sk.size(); ++b) {
        const auto i = static_cast<std::size_t>(b);
        out->head_ms[i].y += 0.04f * bob * e;
        out->tail_ms[i].y += 0.04f * bob * e;
        out->bone_ms[i][3].y += 0.04f * bob * e;
      }
      break;
    }
    default: break;
  }
  const glm::mat4& m2w = out->model_to_world;
  for (int b = 0; b < sk.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    out->head_ws[i] = glm::vec3(m2w * glm::vec4(out->head_ms[i], 1.0f));
    out->tail_ws[i] = glm::vec3(m2w * glm::vec4(out->tail_ms[i], 1.0f));
  }
  out->cog_ws = glm::vec3(m2w * glm::vec4(out->cog_ms, 1.0f));
}

// The lifted foreleg's ankle offset from its foothold (model space) at clip time t.
glm::vec3 foreleg_lift(const EmoteMotion& em, std::size_t limb, double t, float reach) {
  const float len = em.setup.limbs[limb].length_m;
  const double d = em.clip.duration_s;
  const float e = envelope(t, d, 0.45);
  // The wave fades in to its first crest and out over the last quarter wave before the foot comes
  // down (cut off where it stood, a long leg's foot dropped 10 cm or more in a tick).
  constexpr double kQuarter = 0.25 / 1.6;
  const double in = std::clamp((t - 0.45) / kQuarter, 0.0, 1.0), out = std::clamp((d - 0.45 - t) / kQuarter, 0.0, 1.0);
  const double fade = std::min(in * in * (3.0 - 2.0 * in), out * out * (3.0 - 2.0 * out));
  const float wave = t > 0.45 && t < d - 0.45 ? static_cast<float>(fade * std::sin(2 * kPiD * 1.6 * (t - 0.45))) : 0.0f;
  return e * len * glm::vec3(0.0f, 0.32f + 0.06f * wave, 0.28f * reach);
}

// Lowest flesh of the parts that must stay off the ground (body, head, tail, arms, thighs, knees),
// world y, for the pose.
float lowest_flesh(const Rig& rig, const CreaturePose& pose) {
  const Skeleton& sk = rig.skeleton;
  float lowest = 1e9f;
  for (int b = 0; b < sk.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    const int limb = pose.bone_limb[i];
    float y = std::min(pose.head_ws[i].y, pose.tail_ws[i].y);
    if (limb >= 0 && rig.limbs[static_cast<std::size_t>(limb)].tag == PartTag::kLeg) {
      const LimbChain& l = rig.limbs[static_cast<std::size_t>(limb)];
      // Legs keep more room: in play their feet stand where the walk left them, not under the hips.
      if (b == l.bones[0]) y = std::min(pose.head_ws[i].y, pose.tail_ws[i].y) - kLegMargin_m;
      else if (b == l.bones[1]) y = pose.head_ws[i].y - kLegMargin_m;
      else continue;
    }
    lowest = std::min(lowest, y - sk.radius[i]);
  }
  return lowest;
}

// What a share w of the motion does to the body over the whole motion: its lowest flesh, and
// whether every planted leg still reaches its foot.
struct Reach {
  float lowest_m = 1e9f;
  int unreached = 0;  // planted leg-samples out of the IK's reach
};
Reach over_motion(const EmoteMotion& em, const Rig& rig, const WalkerState* walker, float w, CreaturePose* pose,
                  const CreaturePose& bind_placed) {
  const double held_s = em.hold_s > 0.0 ? em.hold_s : kHeldMeasure_s;
  const int ticks = em.ticks > 0 ? em.ticks : static_cast<int>(held_s / kTick_s);
  Reach r;
  for (int k = 0; k <= ticks; k += 2) {
    if (em.legless) *pose = bind_placed;
    if (!pose_emote(em, rig, walker, emote_clip_time(em, k), w, pose)) return Reach{-1e9f, 1 << 20};
    r.lowest_m = std::min(r.lowest_m, lowest_flesh(rig, *pose));
    for (std::size_t l = 0; l < rig.limbs.size(); ++l)
      if (rig.limbs[l].tag == PartTag::kLeg && pose->limbs[l].contact && !pose->limbs[l].reached) ++r.unreached;
  }
  return r;
}

// The clip limb's end height at n times over [from, from + length), after 'shift' cycles.
void limb_heights(const MotionClip& clip, MotionPart part, double from_s, double length_s, float shift, int n,
                  float* out) {
  MotionPose p;
  for (int i = 0; i < n; ++i) {
    double u = static_cast<double>(i) / n + shift;
    u -= std::floor(u);
    const double t = from_s + length_s * u;
    sample_clip(clip, t, &p);
    // A loop's absolute channels climb by the cycle's offset: its rise taken out.
    const double cycles = clip.loop && clip.duration_s > 0.0 ? t / clip.duration_s : 0.0;
    out[i] = p[part].control.y - static_cast<float>(cycles) * clip.cycle_offset_ms.y;
  }
}

constexpr float kStepMinRange = 0.06f;  // a gait's feet rise at least this share of the clip's leg to step
constexpr float kStepMaxRange = 0.8f;   // ... and at most this share: higher is a leap
constexpr float kStepMaxLift = 0.4f;    // a stepping foot rises at most this share of the rig's leg
constexpr float kStanceShare = 0.25f;   // the lowest share of a captured foot's rise is its stance

// The legs' steps of a held loop (a gait played in place) (EmoteMotion::steps): each rig leg follows the clip
// limb on its side and at its place front to back. With forelegs in the clip the front pair follows
// them and the hind pair the hind legs; pairs between alternate when the clip's fore and hind legs on a
// side are near half a cycle apart (a spider's tetrapods, a tripod from a trot) and take a phase between
// theirs otherwise. Without forelegs every pair reads the hind legs, alternating as the walk does.
void plan_steps(const Rig& rig, EmoteMotion* em) {
  const MotionClip& clip = em->clip;
  em->loop_from_s = em->hold_from_s;
  em->loop_s = em->hold_s;
  const MotionPart legs[2] = {MotionPart::kLeftLeg, MotionPart::kRightLeg};
  const MotionPart arms[2] = {MotionPart::kLeftArm, MotionPart::kRightArm};
  LiftWave hind[2], fore[2];
  float rise = 0.0f;
  for (int s = 0; s < 2; ++s) {
    hind[s] = lift_wave(clip, legs[s], em->loop_from_s, em->loop_s);
    fore[s] = lift_wave(clip, arms[s], em->loop_from_s, em->loop_s);
    rise = std::max(rise, hind[s].range_m / std::max(1e-6f, clip.body.legs[static_cast<std::size_t>(s)].reach()));
  }
  // Feet carried higher than the leg is long are a leap's (the fox's or spider's jump): the body flies,
  // which a body held on the spot cannot, so its feet stay planted.
  if (!(rise >= kStepMinRange) || rise > kStepMaxRange) return;
  const bool forelegs = arms_are_forelegs(clip);
  int per_side[3] = {0, 0, 0};
  for (const LimbChain& l : rig.limbs)
    if (l.tag == PartTag::kLeg) ++per_side[static_cast<int>(l.side)];
  std::array<float, kStepSamples> y{};
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& l = rig.limbs[i];
    const LimbSetup& ls = em->setup.limbs[i];
    if (l.tag != PartTag::kLeg) continue;
    LegStep st;
    st.limb = static_cast<int>(i);
    const int s = ls.ref_side, r = ls.order, n = per_side[static_cast<int>(l.side)];
    st.part = legs[s];
    st.shift = ls.phase;
    if (forelegs && l.side != Side::kCenter && n >= 2) {
      float gap = hind[s].phase - fore[s].phase;
      gap -= std::round(gap);
      st.shift = 0.0f;
      if (std::fabs(gap) >= 0.375f) {
        st.part = r % 2 == 0 ? arms[s] : legs[s];
      } else {
        const float u = static_cast<float>(r) / static_cast<float>(n - 1);
        const bool front = u < 0.5f;
        st.part = front ? arms[s] : legs[s];
        const float want = fore[s].phase + u * gap;
        st.shift = (front ? fore[s].phase : hind[s].phase) - want;
      }
    }
    const bool arm = st.part == MotionPart::kLeftArm || st.part == MotionPart::kRightArm;
    const LimbLengths& ref = arm ? clip.body.arms[static_cast<std::size_t>(s)] : clip.body.legs[static_cast<std::size_t>(s)];
    const float scale = ref.reach() > 0.0f ? ls.length_m / ref.reach() : em->setup.s;
    limb_heights(clip, st.part, em->loop_from_s, em->loop_s, st.shift, kStepSamples, y.data());
    // The lowest share of the foot's rise is its stance: a hand-keyed foot glides near the ground
    // where a real one stands, so that stretch is planted (still) and the rest keeps its peak.
    const float lo = *std::min_element(y.begin(), y.end()), hi = *std::max_element(y.begin(), y.end());
    const float stand = lo + kStanceShare * (hi - lo), gain = hi > stand ? (hi - lo) / (hi - stand) : 0.0f;
    for (int k = 0; k < kStepSamples; ++k)
      st.lift_m[static_cast<std::size_t>(k)] = std::clamp(scale * gain * (y[static_cast<std::size_t>(k)] - stand), 0.0f,
                                                          kStepMaxLift * ls.length_m);
    em->steps.push_back(st);
  }
}

// A stepping leg's lift at clip time t (weight 1).
float step_lift(const EmoteMotion& em, const LegStep& st, double t) {
  double u = (t - em.loop_from_s) / em.loop_s;
  u = (u - std::floor(u)) * kStepSamples;
  const int k = std::min(kStepSamples - 1, static_cast<int>(u));
  const float f = static_cast<float>(u - k);
  const auto a = static_cast<std::size_t>(k), b = static_cast<std::size_t>((k + 1) % kStepSamples);
  return st.lift_m[a] + f * (st.lift_m[b] - st.lift_m[a]);
}

}  // namespace

LiftWave lift_wave(const MotionClip& clip, MotionPart part, double from_s, double length_s) {
  LiftWave w;
  if (!(length_s > 0.0) || !std::isfinite(from_s + length_s)) return w;
  constexpr int kN = 64;
  float y[kN];
  limb_heights(clip, part, from_s, length_s, 0.0f, kN, y);
  const float lo = *std::min_element(y, y + kN), hi = *std::max_element(y, y + kN);
  double c = 0.0, sn = 0.0;
  for (int i = 0; i < kN; ++i) {
    c += (y[i] - lo) * std::cos(2 * kPiD * i / kN);
    sn += (y[i] - lo) * std::sin(2 * kPiD * i / kN);
  }
  const double ph = std::atan2(sn, c) / (2 * kPiD);
  w.phase = static_cast<float>(ph - std::floor(ph));
  w.range_m = hi - lo;
  return w;
}

bool arms_are_forelegs(const MotionClip& clip) {
  bool plants = false;
  for (const StepChannel& c : clip.hand_contact)
    for (float v : c.values) plants = plants || v > 0.5f;
  const float reach = std::min(clip.body.arms[0].reach(), clip.body.arms[1].reach());
  return plants && reach > 0.0f && clip.body.shoulder_height <= 1.05f * reach;
}

void lift_knees(const Rig& rig, CreaturePose* pose, const Ground* ground) {
  const Skeleton& sk = rig.skeleton;
  const glm::mat4& m2w = pose->model_to_world;
  const glm::vec3 up_ms(m2w[0][1], m2w[1][1], m2w[2][1]);  // world y = dot(up_ms, p) + m2w[3][1]
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& l = rig.limbs[i];
    if (l.tag != PartTag::kLeg) continue;
    const auto b0 = static_cast<std::size_t>(l.bones[0]), b1 = static_cast<std::size_t>(l.bones[1]);
    const glm::vec3 a = pose->head_ms[b0], knee = pose->tail_ms[b0], c = pose->tail_ms[b1];
    // Clear when dot(up_ms, knee) >= want.
    const glm::vec3 knee_ws = glm::vec3(m2w * glm::vec4(knee, 1.0f));
    const float ground_y = ground ? ground->at(knee_ws.x, knee_ws.z).y : 0.0f;
    const float want = std::max(sk.radius[b0], sk.radius[b1]) + kKneeClear_m + ground_y - m2w[3][1];
    if (!(glm::dot(up_ms, knee) < want)) continue;
    const glm::vec3 axis = c - a;
    const float alen = glm::length(axis);
    if (!(alen > 1e-6f)) continue;
    const glm::vec3 u = axis / alen;
    const glm::vec3 m = a + u * glm::dot(knee - a, u);
    const glm::vec3 radial = knee - m;
    const float h = glm::length(radial);
    if (!(h > 1e-5f)) continue;
    const glm::vec3 e1 = radial / h, e2 = glm::cross(u, e1);
    // Height along the circle: dot(up_ms, m) + h * big_r * cos(phi - top).
    const float n1 = glm::dot(up_ms, e1), n2 = glm::dot(up_ms, e2);
    const float big_r = std::sqrt(n1 * n1 + n2 * n2);
    if (!(big_r > 1e-6f)) continue;
    const float top = std::atan2(n2, n1);
    const float k = (want - glm::dot(up_ms, m)) / (h * big_r);
    const float half = k <= 1.0f ? std::acos(std::clamp(k, -1.0f, 1.0f)) : 0.0f;
    const float to_top = std::remainder(top, 2.0f * static_cast<float>(kPiD));
    // The clear arc's near end (its top when none clears).
    float turn = to_top - (to_top >= 0.0f ? half : -half);
    // The bend keeps to its pole's side of the hip->ankle line.
    const glm::vec3 pole = pose->limbs[i].pole_ms - u * glm::dot(pose->limbs[i].pole_ms, u);
    if (glm::length(pole) > 1e-6f) {
      const float from_pole = std::atan2(glm::dot(pole, e2), glm::dot(pole, e1));  // the pole, as a turn
      turn = std::clamp(turn, std::min(0.0f, from_pole - kKneeSideways_rad),
                        std::max(0.0f, from_pole + kKneeSideways_rad));
    }
    const glm::vec3 turned = m + h * (std::cos(turn) * e1 + std::sin(turn) * e2);
    write_limb_bones(rig, static_cast<int>(i),
                     LimbPoints{a, turned, c, pose->tail_ms[static_cast<std::size_t>(l.bones[2])]},
                     pose->limbs[i].pole_ms, &m2w, pose);
  }
}

const char* to_string(EmoteVariant v) {
  switch (v) {
    case EmoteVariant::kLowerBody: return "lower_body";
    case EmoteVariant::kLowerTorso: return "lower_torso";
    case EmoteVariant::kWaveArm: return "wave_arm";
    case EmoteVariant::kLiftForeleg: return "lift_foreleg";
    case EmoteVariant::kNodWag: return "nod_wag";
    case EmoteVariant::kRearHead: return "rear_head";
    case EmoteVariant::kRearFront: return "rear_front";
    case EmoteVariant::kBobSway: return "bob_sway";
    case EmoteVariant::kAsAuthored: return "as_authored";
    default: return "";
  }
}

EmoteVariant emote_style(const std::string& s) {
  for (int v = 1; v <= static_cast<int>(EmoteVariant::kAsAuthored); ++v)
    if (s == to_string(static_cast<EmoteVariant>(v))) return static_cast<EmoteVariant>(v);
  return EmoteVariant::kNone;
}

int choose_variant(const MotionDescription& d, const Rig& rig) {
  if (d.variants.empty()) return 0;
  int legs = 0, arms = 0;
  for (const LimbChain& l : rig.limbs) (l.tag == PartTag::kLeg ? legs : arms) += 1;
  for (std::size_t i = 0; i < d.variants.size(); ++i)
    if (d.variants[i].when.fits(legs, arms, !rig.head_bones.empty(), !rig.tail_bones.empty()))
      return static_cast<int>(i);
  return -1;
}

Result<EmoteMotion> prepare_emote(const Rig& rig, const MotionClip& clip, const RetargetSetup* walk) {
  EmoteMotion em;
  const MotionDescription& d = clip.description;
  em.variant_index = choose_variant(d, rig);
  if (em.variant_index < 0) return Error{"", "description.variants", "no variant fits this body"};
  em.variant = d.variants.empty() ? EmoteVariant::kAsAuthored
                                  : emote_style(d.variants[static_cast<std::size_t>(em.variant_index)].style);
  if (em.variant == EmoteVariant::kNone)
    return Error{"", "description.variants", "unknown style \"" + d.variants[static_cast<std::size_t>(em.variant_index)].style + "\""};
  em.held = d.kind == MotionKind::kHeldLoop || d.kind == MotionKind::kHeldPose;
  em.hold_from_s = d.kind == MotionKind::kHeldLoop ? d.hold_from_s : clip.duration_s;
  em.hold_s = d.kind == MotionKind::kHeldLoop ? d.hold_s : 0.0;
  em.ease_ticks = d.ease_ticks;
  em.clip = clip;
  em.legless = walk == nullptr;
  if (em.legless && !d.source.empty()) {
    // A legless body plays a capture's torso (the snake's: the only sets a legless body is offered).
    em.captured_torso = true;
    MotionPose p;
    glm::vec3 chest(0.0f), head(0.0f);
    glm::vec4 waist(0.0f);
    constexpr int kRestSamples = 32;
    for (int i = 0; i < kRestSamples; ++i) {
      sample_clip(clip, clip.duration_s * i / kRestSamples, &p);
      chest += unit_dir(p[MotionPart::kChest].control - p[MotionPart::kChest].reference, glm::vec3(0, 1, 0));
      head += unit_dir(p[MotionPart::kHead].control - p[MotionPart::kHead].reference, glm::vec3(0, 1, 0));
      glm::quat q = p.waist_orientation;
      if (i > 0 && glm::dot(glm::vec4(q.x, q.y, q.z, q.w), waist) < 0.0f) q = -q;  // one hemisphere
      waist += glm::vec4(q.x, q.y, q.z, q.w);
    }
    em.chest_rest_dir = unit_dir(chest, glm::vec3(0, 1, 0));
    em.head_rest_dir = unit_dir(head, glm::vec3(0, 1, 0));
    const float wl = glm::length(waist);
    em.waist_rest = wl > 1e-6f ? glm::quat(waist.w / wl, waist.x / wl, waist.y / wl, waist.z / wl) : glm::quat(1, 0, 0, 0);
  }
  StateHasher h;
  h.str(motion_to_json(clip).dump());
  em.clip_id = static_cast<std::uint32_t>(h.value() ^ (h.value() >> 32));
  if (!(clip.duration_s > 0.0)) return Error{"", "duration", "the clip has no length"};
  if (em.held && em.hold_from_s + em.hold_s > clip.duration_s + 1e-6)
    return Error{"", "description.hold", "the held loop runs past the clip's end"};
  em.ticks = em.held ? 0 : std::max(2, static_cast<int>(std::ceil(clip.duration_s / kTick_s)));
  if (rig.skeleton.size() == 0) return Error{"", "rig", "the creature has no bones"};
  WalkerState at;
  if (walk) {
    Result<RetargetSetup> setup = build_retarget_setup(rig, clip);
    if (!setup) return setup.error();
    em.setup = std::move(*setup);
    if (!adopt_walk_stance(*walk, &em.setup)) return Error{"", "limbs", "the walk does not fit this rig"};
    at = make_walker(*walk, rig, glm::vec3(0.0f), 0.0f);
    if (em.variant == EmoteVariant::kAsAuthored && clip.loop && em.held && em.hold_s > 0.0) plan_steps(rig, &em);
    if (em.variant == EmoteVariant::kLiftForeleg) {
      float front = -1e9f;
      for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
        const LimbChain& l = rig.limbs[i];
        if (l.tag != PartTag::kLeg) continue;
        const float z = l.nodes[0].z + (l.side == Side::kRight ? 1e-4f : 0.0f);  // right foreleg on a tie
        if (z > front) front = z, em.lift_leg = static_cast<int>(i);
      }
    }
  }
  // How much of the motion the body takes with its flesh above the ground.
  CreaturePose pose, bind;
  pose.resize(rig);
  bind.resize(rig);
  if (em.legless) {
    float lowest = 1e9f;
    for (int b = 0; b < rig.skeleton.size(); ++b) {
      const auto i = static_cast<std::size_t>(b);
      lowest = std::min(lowest, std::min(rig.skeleton.head_ms[i].y, rig.skeleton.tail_ms[i].y) - rig.skeleton.radius[i]);
    }
    bind.model_to_world = glm::translate(glm::mat4(1.0f), -kWorldUp * lowest);  // resting on the ground, as it stands
  }
  // Measured over two stands: the feet under the hips, and where a walk that stopped left them.
  WalkerState stopped = at;
  if (walk) {
    WalkCommand go;
    go.speed_mps = natural_speed(*walk);
    for (int t = 0; t < 200; ++t) step_walker(&stopped, t < 70 ? go : WalkCommand{}, *walk, rig, kTick_sf);
  }
  const WalkerState* stands[2] = {walk ? &at : nullptr, walk ? &stopped : nullptr};
  em.weight = 1.0f;  // pose_emote scales by it: measure the clip's own motion
  // Measured with every foot planted, as a body standing on the spot takes it; the steps come after.
  std::vector<LegStep> steps;
  steps.swap(em.steps);
  Reach rest[2];
  for (int k = 0; k < 2; ++k) rest[k] = over_motion(em, rig, stands[k], 0.0f, &pose, bind);
  auto fits = [&](float w) {
    for (int k = 0; k < 2; ++k) {
      const Reach r = over_motion(em, rig, stands[k], w, &pose, bind);
      const float allowed = std::min(rest[k].lowest_m, kLoweredFleshMargin_m) - kSinkTolerance_m;
      if (r.lowest_m < allowed || r.unreached > rest[k].unreached) return false;  // no leg stretched beyond standing
    }
    return true;
  };
  if (!fits(1.0f)) {
    float lo = 0.0f, hi = 1.0f;
    for (int i = 0; i < 10; ++i) {
      const float mid = 0.5f * (lo + hi);
      (fits(mid) ? lo : hi) = mid;
    }
    em.weight = lo;
  }
  em.steps.swap(steps);
  return em;
}

double emote_clip_time(const EmoteMotion& em, int tick) {
  const double t = std::max(0, tick) * kTick_s;
  if (em.held && em.hold_s > 0.0) return em.hold_from_s + std::fmod(t, em.hold_s);
  return std::min(t, em.clip.duration_s);
}

float emote_ease_weight(const EmoteMotion& em, int ease) {
  const float u = std::clamp(static_cast<float>(ease) / static_cast<float>(std::max(1, em.ease_ticks)), 0.0f, 1.0f);
  return u * u * (3.0f - 2.0f * u);
}

float emote_play_weight(const EmoteMotion& em, int tick) {
  const int e = em.ease_ticks;
  const int ease = em.ticks > 0 ? std::min({tick, e, em.ticks - tick}) : std::min(tick, e);
  return emote_ease_weight(em, ease);
}

double foreleg_lift_peak_s(const EmoteMotion& em) {
  const double peak = 0.45 + 0.25 / 1.6;  // the wave's first crest, after the lift has eased in
  return std::min(peak, 0.5 * em.clip.duration_s);
}

bool pose_emote(const EmoteMotion& em, const Rig& rig, const WalkerState* walker, double time_s, float w,
                CreaturePose* out, float lift_reach, const Ground* ground) {
  if (!out || !out->sized_for(rig) || !std::isfinite(time_s) || !std::isfinite(w) || !std::isfinite(lift_reach))
    return false;
  const float weight = std::clamp(w, 0.0f, 1.0f) * em.weight;
  if (em.legless) {
    pose_legless(em, rig, time_s, weight, out);
    return true;
  }
  if (!walker) return false;
  RetargetJob job;
  job.setup = &em.setup;
  job.rig = &rig;
  job.clip = &em.clip;
  job.time_s = time_s;
  job.model_to_world = walker_placement(*walker, rig);
  job.ground = ground;
  job.motion_weight = weight;
  // A travelling cycle (an imported gait held on the spot) plays in place, so its wrap never jumps back;
  // every other clip moves the body as authored.
  const bool travels = em.clip.loop && em.clip.cycle_offset_ms != glm::vec3(0.0f);
  job.root_motion = travels ? RootMotion::kInPlace : RootMotion::kFromClip;
  job.out = out;
  if (!retarget_targets(job)) return false;
  int k = 0;
  for (std::size_t i = 0; i < rig.limbs.size() && k < walker->leg_count; ++i) {
    if (em.setup.limbs[i].tag != PartTag::kLeg) continue;
    const FootState& foot = walker->feet[static_cast<std::size_t>(k++)];
    LimbPose& lp = out->limbs[i];
    lp.target_ms = to_frame_rigid(job.model_to_world, foot.plant_ws);
    lp.contact = true;
    if (static_cast<int>(i) == em.lift_leg) {
      const glm::vec3 lift = weight * foreleg_lift(em, i, time_s, std::clamp(lift_reach, -1.0f, 1.0f));
      lp.target_ms += lift;
      lp.contact = lift.y < 0.004f;
    }
  }
  for (const LegStep& st : em.steps) {
    const float lift = weight * step_lift(em, st, time_s);
    LimbPose& lp = out->limbs[static_cast<std::size_t>(st.limb)];
    lp.target_ms += glm::vec3(0.0f, lift, kStepForward * lift);
    lp.contact = lift < 0.004f;
  }
  if (em.variant == EmoteVariant::kNodWag) wag_tail(rig, time_s, em.clip.duration_s, weight, out);
  if (!retarget_solve(job)) return false;
  lift_knees(rig, out, ground);
  return true;
}

}  // namespace cf
