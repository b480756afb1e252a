#include "game/play/actions/idle_action.h"

#include <cstdio>

#include "retarget/idle.h"

namespace cf {

namespace {

bool standing(const WalkerState& w) {
  if (w.motion_weight != 0.0f || w.speed_mps != 0.0f || w.turn_rate_rps != 0.0f) return false;
  for (int k = 0; k < w.leg_count; ++k)
    if (!w.feet[static_cast<std::size_t>(k)].parked) return false;
  return true;
}

// A per-creature number: its slot and species, so a herd never idles in step.
std::uint32_t variety(const CreatureState& c, int index) {
  return static_cast<std::uint32_t>(index + 1) * 40503u + static_cast<std::uint32_t>(c.species) * 977u;
}

}  // namespace

void IdleAction::after_locomotion_pose(const PoseCall& call) const {
  const CreatureState& c = call.creature;
  const IdleMotion* im = data_of<IdleMotion>(call.species);
  const float w = idle_weight(c.idle_ticks);
  if (!im || w <= 0.0f || !call.species.walks() || !standing(c.walker)) return;
  const float body_y = call.out->cog_ws.y;
  if (!pose_idle(*im, c.walker, *call.species.rig, idle_time(*im, c.idle_ticks, variety(c, call.index)), w,
                 call.out)) {
    call.ctx.registry().locomotion().pose(call);  // back to the stand
    return;
  }
  call.out->cog_ws.y = body_y;  // the body's height is the stand's (the waist never rises or sinks)
}

void IdleAction::debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const {
  const float w = idle_weight(call.creature.idle_ticks);
  char line[96];
  std::snprintf(line, sizeof line, "standing %u ticks  idle weight %.2f", call.creature.idle_ticks, w);
  rows->push_back({w > 0.0f ? DebugRow::Style::kNormal : DebugRow::Style::kDisabled, line});
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
