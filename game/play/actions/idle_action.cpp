#include "game/play/actions/idle_action.h"

#include <cstdio>

#include "retarget/idle.h"

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

bool IdleAction::pose_over_stand(const PoseCall& call, std::uint32_t idle_ticks) const {
  const CreatureState& c = call.creature;
  const IdleMotion* im = data_of<IdleMotion>(call.species);
  const float w = idle_weight(idle_ticks);
  if (!im || w <= 0.0f || !call.species.walks() || !walker_stands_still(c.walker)) return false;
  const float body_y = call.out->cog_ws.y;
  if (!pose_idle(*im, c.walker, *call.species.rig, idle_time(*im, idle_ticks, variety(c, call.index)), w,
                 call.out)) {
    call.ctx.registry().locomotion().pose(call);  // back to the stand
    return false;
  }
  call.out->cog_ws.y = body_y;  // the body's height is the stand's (the waist never rises or sinks)
  return true;
}

void IdleAction::after_locomotion_pose(const PoseCall& call) const { pose_over_stand(call, call.creature.idle_ticks); }

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
