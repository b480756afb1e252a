#include "game/play/actions/emote_action.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "game/play/actions/idle_action.h"
#include "game/play/actions/locomotion.h"
#include "game/play/sim.h"
#include "game/play/world_runtime.h"
#include "core/tick.h"
#include "math/angles.h"
#include "retarget/idle.h"
#include "retarget/pose_blend.h"
#include "retarget/walker.h"
#include "world/penetration.h"

namespace cf {

// How deep the pose's flesh goes into the walls and fences (the ground is the motion's own business).
float flesh_depth(const Level& level, const Rig& rig, const CreaturePose& pose) {
  float deepest = 0.0f;
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    const Capsule c{pose.head_ws[i], pose.tail_ws[i], rig.skeleton.radius[i]};
    deepest = std::max(deepest, level_penetration(level, c).depth);
  }
  return deepest;
}

namespace {

constexpr int kSettleTicks = 120;      // a walk that has not come to a stand by then gives the motion up
constexpr float kSettleBlend_s = 0.08f;
constexpr float kSettledWeight = 0.02f;
constexpr float kStickMoves = 0.25f;   // a stick past this asks to move: the motion ends
constexpr float kGreetReach_m = 2.5f;  // a herd creature greets the player this close

bool stick_moves(const CreatureCommand& c) { return std::fabs(c.move_x) > kStickMoves || c.move_y > kStickMoves; }

bool at_stand(const Species& sp, const CreatureState& c) { return !sp.walks() || walker_stands_still(c.walker); }

// One tick of the walk coming to a stand, quicker than a released stick (its blends at 0.08 s, not
// 0.25 s): the feet finish their steps and park, kept clear of walls as the walk is.
// The walk's body motion fades out on a smoothstep over this many settling ticks: the quick blend's
// exponential took a fifth of it in the first tick, and every joint the walk swings jumped.
constexpr int kSettleFadeTicks = 16;
float settle_fade(int k) {
  const float x = std::clamp(static_cast<float>(k) / kSettleFadeTicks, 0.0f, 1.0f);
  return 1.0f - x * x * (3.0f - 2.0f * x);
}

// Tick k (from 0) of settling.
void settle_walker(const ActionCall& a, int k) {
  CreatureState& c = a.creature;
  WalkerParams quick;
  quick.blend_time_s = kSettleBlend_s;
  const float heading_before = c.walker.heading_rad;
  const float weight_before = c.walker.motion_weight;
  step_walker(&c.walker, WalkCommand{}, *a.species.walk_setup, *a.species.rig, kTick_sf, quick);
  const float fade = settle_fade(k);
  c.walker.motion_weight = fade > 0.0f ? weight_before * settle_fade(k + 1) / fade : 0.0f;
  glm::vec3 p = c.walker.position_ws;
  if (collide_walker(*a.ctx.level, a.species, heading_before, c.root_ws, &c.walker, &p)) c.walker.position_ws = p;
  c.root_ws = c.walker.position_ws;
  c.heading_rad = wrap_angle(c.walker.heading_rad);
  c.speed_mps = c.walker.speed_mps;
}

// How deep the lifted foreleg's flesh goes into a wall or fence in the pose.
float lifted_leg_depth(const Level& level, const Rig& rig, int limb, const CreaturePose& pose) {
  float deepest = 0.0f;
  for (int b : rig.limbs[static_cast<std::size_t>(limb)].bones) {
    if (b < 0) continue;
    const auto i = static_cast<std::size_t>(b);
    const Capsule c{pose.head_ws[i], pose.tail_ws[i], rig.skeleton.radius[i]};
    deepest = std::max(deepest, level_penetration(level, c).depth);
  }
  return deepest;
}

// How far forward a foreleg lifted to greet may reach here: as authored unless that puts it in a wall
// or fence, then less, straight up, or drawn back, whichever first stays clear at the lift's peak. The
// stance does not move while the creature greets, so every tick of one greet gets the same answer.
float greeting_lift_reach(const PoseCall& call, const EmoteMotion& em) {
  constexpr float kReaches[] = {1.0f, 0.5f, 0.0f, -0.5f};
  constexpr float kClear_m = 0.002f;
  const Level* level = call.ctx.level;
  if (!level || em.variant != EmoteVariant::kLiftForeleg || em.lift_leg < 0 || !call.scratch) return 1.0f;
  const Rig& rig = *call.species.rig;
  float best = 1.0f, best_depth = 1e9f;
  for (float reach : kReaches) {
    if (!pose_emote(em, rig, &call.creature.walker, foreleg_lift_peak_s(em), 1.0f, call.scratch, reach)) return 1.0f;
    const float depth = lifted_leg_depth(*level, rig, em.lift_leg, *call.scratch);
    if (depth <= kClear_m) return reach;
    if (depth < best_depth) best = reach, best_depth = depth;
  }
  return best;
}

}  // namespace

