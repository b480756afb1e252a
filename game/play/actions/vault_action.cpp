#include "game/play/actions/vault_action.h"
#include "game/play/actions/climb_action.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/tick.h"
#include "core/worker_pool.h"
#include "game/play/actions/locomotion.h"
#include "game/play/world_runtime.h"
#include "math/angles.h"
#include "motion/motion_clip.h"
#include "render/geometry_stage.h"
#include "retarget/pose_blend.h"
#include "retarget/run_gait.h"
#include "world/clearance.h"
#include "world/footprint.h"
#include "world/ground_query.h"
#include "world/level.h"
#include "core/json.h"

namespace cf {

namespace {

constexpr float kBrainFenceLookAhead_m = 1.4f;  // a herd creature vaults a fence this close ahead
constexpr float kLandingRoomSlack_m = 0.01f;     // the footprint may graze a wall where it lands

VaultRuntime& runtime_of(const VaultAction& self, WorldRuntime& rt, int creature) {
  return static_cast<VaultRuntime&>(*rt.action_runtime(creature, self));
}

// The vault's plan is made while the creature walks to the start (plan_ahead) and finished when the
// vault starts; only its decision is needed before. After a state was restored, what the record needs
// is made again from it: the decision, and the plan for a vault already playing.
// A plan that fails becomes a refusal with the reason. 'pool' (the world's threads, free at the
// time) finishes it sooner; the plan is the same without it.
VaultPlan plan_from(VaultPlanner& planner, WorkerPool* pool = nullptr) {
  VaultDecision decision = planner.decision();
  Result<VaultPlan> made = planner.take(pool);
  if (made) return std::move(*made);
  decision.refused = true;
  decision.reason = made.error().message;
  VaultPlan plan;
  plan.decision = std::move(decision);
  return plan;
}

// The decision of the creature's current vault record (rebuilt from the record when not the one held,
// its plan then begun again), or null when the creature has no vault decided.
const VaultDecision* decision_of(const VaultAction& self, WorldRuntime& rt, int creature, const CreatureState& c,
                                 const SimContext& ctx) {
  const VaultActionState& st = self.state_of<VaultActionState>(c);
  if (st.record.serial == 0) return nullptr;
  VaultRuntime& r = runtime_of(self, rt, creature);
  if (r.serial == st.record.serial) return &r.plan.decision;
  if (r.planning == st.record.serial) return &r.planner.decision();
  const Species* sp = ctx.species_of(c.species);
  const VaultMotion* vm = sp ? self.data_of<VaultMotion>(*sp) : nullptr;
  if (!vm || !ctx.level) return nullptr;
  Result<VaultDecision> d = decide_vault(*ctx.level, st.record.fence, *vm, st.record.from_ws);
  if (!d) return nullptr;
  r.planner.start(*ctx.level, *sp->rig, *vm, *d);
  r.planning = st.record.serial;
  return &r.planner.decision();
}

// The plan of the creature's current vault record: the one held, the one being made finished now, or
// one made again after a state was restored. Null when the creature has no vault decided.
const VaultPlan* plan_of(const VaultAction& self, WorldRuntime& rt, int creature, const CreatureState& c,
                         const SimContext& ctx, WorkerPool* pool = nullptr) {
  const VaultActionState& st = self.state_of<VaultActionState>(c);
  if (st.record.serial == 0) return nullptr;
  VaultRuntime& r = runtime_of(self, rt, creature);
  if (r.serial == st.record.serial) return &r.plan;
  if (!decision_of(self, rt, creature, c, ctx)) return nullptr;
  r.plan = plan_from(r.planner, pool);
  r.serial = st.record.serial;
  r.planning = 0;
  return &r.plan;
}

void record_plan(VaultRecord& r, const VaultPlan& plan) {
  r.fence = plan.decision.place.fence;
  r.ticks = plan.ticks;
  r.mirrored = plan.decision.mirrored;
  r.refused = plan.decision.refused;
  r.lref = plan.decision.lref;
  r.lmax = plan.decision.lmax;
  r.end_position_ws = plan.end_position_ws;
  r.set_reason(plan.decision.reason);
}

// What the record keeps of a decision when it is made: the plan's outcome as far as the decision
// tells it (the ticks of the clip it plays, where it ends); the plan confirms it or refuses when the
// vault starts (record_plan).
void record_decision(VaultRecord& r, const VaultDecision& d, const VaultMotion& vm, const Level& level,
                     const Rig& rig, CreaturePose* scratch) {
  r.fence = d.place.fence;
  r.mirrored = d.mirrored;
  r.refused = d.refused;
  r.lref = d.lref;
  r.lmax = d.lmax;
  r.ticks = d.refused ? 0 : (d.mirrored ? vm.fit_mirrored : vm.fit).ticks;
  r.end_position_ws = vault_end_position(level, rig, vm, d, scratch);
  r.set_reason(d.reason);
}

// Where the walker's position (the cog's ground point) is when the planned vault starts: under the
// clip's waist at its entry tick (the wind-up before it is walked) once the creature faces the vault's
// way; turning, it aims for the clip's own start, further back, so no turn is made close to the fence.
glm::vec3 vault_start_ground(const VaultDecision& d, const VaultMotion& vm, const Rig& rig, float heading_rad) {
  constexpr float kFacing_rad = 0.15f;  // within this of the vault's heading the wind-up is walked
  const VaultFit& fit = d.mirrored ? vm.fit_mirrored : vm.fit;
  const float facing = std::clamp(1.0f - std::fabs(wrap_angle(d.place.heading_rad - heading_rad)) / kFacing_rad, 0.0f, 1.0f);
  const glm::vec3 at = rig.cog + (fit.ref_entry_ms - fit.ref_start_ms) * facing;
  const glm::vec3 p = glm::vec3(d.place.model_to_world * glm::vec4(at.x, 0.0f, at.z, 1.0f));
  return glm::vec3(p.x, 0.0f, p.z);
}

// One tick of walking to the vault's start. From well back it steers for a point on the vault's line
// a little short of the start, so it arrives on the line already facing the fence. Closer than that
// (A pressed right at the fence) it never loops round: it turns the short way onto the vault's
// heading and steps back along its own line to the start, feet and all. Every step is kept clear of
// walls and fences like walking. Starts the vault on arrival, or after a timeout from wherever the
// walk got to (the vault's first ticks blend from there).
constexpr std::uint32_t kApproachStallTicks = 20;

// The vault starts: its plan is finished (a plan may still refuse it, a limb touching something) and
// the record takes the outcome.
void begin_vault(const VaultAction& self, const ActionCall& a) {
  VaultActionState& st = self.state_of<VaultActionState>(a.creature);
  st.approaching = false;
  VaultRuntime& r = runtime_of(self, a.runtime, a.index);
  if (r.planning == st.record.serial && !r.planner.done()) ++r.finished_at_start;
  // The actions step on this thread, so the world's threads are free to finish the plan.
  const VaultPlan* plan = plan_of(self, a.runtime, a.index, a.creature, a.ctx, a.runtime.pool());
  if (!plan) return;
  record_plan(st.record, *plan);
  start_vault(*plan, &st.vault);
  if (st.vault.phase == VaultPhase::kRefused) a.hud(self.id(), kVaultRefused);
}

void step_approach(const VaultAction& self, const ActionCall& a) {
  CreatureState& c = a.creature;
  VaultActionState& st = self.state_of<VaultActionState>(c);
  const VaultDecision* decision = decision_of(self, a.runtime, a.index, c, a.ctx);
  if (!decision) {
    st.approaching = false;
    return;
  }
  const VaultPlacement& place = decision->place;
  const VaultMotion* vm = self.data_of<VaultMotion>(a.species);
  if (!vm) {
    st.approaching = false;
    return;
  }
  const glm::vec3 target = vault_start_ground(*decision, *vm, *a.species.rig, c.walker.heading_rad);
  const glm::vec3 pos(c.walker.position_ws.x, 0.0f, c.walker.position_ws.z);
  const glm::vec3 fwd = place.forward_ws;
  const glm::vec3 to_start = target - pos;
  const float dist = std::sqrt(to_start.x * to_start.x + to_start.z * to_start.z);
  const float along = glm::dot(to_start, fwd);  // > 0: the start is still ahead along the vault's line
  const float heading_err = wrap_angle(place.heading_rad - c.walker.heading_rad);
  const int max_ticks_setting = a.ctx.tuning.max_approach_ticks;
  const auto max_ticks = static_cast<std::uint32_t>(max_ticks_setting > 0 ? max_ticks_setting : 300);
  const bool arrived = dist < 0.05f && std::fabs(heading_err) < 0.12f;
  if (arrived || st.approach_ticks >= max_ticks) {
    begin_vault(self, a);
    return;
  }
  ++st.approach_ticks;
  const float heading_before = c.walker.heading_rad;
  // The carrot is a point ahead on the line; when it would be behind the creature, it backs up instead.
  const bool walk_on = along > 0.6f * dist + 0.05f;
  WalkCommand cmd;
  glm::vec3 shift(0.0f);
  if (walk_on) {
    const glm::vec3 carrot = target - fwd * (0.6f * dist);
    const glm::vec3 to = carrot - pos;
    const float err = wrap_angle(std::atan2(to.x, to.z) - c.walker.heading_rad);
    cmd.turn_rate_rps = std::clamp(err * 6.0f, -3.0f, 3.0f);
    // The pace it came with, a brisk walk's at least (the walk's top), the run's while the stick is held
    // forward; slowing only over the last stride to the start.
    const float asked = stick_speed(*a.species.walk_setup, std::clamp(a.command.move_y, 0.0f, 1.0f));
    const float pace = std::max({max_speed(*a.species.walk_setup), asked, c.walker.speed_mps});
    cmd.speed_mps = std::min(pace, 0.3f + dist * 4.0f) * std::max(0.0f, std::cos(err));
  } else {
    constexpr float kBackUp_mps = 0.6f;
    cmd.turn_rate_rps = std::clamp(heading_err * 6.0f, -3.0f, 3.0f);
    const float step = std::min(dist, kBackUp_mps * kTick_sf);
    if (dist > 1e-6f) shift = to_start * (step / dist);
  }
  // The gait of the stick that asks this pace (a run's past 80%), so a running creature runs on to the start.
  float lo = 0.0f, hi = 1.0f;
  for (int k = 0; k < 12; ++k) {
    const float mid = 0.5f * (lo + hi);
    (stick_speed(*a.species.walk_setup, mid) < cmd.speed_mps ? lo : hi) = mid;
  }
  const LevelGround ground(a.ctx.level);
  step_walker(&c.walker, cmd, *a.species.walk_setup, *a.species.rig, kTick_sf,
              gait_params(*a.species.walk_setup, hi, c.walker.speed_mps), &ground);
  // Backing up: the planted feet go with the body (a shuffle), so no leg is left stretched.
  c.walker.position_ws += shift;
  for (FootState& f : c.walker.feet) {
    f.plant_ws += shift;
    f.goal_ws += shift;
  }
  glm::vec3 p = c.walker.position_ws;
  const bool hit = collide_walker(*a.ctx.level, a.species, heading_before, c.root_ws, &c.walker, &p, !c.wanders);
  c.walker.position_ws = p;
  // The steps to the start land clear of the fence and walls beside it, as walking's do.
  keep_landings_clear(*a.ctx.level, *a.species.rig, &c.walker, c.walker.speed_mps <= kTurnOnTheSpot_mps, hit);
  c.root_ws = c.walker.position_ws;
  c.heading_rad = wrap_angle(c.walker.heading_rad);
  c.speed_mps = c.walker.speed_mps;
  // A start the creature cannot get nearer to (its footprint would touch the fence) is reached as near
  // as it goes: the vault starts from there, its first ticks blending the rest of the way (no further
  // than the clip's own wind-up step, which the approach walks instead).
  const glm::vec3 moved = c.walker.position_ws - pos;
  const bool stalled = moved.x * moved.x + moved.z * moved.z < 1e-6f && st.approach_ticks > 5;
  const VaultFit& fit = decision->mirrored ? vm->fit_mirrored : vm->fit;
  const glm::vec2 windup(fit.ref_entry_ms.x - fit.ref_start_ms.x, fit.ref_entry_ms.z - fit.ref_start_ms.z);
  if ((hit || stalled) && dist < 0.2f + glm::length(windup) && std::fabs(heading_err) < 0.12f) {
    begin_vault(self, a);
    return;
  }
  // Held by a wall or the ground's edge short of the start: give up and say so, rather than stand
  // still until the timeout and then catch up in a rush.
  c.blocked_ticks = stalled ? c.blocked_ticks + 1u : 0u;
  if (c.blocked_ticks >= kApproachStallTicks) {
    st.approaching = false;
    runtime_of(self, a.runtime, a.index).planning = 0;  // not needed: the plan in the making is dropped
    c.blocked_ticks = 0;
    a.hud(self.id(), kNoRoomToStart);
  }
}

// The vault's pose of 'tick' into *out (false when the plan or the job refuses).
bool pose_plan_tick(const VaultPlan* plan, const VaultMotion& vm, const PoseCall& call, int tick, CreaturePose* out) {
  VaultPoseJob job;
  job.plan = plan;
  job.motion = &vm;
  job.rig = call.species.rig;
  job.level = call.ctx.level;
  job.tick = tick;
  job.out = out;
  return plan && job.run();
}

// The HUD shows messages as sentences: a capital first letter.
std::string sentence_case(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

}  // namespace

std::string_view VaultRecord::reason_text() const {
  return std::string_view(reason.data(), strnlen(reason.data(), reason.size()));
}

void VaultRecord::set_reason(std::string_view text) {
  reason.fill('\0');
  std::memcpy(reason.data(), text.data(), std::min(text.size(), reason.size() - 1));
}

VaultPlan make_vault_plan(const Level& level, const Rig& rig, const VaultMotion& motion, VaultDecision decision) {
  VaultPlanner planner;
  planner.start(level, rig, motion, decision);
  return plan_from(planner);
}

bool fence_in_vault_reach(const CreatureState& c, const Level& level) {
  return fence_in_reach(level, c.root_ws, heading_forward(c.heading_rad), kVaultReachM) >= 0;
}

void VaultAction::init(CreatureState& c) const { new (&state_of<State>(c)) State(); }

bool VaultAction::active(const CreatureState& c) const {
  const State& st = state_of<State>(c);
  return st.approaching || st.playing();
}

// Asked for: vault the fence in front, mirrored when the wall leaves no room on the authored side,
// refused (with the reason on the HUD) when neither side has room.
void VaultAction::start(const ActionCall& a) const {
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  const VaultMotion* vm = data_of<VaultMotion>(a.species);
  if (!vm) {
    a.hud(id(), kCannotVault);
    return;
  }
  const Level& level = *a.ctx.level;
  const float reach = or_default(a.ctx.tuning.vault_reach_m, kVaultReachM);
  const int fence = fence_in_reach(level, c.root_ws, heading_forward(c.heading_rad), reach);
  if (fence < 0 && climb_instead(a)) return;  // no fence, a ledge: A climbs it
  if (fence < 0) {
    a.hud(id(), kNoFenceInReach);
    return;
  }
  Result<VaultDecision> d = decide_vault(level, fence, *vm, c.root_ws);
  if (!d) {
    a.hud(id(), kNoFenceInReach);
    return;
  }
  VaultRuntime& r = runtime_of(*this, a.runtime, a.index);
  if (!d->refused && a.species.footprint.count > 0) {
    // The body walks on from where it lands: a landing its footprint would not fit (a wall close
    // beyond the fence) is refused now, not pushed clear after.
    const glm::vec3 end = vault_end_position(level, *a.species.rig, *vm, *d, &r.scratch);  // the model's origin
    const glm::vec3& cog = a.species.rig->cog;
    const glm::vec3 lands = glm::vec3(placement(end, d->place.heading_rad) * glm::vec4(cog.x, 0.0f, cog.z, 1.0f));
    if (footprint_depth(level, a.species.footprint, d->place.heading_rad, lands) > kLandingRoomSlack_m) {
      d->refused = true;
      d->reason = "no room to land beyond the fence";
    }
  }
  const std::uint32_t serial = st.record.serial + 1;
  st.record = VaultRecord{};
  st.record.serial = serial;
  st.record.from_ws = c.root_ws;
  record_decision(st.record, *d, *vm, level, *a.species.rig, &r.scratch);
  r.planner.start(level, *a.species.rig, *vm, *d);
  r.planning = serial;
  r.serial = 0;  // a plan held from before (a rewound timeline may have used this serial) is not this one
  if (d->refused) {
    // No room beside the path on either side: refused now, nothing to plan.
    begin_vault(*this, a);
    return;
  }
  // Walk to where the vault starts first, so the creature doesn't jump there; the plan is made on the
  // way (plan_ahead) and finished when it starts.
  st.approaching = true;
  st.approach_ticks = 0;
  st.vault.phase = VaultPhase::kIdle;
  step_approach(*this, a);
}

void VaultAction::step(const ActionCall& a) const {
  if (state_of<State>(a.creature).approaching) step_approach(*this, a);  // a playing vault: the posing stage
}

int VaultAction::plans_ahead(const PlanCall& call) const {
  const State& st = state_of<State>(call.creature);
  const auto* r = static_cast<const VaultRuntime*>(call.runtime.held_runtime(call.index, id()));
  if (!st.approaching || !r || r->planning != st.record.serial || r->planner.done()) return -1;
  // How far the creature still walks to the start.
  const VaultMotion* vm = data_of<VaultMotion>(call.species);
  if (!vm) return -1;
  const glm::vec3 start = vault_start_ground(r->planner.decision(), *vm, *call.species.rig, call.creature.walker.heading_rad);
  const glm::vec3 at = call.creature.walker.position_ws;
  const float d = std::sqrt((start.x - at.x) * (start.x - at.x) + (start.z - at.z) * (start.z - at.z));
  return static_cast<int>(std::min(d, 1000.0f) * 1000.0f);
}

void VaultAction::plan_ahead(const PlanCall& call) const {
  const State& st = state_of<State>(call.creature);
  VaultRuntime& r = runtime_of(*this, call.runtime, call.index);
  if (st.approaching && r.planning == st.record.serial) r.planner.advance(call.pose_budget);
}

bool VaultAction::idle(const ActionCall& a) const {
  VaultState& v = state_of<State>(a.creature).vault;
  if (v.phase == VaultPhase::kLanded && v.since_landed < kVaultLandingBlendTicks) ++v.since_landed;
  return v.phase == VaultPhase::kLanded && v.since_landed < kVaultLandingBlendTicks;
}

bool VaultAction::pose(const PoseCall& call) const {
  const State& st = state_of<State>(call.creature);
  const VaultMotion* vm = data_of<VaultMotion>(call.species);
  if (!st.playing() || !vm) return false;
  const VaultPlan* p = plan_of(*this, call.runtime, call.index, call.creature, call.ctx);
  if (!pose_plan_tick(p, *vm, call, vault_tick_to_pose(st.vault), call.out)) return false;
  // The first ticks hand over from the walking pose the vault started from (no pop).
  const int k = vault_ticks_played(st.vault, *p);
  const Species& sp = call.species;
  const LevelGround ground(call.ctx.level);
  if (k < kVaultBlendInTicks && sp.walks() &&
      pose_walker(call.creature.walker, *sp.walk_setup, *sp.rig, *sp.walk_clip, call.scratch, &ground))
    blend_pose_world(*call.scratch, *call.out, handover_weight(k, kVaultBlendInTicks), call.out);
  return true;
}

Action::HandOver VaultAction::hand_over(const CreatureState& c) const {
  const VaultActionState& st = state_of<State>(c);
  if (st.vault.phase != VaultPhase::kLanded || st.vault.since_landed >= kVaultLandingBlendTicks) return {};
  return {static_cast<int>(st.vault.since_landed), kVaultLandingBlendTicks};
}

bool VaultAction::pose_after_end(const PoseCall& call, int) const {
  // After a landing the walker takes over from the vault's last frame.
  const VaultMotion* vm = data_of<VaultMotion>(call.species);
  if (!vm) return false;
  const VaultPlan* p = plan_of(*this, call.runtime, call.index, call.creature, call.ctx);
  return pose_plan_tick(p, *vm, call, p ? p->ticks - 1 : 0, call.out);
}

// After the posing stage: a playing vault reads its posed tick (where the body is, what it touches)
// and advances; where it lands the walker takes over.
void VaultAction::after_pose(const ActionCall& a) const {
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  if (!st.playing()) return;
  const VaultPlan* plan = plan_of(*this, a.runtime, a.index, c, a.ctx);
  if (!plan) return;
  const Rig& rig = *a.species.rig;
  const CreaturePose& pose = a.runtime.pose(a.index);
  c.root_ws = glm::vec3(pose.cog_ws.x, a.ctx.level->ground_y, pose.cog_ws.z);
  // The heading turns from the walker's onto the vault's as the pose hands over (no snap).
  const int k = vault_ticks_played(st.vault, *plan);
  const float start_heading = a.species.walks() ? c.walker.heading_rad : plan->decision.place.heading_rad;
  c.heading_rad = wrap_angle(lerp_angle(start_heading, plan->decision.place.heading_rad,
                                        handover_weight(k, kVaultBlendInTicks)));
  c.speed_mps = 0.0f;
  advance_vault(*plan, rig, *a.ctx.level, pose, &st.vault);
  if (st.vault.phase == VaultPhase::kLanded) {
    // The walker stands under the landed body (its position is the cog's ground point), so the root
    // goes on from where the vault left it; the pose hands over in the posing stage.
    const LevelGround ground(a.ctx.level);
    c.walker = make_walker(*a.species.walk_setup, rig, glm::vec3(c.root_ws.x, 0.0f, c.root_ws.z),
                           plan->landed_heading_rad, &ground);
    c.root_ws = c.walker.position_ws;
    c.heading_rad = wrap_angle(c.walker.heading_rad);
    st.vault.since_landed = 0;
    ++st.vaults_played;
  }
}

void VaultAction::as_posed(CreatureState& c, const CreatureState& prior, bool prior_exists) const {
  // The posing stage ran on each state before its vault advanced: step it back one frame.
  State& st = state_of<State>(c);
  const State& before = state_of<State>(prior);
  if (st.playing() && st.vault.tick > 0) {  // never at the entry tick: a whole tick poses and advances
    --st.vault.tick;
  } else if (st.vault.phase == VaultPhase::kLanded && prior_exists && before.playing() &&
             before.record.serial == st.record.serial && st.vault.ticks > 0) {
    st.vault = before.vault;  // landed this tick: shown on the vault's last frame
    st.vault.tick = st.vault.ticks - 1;
  }
}

bool VaultAction::destination(const CreatureState& c, glm::vec3* ground_ws) const {
  const State& st = state_of<State>(c);
  if (!active(c) || st.record.refused || st.record.ticks <= 0) return false;
  *ground_ws = st.record.end_position_ws;
  return true;
}

PlantedContact VaultAction::contact(const CreatureState& c) const {
  // The hands a vault plants on its fence (the pose is a vault frame while playing and on the
  // landing tick) touch that fence by design.
  const VaultState& v = state_of<State>(c).vault;
  const bool vault_pose = v.phase == VaultPhase::kPlaying || v.phase == VaultPhase::kLanded;
  if (!vault_pose || v.fence < 0) return {};
  return PlantedContact{v.fence, true};
}

bool VaultAction::brain_wants(const BrainCall& b) const {
  // A fence just ahead on the way: vault it, as a player would with A.
  return data_of<VaultMotion>(b.species) && std::fabs(b.steer_error_rad) < 0.5f &&
         fence_in_reach(*b.ctx.level, b.creature.root_ws, heading_forward(b.creature.heading_rad),
                        kBrainFenceLookAhead_m) >= 0;
}

void VaultAction::hash(const CreatureState& c, StateHasher* h) const {
  const State& st = state_of<State>(c);
  h->u8(st.approaching ? 1 : 0);
  h->u32(st.approach_ticks);
  hash_vault_state(st.vault, h);
  const VaultRecord& r = st.record;
  h->u32(r.serial);
  for (float f : {r.from_ws.x, r.from_ws.y, r.from_ws.z}) h->f32(f);
  h->i32(r.fence);
  h->i32(r.ticks);
  h->u8(r.mirrored ? 1 : 0);
  h->u8(r.refused ? 1 : 0);
  h->str(r.reason_text());
  for (float f : {r.lref, r.lmax, r.end_position_ws.x, r.end_position_ws.z}) h->f32(f);
  h->u32(st.vaults_played);
}

void VaultAction::describe(const CreatureState& c, Json* j) const {
  const State& st = state_of<State>(c);
  (*j)["vault_phase"] = st.approaching ? "approaching" : to_string(st.vault.phase);
  (*j)["vault_fence"] = st.vault.fence;
  (*j)["vault_mirrored"] = st.vault.mirrored;
  (*j)["vault_refused_reason"] = st.record.refused ? std::string(st.record.reason_text()) : "";
  (*j)["vaults_played"] = st.vaults_played;
  (*j)["vault_max_penetration_m"] = st.vault.max_penetration_m;
}

std::string VaultAction::hud_text(int code, const CreatureState& c, const PreparedAction& prepared) const {
  const std::string& unavailable = prepared.unavailable;
  switch (code) {
    // Reasons say why, never "vault" again: "Can't vault: the creature would touch a wall".
    case kVaultRefused: return "Can't vault: " + std::string(state_of<State>(c).record.reason_text());
    case kNoFenceInReach: return "No fence in reach";
    case kCannotVault: return sentence_case(unavailable);
    case kNoRoomToStart: return "Can't vault: no room to step back to the start";
    default: return {};
  }
}

void VaultAction::debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const {
  const State& st = state_of<State>(call.creature);
  const VaultRecord& r = st.record;
  char line[192];
  std::snprintf(line, sizeof line, "phase %s  tick %d / %d", st.approaching ? "approaching" : to_string(st.vault.phase),
                st.vault.tick, st.vault.ticks);
  rows->push_back({DebugRow::Style::kNormal, line});
  if (r.serial == 0) {
    rows->push_back({DebugRow::Style::kDisabled, "no vault decided yet"});
    return;
  }
  const auto* rt = static_cast<const VaultRuntime*>(call.runtime);
  const VaultPlan* plan = rt ? rt->held(r.serial) : nullptr;
  if (rt && rt->planning == r.serial) {
    std::snprintf(line, sizeof line, "plan %s: %llu ticks posed", rt->planner.done() ? "made on the way" : "in the making",
                  static_cast<unsigned long long>(rt->planner.poses()));
    rows->push_back({DebugRow::Style::kNormal, line});
  }
  const float tol = plan ? plan->decision.tolerance : 0.0f;
  std::snprintf(line, sizeof line, "fence %d  lmax %.3f m  lref %.3f m", r.fence, r.lmax, r.lref);
  rows->push_back({DebugRow::Style::kNormal, line});
  std::snprintf(line, sizeof line, "delta %.3f m  tolerance %.3f m", r.lref - r.lmax, tol);
  rows->push_back({DebugRow::Style::kNormal, line});
  if (r.refused) {
    rows->push_back({DebugRow::Style::kWarning, "refused: " + std::string(r.reason_text())});
  } else {
    rows->push_back({DebugRow::Style::kNormal, r.mirrored ? "mirrored clip" : "authored clip"});
  }
}

void VaultAction::overlays(const CreatureState& c, const ActionRuntime* rt,
                           std::vector<OverlayLineInput>* lines) const {
  // The vault's reference line and its lmax / lref directions while vaulting (or refused).
  const State& st = state_of<State>(c);
  const VaultPlan* plan = rt ? static_cast<const VaultRuntime*>(rt)->held(st.record.serial) : nullptr;
  if (!plan || !(st.vault.phase == VaultPhase::kPlaying || st.vault.phase == VaultPhase::kRefused)) return;
  const Rgba8 yellow{255, 230, 40, 255}, red{255, 60, 60, 255}, orange{255, 150, 40, 255};
  const VaultDecision& d = plan->decision;
  const glm::mat4& m = d.place.model_to_world;
  const glm::vec3 a = glm::vec3(m * glm::vec4(d.place.ref_x_ms, 0.0f, d.place.path_start_ms, 1.0f));
  const glm::vec3 b = glm::vec3(m * glm::vec4(d.place.ref_x_ms, 0.0f, d.place.path_end_ms, 1.0f));
  const glm::vec3 up(0.0f, 0.9f, 0.0f);
  lines->push_back({a + up, b + up, orange, kOverlayReferenceLine});
  const glm::vec3 dir = glm::vec3(m * glm::vec4(d.lmax_dir.x, 0.0f, d.lmax_dir.y, 0.0f));
  const glm::vec3 mid = (a + b) * 0.5f + up;
  lines->push_back({mid, mid + dir * d.lmax, red, kOverlayReferenceLine});
  lines->push_back({mid + glm::vec3(0, 0.05f, 0), mid + glm::vec3(0, 0.05f, 0) + dir * d.lref, yellow,
                    kOverlayReferenceLine});
}

PreparedAction VaultAction::prepare(const ActionSetup& setup) const {
  PreparedAction out;
  Result<MotionClip> clip = load_motion(setup.motions_dir + "vault.json");
  out.identity = clip ? motion_to_json(*clip).dump() : std::string("no vault clip");
  if (!clip) {
    out.unavailable = "no vault motion: " + clip.error().to_string();
  } else if (!setup.can_walk) {
    out.unavailable = "this creature cannot walk, so it cannot vault";
  } else {
    Result<VaultMotion> vm = prepare_vault(*setup.rig, *clip);
    if (vm) {
      out.data = std::make_shared<const VaultMotion>(std::move(*vm));
    } else {
      out.unavailable = "this creature cannot vault: " + vm.error().message;
    }
  }
  return out;
}

std::unique_ptr<ActionRuntime> VaultAction::make_runtime() const { return std::make_unique<VaultRuntime>(); }

const VaultAction& game_vault() {
  return static_cast<const VaultAction&>(game_actions()[game_actions().find("vault")]);
}
const VaultActionState& vault_of(const CreatureState& c) { return game_vault().state_of<VaultActionState>(c); }
VaultActionState& vault_of(CreatureState& c) { return game_vault().state_of<VaultActionState>(c); }
HudMessage vault_hud(VaultMessage m) { return hud_message_id(game_vault().id(), m); }
const VaultMotion* vault_motion(const Species& sp) { return game_vault().data_of<VaultMotion>(sp); }

}  // namespace cf
