#include "game/sim.h"

#include <algorithm>
#include <cmath>

#include "core/hash.h"
#include "world/clearance.h"
#include "world/level.h"

namespace cf {

namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kTwoPi = 2.0f * kPi;
constexpr float kDt = static_cast<float>(kTickSeconds);

float or_default(float v, float d) { return v > 0.0f ? v : d; }

// Wraps an angle to (-pi, pi].
float wrap_angle(float a) {
  while (a > kPi) a -= kTwoPi;
  while (a <= -kPi) a += kTwoPi;
  return a;
}

float approach(float v, float target, float max_delta) {
  if (v < target) return std::min(v + max_delta, target);
  return std::max(v - max_delta, target);
}

// Pushes a circle (centre p on the ground, radius r) out of a box's footprint; true when it moved.
bool push_out_of_box(const Box& box, float r, glm::vec3* p) {
  const glm::vec3 local = box.to_local(*p);
  const float cx = std::clamp(local.x, -box.half_extents.x, box.half_extents.x);
  const float cz = std::clamp(local.z, -box.half_extents.z, box.half_extents.z);
  const float dx = local.x - cx, dz = local.z - cz;
  const float d2 = dx * dx + dz * dz;
  if (d2 >= r * r) return false;
  glm::vec3 out = local;
  if (d2 > 1e-12f) {
    const float d = std::sqrt(d2);
    out.x = cx + dx / d * r;
    out.z = cz + dz / d * r;
  } else {
    // Centre inside the footprint: leave through the nearest face.
    const float px = box.half_extents.x - std::fabs(local.x);
    const float pz = box.half_extents.z - std::fabs(local.z);
    if (px < pz) {
      out.x = (local.x >= 0.0f ? 1.0f : -1.0f) * (box.half_extents.x + r);
    } else {
      out.z = (local.z >= 0.0f ? 1.0f : -1.0f) * (box.half_extents.z + r);
    }
  }
  *p = box.to_world(out);
  return true;
}

// Keeps the body circle out of fences and walls and on the ground square; true when it was moved.
bool resolve_collisions(const Level& level, float r, glm::vec3* p) {
  bool hit = false;
  const float y = p->y;
  for (int pass = 0; pass < 3; ++pass) {
    bool moved = false;
    for (const Box& f : level.fences) moved |= push_out_of_box(f, r, p);
    for (const Wall& w : level.walls) moved |= push_out_of_box(w.box, r, p);
    p->y = y;
    hit |= moved;
    if (!moved) break;
  }
  const float lim = level.ground_half_size - r;
  if (std::fabs(p->x) > lim || std::fabs(p->z) > lim) {
    p->x = std::clamp(p->x, -lim, lim);
    p->z = std::clamp(p->z, -lim, lim);
    hit = true;
  }
  return hit;
}

void show_hud(SimState& s, HudMessage m) {
  s.hud = m;
  s.hud_ticks = kHudTicks;
}

// A pressed: vault the fence in front, mirrored when the wall leaves no room on the authored side,
// refused (with the reason on the HUD) when neither side has room.
void try_vault(SimState& s, const SimContext& ctx) {
  if (!ctx.vault || !ctx.scratch_pose) {
    show_hud(s, HudMessage::kCannotVault);
    return;
  }
  const Level& level = *ctx.level;
  const float reach = or_default(ctx.tuning.vault_reach_m, 2.0f);
  const int fence = fence_in_reach(level, s.root_ws, heading_forward(s.heading_rad), reach);
  if (fence < 0) {
    show_hud(s, HudMessage::kNoFenceInReach);
    return;
  }
  Result<VaultDecision> d = decide_vault(level, fence, *ctx.vault, s.root_ws);
  if (!d) {
    show_hud(s, HudMessage::kNoFenceInReach);
    return;
  }
  if (d->refused) {
    s.vault_plan = VaultPlan{};
    s.vault_plan.decision = std::move(*d);
  } else {
    Result<VaultPlan> plan = plan_vault(level, *ctx.rig, *ctx.vault, *d);
    if (plan) {
      s.vault_plan = std::move(*plan);
    } else {
      s.vault_plan = VaultPlan{};
      s.vault_plan.decision = std::move(*d);
      s.vault_plan.decision.refused = true;
      s.vault_plan.decision.reason = plan.error().message;
    }
  }
  if (s.vault_plan.decision.refused || s.vault_plan.ticks == 0) {
    start_vault(s.vault_plan, &s.vault);  // records the refusal
    show_hud(s, HudMessage::kVaultRefused);
    return;
  }
  // Walk to where the vault starts first, so the creature doesn't jump there.
  s.approaching = true;
  s.approach_ticks = 0;
  s.vault.phase = VaultPhase::kIdle;
}

// Where the walker's position (the cog's ground point) is when the planned vault starts.
glm::vec3 vault_start_ground(const SimState& s, const SimContext& ctx) {
  const glm::mat4& m = s.vault_plan.decision.place.model_to_world;
  const glm::vec3 p = glm::vec3(m * glm::vec4(ctx.rig->cog.x, 0.0f, ctx.rig->cog.z, 1.0f));
  return glm::vec3(p.x, 0.0f, p.z);
}

// One tick of walking to the vault's start; starts the vault on arrival (or after a timeout, from
// wherever the walk got to: the vault's plan places the creature itself).
bool step_approach(SimState& s, const SimContext& ctx) {
  const glm::vec3 target = vault_start_ground(s, ctx);
  const glm::vec3 d = target - glm::vec3(s.walker.position_ws.x, 0.0f, s.walker.position_ws.z);
  const float dist = std::sqrt(d.x * d.x + d.z * d.z);
  const auto max_ticks = static_cast<std::uint32_t>(ctx.tuning.max_approach_ticks > 0 ? ctx.tuning.max_approach_ticks : 90);
  if (dist < 0.04f || s.approach_ticks >= max_ticks) {
    s.approaching = false;
    start_vault(s.vault_plan, &s.vault);
    return true;
  }
  ++s.approach_ticks;
  const float want = dist > 0.15f ? std::atan2(d.x, d.z) : s.vault_plan.decision.place.heading_rad;
  const float err = wrap_angle(want - s.walker.heading_rad);
  WalkCommand cmd;
  cmd.turn_rate_rps = std::clamp(err * 6.0f, -3.0f, 3.0f);
  cmd.speed_mps = std::min(natural_speed(*ctx.walk_setup), dist * 2.5f) * std::max(0.0f, std::cos(err));
  step_walker(&s.walker, cmd, *ctx.walk_setup, *ctx.rig, kDt);
  s.root_ws = s.walker.position_ws;
  s.heading_rad = wrap_angle(s.walker.heading_rad);
  s.speed_mps = s.walker.speed_mps;
  return false;
}

// One tick of a playing vault; hands over to the walker where it lands.
void step_vaulting(SimState& s, const SimContext& ctx) {
  CreaturePose& pose = *ctx.scratch_pose;
  step_vault(s.vault_plan, *ctx.vault, *ctx.rig, *ctx.level, &s.vault, &pose);
  s.root_ws = glm::vec3(pose.cog_ws.x, ctx.level->ground_y, pose.cog_ws.z);
  s.heading_rad = wrap_angle(s.vault_plan.decision.place.heading_rad);
  s.speed_mps = 0.0f;
  if (s.vault.phase == VaultPhase::kLanded) {
    // The walker stands where the vault's model origin ends; its position is the cog's ground point.
    const glm::mat4 end = placement(s.vault_plan.end_position_ws, s.vault_plan.landed_heading_rad);
    const glm::vec3 cog = glm::vec3(end * glm::vec4(ctx.rig->cog.x, 0.0f, ctx.rig->cog.z, 1.0f));
    s.walker = make_walker(*ctx.walk_setup, *ctx.rig, glm::vec3(cog.x, 0.0f, cog.z),
                           s.vault_plan.landed_heading_rad);
    s.root_ws = s.walker.position_ws;
    s.heading_rad = wrap_angle(s.walker.heading_rad);
    ++s.vaults_played;
  }
}

void step_walking(SimState& s, const InputFrame& in, const SimContext& ctx) {
  const float lx = InputFrame::axis(in.left_x), ly = InputFrame::axis(in.left_y);
  WalkCommand cmd;
  cmd.speed_mps = std::max(0.0f, ly) * max_speed(*ctx.walk_setup);
  cmd.turn_rate_rps = -lx * or_default(ctx.tuning.turn_rate_rps, 2.0f);  // stick right turns right
  step_walker(&s.walker, cmd, *ctx.walk_setup, *ctx.rig, kDt);
  glm::vec3 p = s.walker.position_ws;
  bool hit = resolve_collisions(*ctx.level, ctx.body_radius_m, &p);
  if (!in_regions(*ctx.level, p)) {  // the movable regions' edge stops the creature
    p = s.root_ws;
    hit = true;
  }
  s.blocked_ticks = hit ? s.blocked_ticks + 1u : 0u;
  if (hit) {
    s.walker.position_ws = p;
    s.walker.speed_mps = std::min(s.walker.speed_mps, 0.2f);  // walking into a wall: shuffle, don't stride
  }
  s.root_ws = s.walker.position_ws;
  s.heading_rad = wrap_angle(s.walker.heading_rad);
  s.speed_mps = s.walker.speed_mps;
}

// Creatures that cannot walk (no legs) slide: speed along the heading, turn with the stick.
void step_sliding(SimState& s, const InputFrame& in, const SimContext& ctx) {
  const SimTuning& t = ctx.tuning;
  const float lx = InputFrame::axis(in.left_x), ly = InputFrame::axis(in.left_y);
  s.heading_rad = wrap_angle(s.heading_rad - lx * or_default(t.turn_rate_rps, 2.0f) * kDt);
  s.speed_mps = approach(s.speed_mps, std::max(0.0f, ly) * or_default(t.max_speed_mps, 1.4f),
                         or_default(t.accel_mps2, 4.0f) * kDt);
  if (s.speed_mps > 0.0f) {
    glm::vec3 p = s.root_ws + heading_forward(s.heading_rad) * (s.speed_mps * kDt);
    bool hit = resolve_collisions(*ctx.level, ctx.body_radius_m, &p);
    if (!in_regions(*ctx.level, p)) {
      p = s.root_ws;
      hit = true;
    }
    s.blocked_ticks = hit ? s.blocked_ticks + 1u : 0u;
    s.root_ws = p;
  }
}

}  // namespace