const char* emote_phase_name(EmotePhase p) {
  switch (p) {
    case EmotePhase::kSettle: return "settle";
    case EmotePhase::kPlay: return "play";
    case EmotePhase::kEnd: return "end";
    default: return "";
  }
}

const char* variant_words(EmoteVariant v, bool tail) {
  switch (v) {
    case EmoteVariant::kLowerBody: return "lowers its body";
    case EmoteVariant::kLowerTorso: return "lowers its torso";
    case EmoteVariant::kWaveArm: return "waves an arm";
    case EmoteVariant::kLiftForeleg: return "lifts a foreleg";
    case EmoteVariant::kNodWag: return tail ? "nods and wags its tail" : "nods";
    case EmoteVariant::kRearHead: return "rears and raises its head";
    case EmoteVariant::kRearFront: return "rears its front";
    case EmoteVariant::kBobSway: return "bobs to the beat";
    default: return "";
  }
}

const char* EmoteAction::title() const {
  switch (kind_) {
    case EmoteKind::kSit: return "Sit";
    case EmoteKind::kGreet: return "Greet";
    case EmoteKind::kRoar: return "Roar";
    case EmoteKind::kDance: return "Dance";
  }
  return "";
}

void EmoteAction::init(CreatureState& c) const { new (&state_of<State>(c)) State(); }

bool EmoteAction::poses(const CreatureState& c) const {
  const EmotePhase p = state_of<State>(c).phase;
  return p == EmotePhase::kPlay || p == EmotePhase::kEnd;
}

float EmoteAction::weight(const State& st) const {
  return emote_ease_weight(kind_, st.ease);
}

void EmoteAction::start(const ActionCall& a) const {
  const EmoteMotion* em = data_of<EmoteMotion>(a.species);
  if (!em) {
    a.hud(id(), kCannotEmote);
    return;
  }
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  st.plays += 1;
  st.tick = 0;
  st.ease = 0;
  st.settle = 0;
  st.variant = em->variant;
  st.tail = !a.species.rig->tail_bones.empty();
  st.from_idle_ticks = at_stand(a.species, c) ? c.idle_ticks : 0;
  st.phase = at_stand(a.species, c) ? EmotePhase::kPlay : EmotePhase::kSettle;
  if (!a.species.walks()) c.speed_mps = 0.0f;
  a.hud(id(), kEmotePlayed);
  if (st.phase == EmotePhase::kSettle) step(a);
}

