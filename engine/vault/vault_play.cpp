// Vault planning (lift over the fence, forward travel, hand plants) and per-tick posing.
#include "vault/vault_play.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

#include "math/angles.h"
#include "retarget/ik.h"

namespace cf {
namespace {

constexpr float kContactGap = 0.002f;  // a planted hand rests this far above the fence top, metres
constexpr int kSmoothTicks = 8;        // half width of the lift smoothing window

constexpr float kTightestKneeRad = 0.6f;  // about 35 degrees between thigh and shin

// Moves a leg's target out from its root to where the knee bends no tighter than kTightestKneeRad.
void keep_knee_bend(const LimbChain& l, LimbPose* lp) {
  const float nearest = std::sqrt(std::max(
      0.0f, l.l1 * l.l1 + l.l2 * l.l2 - 2.0f * l.l1 * l.l2 * std::cos(kTightestKneeRad)));
  const glm::vec3 d = lp->target_ms - lp->root_ms;
  const float len = glm::length(d);
  if (len >= nearest) return;
  const glm::vec3 dir = len > 1e-6f ? d / len : glm::vec3(0.0f, -1.0f, 0.0f);
  lp->target_ms = lp->root_ms + dir * nearest;
}

// Smoothstep of x in [0, 1].
float smooth01(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}

const MotionClip& chosen_clip(const VaultPlan& plan, const VaultMotion& vm) {
  return plan.decision.mirrored ? vm.mirrored : vm.clip;
}
const RetargetSetup& chosen_setup(const VaultPlan& plan, const VaultMotion& vm) {
  return plan.decision.mirrored ? vm.setup_mirrored : vm.setup;
}

double tick_time(const MotionClip& clip, int tick) { return std::min(tick * kVaultTick, clip.duration_s); }

glm::mat4 tick_placement(const VaultPlan& plan, int tick) {
  const std::size_t k = static_cast<std::size_t>(tick);
  float lift = k < plan.lift_m.size() ? plan.lift_m[k] : 0.0f;
  float fwd = k < plan.forward_m.size() ? plan.forward_m[k] : 0.0f;
  return plan.decision.place.model_to_world * glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, lift, fwd));
}

float limb_radius(const Rig& rig, const LimbChain& l) {
  float r = 0.0f;
  for (int b : l.bones)
    if (b >= 0 && b < rig.skeleton.size()) r = std::max(r, rig.skeleton.radius[b]);
  return r;
}

// The wall surface a point faces: the virtual plane, else the nearest vertical box face pushed out
// past the pipes on that side. World space; positive side is outside the wall.
Plane wall_face(const Wall& w, const glm::vec3& p_ws) {
  if (w.has_virtual_plane) return Plane::from_point_normal(w.plane_point, w.plane_normal);
  const Box& b = w.box;
  glm::vec3 l = b.to_local(p_ws);
  float ex = std::fabs(l.x) - b.half_extents.x, ez = std::fabs(l.z) - b.half_extents.z;
  glm::vec3 n = ex >= ez ? b.axis_x() * (l.x >= 0.0f ? 1.0f : -1.0f) : b.axis_z() * (l.z >= 0.0f ? 1.0f : -1.0f);
  float out = ex >= ez ? b.half_extents.x : b.half_extents.z;
  for (const Pipe& p : w.pipes) {
    out = std::max(out, glm::dot(p.a - b.centre, n) + p.radius);
    out = std::max(out, glm::dot(p.b - b.centre, n) + p.radius);
  }
  return Plane::from_point_normal(b.centre + n * out, n);
}

Plane to_model(const Plane& p_ws, const glm::mat4& m2w) {
  glm::mat4 w2m = glm::inverse(m2w);
  glm::vec3 point = glm::vec3(w2m * glm::vec4(p_ws.n * p_ws.d, 1.0f));
  glm::vec3 n = glm::normalize(glm::vec3(w2m * glm::vec4(p_ws.n, 0.0f)));
  return Plane::from_point_normal(point, n);
}

// True when the limb's capsules and the wall (box and pipes) are more than a millimetre apart along some
// world axis: then every penetration below is exactly 0 (the margin keeps rounding in the exact tests
// from ever seeing a touch). Planning a vault runs this for every limb, wall and tick of the vault.
bool limb_far_from_wall(const Rig& rig, const LimbChain& l, const CreaturePose& pose, const Wall& w) {
  constexpr float kMargin = 1e-3f;
  glm::vec3 lo(1e30f), hi(-1e30f);
  for (int b : l.bones) {
    if (b < 0 || b >= rig.skeleton.size()) continue;
    const glm::vec3 r(rig.skeleton.radius[b]);
    lo = glm::min(lo, glm::min(pose.head_ws[b], pose.tail_ws[b]) - r);
    hi = glm::max(hi, glm::max(pose.head_ws[b], pose.tail_ws[b]) + r);
  }
  const Box& box = w.box;
  const glm::vec3 ax = box.axis_x(), az = box.axis_z(), he = box.half_extents;
  const glm::vec3 ext(std::fabs(ax.x) * he.x + std::fabs(az.x) * he.z, he.y,
                      std::fabs(ax.z) * he.x + std::fabs(az.z) * he.z);
  glm::vec3 wlo = box.centre - ext, whi = box.centre + ext;
  for (const Pipe& p : w.pipes) {
    wlo = glm::min(wlo, glm::min(p.a, p.b) - glm::vec3(p.radius));
    whi = glm::max(whi, glm::max(p.a, p.b) + glm::vec3(p.radius));
  }
  for (int k = 0; k < 3; ++k) {
    if (hi[k] + kMargin < wlo[k] || lo[k] - kMargin > whi[k]) return true;
  }
  return false;
}

