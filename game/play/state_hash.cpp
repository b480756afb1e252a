#include "core/hash.h"
#include "game/play/action.h"
#include "game/play/sim.h"
#include "game/play/actions/clip_action.h"

namespace cf {

namespace {

// A library motion as the hash sees it: its name's FNV-1a (kNoMotion, or no clip action: all ones).
std::uint32_t motion_key(const ActionRegistry& actions, std::uint16_t m) {
  const ActionId clip = actions.find("clip");
  if (m == kNoMotion || clip == kNoAction) return 0xffffffffu;
  const MotionLibrary& lib = clip_action(actions).library();
  if (m >= lib.size()) return 0xfffffffeu;
  std::uint32_t h = 2166136261u;
  for (char ch : lib[m].name) h = (h ^ static_cast<unsigned char>(ch)) * 16777619u;
  return h;
}

}  // namespace


std::uint64_t hash_state(const SimState& s, const ActionRegistry& actions) {
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
  if (s.camera_turn_lag_rad != 0.0f) h.f32(s.camera_turn_lag_rad);  // only after a turn round
  if (s.camera_showing != 0) h.u8(static_cast<std::uint8_t>(0xc0 | s.camera_showing));  // only round an act
  if (s.hud < 0xff) {
    h.u8(static_cast<std::uint8_t>(s.hud));
  } else {
    h.u8(0xff);
    h.u32(s.hud);
  }
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
    for (ActionId a = 0; a < actions.size(); ++a) actions[a].hash(c, &h);
    h.u8(c.wanders ? 1 : 0);
    for (float f : {c.wander.goal_xz.x, c.wander.goal_xz.y}) h.f32(f);
    h.u32(c.wander.goal_ticks);
    h.u32(c.wander.action_cooldown);
    if (c.wanders) {  // the brain's rests and pace: only herd creatures have them (player runs hash as before)
      h.u32(c.wander.rest_ticks);
      h.u32(c.wander.mood);
      h.u8(c.wander.pace);
      if (c.wander.spectator) h.u8(0x5c);  // only spectators: a wandering herd hashes as before
      if (c.wander.temperament) {  // befriending: only a free roam herd has a temperament
        const WanderState& w = c.wander;
        h.u8(0x5e);
        for (std::uint8_t b : {w.temperament, w.bond, w.step, w.asked, w.challenge_len, w.pack_slot}) h.u8(b);
        // Motions by name, not library index: a motion added to the library that never plays leaves the hash as it was.
        for (std::uint16_t m : w.challenge) h.u32(motion_key(actions, m));
        for (std::uint32_t v : {w.bond_ticks, w.shown_plays, motion_key(actions, w.seen_motion), w.seen_plays,
                                motion_key(actions, w.echo_motion), w.echo_ticks, w.detour_ticks})
          h.u32(v);
        if (w.lost_ticks || w.fade_ticks) {  // a friend left behind (runs without one hash as before)
          h.u8(0x1f);
          h.u32(w.lost_ticks);
          h.u8(w.fade_ticks);
        }
      }
    }
  }
  return h.value();
}

std::uint64_t hash_state(const SimState& s) { return hash_state(s, game_actions()); }

}  // namespace cf