void EmoteAction::step(const ActionCall& a) const {
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  const EmoteMotion* em = data_of<EmoteMotion>(a.species);
  if (!em) {
    st.phase = EmotePhase::kNone;
    return;
  }
  // The stick, another action asked for (it waits), or sit asked for again once seated end it.
  const bool moves = stick_moves(a.command) || c.queued_request != kNoAction ||
                     (kind_ == EmoteKind::kSit && st.phase == EmotePhase::kPlay && a.command.request == id());
  switch (st.phase) {
    case EmotePhase::kSettle: {
      if (moves || ++st.settle > kSettleTicks) {  // asked to move, or it cannot stand: given up
        st.phase = EmotePhase::kNone;
        return;
      }
      settle_walker(a, st.settle - 1);
      if (walker_stands_still(c.walker, kSettledWeight)) {  // the walk's last 2% of body motion is let go
        c.walker.motion_weight = 0.0f;
        st.phase = EmotePhase::kPlay;
      }
      return;
    }
    case EmotePhase::kPlay:
      if (moves || (em->ticks > 0 && st.tick >= em->ticks - emote_ease_ticks(kind_))) st.phase = EmotePhase::kEnd;
      break;
    default: break;
  }
  if (st.phase == EmotePhase::kPlay) st.ease = std::min(st.ease + 1, emote_ease_ticks(kind_));
  if (st.phase == EmotePhase::kEnd && --st.ease <= 0) {
    st.ease = 0;
    st.phase = EmotePhase::kNone;  // back at the stand: locomotion goes on from the walker as it stood
  }
  ++st.tick;
  c.speed_mps = 0.0f;
}

bool EmoteAction::pose(const PoseCall& call) const {
  const State& st = state_of<State>(call.creature);
  const EmoteMotion* em = data_of<EmoteMotion>(call.species);
  if (!em || !poses(call.creature)) return false;
  const Species& sp = call.species;
  const double t = emote_clip_time(*em, st.tick);
  const float reach = greeting_lift_reach(call, *em);
  auto pose_at = [&](float w) {
    if (!em->legless) return pose_emote(*em, *sp.rig, &call.creature.walker, t, w, call.out, reach);
    pose_bind_at_root(call.creature, *sp.rig, call.out);
    return pose_emote(*em, *sp.rig, nullptr, t, w, call.out);
  };
  if (!pose_at(weight(st))) return false;
  // Beside a wall or fence the motion plays as far as there is room: its share is cut (this tick only,
  // so it comes back as the motion turns away) to where the flesh goes no deeper than the stand's.
  if (const Level* level = call.ctx.level) {
    constexpr float kClear_m = 0.002f;
    const float w = weight(st);
    if (w > 0.0f && flesh_depth(*level, *sp.rig, *call.out) > kClear_m) {
      (void)pose_at(0.0f);
      const float allowed = std::max(flesh_depth(*level, *sp.rig, *call.out), kClear_m);
      float lo = 0.0f, hi = w;
      for (int k = 0; k < 6; ++k) {
        const float mid = 0.5f * (lo + hi);
        (void)pose_at(mid);
        (flesh_depth(*level, *sp.rig, *call.out) <= allowed ? lo : hi) = mid;
      }
      (void)pose_at(lo);
    }
  }
  if (em->legless) return true;
  // Started from the idle: its pose hands over to the motion as the motion eases in.
  const int ease = emote_ease_ticks(kind_);
  if (st.from_idle_ticks > kIdleStartTicks && st.tick < ease) {
    const ActionId idle = call.ctx.registry().find("idle");
    if (idle == kNoAction || !pose_walker(call.creature.walker, *sp.walk_setup, *sp.rig, *sp.walk_clip, call.scratch))
      return true;
    const PoseCall from{{call.creature, call.index, sp, call.ctx, call.runtime}, call.scratch, nullptr};
    if (static_cast<const IdleAction&>(call.ctx.registry()[idle]).pose_over_stand(from, st.from_idle_ticks))
      blend_pose_world(*call.scratch, *call.out, handover_weight(st.tick, ease), call.out);
  }
  return true;
}