// Penetration of one limb's bones into one wall.
float limb_wall_depth(const Rig& rig, const LimbChain& l, const CreaturePose& pose, const Wall& w) {
  if (limb_far_from_wall(rig, l, pose, w)) return 0.0f;
  float depth = 0.0f;
  for (int b : l.bones) {
    if (b < 0 || b >= rig.skeleton.size()) continue;
    Capsule c{pose.head_ws[b], pose.tail_ws[b], rig.skeleton.radius[b]};
    depth = std::max(depth, penetration_capsule_box(c, w.box));
    for (const Pipe& p : w.pipes) depth = std::max(depth, penetration_capsule_pipe(c, p));
  }
  return depth;
}

// Re-solves limb i with its joint kept in front of the plane and writes its bones.
void resolve_limb_clamped(const Rig& rig, int i, const Plane& plane_ms, float margin, const glm::mat4& m2w,
                          CreaturePose* pose) {
  const LimbChain& l = rig.limbs[static_cast<std::size_t>(i)];
  LimbPose& lp = pose->limbs[static_cast<std::size_t>(i)];
  TwoBoneIk job;
  job.root = lp.root_ms;
  job.target = lp.target_ms;
  job.pole = lp.pole_ms;
  job.l1 = l.l1;
  job.l2 = l.l2;
  ClampedSolve s = solve_two_bone_clamped(job, plane_ms, margin);
  const int cd = l.bones[2];
  glm::vec3 end = cd >= 0 ? pose->tail_ms[cd] - pose->head_ms[cd] : glm::vec3(0.0f);
  const glm::vec3 a = s.chain.root, b = s.chain.joint, c = s.chain.tip;
  glm::vec3 d = c + end;
  if (plane_ms.signed_distance(d) < margin) d += plane_ms.n * (margin - plane_ms.signed_distance(d));
  write_limb_bones(rig, i, LimbPoints{a, b, c, d}, lp.pole_ms, &m2w, pose);
  lp.target_ms = s.target;
  lp.target_ws = glm::vec3(m2w * glm::vec4(s.target, 1.0f));
  lp.reached = s.chain.reached;
  lp.ik_error_m = s.chain.error;
}

// The face of a box (four sides and the top) that best separates a limb's root and target from it:
// the plane maximizing the smaller signed distance of the two. World space.
Plane separating_face(const Box& b, const glm::vec3& root_ws, const glm::vec3& target_ws, float* clearance) {
  Plane best;
  *clearance = -1e30f;
  const glm::vec3 normals[5] = {b.axis_x(), -b.axis_x(), b.axis_z(), -b.axis_z(), glm::vec3(0.0f, 1.0f, 0.0f)};
  const float extents[5] = {b.half_extents.x, b.half_extents.x, b.half_extents.z, b.half_extents.z, b.half_extents.y};
  for (int f = 0; f < 5; ++f) {
    Plane p = Plane::from_point_normal(b.centre + normals[f] * extents[f], normals[f]);
    float c = std::min(p.signed_distance(root_ws), p.signed_distance(target_ws));
    if (c > *clearance) *clearance = c, best = p;
  }
  return best;
}

// A knee or elbow turned about its limb's root->tip line (the foot or hand stays put): how far keeps
// both of its bones out of the vaulted fence and clear of the walls.
class LimbTurn {
 public:
  static constexpr int kSteps = 48;  // per half turn; refined by bisection