glm::vec3 heading_forward(float heading_rad) {
  return glm::vec3(std::sin(heading_rad), 0.0f, std::cos(heading_rad));
}

SimState initial_state(const SimContext& ctx, std::uint64_t seed) {
  SimState s;
  s.scene_id = ctx.scene_id;
  s.rng = Rng::from_seed(seed);
  if (ctx.level) {
    s.root_ws = ctx.level->spawn;
    s.root_ws.y = ctx.level->ground_y;
    s.heading_rad = wrap_angle(ctx.level->spawn_heading_deg * (kPi / 180.0f));
  }
  if (ctx.walks()) {
    s.walker = make_walker(*ctx.walk_setup, *ctx.rig, glm::vec3(s.root_ws.x, 0.0f, s.root_ws.z), s.heading_rad);
    s.root_ws = s.walker.position_ws;
  }
  s.next_look_tick = 90u + static_cast<std::uint32_t>(s.rng.range(0, 120));
  return s;
}

void step(SimState& s, const InputFrame& in, const SimContext& ctx) {
  const SimTuning& t = ctx.tuning;

  // Camera: the right stick orbits it; when let go it swings back behind a moving creature.
  const float rx = InputFrame::axis(in.right_x), ry = InputFrame::axis(in.right_y);
  s.camera_yaw_offset_rad =
      wrap_angle(s.camera_yaw_offset_rad - rx * or_default(t.camera_yaw_rate_rps, 2.5f) * kDt);
  if (rx == 0.0f && s.speed_mps > 0.1f) {
    s.camera_yaw_offset_rad = approach(s.camera_yaw_offset_rad, 0.0f, or_default(t.camera_follow_rps, 1.5f) * kDt);
  }
  s.camera_pitch_rad = std::clamp(s.camera_pitch_rad + ry * or_default(t.camera_pitch_rate_rps, 1.5f) * kDt,
                                  kCameraPitchMin, kCameraPitchMax);
  if (s.hud_ticks > 0 && --s.hud_ticks == 0) s.hud = HudMessage::kNone;

  if (s.vaulting()) {
    step_vaulting(s, ctx);
  } else if (s.approaching) {
    if (step_approach(s, ctx)) step_vaulting(s, ctx);
  } else if (in.went_down(kButtonA) && ctx.level) {
    try_vault(s, ctx);
    if (s.approaching && step_approach(s, ctx)) step_vaulting(s, ctx);
  } else if (ctx.walks() && ctx.level) {
    step_walking(s, in, ctx);
  } else if (ctx.level) {
    step_sliding(s, in, ctx);
  }

  // Idle look-around: after a random pause the head turns to a random side.
  if (s.speed_mps > 0.05f || s.vaulting() || s.approaching) {
    s.idle_ticks = 0;
    s.look_target_rad = 0.0f;
  } else if (++s.idle_ticks >= s.next_look_tick) {
    s.look_target_rad = static_cast<float>(s.rng.uniform(-0.7, 0.7));
    s.next_look_tick = s.idle_ticks + 90u + static_cast<std::uint32_t>(s.rng.range(0, 150));
  }
  s.look_yaw_rad = approach(s.look_yaw_rad, s.look_target_rad, 1.5f * kDt);
  ++s.tick;
}

