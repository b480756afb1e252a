#include "game/play/actions/jump_action.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "game/play/actions/idle_action.h"
#include "game/play/actions/locomotion.h"
#include "game/play/sim.h"
#include "game/play/world_runtime.h"
#include "math/angles.h"
#include "retarget/jump.h"
#include "retarget/pose_blend.h"
#include "retarget/walker.h"
#include "world/clearance.h"
#include "world/ground_query.h"
#include "world/level.h"
#include "world/movement_collision.h"
#include "core/json.h"

namespace cf {

namespace {

constexpr int kBlendInTicks = kJumpSettleTicks;  // the walk's last pose hands over to the crouch
constexpr int kLandBlendTicks = 8;  // the landing's last pose hands over to the walk
constexpr int kLandCutTicks = 6;    // the stick ends a landing this long after touchdown, not before
constexpr float kMovingShare = 0.25f;  // faster than this share of the natural walk: a forward jump
constexpr int kPathSamples = 8;

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

// Why the way to a landing d metres ahead is not clear: a fence across it, a wall the body would
// touch, a gap it would land in, or the movable ground's edge; kNone when clear. The flight passes
// over gaps (the forward travel is all in the air: retarget/jump.h).
JumpBlock way_blocked(const Level& level, const Species& sp, const glm::vec3& from, float heading, float d) {
  if (!(d > 0.0f)) return JumpBlock::kNone;
  const glm::vec3 fwd = heading_forward(heading);
  if (fence_in_reach(level, from, fwd, d) >= 0) return JumpBlock::kFence;
  for (int k = 1; k <= kPathSamples; ++k) {
    const glm::vec3 p = from + fwd * (d * static_cast<float>(k) / kPathSamples);
    if (!in_regions(level, p)) return JumpBlock::kEdge;
    if (body_touches(level, sp, p, heading, false)) {  // the body would touch: a fence just ahead, else a wall
      const float reach = d + std::max(sp.footprint.bound_m, sp.body_radius_m);
      return fence_in_reach(level, from, fwd, reach) >= 0 ? JumpBlock::kFence : JumpBlock::kWall;
    }
    if (k == kPathSamples && body_touches(level, sp, p, heading, true)) return JumpBlock::kGap;
  }
  return JumpBlock::kNone;
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
               CreaturePose* out) {
  if (jm.legless) {
    pose_hop(c, st, jm, rig, tick, out);
    return true;
  }
  return pose_jump(jm, rig, st.from_ws, st.heading_rad, st.distance_m, tick, out, &c.walker);
}

}  // namespace

const char* jump_phase(const JumpActionState& st) {
  if (!st.playing()) return "";
  if (st.tick < st.takeoff_tick) return "crouch";
  return st.tick < st.touchdown_tick ? "flight" : "landing";
}

void JumpAction::init(CreatureState& c) const { new (&state_of<State>(c)) State(); }

void JumpAction::start(const ActionCall& a) const {
  const JumpMotion* jm = motion_of(*this, a.species);
  if (!jm) {
    a.hud(id(), kCannotJump);
    return;
  }
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  const bool walks = a.species.walks();
  const float natural = walks ? natural_speed(*a.species.walk_setup) : or_default(a.ctx.tuning.max_speed_mps, 1.4f);
  const glm::vec3 from = walks ? c.walker.position_ws : c.root_ws;
  const float heading = walks ? c.walker.heading_rad : c.heading_rad;
  // Faster runs jump further, up to 1.3 x the creature's standing-start length.
  const float wanted = c.speed_mps > kMovingShare * natural
                           ? jm->forward_m * std::clamp(c.speed_mps / std::max(natural, 1e-3f), 0.6f, 1.3f)
                           : 0.0f;
  float distance = wanted;
  JumpBlock block = way_blocked(*a.ctx.level, a.species, from, heading, distance);
  if (block != JumpBlock::kNone) distance = 0.5f * wanted;
  if (block != JumpBlock::kNone && way_blocked(*a.ctx.level, a.species, from, heading, distance) != JumpBlock::kNone)
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

void JumpAction::idle(const ActionCall& a) const {
  State& st = state_of<State>(a.creature);
  if (st.since_landed < static_cast<std::uint32_t>(kLandBlendTicks)) ++st.since_landed;
}

void JumpAction::step(const ActionCall& a) const {
  // A landing on its feet ends as soon as the stick asks to move or another action waits (a big
  // creature's stand-up takes a second or more): this tick's pose is its last, and the walk takes
  // over from it.
  State& st = state_of<State>(a.creature);
  const bool moves = std::fabs(a.command.move_x) > kStickMoves || a.command.move_y > kStickMoves ||
                     a.creature.queued_request != kNoAction;
  if (moves && st.playing() && st.tick >= st.touchdown_tick + kLandCutTicks && st.tick + 1 < st.ticks)
    st.ticks = st.tick + 1;
}

bool JumpAction::takes_requests(const CreatureState& c) const {
  const State& st = state_of<State>(c);
  return st.playing() && st.tick >= st.touchdown_tick;
}

bool JumpAction::hands_over(const CreatureState& c) const {
  const State& st = state_of<State>(c);
  return !st.playing() && st.ticks > 0 && st.since_landed < static_cast<std::uint32_t>(kLandBlendTicks);
}

bool JumpAction::pose(const PoseCall& call) const {
  const State& st = state_of<State>(call.creature);
  const JumpMotion* jm = motion_of(*this, call.species);
  if (!st.playing() || !jm) return false;
  if (!pose_tick(call.creature, st, *jm, *call.species.rig, st.tick, call.out)) return false;
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
  }
  return true;
}

void JumpAction::after_locomotion_pose(const PoseCall& call) const {
  const State& st = state_of<State>(call.creature);
  const JumpMotion* jm = motion_of(*this, call.species);
  if (!jm || jm->legless || st.ticks <= 0 || st.since_landed >= static_cast<std::uint32_t>(kLandBlendTicks)) return;
  // The landing goes on playing under the hand-over (its body still moving as it was), from the
  // tick after the last one shown.
  const int tick = st.ticks - 1 + static_cast<int>(st.since_landed);
  if (pose_tick(call.creature, st, *jm, *call.species.rig, tick, call.scratch))
    blend_pose_world(*call.scratch, *call.out, handover_weight(static_cast<int>(st.since_landed), kLandBlendTicks),
                     call.out);
}

void JumpAction::after_pose(const ActionCall& a) const {
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  const JumpMotion* jm = motion_of(*this, a.species);
  if (!st.playing() || !jm) return;
  ++st.tick;
  c.root_ws = ground_at(st, *jm, st.tick - 1);  // where the pose just made stands (the next is posed at st.tick)
  c.heading_rad = wrap_angle(st.heading_rad);
  c.speed_mps = 0.0f;
  if (st.tick < st.ticks) return;
  // Landed: the walk stands where the jump ended and takes over from its last pose.
  const glm::vec3 land = ground_at(st, *jm, st.ticks);
  const LevelGround ground(a.ctx.level);
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
  if (st.jumps == 0) return;  // never jumped: nothing, so runs without a jump hash as they always did
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
}

void JumpAction::describe(const CreatureState& c, Json* j) const {
  const State& st = state_of<State>(c);
  (*j)["jumps"] = st.jumps;
  (*j)["jump_phase"] = jump_phase(st);
  (*j)["jump_tick"] = st.tick;
  (*j)["jump_air_ticks"] = {st.takeoff_tick, st.touchdown_tick};
  (*j)["jump_distance_m"] = st.distance_m;
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