  LimbTurn(const Rig& rig, int limb, const Box& fence, const Level& level, const glm::mat4& m2w,
           const CreaturePose& pose)
      : rig_(rig), l_(rig.limbs[static_cast<std::size_t>(limb)]), fence_(fence), m2w_(m2w) {
    a_ = pose.head_ms[l_.bones[0]];
    c_ = pose.tail_ms[l_.bones[1]];
    const glm::vec3 b = pose.tail_ms[l_.bones[0]];
    const glm::vec3 axis = c_ - a_;
    const float len = glm::length(axis);
    if (len < 1e-6f) return;
    const glm::vec3 u = axis / len;
    m_ = a_ + u * glm::dot(b - a_, u);
    const glm::vec3 radial = b - m_;
    h_ = glm::length(radial);
    if (h_ < 1e-5f) return;
    e1_ = radial / h_;
    e2_ = glm::cross(u, e1_);
    r1_ = rig.skeleton.radius[l_.bones[0]] + kContactGap;
    r2_ = rig.skeleton.radius[l_.bones[1]] + kContactGap;
    // Only walls within the limb's reach can be touched.
    const glm::vec3 root_ws = glm::vec3(m2w * glm::vec4(a_, 1.0f));
    const float reach = l_.l1 + l_.l2 + std::max(r1_, r2_);
    for (std::size_t w = 0; w < level.walls.size() && near_count_ < kMaxNearWalls; ++w)
      if (distance_to_footprint(level.walls[w].box, root_ws) <= reach) near_[near_count_++] = &level.walls[w];
    valid_ = true;
  }
  bool valid() const { return valid_; }
  glm::vec3 centre() const { return m_; }  // the centre of the joint's circle about the root->tip line
  // The turn (radians) that takes the joint towards 'bend_ms', projected across the root->tip line.
  float angle_to(const glm::vec3& bend_ms) const {
    return std::atan2(glm::dot(bend_ms, e2_), glm::dot(bend_ms, e1_));
  }
  glm::vec3 joint(float phi) const { return m_ + h_ * (std::cos(phi) * e1_ + std::sin(phi) * e2_); }
  // How deep the two bones go into the fence or a near wall (with a contact gap) at turn phi.
  float depth(float phi) const {
    const glm::vec3 b = joint(phi);
    const glm::vec3 a = glm::vec3(m2w_ * glm::vec4(a_, 1.0f)), bw = glm::vec3(m2w_ * glm::vec4(b, 1.0f)),
                    c = glm::vec3(m2w_ * glm::vec4(c_, 1.0f));
    const Capsule upper{a, bw, r1_}, lower{bw, c, r2_};
    float d = std::max(penetration_capsule_box(upper, fence_), penetration_capsule_box(lower, fence_));
    for (int i = 0; i < near_count_; ++i) {
      const Wall& w = *near_[i];
      d = std::max({d, penetration_capsule_box(upper, w.box), penetration_capsule_box(lower, w.box)});
      for (const Pipe& p : w.pipes)
        d = std::max({d, penetration_capsule_pipe(upper, p), penetration_capsule_pipe(lower, p)});
    }
    return d;
  }
  // depth(phi) when it is under 'cap'; otherwise some value >= cap, found without measuring every bone
  // against everything (the depth is a maximum: once a part reaches cap, so does the whole).
  float depth_under(float phi, float cap) const {
    const glm::vec3 b = joint(phi);
    const glm::vec3 a = glm::vec3(m2w_ * glm::vec4(a_, 1.0f)), bw = glm::vec3(m2w_ * glm::vec4(b, 1.0f)),
                    c = glm::vec3(m2w_ * glm::vec4(c_, 1.0f));
    const Capsule upper{a, bw, r1_}, lower{bw, c, r2_};
    float d = 0.0f;
    auto reaches = [&](float part) { return (d = std::max(d, part)) >= cap; };
    if (reaches(penetration_capsule_box(upper, fence_, cap)) || reaches(penetration_capsule_box(lower, fence_, cap)))
      return d;
    for (int i = 0; i < near_count_; ++i) {
      const Wall& w = *near_[i];
      if (reaches(penetration_capsule_box(upper, w.box, cap)) || reaches(penetration_capsule_box(lower, w.box, cap)))
        return d;
      for (const Pipe& p : w.pipes)
        if (reaches(penetration_capsule_pipe(upper, p, cap)) || reaches(penetration_capsule_pipe(lower, p, cap)))
          return d;
    }
    return d;
  }
  // depth(phi) > 0, stopping at the first bone that touches.
  bool blocked(float phi) const { return depth_under(phi, std::numeric_limits<float>::min()) > 0.0f; }
  // The clear turn nearest 'from' (radians) going towards 'sign' (+1, -1; 0 = either way, nearer
  // first) within half a turn, or NaN when none clears.
  float nearest_clear(float from, float sign) const {
    const float step = kPi / kSteps;
    for (int k = 1; k <= kSteps; ++k) {
      for (float dir : {1.0f, -1.0f}) {
        const float s = sign != 0.0f ? sign : dir;
        if (sign != 0.0f && dir < 0.0f) continue;
        if (blocked(from + s * step * static_cast<float>(k))) continue;
        float lo = step * static_cast<float>(k - 1), hi = step * static_cast<float>(k);
        for (int it = 0; it < 8; ++it) {
          const float mid = 0.5f * (lo + hi);
          (blocked(from + s * mid) ? lo : hi) = mid;
        }
        return from + s * hi;
      }
    }
    return std::nanf("");
  }
  // When no turn clears: the shallowest of a full turn's samples, the nearest 'from' on ties.
  float shallowest(float from) const {
    const float step = kPi / kSteps;
    float best = from, best_d = depth(from);
    for (int k = 1; k <= kSteps; ++k) {
      for (float dir : {1.0f, -1.0f}) {
        const float phi = from + dir * step * static_cast<float>(k), d = depth_under(phi, best_d);
        if (d < best_d) best = phi, best_d = d;
      }
    }
    return best;
  }
  // The side whose turn moves the joint away from the body's middle (left limbs bend left).
  float outward() const {
    const float side = a_.x - rig_.cog.x;
    return glm::dot(e2_, glm::vec3(side >= 0.0f ? 1.0f : -1.0f, 0.0f, 0.0f)) >= 0.0f ? 1.0f : -1.0f;
  }
  // Writes the limb with its joint turned by phi, the end bone unchanged.
  void apply(float phi, int limb, CreaturePose* pose) const {
    const glm::vec3 b = joint(phi);
    const glm::vec3 d = pose->tail_ms[l_.bones[2]];
    write_limb_bones(rig_, limb, LimbPoints{a_, b, c_, d}, glm::normalize(b - m_), &m2w_, pose);
  }

 private:
  static constexpr int kMaxNearWalls = 8;
  const Rig& rig_;
  const LimbChain& l_;
  const Box& fence_;
  const glm::mat4& m2w_;
  std::array<const Wall*, kMaxNearWalls> near_{};
  int near_count_ = 0;
  glm::vec3 a_{0.0f}, c_{0.0f}, m_{0.0f}, e1_{1.0f, 0.0f, 0.0f}, e2_{0.0f, 0.0f, 1.0f};
  float h_ = 0.0f, r1_ = 0.0f, r2_ = 0.0f;
  bool valid_ = false;
};