std::uint64_t hash_state(const SimState& s) {
  StateHasher h;
  h.str("critterforge.sim/2");
  h.u64(s.scene_id);
  h.u64(s.tick);
  h.u64(s.rng.state);
  h.u64(s.rng.inc);
  for (float v : {s.root_ws.x, s.root_ws.y, s.root_ws.z, s.heading_rad, s.speed_mps, s.camera_yaw_offset_rad,
                  s.camera_pitch_rad, s.look_yaw_rad, s.look_target_rad}) {
    h.f32(v);
  }
  h.u32(s.idle_ticks);
  h.u32(s.next_look_tick);
  h.u32(s.blocked_ticks);
  hash_walker(s.walker, &h);
  h.u8(s.approaching ? 1 : 0);
  h.u32(s.approach_ticks);
  const VaultState& v = s.vault;
  h.i32(static_cast<std::int32_t>(v.phase));
  h.i32(v.fence);
  h.i32(v.tick);
  h.i32(v.ticks);
  h.u8(v.mirrored ? 1 : 0);
  for (float f : {v.max_penetration_m, v.landed_ws.x, v.landed_ws.y, v.landed_ws.z, v.landed_heading_rad}) h.f32(f);
  const VaultPlan& p = s.vault_plan;
  h.i32(p.ticks);
  h.i32(p.decision.place.fence);
  h.u8(p.decision.mirrored ? 1 : 0);
  h.u8(p.decision.refused ? 1 : 0);
  h.str(p.decision.reason);
  for (float f : {p.decision.lref, p.decision.lmax, p.end_position_ws.x, p.end_position_ws.z}) h.f32(f);
  h.u32(s.vaults_played);
  h.u8(static_cast<std::uint8_t>(s.hud));
  h.u32(s.hud_ticks);
  return h.value();
}

}  // namespace cf
