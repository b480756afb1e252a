#include "game/play/sim.h"
#include "world/ground_query.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <utility>

#include "core/tick.h"
#include "game/play/action.h"
#include "game/play/actions/idle_action.h"
#include "game/play/actions/locomotion.h"
#include "game/play/body_contact.h"
#include "game/play/camera.h"
#include "game/play/stages.h"
#include "game/play/world_runtime.h"
#include "math/angles.h"
#include "retarget/pose_blend.h"
#include "math/scalar.h"
#include "world/footprint.h"
#include "world/level.h"

namespace cf {

namespace {

// One creature's controls for one tick, before posing: its current one-shot steps (a request for
// another one waits, when the current one takes it, and ends it early); otherwise a requested or
// waiting action starts (or says on the HUD why not) once the last one's blend has finished, else
// locomotion walks. Every other one-shot counts its idle tick (hand-over counters after it ended).
void step_controls(const ActionCall& call, const ActionRegistry& actions) {
  CreatureState& c = call.creature;
  const ActionId current = actions.current(c);
  // Only the awake actions count their idle tick (a hand-over, a held press); the rest are dormant.
  for (std::uint32_t bits = actions.awake(c) & ~(1u << current); bits != 0; bits &= bits - 1) {
    const int a = lowest_bit(bits);
    if (!actions[static_cast<ActionId>(a)].idle(call))
      c.awake_actions = static_cast<std::uint16_t>(c.awake_actions & ~(1u << a));
  }
  const ActionId request = call.command.request;
  const ActionId asked = request != kNoAction && request != kLocomotion && request < actions.size() ? request : kNoAction;
  if (current != kLocomotion) {
    // Another action, or another library motion of the same action, waits; the same one asked again is its own.
    const bool other = asked != current || call.command.motion != actions[current].current_motion(c);
    if (asked != kNoAction && other && actions[current].takes_requests(c)) {
      c.queued_request = asked;
      c.queued_motion = call.command.motion;
    }
    actions[current].step(call);
    actions.keep_current(c);
    return;
  }
  const ActionId next = asked != kNoAction ? asked : c.queued_request;
  const std::uint16_t motion = asked != kNoAction ? call.command.motion : c.queued_motion;
  bool handing_over = false;
  for (std::uint32_t bits = next != kNoAction ? actions.awake(c) : 0u; bits != 0 && !handing_over; bits &= bits - 1)
    handing_over = actions[static_cast<ActionId>(lowest_bit(bits))].hands_over(c);
  handing_over = handing_over || pivoting(c.walker);  // a turn round ends on its feet first
  if (next != kNoAction && !handing_over) {
    c.queued_request = kNoAction;
    c.queued_motion = kNoMotion;
    CreatureCommand command = call.command;
    command.motion = motion;
    actions[next].start(ActionCall{call.world, c, call.index, call.species, call.ctx, call.runtime, command});
    actions.started(c, next);
    return;
  }
  c.queued_request = next;  // kept until the last action's blend into the walk has finished
  c.queued_motion = motion;
  actions.locomotion().step(call);
}

// Would the body, turned by yaw_rad where it stands, touch a wall or fence? (The head's look is
// judged as the whole footprint turning: a head looking into a wall beside it is not allowed.)
bool turned_touches(const SimContext& ctx, const Species* sp, const CreatureState& c, float yaw_rad) {
  if (!ctx.level || !sp || sp->footprint.count == 0 || yaw_rad == 0.0f) return false;
  glm::vec3 p = c.root_ws;
  return resolve_footprint_collisions(*ctx.level, sp->footprint, c.heading_rad + yaw_rad, &p);
}

// Idle look-around: after a random pause the head turns to a random side, or where the brain asked it
// to look ('asked'), never into a wall. The random pauses and sides are drawn either way, so a brain's
// look leaves the world's RNG as it was.
void step_look(SimState& s, CreatureState& c, const ActionRegistry& actions, const SimContext& ctx,
               const CreatureCommand& asked) {
  const Species* sp = ctx.species_of(c.species);
  // Standing counts once every foot has parked: an idle starting while a foot still steps would pop.
  if (c.speed_mps > 0.05f || actions.current(c) != kLocomotion || (sp && sp->walks() && !walker_stands_still(c.walker))) {
    c.idle_ticks = 0;
    c.look_target_rad = 0.0f;
  } else {
    if (++c.idle_ticks >= c.next_look_tick) {
      c.look_target_rad = static_cast<float>(s.rng.uniform(-0.7, 0.7));
      c.next_look_tick = c.idle_ticks + 90u + static_cast<std::uint32_t>(s.rng.range(0, 150));
    }
    if (asked.looks) c.look_target_rad = asked.look_rad;
  }
  if (c.look_target_rad != 0.0f && turned_touches(ctx, sp, c, c.look_target_rad)) c.look_target_rad = 0.0f;
  const float next = approach(c.look_yaw_rad, c.look_target_rad, 1.5f * kTick_sf);
  if (std::fabs(next) <= std::fabs(c.look_yaw_rad) || !turned_touches(ctx, sp, c, next)) c.look_yaw_rad = next;
}

}  // namespace

// Plans being made (a vault's, while its creature walks to the start) get every thread's time until the
// tick has left only what it needed after its plans last time within WorldRuntime::tick_budget_s()
// (3 ms), the creatures whose plan is needed soonest first, so a herd asking for 64 vaults at once
// spreads them over the ways to the starts and no tick runs long. A creature arriving with its plan unfinished finishes it then, in that tick.
// The clock decides only when derived data is made, never what it is, so the state (and its hash) is
// the same on any machine at any load.
constexpr int kPlanChunkPoses = 8;  // poses between looks at the clock

void plan_ahead(const SimState& s, const SimContext& ctx, WorldRuntime& runtime, double seconds) {
  const ActionRegistry& actions = ctx.registry();
  std::array<std::pair<int, int>, kMaxCreatures> waiting;  // (how soon, creature)
  int planning = 0;
  for (int i = 0; i < s.creature_count; ++i) {
    const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
    const ActionId current = actions.current(c);
    const Species* sp = ctx.species_of(c.species);
    if (current == kLocomotion || !sp || !sp->rig) continue;
    const int soon = actions[current].plans_ahead(PlanCall{{c, i, *sp, ctx, runtime}, 0});
    if (soon >= 0) waiting[static_cast<std::size_t>(planning++)] = {soon, i};
  }
  if (planning == 0 || !(seconds > 0.0)) return;
  std::sort(waiting.begin(), waiting.begin() + planning);
  using Clock = std::chrono::steady_clock;
  const Clock::time_point until =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  auto plan_one = [&](int k) {
    const int i = waiting[static_cast<std::size_t>(k)].second;
    const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
    const Action& action = actions[actions.current(c)];
    const PlanCall call{{c, i, *ctx.species_of(c.species), ctx, runtime}, kPlanChunkPoses};
    while (Clock::now() < until && action.plans_ahead(call) >= 0) action.plan_ahead(call);
  };
  if (runtime.pool_) {
    runtime.pool_->for_each(planning, plan_one);
  } else {
    for (int k = 0; k < planning; ++k) plan_one(k);
  }
}

void pose_creatures(const SimState& s, const SimContext& ctx, WorldRuntime& runtime) {
  const double t0 = runtime.now_ ? runtime.now_() : 0.0;
  const ActionRegistry& actions = ctx.registry();
  auto pose_one = [&](int i) {
    const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
    const Species* sp = ctx.species_of(c.species);
    if (!sp || !sp->rig) return;
    auto& slot = runtime.slot(i);
    std::swap(slot.pose, slot.prev);
    // Once, when a creature arrives.
    if (!slot.pose.sized_for(*sp->rig)) slot.pose.resize(*sp->rig);
    if (!slot.prev.sized_for(*sp->rig)) slot.prev.resize(*sp->rig);
    if (!slot.scratch.sized_for(*sp->rig)) slot.scratch.resize(*sp->rig);
    ++slot.poses;
    const PoseCall call{{c, i, *sp, ctx, runtime}, &slot.pose, &slot.scratch};
    bool posed = false;
    if (const Action* owner = actions.posing(c)) {
      posed = owner->pose(call);
      if (!posed) pose_bind_at_root(c, *sp->rig, call.out);
    } else if ((posed = actions.locomotion().pose(call))) {
      // The hand-over stage, for any action that ended (its pose after its end blended into the walk),
      // and the layers (the idle).
      for (std::uint32_t bits = actions.awake(c); bits != 0; bits &= bits - 1) {
        const Action& a = actions[static_cast<ActionId>(lowest_bit(bits))];
        a.after_locomotion_pose(call);
        const Action::HandOver h = a.hand_over(c);
        const PoseCall from{{c, i, *sp, ctx, runtime}, &slot.scratch, nullptr};
        if (h.tick >= 0 && h.tick < h.ticks && a.pose_after_end(from, h.tick))
          blend_pose_world(slot.scratch, slot.pose, handover_weight(h.tick, h.ticks), &slot.pose);
      }
    }
    // The shared stages, the same for every motion.
    const double s0 = runtime.now_ ? runtime.now_() : 0.0;
    if (ctx.level && posed) turn_knees_clear(*ctx.level, *sp->rig, call.out);
    if (ctx.level && posed) keep_hands_out_of_walls(*ctx.level, *sp->rig, call.out);
    if (ctx.level) keep_flesh_above_ground(*ctx.level, *sp->rig, call.out);
    if (runtime.now_) slot.shared_stages_s = runtime.now_() - s0;
  };
  if (runtime.pool_) {
    runtime.pool_->for_each(s.creature_count, pose_one);
  } else {
    for (int i = 0; i < s.creature_count; ++i) pose_one(i);
  }
  if (runtime.now_) {
    runtime.posing_s_ = runtime.now_() - t0;
    runtime.shared_stages_s_ = 0.0;
    for (int i = 0; i < s.creature_count; ++i) runtime.shared_stages_s_ += runtime.slot(i).shared_stages_s;
  }
}

void step(SimState& s, const TickInput& in, const SimContext& ctx, WorldRuntime& runtime) {
  const auto began = std::chrono::steady_clock::now();
  auto after_plans = began, after_posing = began;
  const ActionRegistry& actions = ctx.registry();
  const float camera_yaw_before = s.creature_count > 0 ? s.camera_yaw_rad() : 0.0f;
  const float orbit_before = s.camera_yaw_offset_rad;
  steer_orbit(&s, in.camera_x, in.camera_y, ctx.tuning);
  if (s.hud_ticks > 0 && --s.hud_ticks == 0) s.hud = kHudNone;

  const CreatureCommand idle{};
  std::array<CreatureCommand, kMaxCreatures> commands;  // each creature's, for its look after posing
  if (ctx.level) {
    runtime.parts_.slowest_creature = -1;
    runtime.parts_.slowest_creature_s = 0.0;
    for (int i = 0; i < s.creature_count; ++i) {
      CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
      const Species* sp = ctx.species_of(c.species);
      if (!sp || !sp->rig) continue;
      const auto creature_began = std::chrono::steady_clock::now();
      CreatureCommand cmd = idle;
      if (i == 0) {
        // The countdown holds the player at the start; the tick and the level are in the hash already.
        const bool counting = ctx.level->trial.present && s.tick < kTrialCountdownTicks;
        if (!counting) cmd = in.player;
      } else if (in.others) {
        cmd = in.others[i - 1];
      } else if (c.wanders && ctx.brain) {
        cmd = ctx.brain(&s, ctx, i);
      }
      commands[static_cast<std::size_t>(i)] = cmd;
      const float heading_before = c.heading_rad;
      const bool turning_round = pivoting(c.walker);
      step_controls(ActionCall{s, c, i, *sp, ctx, runtime, cmd}, actions);
      if (i == 0 && (turning_round || pivoting(c.walker))) {
        // The camera keeps its place while the player turns round, then swings round after it.
        const float turned = wrap_angle(c.heading_rad - heading_before);
        s.camera_yaw_offset_rad = wrap_angle(s.camera_yaw_offset_rad - turned);
        s.camera_turn_lag_rad -= turned;
      }
      const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - creature_began).count();
      if (took > runtime.parts_.slowest_creature_s) {
        runtime.parts_.slowest_creature_s = took;
        runtime.parts_.slowest_creature = i;
        runtime.parts_.slowest_action = actions[actions.current(c)].name();
      }
    }
    if (s.creature_count > 1) separate_creatures(&s, ctx);
    const auto planned = std::chrono::steady_clock::now();
    plan_ahead(s, ctx, runtime,
               runtime.tick_budget_s_ - runtime.after_plans_s_ - std::chrono::duration<double>(planned - began).count());
    after_plans = std::chrono::steady_clock::now();
    runtime.parts_.controls_s = std::chrono::duration<double>(planned - began).count();
    runtime.parts_.plans_s = std::chrono::duration<double>(after_plans - planned).count();
    pose_creatures(s, ctx, runtime);
    after_posing = std::chrono::steady_clock::now();
    runtime.parts_.posing_s = std::chrono::duration<double>(after_posing - after_plans).count();
    for (int i = 0; i < s.creature_count; ++i) {
      CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
      const Species* sp = ctx.species_of(c.species);
      const ActionId current = actions.current(c);
      if (sp && sp->rig && current != kLocomotion) {
        actions[current].after_pose(ActionCall{s, c, i, *sp, ctx, runtime, idle});
        actions.keep_current(c);
      }
    }
  }
  for (int i = 0; i < s.creature_count; ++i) {
    const std::size_t k = static_cast<std::size_t>(i);
    step_look(s, s.creatures[k], actions, ctx, ctx.level ? commands[k] : idle);
  }
  const Species* player = s.creature_count > 0 ? ctx.species_of(s.player().species) : nullptr;
  if (ctx.level && player && player->rig) {
    // The stick's swing is judged where the player now stands (after this tick's move).
    // The body's height over the ground under it (the camera looks at that much above the creature's ground).
    const glm::vec3 cog = runtime.pose(0).cog_ws;
    const float body_height = cog.y - LevelGround(ctx.level).at(cog.x, cog.z).y;
    if (in.camera_x != 0.0f) {
      stop_orbit_at_walls(&s, *ctx.level, body_height,
                          orbit_stop_m(player->footprint.bound_m), orbit_before);
    }
    follow_turn_round(&s, *ctx.level, body_height, camera_min_distance_m(player->footprint.bound_m));
    const ActionId current = actions.current(s.player());
    const bool acting = current != kLocomotion && actions[current].shows_an_act(s.player());
    show_the_act(&s, *ctx.level, body_height, camera_min_distance_m(player->footprint.bound_m), acting, in.camera_x != 0.0f);
    // Where the player's action takes it is kept in view too (a vault's landing).
    glm::vec3 destination(0.0f);
    const bool has_destination = current != kLocomotion && actions[current].destination(s.player(), &destination);
    step_camera(&s, *ctx.level, body_height, player->rig->cog.y,
                wrap_angle(s.camera_yaw_rad() - camera_yaw_before), camera_min_distance_m(player->footprint.bound_m),
                in.camera_x != 0.0f, has_destination ? &destination : nullptr, camera_far_m(player->frame_m));
  }
  const auto ended = std::chrono::steady_clock::now();
  runtime.after_plans_s_ = std::chrono::duration<double>(ended - after_plans).count();
  runtime.parts_.after_s = std::chrono::duration<double>(ended - after_posing).count();
  ++s.tick;
}

}  // namespace cf