// The planner's pass over the vault in tick order: what it remembers of each knee between ticks and
// what it finds at each tick.
struct TurnTrack {
  struct Knee {
    float flip_rad = 0.0f;  // turn that undid the IK swinging the knee round, eased out from 'since'
    int since = 0;
    glm::vec3 held_ws{0.0f};  // the knee last tick before any fence turn, world space
    bool seen = false;
  };
  std::vector<Knee> knees;                // per limb
  const CreaturePose* previous = nullptr;  // last tick's pose; null on the first tick
  float* hold = nullptr;                  // out, per limb: the turn keeping the knee from flipping
  float* needed = nullptr;                // out, per limb: the turn (after 'hold') clearing the fence
  // Settling (the second pass, 'hold' then an input): the planned fence turns are followed at a
  // limited rate, never into the fence; 'settled' (per limb) is the whole turn played, 'last' (per
  // limb) the fence's part of it the tick before.
  bool settling = false;
  float* settled = nullptr;
  std::vector<float> last;
};

constexpr float kFlipRad = 0.35f;  // a knee the IK swings this far round in one tick is held back
constexpr int kFlipEaseTicks = 20;
constexpr float kTurnPerTick = 0.15f;  // radians: how fast a settled knee turn may change

// Turns the knees and elbows of every limb that enters the fence (see LimbTurn). With 'planned' (the
// plan's turn per limb, radians) a limb turns by that angle, or to the nearest clear angle when that
// would touch. In the planner's first pass ('track') a knee the IK swings round in one tick is held
// where it was, then eased back, and a touching limb turns the way that keeps its joint nearest where
// it was last tick, ties going outwards; its settling pass follows the eased turns at a limited rate.
// With neither (while planning the lift) the nearest clear turn.
void turn_limbs_clear_of_fence(const Rig& rig, const Box& fence, const Level& level, const glm::mat4& m2w,
                               const float* planned, TurnTrack* track, CreaturePose* pose) {
  Wall as_wall;
  as_wall.box = fence;
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const LimbChain& l = rig.limbs[i];
    if (l.bones[0] < 0 || l.bones[1] < 0 || l.bones[2] < 0) continue;
    // A foot or hand in the fence: its target is moved out onto the fence face that separates the
    // limb's root and target (a few centimetres), and the limb solved again, before any knee turn.
    const int end = l.bones[2];
    const Capsule end_bone{pose->head_ws[end], pose->tail_ws[end], rig.skeleton.radius[end]};
    if (penetration_capsule_box(end_bone, fence) > 0.0f) {
      float clearance = 0.0f;
      const glm::vec3 root_ws = glm::vec3(m2w * glm::vec4(pose->limbs[i].root_ms, 1.0f));
      const glm::vec3 target_ws = glm::vec3(m2w * glm::vec4(pose->limbs[i].target_ms, 1.0f));
      const Plane face = separating_face(fence, root_ws, target_ws, &clearance);
      if (clearance > 0.0f)
        resolve_limb_clamped(rig, static_cast<int>(i), to_model(face, m2w), limb_radius(rig, l) + kContactGap, m2w,
                             pose);
    }
    if (track && !track->settling) {
      track->hold[i] = track->needed[i] = 0.0f;
      const LimbTurn natural(rig, static_cast<int>(i), fence, level, m2w, *pose);
      if (!natural.valid()) continue;
      TurnTrack::Knee& k = track->knees[i];
      const float ease = 1.0f - smooth01(static_cast<float>(++k.since) / kFlipEaseTicks);
      float hold = k.flip_rad * ease;
      if (k.seen) {  // the way to where the knee was held last tick, from where it would be now
        const glm::vec3 was = glm::vec3(glm::inverse(m2w) * glm::vec4(k.held_ws, 1.0f));
        const float swing = std::remainder(natural.angle_to(was - natural.centre()) - hold, kTwoPi);
        // Held the short way round: a whole turn more or less is the same knee.
        if (std::fabs(swing) > kFlipRad) k.flip_rad = hold = std::remainder(swing + hold, kTwoPi), k.since = 0;
      }
      track->hold[i] = hold;
      k.held_ws = glm::vec3(m2w * glm::vec4(natural.joint(hold), 1.0f));
      k.seen = true;
      if (hold != 0.0f) natural.apply(hold, static_cast<int>(i), pose);
    }
    const float want = planned ? planned[i] : 0.0f;
    const bool easing = track && track->settling && (track->last[i] != 0.0f || track->hold[i] != 0.0f);
    if (track && track->settling) track->settled[i] = 0.0f;
    if (want == 0.0f && !easing && limb_wall_depth(rig, l, *pose, as_wall) <= 0.0f) {
      if (track && track->settling) track->last[i] = 0.0f;
      continue;
    }
    const LimbTurn turn(rig, static_cast<int>(i), fence, level, m2w, *pose);
    if (!turn.valid()) {
      if (track && track->settling) track->last[i] = 0.0f;
      continue;
    }
    float phi = std::nanf("");
    if (track && track->settling) {  // 'want' is the fence's part; the hold is followed at once
      const float last = track->last[i], hold = track->hold[i];
      const float aim = hold + std::clamp(want, last - kTurnPerTick, last + kTurnPerTick);
      phi = turn.blocked(aim) ? turn.nearest_clear(aim, 0.0f) : aim;
      if (std::isnan(phi)) phi = turn.shallowest(aim);
      track->settled[i] = phi;
      track->last[i] = phi - hold;
      phi = phi == 0.0f ? std::nanf("") : phi;
    } else if (want != 0.0f) {
      phi = turn.blocked(want) ? turn.nearest_clear(want, 0.0f) : want;
      if (std::isnan(phi)) phi = turn.shallowest(want);
    } else if (!track) {  // planning the lift: any clear turn will do, the nearer the better
      phi = turn.blocked(0.0f) ? turn.nearest_clear(0.0f, 0.0f) : 0.0f;
      if (std::isnan(phi)) phi = turn.shallowest(0.0f);
    } else if (turn.blocked(0.0f)) {
      const float out = turn.outward();
      const float p_out = turn.nearest_clear(0.0f, out), p_in = turn.nearest_clear(0.0f, -out);
      if (std::isnan(p_out) && std::isnan(p_in)) {
        phi = turn.shallowest(0.0f);
      } else if (std::isnan(p_out)) {
        phi = p_in;
      } else if (std::isnan(p_in)) {
        phi = p_out;
      } else if (track->previous) {
        const glm::vec3 was = glm::vec3(glm::inverse(m2w) * glm::vec4(track->previous->tail_ws[l.bones[0]], 1.0f));
        phi = glm::length(turn.joint(p_in) - was) < glm::length(turn.joint(p_out) - was) ? p_in : p_out;
      } else {
        phi = std::fabs(p_in) + 1e-3f < std::fabs(p_out) ? p_in : p_out;
      }
    }
    if (std::isnan(phi) || phi == 0.0f) continue;
    turn.apply(phi, static_cast<int>(i), pose);
    if (track && !track->settling) track->needed[i] = phi;
  }
}

