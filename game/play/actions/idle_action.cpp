#include "game/play/actions/idle_action.h"

#include <algorithm>
#include <cstdio>

#include "game/play/stages.h"
#include "game/play/creature_size.h"
#include "game/play/sound_event.h"
#include "retarget/idle.h"
#include "retarget/pose_blend.h"
#include "retarget/walker.h"
#include "world/ground_query.h"
#include "world/penetration.h"

namespace cf {

namespace {

// A per-creature number: its slot and species, so a herd never idles in step.
std::uint32_t variety(const CreatureState& c, int index) {
  return static_cast<std::uint32_t>(index + 1) * 40503u + static_cast<std::uint32_t>(c.species) * 977u;
}

}  // namespace

bool walker_stands_still(const WalkerState& w, float max_weight) {
  if (w.motion_weight > max_weight || w.speed_mps != 0.0f || w.turn_rate_rps != 0.0f) return false;
  for (int k = 0; k < w.leg_count; ++k)
    if (!w.feet[static_cast<std::size_t>(k)].parked) return false;
  return true;
}

bool IdleAction::pose_over(const PoseCall& call, const WalkerState& stand, std::uint32_t idle_ticks) const {
  const CreatureState& c = call.creature;
  const IdleMotion* im = data_of<IdleMotion>(call.species);
  const float w = idle_weight(idle_ticks);
  if (!im || w <= 0.0f || !call.species.walks()) return false;
  const float body_y = call.out->cog_ws.y;
  const Rig& rig = *call.species.rig;
  const std::uint32_t v = variety(c, call.index);
  IdleFidgetAt fidget = idle_fidget(idle_ticks, v, stand.leg_count, !rig.tail_bones.empty());
  const double t = idle_time(*im, idle_ticks, v);
  const LevelGround ground(call.ctx.level);
  const float pitch = temperament_head_pitch(c.wander);
  if (!pose_idle(*im, stand, rig, t, w, call.out, fidget, &ground, c.look_yaw_rad, pitch)) {
    call.ctx.registry().locomotion().pose(call);  // back to the stand
    return false;
  }
  // Beside a wall or fence a fidget swings only as far as there is room (the shared room stage).
  if (fidget.kind != IdleFidget::kNone) {
    (void)fit_in_room(call.ctx.level, rig, 1.0f, call.out, [&](float amount) {
      IdleFidgetAt f = fidget;
      f.amount = amount;
      return pose_idle(*im, stand, rig, t, w, call.out, f, &ground, c.look_yaw_rad, pitch);
    });
  }
  call.out->cog_ws.y = body_y;  // the body's height is the stand's (the waist never rises or sinks)
  return true;
}

bool IdleAction::pose_over_stand(const PoseCall& call, std::uint32_t idle_ticks) const {
  return walker_stands_still(call.creature.walker) && pose_over(call, call.creature.walker, idle_ticks);
}

void IdleAction::init(CreatureState& c) const { new (&state_of<State>(c)) State(); }

bool IdleAction::idle(const ActionCall& a) const {
  State& st = state_of<State>(a.creature);
  if (idle_weight(a.creature.idle_ticks) > 0.0f) {
    st.left_ticks = a.creature.idle_ticks;
    st.handover = 0;
  } else if (st.left_ticks > 0 && ++st.handover >= kIdleHandoverTicks) {
    st = State();
  }
  return true;  // a layer (every_tick): it watches every stand
}

namespace {

// The walker standing where it is, every foot planted where it stands or lifted.
WalkerState stand_of(const WalkerState& w) {
  WalkerState stand = w;
  stand.speed_mps = 0.0f;
  stand.turn_rate_rps = 0.0f;
  stand.motion_weight = 0.0f;
  for (int f = 0; f < stand.leg_count; ++f) {
    FootState& foot = stand.feet[static_cast<std::size_t>(f)];
    foot.planted = true;  // a lifting foot's plant_ws is where it lifted
    foot.parked = true;
  }
  return stand;
}

}  // namespace

bool IdleAction::pose_left_over(const PoseCall& call) const {
  const CreatureState& c = call.creature;
  const State& st = state_of<State>(c);
  const bool playing = idle_weight(c.idle_ticks) > 0.0f;  // still counted: the first tick it is left
  const std::uint32_t left = playing ? c.idle_ticks : st.left_ticks;
  const int k = playing ? 0 : st.handover;
  if (left == 0 || k >= kIdleHandoverTicks || !call.species.walks()) return false;
  return pose_over(call, stand_of(c.walker), left + static_cast<std::uint32_t>(k));
}

void IdleAction::after_locomotion_pose(const PoseCall& call) const {
  const CreatureState& c = call.creature;
  if (pose_over_stand(call, c.idle_ticks)) return;
  // Moving again: the walk plays at once and the idle's own motion (the idle as it was left, less
  // the stand it was posed over) fades out of it. Both are posed over the stand where the walker is,
  // so a foot the walk lifts and plants again moves with the walk alone (the stand's feet follow it).
  const Species& sp = call.species;
  const State& st = state_of<State>(c);
  const bool playing = idle_weight(c.idle_ticks) > 0.0f;
  const int k = playing ? 0 : st.handover;
  if (!call.scratch || !sp.walks() || (!playing && st.left_ticks == 0) || k >= kIdleHandoverTicks) return;
  const WalkerState stand = stand_of(c.walker);
  const LevelGround ground(call.ctx.level);
  if (!pose_walker(stand, *sp.walk_setup, *sp.rig, *sp.walk_clip, call.scratch, &ground)) return;
  const float keep = 1.0f - handover_weight(k, kIdleHandoverTicks);
  if (!add_pose_world(*call.scratch, -keep, call.out)) return;
  const PoseCall from{{c, call.index, sp, call.ctx, call.runtime}, call.scratch, nullptr};
  if (!pose_left_over(from)) (void)pose_walker(stand, *sp.walk_setup, *sp.rig, *sp.walk_clip, call.scratch, &ground);
  (void)add_pose_world(*call.scratch, keep, call.out);
  refit_pose_world(call.out);
}

void IdleAction::sounds(const SoundCall& call, SoundEvents* out) const {
  const CreatureState& was = call.before;
  const CreatureState& now = call.after;
  if (!call.species.walks() || now.idle_ticks != was.idle_ticks + 1) return;
  const bool tail = !call.species.rig->tail_bones.empty();
  const std::uint32_t v = variety(now, call.index);
  const IdleFidgetAt before = idle_fidget(was.idle_ticks, v, was.walker.leg_count, tail);
  const IdleFidgetAt after = idle_fidget(now.idle_ticks, v, now.walker.leg_count, tail);
  if (before.kind != IdleFidget::kFootShuffle || after.kind == IdleFidget::kFootShuffle) return;
  if (before.foot < 0 || before.foot >= now.walker.leg_count) return;
  const CreatureSize size = creature_size(*call.species.rig);
  SoundEvent e;
  e.kind = SoundKind::kFootstep;
  e.position_ws = now.walker.feet[static_cast<std::size_t>(before.foot)].plant_ws;
  e.loudness = std::clamp(0.1f * size.weight(), 0.03f, 0.5f);  // a tap, softer than a standing step
  e.pitch = size.pitch();
  e.creature = static_cast<std::int16_t>(call.index);
  e.limb = static_cast<std::int8_t>(before.foot);
  out->push(e);
}

void IdleAction::hash(const CreatureState& c, StateHasher* h) const {
  const State& st = state_of<State>(c);
  if (st.left_ticks == 0) return;  // nothing to hand over: runs that never idled hash as they always did
  h->u8(0x1d);
  h->u32(st.left_ticks);
  h->i32(st.handover);
}

void IdleAction::debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const {
  const CreatureState& c = call.creature;
  const float w = idle_weight(c.idle_ticks);
  char line[96];
  std::snprintf(line, sizeof line, "standing %u ticks  idle weight %.2f", c.idle_ticks, w);
  rows->push_back({w > 0.0f ? DebugRow::Style::kNormal : DebugRow::Style::kDisabled, line});
  if (w <= 0.0f) return;
  const IdleFidgetAt f = idle_fidget(c.idle_ticks, variety(c, call.index), c.walker.leg_count, !call.rig.tail_bones.empty());
  if (f.kind == IdleFidget::kNone) return;
  if (f.foot >= 0)
    std::snprintf(line, sizeof line, "fidget %s %.0f%%  foot %d", to_string(f.kind), 100.0f * f.u, f.foot);
  else
    std::snprintf(line, sizeof line, "fidget %s %.0f%%", to_string(f.kind), 100.0f * f.u);
  rows->push_back({DebugRow::Style::kNormal, line});
}

PreparedAction IdleAction::prepare(const ActionSetup& setup) const {
  PreparedAction out;  // no identity: the idle changes no state
  if (!setup.rig || !setup.walk) {
    out.unavailable = "this creature cannot walk, so it stands still";
    return out;
  }
  Result<MotionClip> clip = load_motion(setup.motions_dir + "idle.json");
  if (!clip) {
    out.unavailable = "no idle motion: " + clip.error().to_string();
    return out;
  }
  Result<IdleMotion> im = prepare_idle(*setup.rig, *clip, *setup.walk);
  if (im) {
    out.data = std::make_shared<const IdleMotion>(std::move(*im));
  } else {
    out.unavailable = im.error().message;
  }
  return out;
}

}  // namespace cf
