#include "game/play/sim.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/hash.h"
#include "game/play/camera.h"
#include "game/play/herd.h"
#include "game/play/world_runtime.h"
#include "math/angles.h"
#include "retarget/pose_blend.h"
#include "world/clearance.h"
#include "world/level.h"

namespace cf {

namespace {

constexpr float kDt = static_cast<float>(kTickSeconds);

float or_default(float v, float d) { return v > 0.0f ? v : d; }

float approach(float v, float target, float max_delta) {
  if (v < target) return std::min(v + max_delta, target);
  return std::max(v - max_delta, target);
}

void show_hud(SimState& s, HudMessage m) {
  s.hud = m;
  s.hud_ticks = kHudTicks;
}

// What one creature's tick works with.
struct Actor {
  SimState& world;
  CreatureState& c;
  int index;
  const Species& species;
  const SimContext& ctx;
  WorldRuntime& runtime;
  bool is_player() const { return index == 0; }
  // HUD messages are the player's.
  void hud(HudMessage m) const {
    if (is_player()) show_hud(world, m);
  }
};

void record_plan(CreatureState& c, const VaultPlan& plan) {
  VaultRecord& r = c.vault_record;
  r.fence = plan.decision.place.fence;
  r.ticks = plan.ticks;
  r.mirrored = plan.decision.mirrored;
  r.refused = plan.decision.refused;
  r.lref = plan.decision.lref;
  r.lmax = plan.decision.lmax;
  r.end_position_ws = plan.end_position_ws;
  r.set_reason(plan.decision.reason);
}

// A pressed: vault the fence in front, mirrored when the wall leaves no room on the authored side,
// refused (with the reason on the HUD) when neither side has room.
void try_vault(const Actor& a) {
  CreatureState& c = a.c;
  if (!a.species.vault) {
    a.hud(HudMessage::kCannotVault);
    return;
  }
  const Level& level = *a.ctx.level;
  const float reach = or_default(a.ctx.tuning.vault_reach_m, 2.0f);
  const int fence = fence_in_reach(level, c.root_ws, heading_forward(c.heading_rad), reach);
  if (fence < 0) {
    a.hud(HudMessage::kNoFenceInReach);
    return;
  }
  Result<VaultDecision> d = decide_vault(level, fence, *a.species.vault, c.root_ws);
  if (!d) {
    a.hud(HudMessage::kNoFenceInReach);
    return;
  }
  const std::uint32_t serial = c.vault_record.serial + 1;
  c.vault_record = VaultRecord{};
  c.vault_record.serial = serial;
  c.vault_record.from_ws = c.root_ws;
  VaultPlan plan = make_vault_plan(level, a.species, std::move(*d));
  record_plan(c, plan);
  a.runtime.set_plan(a.index, std::move(plan), serial);
  const VaultPlan& p = *a.runtime.plan(a.index, c, a.ctx);
  if (p.decision.refused || p.ticks == 0) {
    start_vault(p, &c.vault);  // records the refusal
    a.hud(HudMessage::kVaultRefused);
    return;
  }
  // Walk to where the vault starts first, so the creature doesn't jump there.
  c.approaching = true;
  c.approach_ticks = 0;
  c.vault.phase = VaultPhase::kIdle;
}

// Where the walker's position (the cog's ground point) is when the planned vault starts.
glm::vec3 vault_start_ground(const VaultPlan& plan, const Rig& rig) {
  const glm::mat4& m = plan.decision.place.model_to_world;
  const glm::vec3 p = glm::vec3(m * glm::vec4(rig.cog.x, 0.0f, rig.cog.z, 1.0f));
  return glm::vec3(p.x, 0.0f, p.z);
}

// One tick of walking to the vault's start: steers for a point on the vault's line a little short
// of the start, so the creature arrives on the line already facing the fence (a creature standing
// too close walks a small loop back onto it). Starts the vault on arrival, or after a timeout from
// wherever the walk got to (the vault's first ticks blend from there).
void step_approach(const Actor& a) {
  CreatureState& c = a.c;
  const VaultPlan* plan = a.runtime.plan(a.index, c, a.ctx);
  if (!plan) {
    c.approaching = false;
    return;
  }
  const glm::vec3 target = vault_start_ground(*plan, *a.species.rig);
  const glm::vec3 pos(c.walker.position_ws.x, 0.0f, c.walker.position_ws.z);
  const glm::vec3 fwd = plan->decision.place.forward_ws;
  const glm::vec3 d = target - pos;
  const float dist = std::sqrt(d.x * d.x + d.z * d.z);
  const float along = glm::dot(d, fwd);  // > 0: the start is still ahead along the vault's line
  const float heading_err = wrap_angle(plan->decision.place.heading_rad - c.walker.heading_rad);
  const int max_ticks_setting = a.ctx.tuning.max_approach_ticks;
  const auto max_ticks = static_cast<std::uint32_t>(max_ticks_setting > 0 ? max_ticks_setting : 300);
  const bool arrived = dist < 0.05f && std::fabs(heading_err) < 0.12f;
  if (arrived || c.approach_ticks >= max_ticks) {
    c.approaching = false;
    start_vault(*plan, &c.vault);
    return;
  }
  ++c.approach_ticks;
  float want = plan->decision.place.heading_rad;
  float speed_cap = std::max(0.0f, along) * 2.5f;
  if (dist > 0.12f || along < -0.03f) {
    const glm::vec3 carrot = target - fwd * (0.6f * dist);
    const glm::vec3 to = carrot - pos;
    want = std::atan2(to.x, to.z);
    speed_cap = dist * 2.5f;
  }
  const float err = wrap_angle(want - c.walker.heading_rad);
  WalkCommand cmd;
  cmd.turn_rate_rps = std::clamp(err * 6.0f, -3.0f, 3.0f);
  cmd.speed_mps = std::min(natural_speed(*a.species.walk_setup), speed_cap) * std::max(0.0f, std::cos(err));
  step_walker(&c.walker, cmd, *a.species.walk_setup, *a.species.rig, kDt);
  c.root_ws = c.walker.position_ws;
  c.heading_rad = wrap_angle(c.walker.heading_rad);
  c.speed_mps = c.walker.speed_mps;
}

// After the posing stage: a playing vault reads its posed tick (where the body is, what it touches)
// and advances; where it lands the walker takes over.
void after_vault_pose(const Actor& a) {
  CreatureState& c = a.c;
  const VaultPlan* plan = a.runtime.plan(a.index, c, a.ctx);
  if (!plan) return;
  const Rig& rig = *a.species.rig;
  const CreaturePose& pose = a.runtime.pose(a.index);
  c.root_ws = glm::vec3(pose.cog_ws.x, a.ctx.level->ground_y, pose.cog_ws.z);
  // The heading turns from the walker's onto the vault's as the pose hands over (no snap).
  const int k = vault_tick_to_pose(c.vault);
  const float start_heading = a.species.walks() ? c.walker.heading_rad : plan->decision.place.heading_rad;
  c.heading_rad = wrap_angle(lerp_angle(start_heading, plan->decision.place.heading_rad,
                                        handover_weight(k, kVaultBlendInTicks)));
  c.speed_mps = 0.0f;
  advance_vault(*plan, rig, *a.ctx.level, pose, &c.vault);
  if (c.vault.phase == VaultPhase::kLanded) {
    // The walker stands under the landed body (its position is the cog's ground point), so the root
    // goes on from where the vault left it; the pose hands over in the posing stage.
    c.walker = make_walker(*a.species.walk_setup, rig, glm::vec3(c.root_ws.x, 0.0f, c.root_ws.z),
                           plan->landed_heading_rad);
    c.root_ws = c.walker.position_ws;
    c.heading_rad = wrap_angle(c.walker.heading_rad);
    c.vault.since_landed = 0;
    ++c.vaults_played;
  }
}

void step_walking(const Actor& a, const InputFrame& in) {
  CreatureState& c = a.c;
  const float lx = InputFrame::axis(in.left_x), ly = InputFrame::axis(in.left_y);
  WalkCommand cmd;
  cmd.speed_mps = std::max(0.0f, ly) * max_speed(*a.species.walk_setup);
  cmd.turn_rate_rps = -lx * or_default(a.ctx.tuning.turn_rate_rps, 2.0f);  // stick right turns right
  step_walker(&c.walker, cmd, *a.species.walk_setup, *a.species.rig, kDt);
  glm::vec3 p = c.walker.position_ws;
  bool hit = a.species.footprint.count > 0
                 ? resolve_footprint_collisions(*a.ctx.level, a.species.footprint, c.walker.heading_rad, &p)
                 : resolve_circle_collisions(*a.ctx.level, a.species.body_radius_m, &p);
  if (!in_regions(*a.ctx.level, p)) {  // the movable regions' edge stops the creature
    p = c.root_ws;
    hit = true;
  }
  c.blocked_ticks = hit ? c.blocked_ticks + 1u : 0u;
  if (hit) {
    c.walker.position_ws = p;
    c.walker.speed_mps = std::min(c.walker.speed_mps, 0.2f);  // walking into a wall: shuffle, don't stride
  }
  c.root_ws = c.walker.position_ws;
  c.heading_rad = wrap_angle(c.walker.heading_rad);
  c.speed_mps = c.walker.speed_mps;
}

// Creatures that cannot walk (no legs) slide: speed along the heading, turn with the stick.
void step_sliding(const Actor& a, const InputFrame& in) {
  CreatureState& c = a.c;
  const SimTuning& t = a.ctx.tuning;
  const float lx = InputFrame::axis(in.left_x), ly = InputFrame::axis(in.left_y);
  c.heading_rad = wrap_angle(c.heading_rad - lx * or_default(t.turn_rate_rps, 2.0f) * kDt);
  c.speed_mps = approach(c.speed_mps, std::max(0.0f, ly) * or_default(t.max_speed_mps, 1.4f),
                         or_default(t.accel_mps2, 4.0f) * kDt);
  if (c.speed_mps > 0.0f) {
    glm::vec3 p = c.root_ws + heading_forward(c.heading_rad) * (c.speed_mps * kDt);
    bool hit = resolve_circle_collisions(*a.ctx.level, a.species.body_radius_m, &p);
    if (!in_regions(*a.ctx.level, p)) {
      p = c.root_ws;
      hit = true;
    }
    c.blocked_ticks = hit ? c.blocked_ticks + 1u : 0u;
    c.root_ws = p;
  }
}

// The creature's controls for one tick, before posing.
void step_controls(const Actor& a, const InputFrame& in) {
  CreatureState& c = a.c;
  if (c.vaulting()) return;  // the posing stage plays the vault's tick
  if (c.vault.phase == VaultPhase::kLanded && c.vault.since_landed < kVaultLandingBlendTicks) ++c.vault.since_landed;
  if (c.approaching) {
    step_approach(a);
  } else if (in.went_down(kButtonA)) {
    try_vault(a);
    if (c.approaching) step_approach(a);
  } else if (a.species.walks()) {
    step_walking(a, in);
  } else {
    step_sliding(a, in);
  }
}

// Idle look-around: after a random pause the head turns to a random side.
void step_look(SimState& s, CreatureState& c) {
  if (c.speed_mps > 0.05f || c.vaulting() || c.approaching) {
    c.idle_ticks = 0;
    c.look_target_rad = 0.0f;
  } else if (++c.idle_ticks >= c.next_look_tick) {
    c.look_target_rad = static_cast<float>(s.rng.uniform(-0.7, 0.7));
    c.next_look_tick = c.idle_ticks + 90u + static_cast<std::uint32_t>(s.rng.range(0, 150));
  }
  c.look_yaw_rad = approach(c.look_yaw_rad, c.look_target_rad, 1.5f * kDt);
}

}  // namespace

glm::vec3 heading_forward(float heading_rad) {
  return glm::vec3(std::sin(heading_rad), 0.0f, std::cos(heading_rad));
}

std::string_view VaultRecord::reason_text() const {
  return std::string_view(reason.data(), strnlen(reason.data(), reason.size()));
}

void VaultRecord::set_reason(std::string_view text) {
  reason.fill('\0');
  std::memcpy(reason.data(), text.data(), std::min(text.size(), reason.size() - 1));
}

int add_creature(SimState* s, const SimContext& ctx, int species, const glm::vec3& position_ws, float heading_rad) {
  const Species* sp = ctx.species_of(species);
  if (!sp || !sp->rig || s->creature_count >= kMaxCreatures) return -1;
  const int index = s->creature_count++;
  CreatureState& c = s->creatures[static_cast<std::size_t>(index)];
  c = CreatureState{};
  c.species = species;
  c.root_ws = position_ws;
  c.heading_rad = wrap_angle(heading_rad);
  if (sp->walks()) {
    c.walker = make_walker(*sp->walk_setup, *sp->rig, glm::vec3(position_ws.x, 0.0f, position_ws.z), c.heading_rad);
    c.root_ws = c.walker.position_ws;
  }
  c.next_look_tick = 90u + static_cast<std::uint32_t>(s->rng.range(0, 120));
  return index;
}

SimState initial_state(const SimContext& ctx, std::uint64_t seed) {
  SimState s;
  s.scene_id = ctx.scene_id;
  s.rng = Rng::from_seed(seed);
  glm::vec3 spawn(0.0f);
  float heading = 0.0f;
  if (ctx.level) {
    spawn = ctx.level->spawn;
    spawn.y = ctx.level->ground_y;
    heading = ctx.level->spawn_heading_deg * kDegToRad;
  }
  add_creature(&s, ctx, 0, spawn, heading);
  return s;
}

void step(SimState& s, const TickInput& in, const SimContext& ctx, WorldRuntime& runtime) {
  const SimTuning& t = ctx.tuning;
  const InputFrame& pad = in.player;
  const float camera_yaw_before = s.creature_count > 0 ? s.camera_yaw_rad() : 0.0f;

  // Camera: the right stick orbits it; when let go it swings back behind the moving player.
  const float rx = InputFrame::axis(pad.right_x), ry = InputFrame::axis(pad.right_y);
  const float orbit_before = s.camera_yaw_offset_rad;
  s.camera_yaw_offset_rad =
      wrap_angle(s.camera_yaw_offset_rad - rx * or_default(t.camera_yaw_rate_rps, 2.5f) * kDt);
  if (rx == 0.0f && s.player().speed_mps > 0.1f) {
    s.camera_yaw_offset_rad = approach(s.camera_yaw_offset_rad, 0.0f, or_default(t.camera_follow_rps, 1.5f) * kDt);
  }
  s.camera_pitch_rad = std::clamp(s.camera_pitch_rad + ry * or_default(t.camera_pitch_rate_rps, 1.5f) * kDt,
                                  kCameraPitchMin, kCameraPitchMax);
  if (s.hud_ticks > 0 && --s.hud_ticks == 0) s.hud = HudMessage::kNone;

  if (ctx.level) {
    const InputFrame idle{};
    for (int i = 0; i < s.creature_count; ++i) {
      CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
      const Species* sp = ctx.species_of(c.species);
      if (!sp || !sp->rig) continue;
      InputFrame ci = idle;
      if (i == 0) {
        ci = pad;
      } else if (in.others) {
        ci = in.others[i - 1];
      } else if (c.wanders) {
        ci = herd_brain(&s, ctx, i);
      }
      step_controls(Actor{s, c, i, *sp, ctx, runtime}, ci);
    }
    if (s.creature_count > 1) separate_creatures(&s, ctx);
    runtime.pose_creatures(s, ctx);
    for (int i = 0; i < s.creature_count; ++i) {
      CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
      const Species* sp = ctx.species_of(c.species);
      if (sp && sp->rig && c.vaulting()) after_vault_pose(Actor{s, c, i, *sp, ctx, runtime});
    }
  }
  for (int i = 0; i < s.creature_count; ++i) step_look(s, s.creatures[static_cast<std::size_t>(i)]);
  const Species* player = s.creature_count > 0 ? ctx.species_of(s.player().species) : nullptr;
  if (ctx.level && player && player->rig) {
    // The stick's swing is judged where the player now stands (after this tick's move).
    if (rx != 0.0f) {
      stop_orbit_at_walls(&s, *ctx.level, runtime.pose(0).cog_ws.y - ctx.level->ground_y,
                          orbit_stop_m(player->footprint.bound_m), orbit_before);
    }
    step_camera(&s, *ctx.level, runtime.pose(0).cog_ws.y - ctx.level->ground_y, player->rig->cog.y,
                wrap_angle(s.camera_yaw_rad() - camera_yaw_before));
  }
  ++s.tick;
}

std::uint64_t hash_state(const SimState& s) {
  StateHasher h;
  h.str("critterforge.sim/5");
  h.u64(s.scene_id);
  h.u64(s.tick);
  h.u64(s.rng.state);
  h.u64(s.rng.inc);
  h.f32(s.camera_yaw_offset_rad);
  h.f32(s.camera_pitch_rad);
  h.f32(s.camera_lift_rad);
  h.f32(s.camera_distance_m);
  h.u8(static_cast<std::uint8_t>(s.hud));
  h.u32(s.hud_ticks);
  h.i32(s.creature_count);
  for (int i = 0; i < s.creature_count; ++i) {
    const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
    h.i32(c.species);
    for (float v : {c.root_ws.x, c.root_ws.y, c.root_ws.z, c.heading_rad, c.speed_mps, c.look_yaw_rad,
                    c.look_target_rad}) {
      h.f32(v);
    }
    h.u32(c.idle_ticks);
    h.u32(c.next_look_tick);
    h.u32(c.blocked_ticks);
    hash_walker(c.walker, &h);
    h.u8(c.approaching ? 1 : 0);
    h.u32(c.approach_ticks);
    hash_vault_state(c.vault, &h);
    const VaultRecord& r = c.vault_record;
    h.u32(r.serial);
    for (float f : {r.from_ws.x, r.from_ws.y, r.from_ws.z}) h.f32(f);
    h.i32(r.fence);
    h.i32(r.ticks);
    h.u8(r.mirrored ? 1 : 0);
    h.u8(r.refused ? 1 : 0);
    h.str(r.reason_text());
    for (float f : {r.lref, r.lmax, r.end_position_ws.x, r.end_position_ws.z}) h.f32(f);
    h.u32(c.vaults_played);
    h.u8(c.wanders ? 1 : 0);
    for (float f : {c.wander.goal_xz.x, c.wander.goal_xz.y}) h.f32(f);
    h.u32(c.wander.goal_ticks);
    h.u32(c.wander.vault_cooldown);
  }
  return h.value();
}

}  // namespace cf