// The planned turns: each limb's needed turn held for kSmoothTicks either side and averaged over the
// same window, never less than needed, so a knee eases round the fence and back instead of snapping.
std::vector<float> smooth_turns(const std::vector<float>& needed, int ticks, std::size_t limbs) {
  std::vector<float> held(needed.size(), 0.0f), out(needed.size(), 0.0f);
  auto at = [&](int k, std::size_t i) { return static_cast<std::size_t>(std::clamp(k, 0, ticks - 1)) * limbs + i; };
  std::vector<float> need = needed;
  for (std::size_t i = 0; i < limbs; ++i) {
    // A turn found the other way round (+3.1 after -3.1 rad) is the same knee: keep the angles continuous.
    for (int k = 1; k < ticks; ++k) {
      const float was = need[at(k - 1, i)];
      float& now = need[at(k, i)];
      if (was != 0.0f && now != 0.0f) now += kTwoPi * std::round((was - now) / kTwoPi);
    }
    for (int k = 0; k < ticks; ++k) {
      float m = 0.0f;
      for (int j = k - kSmoothTicks; j <= k + kSmoothTicks; ++j)
        if (j >= 0 && j < ticks && std::fabs(need[at(j, i)]) > std::fabs(m)) m = need[at(j, i)];
      held[at(k, i)] = m;
    }
    for (int k = 0; k < ticks; ++k) {
      float sum = 0.0f;
      for (int j = k - kSmoothTicks; j <= k + kSmoothTicks; ++j) sum += held[at(j, i)];
      const float avg = sum / static_cast<float>(2 * kSmoothTicks + 1), n = need[at(k, i)];
      const bool enough = n == 0.0f || (avg * n > 0.0f && std::fabs(avg) >= std::fabs(n));
      out[at(k, i)] = enough ? avg : n;
    }
  }
  return out;
}

// A planted hand lies flat on the fence top: its end bone (wrist to fingertips) is turned level,
// keeping its heading, so the fingers do not dig into the fence.
void flatten_planted_hands(const Rig& rig, const VaultPlan& plan, const glm::mat4& m2w, CreaturePose* pose) {
  const glm::mat4 w2m = glm::inverse(m2w);
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const int cd = rig.limbs[i].bones[2];
    if (!plan.plants[i] || !pose->limbs[i].contact || cd < 0 || cd >= rig.skeleton.size()) continue;
    glm::vec3 head = pose->head_ws[cd], v = pose->tail_ws[cd] - head;
    const float len = glm::length(v);
    glm::vec3 flat(v.x, 0.0f, v.z);
    const float fl = glm::length(flat);
    flat = fl > 1e-6f ? flat / fl : glm::vec3(m2w * glm::vec4(0.0f, 0.0f, 1.0f, 0.0f));
    pose->tail_ws[cd] = head + flat * len;
    pose->tail_ms[cd] = glm::vec3(w2m * glm::vec4(pose->tail_ws[cd], 1.0f));
    pose->bone_ms[cd] = bone_frame(pose->head_ms[cd], pose->tail_ms[cd], glm::vec3(pose->bone_ms[cd][1]));
  }
}

}  // namespace

const char* to_string(VaultPhase p) {
  switch (p) {
    case VaultPhase::kIdle: return "idle";
    case VaultPhase::kPlaying: return "playing";
    case VaultPhase::kLanded: return "landed";
    case VaultPhase::kRefused: return "refused";
  }
  return "idle";
}

