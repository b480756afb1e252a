#include "game/play/actions/jump_action.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "game/play/actions/climb_action.h"
#include "game/play/actions/idle_action.h"
#include "game/play/actions/locomotion.h"
#include "game/play/stages.h"
#include "game/play/world_runtime.h"
#include "core/tick.h"
#include "math/angles.h"
#include "retarget/jump.h"
#include "retarget/pose_blend.h"
#include "retarget/run_gait.h"
#include "retarget/walker.h"
#include "world/clearance.h"
#include "world/footprint.h"
#include "world/ground_query.h"
#include "world/level.h"
#include "world/movement_collision.h"
#include "core/json.h"

namespace cf {

namespace {

constexpr int kBlendInTicks = 16;  // the walk's last pose hands over to the dip, the push and the flight's first ticks
constexpr int kLandBlendTicks = kJumpLandBlendTicks;  // the landing's last pose hands over to the walk
constexpr int kLandCutTicks = 6;    // the stick ends a landing this long after touchdown, not before
constexpr float kMovingShare = 0.25f;  // faster than this share of the natural walk: a forward jump
constexpr float kStickForward = 0.5f;  // ...or the stick pushed this far forward (standing at a rail)
constexpr float kStandingShare = 0.6f;  // a forward jump goes at least this share of the natural speed
constexpr float kRunShare = 2.6f;       // ...and at most the top running speed's (retarget/run_gait.h)
constexpr int kPathSamples = 8;
constexpr float kLandStepShareOfLeg = 0.3f;  // a landing beside a face higher than this share of the leg is in it
constexpr float kScanStep_m = 0.05f;    // the look ahead for a gap or low fence to jump
constexpr float kHopCross = 0.25f;      // a hopped fence is crossed between this share of the flight and 1 - it

// The jump data of a creature's species.
const JumpMotion* motion_of(const JumpAction& self, const Species& sp) { return self.data_of<JumpMotion>(sp); }

// The cog's ground point at jump tick k.
glm::vec3 ground_at(const JumpActionState& st, const JumpMotion& jm, int tick) {
  return st.from_ws + heading_forward(st.heading_rad) * (st.distance_m * jump_travel(jm, tick));
}

// True when the body at p would touch something; gaps count only when 'gaps' (on the ground).
bool body_touches(const Level& level, const Species& sp, const glm::vec3& p, float heading, bool gaps) {
  glm::vec3 q = p;
  const bool hit = sp.footprint.count > 0 ? resolve_footprint_collisions(level, sp.footprint, heading, &q, gaps)
                                          : resolve_circle_collisions(level, sp.body_radius_m, &q, gaps);
  return hit && glm::length(q - p) > 0.002f;
}

// The body's reach around its root on the ground (its footprint's, else its circle's).
float body_reach(const Species& sp) { return std::max(sp.footprint.bound_m, sp.body_radius_m); }

// True when fence f is low enough for this body to jump over from 'from' (the body's ground point): its top
// at most hop_m over the ground under it, or over the take-off's ground or ground point when lower (a fence
// up a slope stands higher to the jump, and a wide body standing across a slope flies from below its ground).
bool low_fence(const Level& level, int f, float hop_m, const glm::vec3& from) {
  if (f < 0) return false;
  const Box& b = level.fences[static_cast<std::size_t>(f)];
  const LevelGround ground(&level);
  const float base = std::min({ground.at(b.centre.x, b.centre.z).y, ground.at(from.x, from.z).y, from.y});
  return b.top_y() - base <= hop_m + 0.005f;  // (a level's rounding)
}

// Why the way to a landing d metres ahead is not clear: a fence across it (one no higher than hop_m
// is flown over), a wall the body would touch, a gap it would land in, or the movable ground's edge;
// kNone when clear. The flight passes over gaps (the forward travel is all in the air: retarget/jump.h).
JumpBlock way_blocked(const Level& level, const Species& sp, const glm::vec3& from, float heading, float d,
                      float hop_m, bool edges) {
  if (!(d > 0.0f)) return JumpBlock::kNone;
  const glm::vec3 fwd = heading_forward(heading);
  const int fence = fence_in_reach(level, from, fwd, d);
  const int hop = low_fence(level, fence, hop_m, from) ? fence : -1;
  if (fence >= 0 && hop < 0) return JumpBlock::kFence;
  const LevelGround ground(&level);
  const float from_y = ground.at(from.x, from.z).y;
  // A ledge higher than the jump rises is a wall to its flight; the body lands clear of any face higher
  // than a step above where it lands.
  const float step_m = sp.walks() ? kLandStepShareOfLeg * sp.walk_setup->creature_leg_length_m : hop_m;
  auto in_ledge = [&](const glm::vec3& p, float top_y) {
    glm::vec3 q = p;
    return sp.footprint.count > 0 && resolve_footprint_out_of_ledges(level, sp.footprint, heading, top_y, &q) &&
           glm::length(q - p) > 0.002f;
  };
  for (int k = 1; k <= kPathSamples; ++k) {
    const glm::vec3 p = from + fwd * (d * static_cast<float>(k) / kPathSamples);
    if (!in_regions(level, p)) return JumpBlock::kEdge;
    // The player's body lands inside the rail, as it walks inside it.
    if (k == kPathSamples && edges && footprint_over_edges(level, sp.footprint, heading, p)) return JumpBlock::kEdge;
    if (in_ledge(p, from_y + hop_m) || (k == kPathSamples && in_ledge(p, ground.at(p.x, p.z).y + step_m)))
      return JumpBlock::kWall;
    if (body_touches(level, sp, p, heading, false)) {  // the body would touch: a fence just ahead, else a wall
      if (k < kPathSamples && hop >= 0 &&
          distance_to_footprint(level.fences[static_cast<std::size_t>(hop)], p) <= body_reach(sp) + kScanStep_m)
        continue;  // over the low fence, in the air
      const float reach = d + std::max(sp.footprint.bound_m, sp.body_radius_m);
      return fence_in_reach(level, from, fwd, reach) >= 0 ? JumpBlock::kFence : JumpBlock::kWall;
    }
    if (k == kPathSamples && body_touches(level, sp, p, heading, true)) return JumpBlock::kGap;
  }
  return JumpBlock::kNone;
}

// The first gap or low fence (no higher than hop_m) ahead of a body on the ground at 'from', within
// 'scan' metres: where the body could stand no further (*near) and again (*far), metres along the
// heading; *fence when it is a fence. False when something else stops the body first, or nothing does.
bool obstacle_ahead(const Level& level, const Species& sp, const glm::vec3& from, float heading, float scan,
                    float hop_m, float* near, float* far, bool* fence) {
  const glm::vec3 fwd = heading_forward(heading);
  const int n = std::min(400, static_cast<int>((scan + 2.0f * body_reach(sp)) / kScanStep_m) + 1);
  int first = -1, last = -1;
  for (int i = 0; i <= n; ++i) {
    const glm::vec3 p = from + fwd * (kScanStep_m * static_cast<float>(i));
    if (!in_regions(level, p)) return false;
    // (the depth, not a push: a push can carry a body past a thin fence's middle out of its far side)
    const bool solid = sp.footprint.count > 0 ? footprint_depth(level, sp.footprint, heading, p) > 0.002f
                                              : body_touches(level, sp, p, heading, false);
    const bool touches = solid || body_touches(level, sp, p, heading, true);
    if (first < 0) {
      if (!touches) continue;
      if (i == 0) return false;  // already against something: nothing to run at
      first = last = i;
      if (solid) {  // not a gap: a low fence, else a wall or high fence
        const int f = fence_in_reach(level, from, fwd, kScanStep_m * static_cast<float>(i) + body_reach(sp));
        if (!low_fence(level, f, hop_m, from) ||
            distance_to_footprint(level.fences[static_cast<std::size_t>(f)], p) > body_reach(sp) + kScanStep_m)
          return false;
        *fence = true;
      } else {
        *fence = false;
      }
      *near = kScanStep_m * static_cast<float>(i - 1);
    } else if (touches) {
      last = i;
    } else if (static_cast<float>(i - last) * kScanStep_m > 2.0f * body_reach(sp)) {
      // clear for a body's length: a thin fence can pass between two of its circles
      *far = kScanStep_m * static_cast<float>(last + 1);
      return true;
    }
  }
  return false;
}

// Metres ahead of the best take-off point of a jump of 'length' over the first gap or low fence in
// front within 'reach' of it: the middle of the take-off points that clear it (a fence crossed in the
// middle of the flight). False when there is none, or no point clears it.
bool best_takeoff(const Level& level, const Species& sp, const glm::vec3& from, float heading, float length,
                  float reach, float hop_m, float* ahead_m, bool edges) {
  if (!(length > 0.0f)) return false;
  float near = 0.0f, far = 0.0f;
  bool fence = false;
  if (!obstacle_ahead(level, sp, from, heading, reach + length, hop_m, &near, &far, &fence)) return false;
  float lo = far - length, hi = near;  // the landing clear past it, the take-off short of it
  if (fence) {
    const float mid = 0.5f * (near + far);
    lo = std::max(lo, mid - (1.0f - kHopCross) * length);
    hi = std::min(hi, mid - kHopCross * length);
  }
  if (lo > hi || hi < 0.0f) return false;
  const float best = 0.5f * (lo + hi);
  if (best > reach) return false;
  const glm::vec3 at = from + heading_forward(heading) * std::max(best, 0.0f);
  if (way_blocked(level, sp, at, heading, length, hop_m, edges) != JumpBlock::kNone) return false;
  *ahead_m = best;
  return true;
}

const char* block_reason(JumpBlock b) {
  switch (b) {
    case JumpBlock::kWall: return "a wall is in the way";
    case JumpBlock::kFence: return "a fence is in the way";
    case JumpBlock::kEdge: return "it would land off the ground";
    case JumpBlock::kGap: return "it would land in the gap";
    default: return "";
  }
}

// The hop of a creature without legs at tick k: its bind pose at the ground point, lifted.
void pose_hop(const CreatureState& c, const JumpActionState& st, const JumpMotion& jm, const Rig& rig, int tick,
              CreaturePose* out) {
  CreatureState at = c;
  at.root_ws = ground_at(st, jm, tick);
  at.heading_rad = st.heading_rad;
  pose_bind_at_root(at, rig, out);
  const glm::vec3 up(0.0f, hop_lift(jm, tick), 0.0f);
  for (std::size_t b = 0; b < out->head_ws.size(); ++b) {
    out->head_ws[b] += up;
    out->tail_ws[b] += up;
  }
  out->cog_ws += up;
  out->model_to_world[3] += glm::vec4(up, 0.0f);
}

bool pose_tick(const CreatureState& c, const JumpActionState& st, const JumpMotion& jm, const Rig& rig, int tick,
               const Level* level, CreaturePose* out) {
  if (jm.legless) {
    pose_hop(c, st, jm, rig, tick, out);
    return true;
  }
  const LevelGround ground(level);
  if (!pose_jump(jm, rig, st.from_ws, st.heading_rad, st.distance_m, tick, out, &c.walker, &ground)) return false;
  // A jump in place (the way ahead blocked) at a wall or fence crouches and springs as far as there is
  // room beside it (the shared room stage).
  if (st.distance_m == 0.0f)
    (void)fit_in_room(level, rig, 1.0f, out, [&](float share) {
      return pose_jump(jm, rig, st.from_ws, st.heading_rad, st.distance_m, tick, out, &c.walker, &ground, share);
    });
  return true;
}

}  // namespace

const char* jump_phase(const JumpActionState& st) {
  if (!st.playing()) return "";
  if (st.tick < st.takeoff_tick) return "crouch";
  return st.tick < st.touchdown_tick ? "flight" : "landing";
}

void JumpAction::init(CreatureState& c) const { new (&state_of<State>(c)) State(); }

namespace {

// The creature's natural speed (a slider's: its top speed).
float natural_of(const ActionCall& a) {
  return a.species.walks() ? natural_speed(*a.species.walk_setup) : or_default(a.ctx.tuning.max_speed_mps, 1.4f);
}

// The forward length a jump asked for now would want: 0 standing (or the stick pulled back), else the
// speed carried through the flight: the creature's, or the run the stick asks for when the walk holds
// it back (a run slows to a walk near a ditch's edge); at least kStandingShare of its natural speed.
float wanted_length(const ActionCall& a, const JumpMotion& jm) {
  const float natural = natural_of(a);
  const CreatureState& c = a.creature;
  const bool forward = c.speed_mps > kMovingShare * natural || a.command.move_y > kStickForward;
  if (!forward || a.command.move_y < -kStickMoves) return 0.0f;
  // (at most half as fast again as it goes: a body stopped at the lip has no run to carry)
  const float asked = a.species.walks() && std::fabs(a.command.move_x) < kStickMoves
                          ? std::min(stick_speed(*a.species.walk_setup, std::clamp(a.command.move_y, 0.0f, 1.0f)),
                                     1.5f * c.speed_mps)
                          : 0.0f;
  return jm.forward_m * std::clamp(std::max(c.speed_mps, asked) / std::max(natural, 1e-3f), kStandingShare, kRunShare);
}

// How far ahead a press may be held for its take-off point: kHoldTicks of the creature's travel, or a
// running stride (2.5 leg lengths), the longer.
float hold_reach(const ActionCall& a, const JumpMotion& jm) {
  const float legs = jm.legless ? 0.5f : jm.setup.creature_leg_length_m;
  return std::max(a.creature.speed_mps * kHoldTicks * kTick_sf, 2.5f * legs);
}

float hop_height(const JumpMotion& jm) { return kHopLegLengths * (jm.legless ? 0.0f : jm.setup.creature_leg_length_m); }

glm::vec3 jump_from(const ActionCall& a) {
  return a.species.walks() ? a.creature.walker.position_ws : a.creature.root_ws;
}
float jump_heading(const ActionCall& a) {
  return a.species.walks() ? a.creature.walker.heading_rad : a.creature.heading_rad;
}

// Metres ahead of the take-off point a press now should wait for (false: jump at once).
bool hold_for(const ActionCall& a, const JumpMotion& jm, float* ahead_m) {
  const float wanted = wanted_length(a, jm);
  if (!(wanted > 0.0f) || !(a.creature.speed_mps > kMovingShare * natural_of(a))) return false;
  return best_takeoff(*a.ctx.level, a.species, jump_from(a), jump_heading(a), wanted, hold_reach(a, jm),
                      hop_height(jm), ahead_m, !a.creature.wanders) &&
         *ahead_m > 0.5f * a.creature.speed_mps * kTick_sf;
}

}  // namespace

void JumpAction::start(const ActionCall& a) const {
  const JumpMotion* jm = motion_of(*this, a.species);
  if (!jm) {
    a.hud(id(), kCannotJump);
    return;
  }
  if (!state_of<State>(a.creature).fire && climb_instead(a)) return;  // at a ledge, X climbs it
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  // Running at a gap or a low fence, a press made early waits for the best take-off point (idle fires it).
  float ahead = 0.0f;
  if (!st.fire && hold_for(a, *jm, &ahead)) {
    st.held_ticks = 1;
    a.ctx.registry().locomotion().step(a);
    return;
  }
  st.fire = false;
  st.held_ticks = 0;
  const glm::vec3 from = jump_from(a);
  const float heading = jump_heading(a);
  const Level& level = *a.ctx.level;
  const float hop_m = hop_height(*jm);
  const float wanted = wanted_length(a, *jm);
  float distance = wanted;
  // A low fence ahead is crossed in the middle of the flight: the jump goes as far as that needs, up
  // to a running jump's length.
  const int fence = wanted > 0.0f ? fence_in_reach(level, from, heading_forward(heading), jm->forward_m * kRunShare)
                                  : -1;
  if (low_fence(level, fence, hop_m, from)) {
    const Box& rail = level.fences[static_cast<std::size_t>(fence)];
    const float mid = distance_to_footprint(rail, from) + rail.half_extents.z;
    distance = std::min(std::max(2.0f * mid, mid + rail.half_extents.z + body_reach(a.species) + kScanStep_m),
                        jm->forward_m * kRunShare);
  }
  JumpBlock block = way_blocked(level, a.species, from, heading, distance, hop_m, !c.wanders);
  if (block != JumpBlock::kNone) distance = 0.5f * distance;
  if (block != JumpBlock::kNone && way_blocked(level, a.species, from, heading, distance, hop_m, !c.wanders) != JumpBlock::kNone)
    distance = 0.0f;
  st.jumps += 1;
  st.tick = 0;
  st.ticks = jm->ticks;
  st.takeoff_tick = 0;
  while (st.takeoff_tick < jm->ticks && !jump_airborne(*jm, st.takeoff_tick)) ++st.takeoff_tick;
  st.touchdown_tick = st.takeoff_tick;
  while (st.touchdown_tick < jm->ticks && jump_airborne(*jm, st.touchdown_tick)) ++st.touchdown_tick;
  st.since_landed = 0xffffffffu;
  st.from_ws = glm::vec3(from.x, 0.0f, from.z);
  st.heading_rad = heading;
  st.distance_m = distance;
  st.wanted_m = wanted;
  st.block = block;
  st.clip_id = jm->clip_id;
  c.speed_mps = 0.0f;
  if (block != JumpBlock::kNone) a.hud(id(), distance > 0.0f ? kJumpShortened : kJumpInPlace);
}

bool JumpAction::idle(const ActionCall& a) const {
  State& st = state_of<State>(a.creature);
  if (st.since_landed < static_cast<std::uint32_t>(kLandBlendTicks)) ++st.since_landed;
  const bool landing = st.since_landed < static_cast<std::uint32_t>(kLandBlendTicks);
  if (st.held_ticks <= 0) return landing;
  // A held press fires at its take-off point, or at once when the way ahead changed (the creature
  // turned, slowed or stopped), after kMaxHoldTicks, or when another action took over (dropped).
  if (a.ctx.registry().current(a.creature) != kLocomotion) {
    st.held_ticks = 0;
    return landing;
  }
  const JumpMotion* jm = motion_of(*this, a.species);
  float ahead = 0.0f;
  if (jm && st.held_ticks < kMaxHoldTicks && hold_for(a, *jm, &ahead)) {
    ++st.held_ticks;
    return true;
  }
  st.held_ticks = 0;
  st.fire = true;
  a.creature.queued_request = id();
  a.creature.queued_motion = kNoMotion;
  return landing;
}

void JumpAction::step(const ActionCall& a) const {
  // A landing on its feet ends as soon as the stick asks to move or another action waits (a big
  // creature's stand-up takes a second or more): this tick's pose is its last, and the walk takes
  // over from it.
  State& st = state_of<State>(a.creature);
  // X again late in the flight or in the landing is kept: the next jump starts once this one has handed over.
  if (a.command.request == id() && st.playing() && st.tick + kHoldTicks >= st.touchdown_tick) {
    a.creature.queued_request = id();
    a.creature.queued_motion = kNoMotion;
  }
  const bool moves = std::fabs(a.command.move_x) > kStickMoves || a.command.move_y > kStickMoves ||
                     a.creature.queued_request != kNoAction;
  if (moves && st.playing() && st.tick >= st.touchdown_tick + kLandCutTicks && st.tick + 1 < st.ticks)
    st.ticks = st.tick + 1;
}

bool JumpAction::takes_requests(const CreatureState& c) const {
  const State& st = state_of<State>(c);
  return st.playing() && st.tick >= st.touchdown_tick;
}

Action::HandOver JumpAction::hand_over(const CreatureState& c) const {
  const State& st = state_of<State>(c);
  if (st.playing() || st.ticks <= 0 || st.since_landed >= static_cast<std::uint32_t>(kLandBlendTicks)) return {};
  return {static_cast<int>(st.since_landed), kLandBlendTicks};
}

bool JumpAction::pose(const PoseCall& call) const {
  const State& st = state_of<State>(call.creature);
  const JumpMotion* jm = motion_of(*this, call.species);
  if (!st.playing() || !jm) return false;
  if (!pose_tick(call.creature, st, *jm, *call.species.rig, st.tick, call.ctx.level, call.out)) return false;
  const Species& sp = call.species;
  const LevelGround ground(call.ctx.level);
  if (st.tick < kBlendInTicks && sp.walks() &&
      pose_walker(walker_swinging_on(call.creature.walker, *sp.walk_setup, st.tick + 1), *sp.walk_setup, *sp.rig,
                  *sp.walk_clip, call.scratch, &ground)) {
    const ActionId idle = call.ctx.registry().find("idle");  // started from the idle: from its pose
    if (idle != kNoAction) {
      const PoseCall from{{call.creature, call.index, sp, call.ctx, call.runtime}, call.scratch, nullptr};
      (void)static_cast<const IdleAction&>(call.ctx.registry()[idle]).pose_left_over(from);
    }
    blend_pose_world(*call.scratch, *call.out, handover_weight(st.tick, kBlendInTicks), call.out);
    bend_knees_forward(*sp.rig, call.out);
    // Over ground with height, a foot the walk was swinging is not planted until the blend has brought it
    // down (the ground stage keeps planted feet on the ground; this one is still on its way).
    if (!ground.flat())
      for (std::size_t i = 0; i < call.out->limbs.size(); ++i)
        call.out->limbs[i].contact = call.out->limbs[i].contact && call.scratch->limbs[i].contact;
  }
  return true;
}

bool JumpAction::pose_after_end(const PoseCall& call, int k) const {
  const State& st = state_of<State>(call.creature);
  const JumpMotion* jm = motion_of(*this, call.species);
  if (!jm || jm->legless || st.ticks <= 0) return false;
  // The landing goes on playing under the hand-over (its body still moving as it was), from the
  // tick after the last one shown.
  return pose_tick(call.creature, st, *jm, *call.species.rig, st.ticks - 1 + k, call.ctx.level, call.out);
}

void JumpAction::after_pose(const ActionCall& a) const {
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  const JumpMotion* jm = motion_of(*this, a.species);
  if (!st.playing() || !jm) return;
  ++st.tick;
  c.root_ws = ground_at(st, *jm, st.tick - 1);  // where the pose just made stands (the next is posed at st.tick)
  // (over ground with height, as high as the pose stands: the camera follows it up or down the slope)
  const LevelGround ground(a.ctx.level);
  c.root_ws.y = jump_ground_y(*jm, *a.species.rig, st.from_ws, st.heading_rad, st.distance_m, st.tick - 1, &ground);
  c.heading_rad = wrap_angle(st.heading_rad);
  c.speed_mps = 0.0f;
  if (st.tick < st.ticks) return;
  // Landed: the walk stands where the jump ended and takes over from its last pose.
  const glm::vec3 land = ground_at(st, *jm, st.ticks);
  if (a.species.walks()) c.walker = make_walker(*a.species.walk_setup, *a.species.rig, land, st.heading_rad, &ground);
  c.root_ws = glm::vec3(land.x, a.species.walks() ? c.walker.position_ws.y : ground.at(land.x, land.z).y, land.z);
  st.since_landed = 0;
}

void JumpAction::as_posed(CreatureState& c, const CreatureState& prior, bool prior_exists) const {
  // The posing stage ran on each state before its jump advanced: step it back one tick.
  State& st = state_of<State>(c);
  const State& before = state_of<State>(prior);
  if (st.playing() && st.tick > 0) {
    --st.tick;
  } else if (st.since_landed == 0 && prior_exists && before.playing() && before.jumps == st.jumps) {
    st.tick = st.ticks - 1;  // landed this tick: shown on the jump's last frame
  }
}

bool JumpAction::destination(const CreatureState& c, glm::vec3* ground_ws) const {
  const State& st = state_of<State>(c);
  if (!st.playing()) return false;
  *ground_ws = st.from_ws + heading_forward(st.heading_rad) * st.distance_m;
  return true;
}

void JumpAction::hash(const CreatureState& c, StateHasher* h) const {
  const State& st = state_of<State>(c);
  if (st.jumps == 0 && st.held_ticks == 0 && !st.fire) return;  // never jumped: nothing, so runs without a jump hash as they always did
  h->u8(0x4a);
  h->u32(st.jumps);
  h->i32(st.tick);
  h->i32(st.ticks);
  h->i32(st.takeoff_tick);
  h->i32(st.touchdown_tick);
  h->u32(st.since_landed);
  for (float f : {st.from_ws.x, st.from_ws.y, st.from_ws.z, st.heading_rad, st.distance_m, st.wanted_m}) h->f32(f);
  h->u8(static_cast<std::uint8_t>(st.block));
  h->u32(st.clip_id);
  h->i32(st.held_ticks);
  h->u8(st.fire ? 1 : 0);
}

void JumpAction::describe(const CreatureState& c, Json* j) const {
  const State& st = state_of<State>(c);
  (*j)["jumps"] = st.jumps;
  (*j)["jump_phase"] = jump_phase(st);
  (*j)["jump_tick"] = st.tick;
  (*j)["jump_air_ticks"] = {st.takeoff_tick, st.touchdown_tick};
  (*j)["jump_distance_m"] = st.distance_m;
  (*j)["jump_held_ticks"] = st.held_ticks;
}

std::string JumpAction::hud_text(int code, const CreatureState& c, const PreparedAction& prepared) const {
  const std::string& unavailable = prepared.unavailable;
  const State& st = state_of<State>(c);
  switch (code) {
    case kJumpShortened: return std::string("Jump shortened: ") + block_reason(st.block);
    case kJumpInPlace: return std::string("Jumped in place: ") + block_reason(st.block);
    case kCannotJump: return unavailable.empty() ? "This creature cannot jump" : "Can't jump: " + unavailable;
    default: return {};
  }
}

void JumpAction::debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const {
  const State& st = state_of<State>(call.creature);
  char line[160];
  if (st.held_ticks > 0) {
    std::snprintf(line, sizeof line, "X held for the take-off point: %d ticks", static_cast<int>(st.held_ticks));
    rows->push_back({DebugRow::Style::kNormal, line});
  }
  if (st.jumps == 0) {
    rows->push_back({DebugRow::Style::kDisabled, "no jump yet"});
    return;
  }
  std::snprintf(line, sizeof line, "%s  tick %d / %d  (air %d..%d)", st.playing() ? jump_phase(st) : "landed",
                st.tick, st.ticks, st.takeoff_tick, st.touchdown_tick);
  rows->push_back({DebugRow::Style::kNormal, line});
  std::snprintf(line, sizeof line, "jumps %u  distance %.2f m (wanted %.2f)", st.jumps, st.distance_m, st.wanted_m);
  rows->push_back({DebugRow::Style::kNormal, line});
  if (st.block != JumpBlock::kNone)
    rows->push_back({DebugRow::Style::kWarning, std::string("shortened: ") + block_reason(st.block)});
}

PreparedAction JumpAction::prepare(const ActionSetup& setup) const {
  // The clip is named by the state of a creature that jumped (clip_id), not by the scene's identity.
  PreparedAction out;
  Result<MotionClip> clip = load_motion(setup.motions_dir + "jump.json");
  if (!clip) {
    out.unavailable = "no jump motion: " + clip.error().to_string();
    return out;
  }
  if (!setup.rig) return out;
  Result<JumpMotion> jm = prepare_jump(*setup.rig, *clip, setup.walk);
  if (jm) {
    out.data = std::make_shared<const JumpMotion>(std::move(*jm));
  } else {
    out.unavailable = jm.error().message;
  }
  return out;
}

const JumpAction& game_jump() {
  return static_cast<const JumpAction&>(game_actions()[game_actions().find("jump")]);
}
const JumpActionState& jump_of(const CreatureState& c) { return game_jump().state_of<JumpActionState>(c); }
const JumpMotion* jump_motion(const Species& sp) { return game_jump().data_of<JumpMotion>(sp); }
HudMessage jump_hud(JumpMessage m) { return hud_message_id(game_jump().id(), m); }

}  // namespace cf