bool EmoteAction::brain_wants(const BrainCall& call) const {
  if (!data_of<EmoteMotion>(call.species)) return false;
  switch (kind_) {
    case EmoteKind::kGreet: return call.resting && call.player_distance_m < kGreetReach_m;
    case EmoteKind::kSit: return call.resting && call.mood % 4 == 0;
    case EmoteKind::kDance: return call.resting && call.mood % 4 == 1;
    case EmoteKind::kRoar: return call.resting && call.mood % 8 == 2;
  }
  return false;
}

void EmoteAction::hash(const CreatureState& c, StateHasher* h) const {
  const State& st = state_of<State>(c);
  if (st.plays == 0) return;  // never played: nothing, so runs without it hash as they always did
  h->u8(static_cast<std::uint8_t>(0x50 + static_cast<int>(kind_)));
  h->u32(st.plays);
  h->i32(st.tick);
  h->i32(st.ease);
  h->i32(st.settle);
  h->u32(st.from_idle_ticks);
  h->u8(static_cast<std::uint8_t>(st.phase));
  h->u8(static_cast<std::uint8_t>(st.variant));
  h->u8(st.tail ? 1 : 0);
}

void EmoteAction::describe(const CreatureState& c, Json* j) const {
  const State& st = state_of<State>(c);
  const std::string n = name();
  (*j)[n + "_plays"] = st.plays;
  (*j)[n + "_phase"] = emote_phase_name(st.phase);
  (*j)[n + "_variant"] = to_string(st.variant);
}

std::string EmoteAction::hud_text(int code, const CreatureState& c, const std::string& unavailable) const {
  const State& st = state_of<State>(c);
  switch (code) {
    case kEmotePlayed: return std::string(title()) + ": " + variant_words(st.variant, st.tail);
    case kCannotEmote:
      return std::string("Can't ") + name() + (unavailable.empty() ? std::string() : ": " + unavailable);
    default: return {};
  }
}

bool EmoteAction::hud_warns(int code) const { return code != kEmotePlayed; }

void EmoteAction::debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const {
  const State& st = state_of<State>(call.creature);
  if (st.plays == 0) {
    rows->push_back({DebugRow::Style::kDisabled, std::string("not ") + name() + " yet"});
    return;
  }
  char line[160];
  std::snprintf(line, sizeof line, "%s  variant %s  tick %d  weight %.2f", st.playing() ? emote_phase_name(st.phase) : "done",
                to_string(st.variant), st.tick, weight(st));
  rows->push_back({st.playing() ? DebugRow::Style::kNormal : DebugRow::Style::kDisabled, line});
  std::snprintf(line, sizeof line, "played %u  settled %d ticks", st.plays, st.settle);
  rows->push_back({DebugRow::Style::kNormal, line});
}

PreparedAction EmoteAction::prepare(const ActionSetup& setup) const {
  // The clip is named by the state of a creature that played it, not by the scene's identity.
  PreparedAction out;
  Result<MotionClip> clip = load_motion(setup.motions_dir + emote_clip_file(kind_));
  if (!clip) {
    out.unavailable = std::string("no ") + name() + " motion: " + clip.error().to_string();
    return out;
  }
  if (!setup.rig) return out;
  Result<EmoteMotion> em = prepare_emote(kind_, *setup.rig, *clip, setup.walk);
  if (em) {
    out.data = std::make_shared<const EmoteMotion>(std::move(*em));
  } else {
    out.unavailable = em.error().message;
  }
  return out;
}

const EmoteAction& game_emote(EmoteKind k) {
  return static_cast<const EmoteAction&>(game_actions()[game_actions().find(to_string(k))]);
}
const EmoteActionState& emote_of(const CreatureState& c, EmoteKind k) {
  return game_emote(k).state_of<EmoteActionState>(c);
}
const EmoteMotion* emote_motion(const Species& sp, EmoteKind k) { return game_emote(k).data_of<EmoteMotion>(sp); }
HudMessage emote_hud(EmoteKind k, EmoteMessage m) { return hud_message_id(game_emote(k).id(), m); }

}  // namespace cf