Penetration pose_penetration(const Level& level, const Rig& rig, const CreaturePose& pose,
                             const PenetrationOptions& options) {
  Penetration deepest;
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    Capsule c{pose.head_ws[b], pose.tail_ws[b], rig.skeleton.radius[b]};
    Penetration p = level_penetration(level, c, options);
    if (p.depth > deepest.depth) deepest = p;
  }
  return deepest;
}

namespace {

// One tick's pose (see pose_vault_tick). 'track' (may be null) is the planner's pass that finds, in
// tick order, how far each knee must turn.
bool pose_tick(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, int tick,
               TurnTrack* track, CreaturePose* pose) {
  const MotionClip& clip = chosen_clip(plan, vm);
  const glm::mat4 m2w = tick_placement(plan, tick);
  const glm::mat4 w2m = glm::inverse(m2w);
  RetargetJob job;
  job.setup = &chosen_setup(plan, vm);
  job.rig = &rig;
  job.clip = &clip;
  job.time_s = tick_time(clip, tick);
  job.model_to_world = m2w;
  job.root_motion = RootMotion::kFromClip;
  job.out = pose;
  if (!retarget_targets(job)) return false;
  const std::size_t n = rig.limbs.size();
  const bool have_plants = plan.plants.size() == n && plan.plant_ws.size() == n;
  for (std::size_t i = 0; i < n; ++i) {
    LimbPose& lp = pose->limbs[i];
    // The pose is raised by the sole height after solving (feet rest on the ground), so a hand planted
    // on the fence aims that much lower.
    if (have_plants && plan.plants[i] && lp.contact)
      lp.target_ms = glm::vec3(w2m * glm::vec4(plan.plant_ws[i] - glm::vec3(0.0f, rig.sole_height, 0.0f), 1.0f));
    // A tucked leg keeps a knee: its foot comes no nearer the hip than the knee's tightest bend allows
    // (the clip, scaled to a short or many-legged body, would fold some legs flat).
    if (rig.limbs[i].tag == PartTag::kLeg) keep_knee_bend(rig.limbs[i], &lp);
    // Clamp the control point against the nearest wall's surface (flesh radius as margin).
    const glm::vec3 root_ws = glm::vec3(m2w * glm::vec4(lp.root_ms, 1.0f));
    const LimbChain& l = rig.limbs[i];
    const float reach = l.l1 + l.l2 + l.l3 + limb_radius(rig, l);
    for (const Wall& w : level.walls) {
      if (distance_to_footprint(w.box, root_ws) > reach + 0.5f) continue;
      Plane face = to_model(wall_face(w, root_ws), m2w);
      clamp_to_plane(face, limb_radius(rig, l) + kContactGap, &lp.target_ms);
    }
  }
  if (!retarget_solve(job)) return false;
  const glm::mat4 shown = pose->model_to_world;  // the placement raised by the sole height
  if (have_plants) flatten_planted_hands(rig, plan, shown, pose);
  // Planted hands rest ON the fence: raise a hand whose flesh still dips into the fence top.
  if (have_plants && plan.decision.place.fence >= 0) {
    const Box& fence = level.fences[static_cast<std::size_t>(plan.decision.place.fence)];
    for (int iter = 0; iter < 3; ++iter) {
      bool moved = false;
      for (std::size_t i = 0; i < n; ++i) {
        if (!plan.plants[i] || !pose->limbs[i].contact) continue;
        float depth = 0.0f;
        for (int b : rig.limbs[i].bones) {
          if (b < 0) continue;
          depth = std::max(depth, penetration_capsule_box(
                                      Capsule{pose->head_ws[b], pose->tail_ws[b], rig.skeleton.radius[b]}, fence));
        }
        if (depth > 0.0f) {
          pose->limbs[i].target_ms += glm::vec3(w2m * glm::vec4(0.0f, depth + kContactGap, 0.0f, 0.0f));
          moved = true;
        }
      }
      if (!moved || !retarget_solve(job)) break;
      flatten_planted_hands(rig, plan, shown, pose);
    }
  }
  // Knees and elbows kept out of the vaulted fence: turned about the limb's root->tip line.
  if (plan.decision.place.fence >= 0) {
    const std::size_t at = static_cast<std::size_t>(tick) * n;
    const float* planned = plan.turn_rad.size() >= at + n ? plan.turn_rad.data() + at : nullptr;
    turn_limbs_clear_of_fence(rig, level.fences[static_cast<std::size_t>(plan.decision.place.fence)], level, shown,
                              planned, track, pose);
  }
  // Joints (knees, elbows) kept in front of walls: IK clamping re-solves a limb that touches one.
  for (std::size_t i = 0; i < n; ++i) {
    const LimbChain& l = rig.limbs[i];
    for (const Wall& w : level.walls) {
      if (limb_wall_depth(rig, l, *pose, w) <= 0.0f) continue;
      const glm::vec3 root_ws = glm::vec3(shown * glm::vec4(pose->limbs[i].root_ms, 1.0f));
      resolve_limb_clamped(rig, static_cast<int>(i), to_model(wall_face(w, root_ws), shown),
                           limb_radius(rig, l) + kContactGap, shown, pose);
    }
  }
  return true;
}

}  // namespace

bool pose_vault_tick(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, int tick,
                     CreaturePose* pose) {
  return pose_tick(plan, vm, rig, level, tick, nullptr, pose);
}

