#include "retarget/walker.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "core/tick.h"
#include "math/angles.h"
#include "retarget/ik.h"
#include "retarget/run_gait.h"

namespace cf {

namespace {

constexpr double kTwoPiD = 2.0 * kPiD;
constexpr float kMinCadenceShare = 0.6f;  // slowest stepping, share of the natural cadence
constexpr float kMaxTurnRate_radps = 3.0f;      // radians/second accepted from the command

struct Tuning {
  float blend_s, max_speed_ratio, max_cadence_ratio, reach_share, turn_stop_s;
};
Tuning tuning(const WalkerParams& p) {
  return {p.blend_time_s > 0.0f ? p.blend_time_s : 0.25f, p.max_speed_ratio > 0.0f ? p.max_speed_ratio : 1.6f,
          p.max_cadence_ratio > 0.0f ? p.max_cadence_ratio : 2.2f, p.reach_share > 0.0f ? p.reach_share : 0.8f,
          p.turn_stop_time_s > 0.0f ? p.turn_stop_time_s : 0.05f};
}

double cycle_frac(double x) { return x - std::floor(x); }

// Rotation about +Y by a (maps +Z to (sin a, 0, cos a), like glm::rotate about Y).
glm::vec3 rot_y(float a, const glm::vec3& v) {
  float c = std::cos(a), s = std::sin(a);
  return {c * v.x + s * v.z, v.y, -s * v.x + c * v.z};
}

// Neutral foothold of leg i relative to the cog's ground point, model axes.
glm::vec3 leg_local(const RetargetSetup& S, const Rig& rig, int limb) {
  return S.limbs[limb].foothold_ms - glm::vec3(rig.cog.x, 0.0f, rig.cog.z);
}

// How far the body follows the ground's tilt under its legs: pitch as far as this, roll this share of
// the sideways tilt up to that (a body leans into a slope across it less than it climbs one).
constexpr float kMaxPitch_rad = 0.44f;  // 25 degrees
constexpr float kRollShare = 0.5f;
constexpr float kMaxRoll_rad = 0.21f;   // 12 degrees
constexpr float kTiltSpread_m = 0.15f;  // legs spread less than this along an axis give no tilt about it

// The body on the ground under its legs' neutral footholds: the plane fitted through those ground points
// (body axes: x left, z forward) gives its pitch and roll (within limits); its height is the plane's at the
// cog's ground point, lowered by the most any foothold lies below the tilted plane, so every foot reaches
// its ground and the higher ones bend. Continuous as the body moves, so it never pops. Level at y = 0
// with no ground; legless, the ground under its centre.
void settle_body_on_ground(const RetargetSetup& S, const Rig& rig, const Ground* ground, WalkerState* st) {
  st->position_ws.y = 0.0f;
  st->pitch_rad = st->roll_rad = 0.0f;
  if (!ground) return;
  glm::vec3 q[kMaxLegs];
  float h[kMaxLegs];
  int n = 0;
  for (int i = 0; i < static_cast<int>(rig.limbs.size()) && n < kMaxLegs; ++i) {
    if (S.limbs[i].tag != PartTag::kLeg) continue;
    q[n] = leg_local(S, rig, i);
    const glm::vec3 p = st->position_ws + rot_y(st->heading_rad, q[n]);
    h[n++] = ground->at(p.x, p.z).y;
  }
  if (n == 0) {
    st->position_ws.y = ground->at(st->position_ws.x, st->position_ws.z).y;
    return;
  }
  // Least squares h = a + b x + c z over the footholds (b, c only where the legs spread that way).
  float mx = 0.0f, mz = 0.0f, mh = 0.0f;
  for (int k = 0; k < n; ++k) mx += q[k].x / n, mz += q[k].z / n, mh += h[k] / n;
  float sxx = 0.0f, szz = 0.0f, sxz = 0.0f, sxh = 0.0f, szh = 0.0f;
  float x_lo = 1e9f, x_hi = -1e9f, z_lo = 1e9f, z_hi = -1e9f;
  for (int k = 0; k < n; ++k) {
    const float dx = q[k].x - mx, dz = q[k].z - mz, dh = h[k] - mh;
    sxx += dx * dx, szz += dz * dz, sxz += dx * dz, sxh += dx * dh, szh += dz * dh;
    x_lo = std::min(x_lo, q[k].x), x_hi = std::max(x_hi, q[k].x), z_lo = std::min(z_lo, q[k].z), z_hi = std::max(z_hi, q[k].z);
  }
  const bool across = x_hi - x_lo >= kTiltSpread_m, along = z_hi - z_lo >= kTiltSpread_m;
  float b = 0.0f, c = 0.0f;
  const float det = sxx * szz - sxz * sxz;
  if (across && along && det > 1e-8f) {
    b = (sxh * szz - szh * sxz) / det;
    c = (szh * sxx - sxh * sxz) / det;
  } else if (across && sxx > 1e-8f) {
    b = sxh / sxx;
  } else if (along && szz > 1e-8f) {
    c = szh / szz;
  }
  st->pitch_rad = std::clamp(std::atan(c), -kMaxPitch_rad, kMaxPitch_rad);
  st->roll_rad = std::clamp(kRollShare * std::atan(b), -kMaxRoll_rad, kMaxRoll_rad);
  const float tb = std::tan(st->roll_rad), tc = std::tan(st->pitch_rad);
  const float a = mh - b * mx - c * mz;
  float below = 0.0f;  // the most a foothold's ground lies under the tilted plane through the cog's ground point
  for (int k = 0; k < n; ++k) below = std::max(below, a + tb * q[k].x + tc * q[k].z - h[k]);
  st->position_ws.y = a - below;
}

// Velocity, in body axes, of a point at local q of a body moving forward at v and turning at w.
glm::vec3 body_velocity(float v, float w, const glm::vec3& q) { return {w * q.z, 0.0f, v - w * q.x}; }

// A run shortens every stance: a biped's below half the cycle, so both feet leave the ground (the
// run's flight); three legs or more to half (a trot, tripods), which keeps a foot down.
constexpr float kRunBipedDuty = 0.3f;
constexpr float kRunManyLegsDuty = 0.5f;
// How far a running biped's body sinks at mid-stance (share of its leg length): the knees give
// under the landing and push off into the flight, the bounce that reads as a run.
constexpr float kRunDipShare = 0.035f;
// A stepping leg's reach eases toward its length past this share of it (soft_reach): a foot
// stretched out of reach and coming back swung the knee out 10-20 cm in a tick.
constexpr float kWalkSoftReachFrom = 0.96f;

// The walk's weight eases in and out along an S-curve, dw/dt = -c (w (1 - w) + floor), taking 'span_s'
// end to end: an exponential's full rate on its first tick kinked every joint's path (an arm swinging
// at 1.2 cm a tick moved 2.5 cm the tick the feet parked). Needs no state beyond the weight.
constexpr float kWeightEaseFloor = 0.05f;
constexpr float kWeightEaseSpan = 5.6396617f;  // the integral of 1 / (w (1 - w) + floor) over [0, 1]
float ease_weight(float w, float goal, float dt, float span_s) {
  const float rate = kWeightEaseSpan / span_s * dt * (w * (1.0f - w) + kWeightEaseFloor);
  return goal > w ? std::min(goal, w + rate) : std::max(goal, w - rate);
}

// How readily a stopping walk's swing goal follows its prediction, per share of the swing left.
constexpr float kStopGoalFollow = 4.0f;

// A leg's stance and lift-off at a run share (the clip's own at 0, bit for bit).
struct StanceWindow {
  double liftoff;
  float duty;
};
StanceWindow stance_window(const ReferenceLegGait& rg, float run, int legs) {
  // One leg keeps its walk's stance: with no second foot to land on, a flight would be a hop.
  if (!(run > 0.0f) || rg.duty >= 1.0f || legs < 2) return {rg.liftoff, rg.duty};
  const float goal = std::min(rg.duty, legs == 2 ? kRunBipedDuty : kRunManyLegsDuty);
  const float duty = rg.duty + run * (goal - rg.duty);
  return {cycle_frac(static_cast<double>(rg.touchdown) + duty), duty};
}

// Whether limb i is in the clip's stance at gait phase g; *sigma = swing progress [0, 1) otherwise.
bool in_stance(const RetargetSetup& S, int limb, double g, const StanceWindow& w, float* sigma) {
  const LimbSetup& ls = S.limbs[limb];
  const ReferenceLegGait& rg = S.ref_legs[ls.ref_side];
  double phi = cycle_frac(g + ls.phase);
  if (rg.duty >= 1.0f) {
    *sigma = 0.0f;
    return true;
  }
  if (cycle_frac(phi - rg.touchdown) < w.duty) {
    *sigma = 0.0f;
    return true;
  }
  *sigma = static_cast<float>(std::clamp(cycle_frac(phi - w.liftoff) / (1.0 - w.duty), 0.0, 1.0));
  return false;
}

int legs_of(const RetargetSetup& S) {
  int n = 0;
  for (const LimbSetup& ls : S.limbs) n += ls.tag == PartTag::kLeg ? 1 : 0;
  return n;
}

float table(const std::array<float, kSwingSamples>& t, float x) {
  float f = std::clamp(x, 0.0f, 1.0f) * (kSwingSamples - 1);
  int i = std::min(static_cast<int>(f), kSwingSamples - 2);
  float a = f - static_cast<float>(i);
  return t[i] * (1.0f - a) + t[i + 1] * a;
}

// The pivot's smooth turn: no rate at either end, 1.5x the mean at the middle.
float smoothstep01(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}

// Leg i's swing window in a pivot, as shares of it: the gait's second group (legs half a cycle from the
// first leg) lifts 'stagger' later; each swings for the rest.
void pivot_window(const RetargetSetup& S, const WalkerState& st, int limb, float* start, float* end) {
  int first = 0;
  while (first < static_cast<int>(S.limbs.size()) && S.limbs[first].tag != PartTag::kLeg) ++first;
  const double rel = cycle_frac(S.limbs[limb].phase - S.limbs[first < static_cast<int>(S.limbs.size()) ? first : limb].phase + 0.25);
  *start = rel >= 0.5 ? st.pivot_stagger : 0.0f;
  *end = *start + 1.0f - st.pivot_stagger;
}

// Where leg i stands under the body at a heading: the stand's foothold on the ground.
glm::vec3 stand_foothold(const RetargetSetup& S, const Rig& rig, const WalkerState& st, int limb, float heading,
                         const Ground* ground) {
  glm::vec3 p = st.position_ws + rot_y(heading, leg_local(S, rig, limb));
  p.y = ground_height(ground, p.x, p.z);
  return p;
}

void step_pivot(WalkerState* st, const RetargetSetup& S, const Rig& rig, float dt, const Tuning& tu,
                const Ground* ground) {
  st->pivot_tick = static_cast<std::uint16_t>(st->pivot_tick + 1);
  const float share = static_cast<float>(st->pivot_tick) / static_cast<float>(st->pivot_ticks);
  const float eased = smoothstep01(share);
  const float heading = st->pivot_from_rad + (st->pivot_to_rad - st->pivot_from_rad) * eased;
  st->turn_rate_rps = static_cast<float>(std::remainder(heading - st->heading_rad, kTwoPiD)) / dt;
  st->heading_rad = static_cast<float>(std::remainder(heading, kTwoPiD));
  st->speed_mps = 0.0f;
  st->cadence_hz = 0.0f;
  settle_body_on_ground(S, rig, ground, st);
  const bool done = st->pivot_tick >= st->pivot_ticks;
  int k = 0;
  for (int i = 0; i < static_cast<int>(rig.limbs.size()) && k < st->leg_count; ++i) {
    if (S.limbs[i].tag != PartTag::kLeg) continue;
    FootState& foot = st->feet[k++];
    if (foot.planted) continue;
    float start = 0.0f, end = 1.0f;
    pivot_window(S, *st, i, &start, &end);
    if (share >= end || done) {
      foot.planted = foot.parked = true;
      foot.plant_ws = glm::vec3(foot.goal_ws.x, ground_height(ground, foot.goal_ws.x, foot.goal_ws.z), foot.goal_ws.z);
      foot.goal_ws = foot.plant_ws;
    }
  }
  if (done) {
    st->pivot_ticks = st->pivot_tick = 0;
    st->turn_rate_rps = 0.0f;
  }
  st->motion_weight = ease_weight(st->motion_weight, 0.0f, dt, 2.0f * tu.blend_s);
  ++st->tick;
}

}  // namespace

void start_pivot(WalkerState* st, const RetargetSetup& S, const Rig& rig, float turn_rad, int ticks, float stagger,
                 const glm::vec3& end_ws, const Ground* ground) {
  if (ticks <= 0) return;
  st->pivot_from_ws = st->position_ws;
  st->pivot_to_ws = glm::vec3(end_ws.x, st->position_ws.y, end_ws.z);
  st->pivot_tick = 0;
  st->pivot_ticks = static_cast<std::uint16_t>(ticks);
  st->pivot_from_rad = st->heading_rad;
  st->pivot_to_rad = st->heading_rad + turn_rad;
  st->pivot_stagger = std::clamp(stagger, 0.0f, 0.9f);
  int k = 0;
  for (int i = 0; i < static_cast<int>(rig.limbs.size()) && k < st->leg_count; ++i) {
    if (S.limbs[i].tag != PartTag::kLeg) continue;
    FootState& foot = st->feet[k++];
    // A foot mid-swing starts its new swing from where it is now (on the ground under it).
    if (!foot.planted) {
      const ReferenceLegGait& rg = S.ref_legs[S.limbs[i].ref_side];
      float sigma = 0.0f;
      in_stance(S, i, st->gait_phase, stance_window(rg, run_share_of_speed(S, st->speed_mps), legs_of(S)), &sigma);
      const float s2 = foot.swing_start < 1.0f ? (sigma - foot.swing_start) / (1.0f - foot.swing_start) : 1.0f;
      foot.plant_ws = glm::mix(foot.plant_ws, foot.goal_ws, table(rg.swing_progress, s2));
      foot.plant_ws.y = ground_height(ground, foot.plant_ws.x, foot.plant_ws.z);
    }
    foot.planted = foot.parked = false;
    foot.swing_start = 0.0f;
    foot.swing_lift = 1.0f;
    WalkerState at_end = *st;
    at_end.position_ws = st->pivot_to_ws;
    foot.goal_ws = stand_foothold(S, rig, at_end, i, st->pivot_to_rad, ground);
  }
  st->speed_mps = st->turn_rate_rps = 0.0f;
}

void stop_pivot_turn(WalkerState* st, const RetargetSetup& S, const Rig& rig, const Ground* ground) {
  if (st->pivot_ticks == 0) return;
  st->pivot_from_rad = st->pivot_to_rad = st->heading_rad;
  st->pivot_from_ws = st->pivot_to_ws = st->position_ws;
  st->turn_rate_rps = 0.0f;
  int k = 0;
  for (int i = 0; i < static_cast<int>(rig.limbs.size()) && k < st->leg_count; ++i) {
    if (S.limbs[i].tag != PartTag::kLeg) continue;
    FootState& foot = st->feet[k++];
    if (!foot.planted) foot.goal_ws = stand_foothold(S, rig, *st, i, st->heading_rad, ground);
  }
}

float natural_cadence(const RetargetSetup& S) {
  return static_cast<float>(1.0 / (S.cycle_s * std::sqrt(std::max(S.s, 1e-3f))));
}

float natural_speed(const RetargetSetup& S) {
  float ref_stride = glm::length(glm::vec2(S.root_velocity_ms.x, S.root_velocity_ms.z)) * static_cast<float>(S.cycle_s);
  if (!(ref_stride > 0.0f)) ref_stride = 1.2f * S.reference_leg_length_m;  // clip without root motion
  return S.s * ref_stride * natural_cadence(S);
}

bool can_step(const RetargetSetup& S) {
  for (const ReferenceLegGait& g : S.ref_legs)
    if (!(g.duty >= 0.05f && g.duty < 1.0f)) return false;
  return true;
}

float max_speed(const RetargetSetup& S, const WalkerParams& params) {
  return natural_speed(S) * tuning(params).max_speed_ratio;
}

WalkerState make_walker(const RetargetSetup& S, const Rig& rig, const glm::vec3& position_ws, float heading_rad,
                        const Ground* ground) {
  WalkerState st;
  st.position_ws = glm::vec3(position_ws.x, 0.0f, position_ws.z);
  st.heading_rad = heading_rad;
  settle_body_on_ground(S, rig, ground, &st);
  st.heading_rad = heading_rad;
  int k = 0;
  for (int i = 0; i < static_cast<int>(rig.limbs.size()) && k < kMaxLegs; ++i) {
    if (S.limbs[i].tag != PartTag::kLeg) continue;
    FootState& f = st.feet[k++];
    f.plant_ws = st.position_ws + rot_y(heading_rad, leg_local(S, rig, i));
    f.plant_ws.y = ground_height(ground, f.plant_ws.x, f.plant_ws.z);
    f.goal_ws = f.plant_ws;
    f.planted = true;
    f.parked = true;
  }
  st.leg_count = k;
  return st;
}

void step_walker(WalkerState* st, const WalkCommand& cmd, const RetargetSetup& S, const Rig& rig, float dt,
                 const WalkerParams& params, const Ground* ground) {
  if (!(dt > 0.0f) || !std::isfinite(dt)) return;
  const Tuning tu = tuning(params);
  if (st->pivot_ticks > 0) {
    step_pivot(st, S, rig, dt, tu, ground);
    return;
  }
  const float blend = 1.0f - std::exp(-dt / tu.blend_s);
  const float v_nat = natural_speed(S), f_nat = natural_cadence(S);
  const bool steps = can_step(S);
  const float v_cmd = steps && std::isfinite(cmd.speed_mps) ? std::clamp(cmd.speed_mps, 0.0f, v_nat * tu.max_speed_ratio) : 0.0f;
  const float w_cmd = steps && std::isfinite(cmd.turn_rate_rps)
                          ? std::clamp(cmd.turn_rate_rps, -kMaxTurnRate_radps, kMaxTurnRate_radps)
                          : 0.0f;
  const bool stop_request = v_cmd == 0.0f && w_cmd == 0.0f;
  st->speed_mps += (v_cmd - st->speed_mps) * blend;
  // Turning harder eases in; easing off (the stick let go or turned back) follows the stick closely.
  const bool easing_off = std::abs(w_cmd) < std::abs(st->turn_rate_rps) || w_cmd * st->turn_rate_rps < 0.0f;
  const float turn_blend = easing_off ? 1.0f - std::exp(-dt / tu.turn_stop_s) : blend;
  st->turn_rate_rps += (w_cmd - st->turn_rate_rps) * turn_blend;
  if (stop_request && st->speed_mps < 1e-3f * v_nat) st->speed_mps = 0.0f;
  if (stop_request && std::abs(st->turn_rate_rps) < 1e-3f) st->turn_rate_rps = 0.0f;

  const float run = run_share_of_speed(S, st->speed_mps);
  const int legs = legs_of(S);

  // Cadence: grows with speed (Froude-like), and at least what keeps every stance within reach.
  const int n = static_cast<int>(rig.limbs.size());
  float r_max = 0.0f, f_req = 0.0f;
  for (int i = 0; i < n; ++i) {
    if (S.limbs[i].tag != PartTag::kLeg) continue;
    glm::vec3 q = leg_local(S, rig, i);
    r_max = std::max(r_max, glm::length(q));
    // The clip's own stance: a run's shorter stance only leaves more reach, and its speed and
    // cadence stay the walk-derived ones (a course timed by its route runs the same).
    float sweep = glm::length(body_velocity(st->speed_mps, st->turn_rate_rps, q)) *
                  S.ref_legs[S.limbs[i].ref_side].duty;
    float half_reach = tu.reach_share * std::max(S.limbs[i].stance_reach_m, 1e-4f);
    f_req = std::max(f_req, sweep / (2.0f * half_reach));
  }
  const float f_max = tu.max_cadence_ratio * f_nat;
  if (f_req > f_max) {  // too fast for the shortest reach: slow the body down
    float k = f_max / f_req;
    st->speed_mps *= k;
    st->turn_rate_rps *= k;
    f_req = f_max;
  }
  const float v_eff = st->speed_mps + std::abs(st->turn_rate_rps) * r_max;
  float f = v_eff > 0.0f ? f_nat * std::clamp(std::sqrt(v_eff / std::max(v_nat, 1e-6f)), kMinCadenceShare, 1.6f) : 0.0f;
  f = std::min(std::max(f, f_req), f_max);

  bool all_parked = true;
  for (int k = 0; k < st->leg_count; ++k) all_parked = all_parked && st->feet[k].parked;
  if (stop_request && all_parked) {
    f = 0.0f;
  } else {
    f = std::max(f, kMinCadenceShare * f_nat);
  }
  if (!stop_request && all_parked && st->leg_count > 0 && st->motion_weight == 0.0f) {
    // Starting from the stand pose: the feet stand under their roots, which is mid-stance, so
    // start the cycle where the first leg is at mid-stance and its stance reach is centred. (Still
    // settling into the stand, the body keeps its walk's phase: a jump in phase would pop the body.)
    int first = 0;
    while (first < n && S.limbs[first].tag != PartTag::kLeg) ++first;
    const ReferenceLegGait& rg = S.ref_legs[S.limbs[first].ref_side];
    double mid = rg.touchdown + 0.5 * rg.duty - S.limbs[first].phase;
    st->gait_phase = std::floor(st->gait_phase) + cycle_frac(mid);
  }
  if (!stop_request)
    for (int k = 0; k < st->leg_count; ++k) st->feet[k].parked = false;
  st->cadence_hz = f;

  const double old_gait = st->gait_phase;
  st->gait_phase += static_cast<double>(f) * dt;
  const float heading_mid = st->heading_rad + 0.5f * st->turn_rate_rps * dt;
  st->position_ws += rot_y(heading_mid, glm::vec3(0.0f, 0.0f, st->speed_mps * dt));
  st->heading_rad = static_cast<float>(std::remainder(st->heading_rad + st->turn_rate_rps * dt, kTwoPiD));
  settle_body_on_ground(S, rig, ground, st);

  int k = 0;
  for (int i = 0; i < n && k < st->leg_count; ++i) {
    if (S.limbs[i].tag != PartTag::kLeg) continue;
    FootState& foot = st->feet[k++];
    const ReferenceLegGait& rg = S.ref_legs[S.limbs[i].ref_side];
    const StanceWindow win = stance_window(rg, run, legs);
    float sigma = 0.0f, old_sigma = 0.0f;
    const bool stance = in_stance(S, i, st->gait_phase, win, &sigma);
    const bool was_stance = in_stance(S, i, old_gait, win, &old_sigma);
    if (foot.parked) continue;
    // A stance lengthening as the run eases (or ends, in a quick stop) must not catch a foot that has
    // just lifted and plant it at its goal, a stride ahead: a swing ends only where the gait passes its
    // touchdown. (With the walk's fixed stance that is where every swing ends.)
    const bool reached = cycle_frac(old_gait + S.limbs[i].phase - rg.touchdown) >
                         cycle_frac(st->gait_phase + S.limbs[i].phase - rg.touchdown);
    const bool lifts = foot.planted && !stance;
    if (lifts) {  // lift off (late when it was parked through the lift)
      foot.planted = false;
      foot.swing_start = was_stance ? 0.0f : std::min(old_sigma, 0.95f);
      // A swing with less time than a whole one (it left late, or it is a quick step while the walk
      // is still blending in from a stand) lifts as much less, so the foot rises and falls no faster
      // than in a whole swing at the natural cadence. Fixed for the swing: a height following the
      // cadence as a run eases would jump. A steady run lifts its feet in full.
      const float quick = f > f_nat ? f_nat / f : 1.0f;
      foot.swing_lift = (1.0f - foot.swing_start) * (quick + (1.0f - quick) * st->motion_weight * st->motion_weight);
    } else if (!foot.planted && stance && reached) {  // touch down where the swing was heading
      foot.planted = true;
      foot.plant_ws = glm::vec3(foot.goal_ws.x, ground_height(ground, foot.goal_ws.x, foot.goal_ws.z), foot.goal_ws.z);
    }
    if (foot.planted) {
      if (stop_request) foot.parked = true;
      continue;
    }
    // Predicted landing: body extrapolated to touchdown, foot centred on the coming stance.
    const double swing_cycles = 1.0 - win.duty;
    const float tau = static_cast<float>((1.0 - sigma) * swing_cycles / f);
    const float t_stance = win.duty / f;
    const float heading_td = st->heading_rad + st->turn_rate_rps * tau;
    glm::vec3 body_td =
        st->position_ws + rot_y(st->heading_rad + 0.5f * st->turn_rate_rps * tau, glm::vec3(0, 0, st->speed_mps * tau));
    glm::vec3 q = leg_local(S, rig, i);
    glm::vec3 local = q + body_velocity(st->speed_mps, st->turn_rate_rps, q) * (0.5f * t_stance);
    glm::vec3 goal = body_td + rot_y(heading_td, local);
    goal.y = ground_height(ground, goal.x, goal.z);
    if (stop_request && !lifts) {
      // Stopping, the body slows faster than the prediction assumes and the goal moves back; late in
      // the swing the foot, nearly there, would follow it 2-3 cm a tick. The goal follows only as
      // much as the swing has left to go.
      const float s2 = foot.swing_start < 1.0f ? (sigma - foot.swing_start) / (1.0f - foot.swing_start) : 1.0f;
      const float left = 1.0f - table(rg.swing_progress, s2);
      goal = glm::mix(foot.goal_ws, goal, std::clamp(kStopGoalFollow * left, 0.0f, 1.0f));
    }
    foot.goal_ws = goal;
  }

  all_parked = true;
  for (int j = 0; j < st->leg_count; ++j) all_parked = all_parked && st->feet[j].parked;
  const float weight_goal = stop_request && all_parked ? 0.0f : 1.0f;
  st->motion_weight = ease_weight(st->motion_weight, weight_goal, dt, 2.0f * tu.blend_s);
  ++st->tick;
}

glm::mat4 walker_placement(const WalkerState& st, const Rig& rig) {
  glm::mat4 m = placement(st.position_ws, st.heading_rad);
  if (st.pitch_rad != 0.0f || st.roll_rad != 0.0f) {  // tilted about the cog's ground point
    m = glm::rotate(m, -st.pitch_rad, glm::vec3(1.0f, 0.0f, 0.0f));
    m = glm::rotate(m, st.roll_rad, glm::vec3(0.0f, 0.0f, 1.0f));
  }
  m[3] -= m * glm::vec4(rig.cog.x, 0.0f, rig.cog.z, 0.0f);
  return m;
}

bool pose_walker(const WalkerState& st, const RetargetSetup& S, const Rig& rig, const MotionClip& clip,
                 CreaturePose* out, const Ground* ground) {
  RetargetJob job;
  job.ground = ground;
  job.setup = &S;
  job.rig = &rig;
  job.clip = &clip;
  job.time_s = st.gait_phase * S.cycle_s;
  job.model_to_world = walker_placement(st, rig);
  const float run = run_share_of_speed(S, st.speed_mps);
  const int legs = legs_of(S);
  if (run > 0.0f && legs == 2) {  // a running biped sinks into each stance and rises into the flight
    float bounce = 0.0f;
    int k = 0;
    for (int i = 0; i < static_cast<int>(rig.limbs.size()) && k < st.leg_count; ++i) {
      if (S.limbs[i].tag != PartTag::kLeg) continue;
      const ReferenceLegGait& rg = S.ref_legs[S.limbs[i].ref_side];
      const StanceWindow win = stance_window(rg, run, legs);
      if (!st.feet[k++].planted || !(win.duty < 1.0f)) continue;
      const double u = cycle_frac(st.gait_phase + S.limbs[i].phase - rg.touchdown) / win.duty;
      if (u < 1.0) bounce = std::max(bounce, static_cast<float>(std::sin(3.14159265358979 * u)));
    }
    job.model_to_world[3].y -= kRunDipShare * run * S.creature_leg_length_m * bounce;
  }
  job.motion_weight = st.motion_weight;
  job.root_motion = RootMotion::kInPlace;
  job.out = out;
  if (!retarget_targets(job)) return false;
  const bool terrain = ground && !ground->flat();
  constexpr float kLeftGround_m = 0.01f;
  int k = 0;
  for (int i = 0; i < static_cast<int>(rig.limbs.size()) && k < st.leg_count; ++i) {
    if (S.limbs[i].tag != PartTag::kLeg) continue;
    const FootState& foot = st.feet[k++];
    glm::vec3 target_ws = foot.plant_ws;
    if (!foot.planted) {
      const ReferenceLegGait& rg = S.ref_legs[S.limbs[i].ref_side];
      float sigma = 0.0f;
      in_stance(S, i, st.gait_phase, stance_window(rg, run, legs), &sigma);
      float s2 = foot.swing_start < 1.0f ? (sigma - foot.swing_start) / (1.0f - foot.swing_start) : 1.0f;
      if (st.pivot_ticks > 0) {  // a turn round: the swing follows the pivot's own clock
        float start = 0.0f, end = 1.0f;
        pivot_window(S, st, i, &start, &end);
        const float share = static_cast<float>(st.pivot_tick) / static_cast<float>(st.pivot_ticks);
        s2 = std::clamp((share - start) / std::max(end - start, 1e-3f), 0.0f, 1.0f);
      }
      float progress = table(rg.swing_progress, s2);
      float height = S.limbs[i].scale * table(rg.swing_height_m, s2) * std::clamp(foot.swing_lift, 0.0f, 1.0f);
      target_ws = glm::mix(foot.plant_ws, foot.goal_ws, progress) + glm::vec3(0.0f, height, 0.0f);
      if (ground) {  // a swing over rising ground lifts as high above the ground under it: no toe dragged uphill
        const float under = ground->at(target_ws.x, target_ws.z).y + height;
        target_ws.y = std::max(target_ws.y, under);
      }
    }
    LimbPose& lp = out->limbs[i];
    const glm::vec3 wanted = to_frame_rigid(job.model_to_world, target_ws);
    lp.target_ms = soft_reach(lp.root_ms, wanted, rig.limbs[i].l1 + rig.limbs[i].l2, kWalkSoftReachFrom);
    lp.contact = foot.planted;
    // Over ground with height, a planted foot the body has drawn out of its leg's reach (up onto a step,
    // its foothold left below) hangs off the ground until its swing: it is not on the ground.
    if (terrain && lp.contact && glm::length(lp.target_ms - wanted) > kLeftGround_m) lp.contact = false;
  }
  return retarget_solve(job);
}

WalkerState walker_swinging_on(const WalkerState& st, const RetargetSetup& S, int ticks) {
  WalkerState out = st;
  if (ticks <= 0 || !(st.cadence_hz > 0.0f) || !std::isfinite(st.cadence_hz)) return out;
  const float run = run_share_of_speed(S, st.speed_mps);
  const int legs = legs_of(S);
  const double dg = static_cast<double>(st.cadence_hz) * kTick_s;
  for (int t = 0; t < ticks; ++t) {
    const double g = out.gait_phase + dg;
    int k = 0;
    for (int i = 0; i < static_cast<int>(S.limbs.size()) && k < st.leg_count; ++i) {
      if (S.limbs[i].tag != PartTag::kLeg) continue;
      if (st.feet[k++].planted) continue;
      float sigma = 0.0f;
      if (in_stance(S, i, g, stance_window(S.ref_legs[S.limbs[i].ref_side], run, legs), &sigma)) return out;
    }
    out.gait_phase = g;
  }
  return out;
}

void hash_walker(const WalkerState& st, StateHasher* h) {
  auto v3 = [h](const glm::vec3& v) {
    h->f32(v.x);
    h->f32(v.y);
    h->f32(v.z);
  };
  v3(st.position_ws);
  h->f32(st.heading_rad);
  h->f32(st.speed_mps);
  h->f32(st.turn_rate_rps);
  h->f64(st.gait_phase);
  h->f32(st.cadence_hz);
  h->f32(st.motion_weight);
  h->u64(st.tick);
  h->i32(st.leg_count);
  if (st.pivot_ticks > 0 || st.stick_back != 0) {  // only while turning round (other runs hash as ever)
    h->u8(0x70);
    h->u32(st.pivot_tick);
    h->u32(st.pivot_ticks);
    h->f32(st.pivot_from_rad);
    h->f32(st.pivot_to_rad);
    h->f32(st.pivot_stagger);
    for (const glm::vec3& v : {st.pivot_from_ws, st.pivot_to_ws}) {
      h->f32(v.x);
      h->f32(v.z);
    }
    h->u8(st.stick_back);
  }
  if (st.pitch_rad != 0.0f || st.roll_rad != 0.0f) {  // only off level ground (flat runs hash as ever)
    h->u8(0x7e);
    h->f32(st.pitch_rad);
    h->f32(st.roll_rad);
  }
  for (int k = 0; k < st.leg_count && k < kMaxLegs; ++k) {
    const FootState& f = st.feet[k];
    v3(f.plant_ws);
    v3(f.goal_ws);
    h->u8(f.planted ? 1 : 0);
    h->u8(f.parked ? 1 : 0);
    h->f32(f.swing_start);
    h->f32(f.swing_lift);
  }
}

}  // namespace cf