Result<VaultPlan> plan_vault(const Level& level, const Rig& rig, const VaultMotion& vm, const VaultDecision& decision) {
  VaultPlan plan;
  plan.decision = decision;
  if (decision.refused) return plan;
  const int fence_i = decision.place.fence;
  if (fence_i < 0 || static_cast<std::size_t>(fence_i) >= level.fences.size())
    return Error{"", "fence", "the decision names no fence of this level"};
  const MotionClip& clip = chosen_clip(plan, vm);
  const VaultFit& fit = decision.mirrored ? vm.fit_mirrored : vm.fit;
  plan.ticks = fit.ticks;
  const std::size_t T = static_cast<std::size_t>(plan.ticks);
  plan.lift_m.assign(T, 0.0f);
  plan.forward_m.assign(T, 0.0f);
  const std::size_t n = rig.limbs.size();
  plan.plants.assign(n, 0);
  plan.plant_ws.assign(n, glm::vec3(0.0f));

  // Extra travel while no foot is planted, so feet never slide.
  int air0 = -1, air1 = -1;
  MotionPose mp;
  for (int k = 0; k < plan.ticks; ++k) {
    sample_clip(clip, tick_time(clip, k), &mp);
    if (mp.contact[0] < 0.5f && mp.contact[1] < 0.5f) {
      if (air0 < 0) air0 = k;
      air1 = k;
    }
  }
  if (air0 < 0 || air1 <= air0) air0 = plan.ticks / 3, air1 = 2 * plan.ticks / 3;
  for (int k = 0; k < plan.ticks; ++k)
    plan.forward_m[static_cast<std::size_t>(k)] =
        decision.place.extra_forward_m * smooth01(float(k - air0) / float(std::max(1, air1 - air0)));

  CreaturePose pose;
  pose.resize(rig);
  const Box& fence = level.fences[static_cast<std::size_t>(fence_i)];
  // Hand plants: where each planted hand first touches down, moved onto the fence top.
  for (int k = 0; k < plan.ticks; ++k) {
    if (!pose_vault_tick(plan, vm, rig, level, k, &pose)) return Error{"", "pose", "the motion could not be posed"};
    for (std::size_t i = 0; i < n; ++i) {
      if (rig.limbs[i].tag != PartTag::kArm || plan.plants[i] || !pose.limbs[i].contact) continue;
      float r = limb_radius(rig, rig.limbs[i]);
      glm::vec3 l = fence.to_local(pose.limbs[i].target_ws);
      float hx = std::max(0.0f, fence.half_extents.x - r);
      l.x = std::clamp(l.x, -hx, hx);
      l.z = std::clamp(l.z, -fence.half_extents.z, fence.half_extents.z);
      glm::vec3 w = fence.to_world(l);
      w.y = fence.top_y() + r + kContactGap;
      plan.plant_ws[i] = w;
      plan.plants[i] = 1;
    }
  }

  // Lift: per tick, the least raise that keeps all flesh out of the vaulted fence (bisection),
  // then widened and smoothed so it is >= the need at every tick; repeated until every tick is clear.
  PenetrationOptions only_fence;
  only_fence.walls = false;
  Level fence_only;
  fence_only.fences.push_back(fence);
  std::vector<float> need(T, 0.0f), widened(T, 0.0f);
  auto depth_at = [&](int k, float lift) {
    plan.lift_m[static_cast<std::size_t>(k)] = lift;
    pose_vault_tick(plan, vm, rig, level, k, &pose);
    return pose_penetration(fence_only, rig, pose, only_fence).depth;
  };
  for (int round = 0; round < 4; ++round) {
    std::vector<float> base = plan.lift_m;
    bool any = false;
    for (int k = 0; k < plan.ticks; ++k) {
      const float start = base[static_cast<std::size_t>(k)];
      if (depth_at(k, start) <= 0.0f) continue;  // keeps its need from the earlier rounds
      any = true;
      float lo = start, hi = start + 0.05f;
      while (depth_at(k, hi) > 0.0f && hi < start + 8.0f) lo = hi, hi = start + 2.0f * (hi - start);
      for (int it = 0; it < 14; ++it) {
        float mid = 0.5f * (lo + hi);
        (depth_at(k, mid) > 0.0f ? lo : hi) = mid;
      }
      need[static_cast<std::size_t>(k)] = hi + 0.001f;
    }
    plan.lift_m = base;
    if (!any) break;
    for (int k = 0; k < plan.ticks; ++k) {
      float m = 0.0f;
      for (int j = std::max(0, k - kSmoothTicks); j <= std::min(plan.ticks - 1, k + kSmoothTicks); ++j)
        m = std::max(m, need[static_cast<std::size_t>(j)]);
      widened[static_cast<std::size_t>(k)] = m;
    }
    for (int k = 0; k < plan.ticks; ++k) {
      float sum = 0.0f;
      int cnt = 0;
      for (int j = k - kSmoothTicks; j <= k + kSmoothTicks; ++j, ++cnt)
        sum += widened[static_cast<std::size_t>(std::clamp(j, 0, plan.ticks - 1))];
      plan.lift_m[static_cast<std::size_t>(k)] = std::max(need[static_cast<std::size_t>(k)], sum / float(cnt));
    }
  }

  // Knee turns, in tick order: a knee the IK swings round is held and eased back, a knee touching the
  // fence turns the way that keeps it nearest where it was; the fence turns are eased in and out.
  std::vector<float> hold(T * n, 0.0f), needed(T * n, 0.0f);
  TurnTrack track;
  track.knees.resize(n);
  CreaturePose before = pose;
  for (int k = 0; k < plan.ticks; ++k) {
    track.previous = k > 0 ? &before : nullptr;
    track.hold = hold.data() + static_cast<std::size_t>(k) * n;
    track.needed = needed.data() + static_cast<std::size_t>(k) * n;
    if (!pose_tick(plan, vm, rig, level, k, &track, &pose)) return Error{"", "pose", "the motion could not be posed"};
    before = pose;
  }
  plan.turn_rad = smooth_turns(needed, plan.ticks, n);
  // Settle, in tick order: the knees follow the holds at once and the fence turns at a limited rate,
  // never into the fence.
  std::vector<float> settled(T * n, 0.0f);
  track.settling = true;
  track.last.assign(n, 0.0f);
  for (int k = 0; k < plan.ticks; ++k) {
    track.hold = hold.data() + static_cast<std::size_t>(k) * n;
    track.settled = settled.data() + static_cast<std::size_t>(k) * n;
    if (!pose_tick(plan, vm, rig, level, k, &track, &pose)) return Error{"", "pose", "the motion could not be posed"};
  }
  plan.turn_rad = std::move(settled);
  // Check the whole vault once: nothing may enter a wall or fence.
  for (int k = 0; k < plan.ticks; ++k) {
    if (!pose_vault_tick(plan, vm, rig, level, k, &pose)) return Error{"", "pose", "the motion could not be posed"};
    Penetration p = pose_penetration(level, rig, pose);
    if (p.depth > plan.max_penetration_m) plan.max_penetration_m = p.depth, plan.deepest = p.kind;
  }
  // Lowest sole of any foot (ankle C or toe D less the foot's radius) after the last tick: on the
  // ground when landed.
  float lowest = 1e30f;
  for (std::size_t i = 0; i < n; ++i) {
    int foot = rig.limbs[i].bones[2];
    if (rig.limbs[i].tag != PartTag::kLeg || foot < 0) continue;
    const float r = foot_radius(rig, rig.limbs[i]);
    lowest = std::min({lowest, pose.head_ws[foot].y - r, pose.tail_ws[foot].y - r});
  }
  plan.landed_ws = glm::vec3(pose.cog_ws.x, lowest < 1e29f ? lowest : level.ground_y, pose.cog_ws.z);
  plan.landed_heading_rad = decision.place.heading_rad;
  const glm::mat4 end = tick_placement(plan, plan.ticks - 1);
  const glm::vec3 cog_shift = pose.cog_ms - fit.ref_start_ms;
  plan.end_position_ws = glm::vec3(end * glm::vec4(cog_shift.x, 0.0f, cog_shift.z, 1.0f));
  plan.end_position_ws.y = level.ground_y;
  if (plan.max_penetration_m > 0.0f) {
    plan.decision.refused = true;
    plan.decision.reason = std::string("the creature would touch a ") + to_string(plan.deepest);
    plan.ticks = 0;
  }
  return plan;
}

void hash_vault_state(const VaultState& s, StateHasher* h) {
  h->i32(static_cast<int>(s.phase));
  h->i32(s.fence);
  h->i32(s.tick);
  h->i32(s.ticks);
  h->u8(s.mirrored ? 1 : 0);
  h->f32(s.max_penetration_m);
  h->f32(s.landed_ws.x);
  h->f32(s.landed_ws.y);
  h->f32(s.landed_ws.z);
  h->f32(s.landed_heading_rad);
  h->i32(s.since_landed);
}

void start_vault(const VaultPlan& plan, VaultState* s) {
  *s = VaultState{};
  s->fence = plan.decision.place.fence;
  s->mirrored = plan.decision.mirrored;
  s->ticks = plan.ticks;
  s->phase = plan.decision.refused || plan.ticks <= 0 ? VaultPhase::kRefused : VaultPhase::kPlaying;
  s->landed_heading_rad = plan.landed_heading_rad;
}

bool VaultPoseJob::validate() const {
  return plan && motion && rig && level && out && plan->ticks > 0 && tick >= 0 && tick < plan->ticks &&
         plan->lift_m.size() == static_cast<std::size_t>(plan->ticks) && out->sized_for(*rig);
}

bool VaultPoseJob::run() const { return validate() && pose_vault_tick(*plan, *motion, *rig, *level, tick, out); }

bool advance_vault(const VaultPlan& plan, const Rig& rig, const Level& level, const CreaturePose& posed,
                   VaultState* s) {
  if (s->phase != VaultPhase::kPlaying || s->tick >= s->ticks) return false;
  s->max_penetration_m = std::max(s->max_penetration_m, pose_penetration(level, rig, posed).depth);
  if (++s->tick >= s->ticks) {
    s->phase = VaultPhase::kLanded;
    s->landed_ws = plan.landed_ws;
  }
  return true;
}

bool step_vault(const VaultPlan& plan, const VaultMotion& vm, const Rig& rig, const Level& level, VaultState* s,
                CreaturePose* pose) {
  if (s->phase != VaultPhase::kPlaying || s->tick >= s->ticks) return false;
  const VaultPoseJob job{&plan, &vm, &rig, &level, vault_tick_to_pose(*s), pose};
  if (!job.run()) return false;
  return advance_vault(plan, rig, level, *pose, s);
}

}  // namespace cf
