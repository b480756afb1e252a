#include "game/play/actions/clip_action.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/tick.h"
#include "game/play/actions/idle_action.h"
#include "game/play/actions/locomotion.h"
#include "game/play/beat.h"
#include "game/play/creature_size.h"
#include "game/play/stages.h"
#include "world/ground_query.h"
#include "game/play/world_runtime.h"
#include "math/angles.h"
#include "retarget/idle.h"
#include "retarget/pose_blend.h"
#include "retarget/walker.h"
#include "world/penetration.h"
#include "core/json.h"

namespace cf {

namespace {

constexpr int kSettleTicks = 120;      // a walk that has not come to a stand by then gives the motion up
constexpr float kSettleBlend_s = 0.08f;
constexpr float kSettledWeight = 0.02f;


bool at_stand(const Species& sp, const CreatureState& c) { return !sp.walks() || walker_stands_still(c.walker); }

// Play begins: a motion timed to the beat starts far enough into its clip that its beats are shown on
// the world's (the first play tick is shown at the state's next tick).
void begin_play(const MotionDescription& d, std::uint64_t tick, ClipPlay* p) {
  p->phase = EmotePhase::kPlay;
  if (!(d.beat_s > 0.0)) return;
  p->lead = static_cast<std::uint8_t>(beat_lead(static_cast<int>(std::lround(d.beat_s / kTick_s)), static_cast<int>(std::lround(d.first_beat_s / kTick_s)),
                      tick + 1));
  p->tick = p->lead;
}

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
  const LevelGround ground(a.ctx.level);
  step_walker(&c.walker, WalkCommand{}, *a.species.walk_setup, *a.species.rig, kTick_sf, quick, &ground);
  const float fade = settle_fade(k);
  c.walker.motion_weight = fade > 0.0f ? weight_before * settle_fade(k + 1) / fade : 0.0f;
  glm::vec3 p = c.walker.position_ws;
  if (collide_walker(*a.ctx.level, a.species, heading_before, c.root_ws, &c.walker, &p, !c.wanders)) c.walker.position_ws = p;
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

// How far forward a lifted foreleg may reach here: as authored unless that puts it in a wall or
// fence, then less, straight up, or drawn back, whichever first stays clear at the lift's peak. The
// stance does not move while the creature plays, so every tick of one play gets the same answer.
float lift_reach(const PoseCall& call, const EmoteMotion& em) {
  constexpr float kReaches[] = {1.0f, 0.5f, 0.0f, -0.5f};
  constexpr float kClear_m = 0.002f;
  const Level* level = call.ctx.level;
  if (!level || em.variant != EmoteVariant::kLiftForeleg || em.lift_leg < 0 || !call.scratch) return 1.0f;
  const Rig& rig = *call.species.rig;
  float best = 1.0f, best_depth = 1e9f;
  for (float reach : kReaches) {
    const LevelGround ground(level);
    if (!pose_emote(em, rig, &call.creature.walker, foreleg_lift_peak_s(em), 1.0f, call.scratch, reach, &ground))
      return 1.0f;
    const float depth = lifted_leg_depth(*level, rig, em.lift_leg, *call.scratch);
    if (depth <= kClear_m) return reach;
    if (depth < best_depth) best = reach, best_depth = depth;
  }
  return best;
}

const ClipMotions* motions_of(const Action& a, const Species& sp) { return a.data_of<ClipMotions>(sp); }

// The species' fit of motion m as it stands (never fits it).
const EmoteMotion* fitted(const Action& a, const Species& sp, int m) {
  const ClipMotions* cm = motions_of(a, sp);
  if (!cm || m < 0 || m >= static_cast<int>(cm->fitted.size())) return nullptr;
  return cm->fitted[static_cast<std::size_t>(m)].get();
}

// The record of motion m in st, or -1.
int record_index(const ClipActionState& st, int m) {
  for (int r = 0; r < kClipRecords; ++r)
    if (st.motion[static_cast<std::size_t>(r)] == m) return r;
  return -1;
}

// A record for motion m: its own, else a free one, else the first whose motion is not playing (the
// oldest kept; a creature that played more than kClipRecords motions forgets one it is not playing).
int take_record(ClipActionState* st, int m) {
  if (const int r = record_index(*st, m); r >= 0) return r;
  for (int r = 0; r < kClipRecords; ++r)
    if (st->motion[static_cast<std::size_t>(r)] == kNoMotion) return r;
  for (int r = 0; r < kClipRecords; ++r)
    if (!st->plays[static_cast<std::size_t>(r)].playing()) return r;
  return 0;
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

ClipAction::ClipAction(std::shared_ptr<const MotionLibrary> library) : library_(std::move(library)) {
  if (!library_) library_ = std::make_shared<const MotionLibrary>();
  moods_.resize(static_cast<std::size_t>(library_->size()), 0u);
  for (int m = 0; m < library_->size(); ++m)
    for (const std::string& mood : (*library_)[m].about().herd) moods_[static_cast<std::size_t>(m)] |= herd_mood_bit(mood);
}

void ClipAction::fit_into(const ClipMotions& cm, int m, const Rig& rig, const RetargetSetup* walk) const {
  const auto i = static_cast<std::size_t>(m);
  if (cm.tried[i]) return;
  cm.tried[i] = 1;
  Result<EmoteMotion> em = prepare_emote(rig, (*library_)[m].clip, walk);
  if (em) cm.fitted[i] = std::make_unique<const EmoteMotion>(std::move(*em));
  else cm.unavailable[i] = em.error().message;
}

const EmoteMotion* ClipAction::fit(const Species& sp, int m) const {
  const ClipMotions* cm = motions_of(*this, sp);
  if (!cm || !plays(m) || m >= static_cast<int>(cm->tried.size()) || !sp.rig) return nullptr;
  fit_into(*cm, m, *sp.rig, sp.walks() ? sp.walk_setup : nullptr);
  return cm->fitted[static_cast<std::size_t>(m)].get();
}

bool ClipAction::plays(int m) const { return m >= 0 && m < library_->size() && plays_as_clip((*library_)[m]); }

void ClipAction::init(CreatureState& c) const {
  State& st = *new (&state_of<State>(c)) State();
  st.motion.fill(kNoMotion);
}

bool ClipAction::active(const CreatureState& c) const {
  const State& st = state_of<State>(c);
  return st.current < kClipRecords && st.plays[st.current].playing();
}

bool ClipAction::poses(const CreatureState& c) const {
  if (!active(c)) return false;
  const State& st = state_of<State>(c);
  const EmotePhase p = st.plays[st.current].phase;
  return p == EmotePhase::kPlay || p == EmotePhase::kEnd;
}

int ClipAction::playing_motion(const CreatureState& c) const {
  if (!active(c)) return -1;
  const State& st = state_of<State>(c);
  return st.motion[st.current];
}

int ClipAction::current_motion(const CreatureState& c) const {
  const int m = playing_motion(c);
  return m >= 0 ? m : kNoMotion;
}

int ClipAction::motion_named(const std::string& name) const {
  const int m = library_->find(name);
  return plays(m) ? m : -1;
}

const ClipPlay* ClipAction::record(const CreatureState& c, int m) const {
  const State& st = state_of<State>(c);
  const int r = record_index(st, m);
  return r >= 0 ? &st.plays[static_cast<std::size_t>(r)] : nullptr;
}

float ClipAction::weight(const EmoteMotion& em, const ClipPlay& p) const { return emote_ease_weight(em, p.ease); }

void ClipAction::start(const ActionCall& a) const {
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  const int m = a.command.motion;
  if (!plays(m)) return;
  if (a.is_player()) st.last = static_cast<std::uint16_t>(m);
  const EmoteMotion* em = fit(a.species, m);
  const int order = (*library_)[m].about().order;
  if (!em) {
    a.hud(static_cast<ActionId>(id() + order), kCannotPlay);
    return;
  }
  const int r = take_record(&st, m);
  st.motion[static_cast<std::size_t>(r)] = static_cast<std::uint16_t>(m);
  st.current = static_cast<std::uint8_t>(r);
  ClipPlay& p = st.plays[static_cast<std::size_t>(r)];
  const std::uint32_t plays_before = p.plays;
  p = ClipPlay{};
  p.plays = plays_before + 1;
  p.variant = em->variant;
  p.tail = !a.species.rig->tail_bones.empty();
  p.from_idle_ticks = at_stand(a.species, c) ? c.idle_ticks : 0;
  p.phase = EmotePhase::kSettle;
  if (at_stand(a.species, c)) begin_play((*library_)[m].about(), a.world.tick, &p);
  if (!a.species.walks()) c.speed_mps = 0.0f;
  a.hud(static_cast<ActionId>(id() + order), kClipPlayed);
  if (p.phase == EmotePhase::kSettle) step(a);
}

void ClipAction::step(const ActionCall& a) const {
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  if (st.current >= kClipRecords) return;
  ClipPlay& p = st.plays[st.current];
  const int m = st.motion[st.current];
  const EmoteMotion* em = fitted(*this, a.species, m);
  if (!em) {
    p.phase = EmotePhase::kNone;
    return;
  }
  // The stick, another action asked for (it waits), or a held motion asked for again once held end it.
  const bool asked_again = a.command.request == id() && a.command.motion == m;
  const bool moves = stick_moves(a.command) || c.queued_request != kNoAction ||
                     (em->held && p.phase == EmotePhase::kPlay && asked_again);
  switch (p.phase) {
    case EmotePhase::kSettle: {
      if (moves || ++p.settle > kSettleTicks) {  // asked to move, or it cannot stand: given up
        p.phase = EmotePhase::kNone;
        return;
      }
      settle_walker(a, p.settle - 1);
      if (walker_stands_still(c.walker, kSettledWeight)) {  // the walk's last 2% of body motion is let go
        c.walker.motion_weight = 0.0f;
        begin_play((*library_)[m].about(), a.world.tick, &p);
      }
      return;
    }
    case EmotePhase::kPlay:
      if (moves || (em->ticks > 0 && p.tick >= em->ticks - em->ease_ticks)) p.phase = EmotePhase::kEnd;
      break;
    default: break;
  }
  if (p.phase == EmotePhase::kPlay) p.ease = std::min(p.ease + 1, em->ease_ticks);
  if (p.phase == EmotePhase::kEnd && --p.ease <= 0) {
    p.ease = 0;
    p.phase = EmotePhase::kNone;  // back at the stand: locomotion goes on from the walker as it stood
  }
  ++p.tick;
  c.speed_mps = 0.0f;
}

bool ClipAction::pose(const PoseCall& call) const {
  if (!poses(call.creature)) return false;
  const State& st = state_of<State>(call.creature);
  const ClipPlay& p = st.plays[st.current];
  const EmoteMotion* em = fitted(*this, call.species, st.motion[st.current]);
  if (!em) return false;
  const Species& sp = call.species;
  const double t = emote_clip_time(*em, p.tick);
  const float reach = lift_reach(call, *em);
  auto pose_at = [&](float w) {
    const LevelGround ground(call.ctx.level);
    if (!em->legless) return pose_emote(*em, *sp.rig, &call.creature.walker, t, w, call.out, reach, &ground);
    pose_bind_at_root(call.creature, *sp.rig, call.out);
    return pose_emote(*em, *sp.rig, nullptr, t, w, call.out);
  };
  const float w = weight(*em, p);
  if (!pose_at(w)) return false;
  // Beside a wall or fence the motion plays as far as there is room (the shared room stage).
  (void)fit_in_room(call.ctx.level, *sp.rig, w, call.out, pose_at);
  if (em->legless) return true;
  // Started from the idle: its pose hands over to the motion as the motion eases in.
  const int ease = em->ease_ticks;
  const int played = p.tick - p.lead;
  if (p.from_idle_ticks > kIdleStartTicks && played < ease) {
    const ActionId idle = call.ctx.registry().find("idle");
    const LevelGround ground(call.ctx.level);
    if (idle == kNoAction ||
        !pose_walker(call.creature.walker, *sp.walk_setup, *sp.rig, *sp.walk_clip, call.scratch, &ground))
      return true;
    const PoseCall from{{call.creature, call.index, sp, call.ctx, call.runtime}, call.scratch, nullptr};
    if (static_cast<const IdleAction&>(call.ctx.registry()[idle]).pose_over_stand(from, p.from_idle_ticks))
      blend_pose_world(*call.scratch, *call.out, handover_weight(played, ease), call.out);
  }
  return true;
}

bool ClipAction::brain_wants(const BrainCall& call) const {
  const std::uint32_t moods = rest_moods(call);
  if (moods == 0) return false;
  // One of the motions the mood allows this body, picked by the rest's mood (its bits above those that
  // chose the mood), so a herd does not all sit the same sit.
  auto fits = [&](int m) { return (moods_[static_cast<std::size_t>(m)] & moods) && plays(m) && fit(call.species, m); };
  int count = 0;
  for (int m = 0; m < library_->size(); ++m) count += fits(m) ? 1 : 0;
  if (count == 0) return false;
  int pick = static_cast<int>((call.mood >> 3) % static_cast<std::uint32_t>(count));
  for (int m = 0; m < library_->size(); ++m) {
    if (!fits(m) || pick-- > 0) continue;
    call.motion = static_cast<std::uint16_t>(m);
    return true;
  }
  return false;
}

void ClipAction::sounds(const SoundCall& call, SoundEvents* out) const {
  const State& now_st = state_of<State>(call.after);
  if (now_st.current >= kClipRecords) return;
  const ClipPlay& now = now_st.plays[now_st.current];
  const int m = now_st.motion[now_st.current];
  if (now.plays == 0 || now.phase == EmotePhase::kNone || now.phase == EmotePhase::kSettle || !plays(m)) return;
  const MotionDescription& d = (*library_)[m].about();
  if (d.cues.empty()) return;
  const State& was_st = state_of<State>(call.before);
  const bool same = was_st.motion[now_st.current] == m && was_st.plays[now_st.current].plays == now.plays;
  const std::int32_t from = same ? was_st.plays[now_st.current].tick : now.lead;  // a new play counts from its start
  const CreatureSize size = creature_size(*call.species.rig);
  for (const SoundCue& cue : d.cues) {
    const auto at = static_cast<std::int32_t>(std::lround(cue.at_s / kTick_s));
    if (!(from < at && now.tick >= at)) continue;
    SoundKind kind;
    if (!sound_kind_named(cue.sound, &kind) || is_interface(kind)) continue;  // the library reports it
    SoundEvent e;
    e.kind = kind;
    e.position_ws = call.after.root_ws;
    e.pitch = size.voice_pitch();
    e.loudness = std::clamp(cue.loudness * std::sqrt(size.weight()), 0.1f, 1.0f);
    e.creature = static_cast<std::int16_t>(call.index);
    out->push(e);
  }
}

void ClipAction::hash(const CreatureState& c, StateHasher* h) const {
  const State& st = state_of<State>(c);
  // Records in the library's order (its index order is the same in any library holding the motions).
  std::array<int, kClipRecords> order;
  int n = 0;
  for (int r = 0; r < kClipRecords; ++r)
    if (st.motion[static_cast<std::size_t>(r)] != kNoMotion && st.plays[static_cast<std::size_t>(r)].plays > 0)
      order[static_cast<std::size_t>(n++)] = r;
  for (int k = 1; k < n; ++k)  // insertion sort: at most kClipRecords
    for (int j = k; j > 0 && st.motion[static_cast<std::size_t>(order[static_cast<std::size_t>(j)])] <
                                 st.motion[static_cast<std::size_t>(order[static_cast<std::size_t>(j - 1)])];
         --j)
      std::swap(order[static_cast<std::size_t>(j)], order[static_cast<std::size_t>(j - 1)]);
  for (int k = 0; k < n; ++k) {
    const auto r = static_cast<std::size_t>(order[static_cast<std::size_t>(k)]);
    const ClipPlay& p = st.plays[r];
    const int m = st.motion[r];
    const int motion_order = m < library_->size() ? (*library_)[m].about().order : 0;
    h->u8(static_cast<std::uint8_t>(0x50 + motion_order));
    h->u32(p.plays);
    h->i32(p.tick);
    h->i32(p.ease);
    h->i32(p.settle);
    h->u32(p.from_idle_ticks);
    h->u8(static_cast<std::uint8_t>(p.phase));
    h->u8(static_cast<std::uint8_t>(p.variant));
    h->u8(p.tail ? 1 : 0);
    if (p.lead != 0) h->u8(p.lead);
  }
}

void ClipAction::describe(const CreatureState& c, Json* j) const {
  // Every motion it plays, played or not (a motion never played: 0 plays, no phase).
  for (int m = 0; m < library_->size(); ++m) {
    if (!plays(m)) continue;
    const ClipPlay* p = record(c, m);
    const std::string& n = (*library_)[m].name;
    (*j)[n + "_plays"] = p ? p->plays : 0u;
    (*j)[n + "_phase"] = emote_phase_name(p ? p->phase : EmotePhase::kNone);
    (*j)[n + "_variant"] = to_string(p ? p->variant : EmoteVariant::kNone);
  }
  const int now = playing_motion(c);
  (*j)["clip_motion"] = now >= 0 ? (*library_)[now].name : std::string();
}

std::string ClipAction::hud_text(int code, const CreatureState& c, const PreparedAction& prepared) const {
  const State& st = state_of<State>(c);
  const int m = st.last;
  if (m == kNoMotion || m >= library_->size()) return {};
  const LibraryMotion& lm = (*library_)[m];
  switch (code) {
    case kClipPlayed: {
      const ClipPlay* p = record(c, m);
      const auto* cm = static_cast<const ClipMotions*>(prepared.data.get());
      const EmoteMotion* em = cm && m < static_cast<int>(cm->fitted.size()) ? cm->fitted[static_cast<std::size_t>(m)].get() : nullptr;
      const auto& vs = lm.about().variants;
      std::string words = "plays it";
      if (em && em->variant_index >= 0 && em->variant_index < static_cast<int>(vs.size())) {
        const MotionVariant& v = vs[static_cast<std::size_t>(em->variant_index)];
        words = p && p->tail && !v.tail_words.empty() ? v.tail_words : v.words;
      }
      return lm.title() + ": " + words;
    }
    case kCannotPlay: {
      const auto* cm = static_cast<const ClipMotions*>(prepared.data.get());
      const std::string why = cm && m < static_cast<int>(cm->unavailable.size()) ? cm->unavailable[static_cast<std::size_t>(m)] : "";
      return "Can't " + lm.name + (why.empty() ? std::string() : ": " + why);
    }
    default: return {};
  }
}

void ClipAction::debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const {
  const State& st = state_of<State>(call.creature);
  bool any = false;
  for (int r = 0; r < kClipRecords; ++r) {
    const int m = st.motion[static_cast<std::size_t>(r)];
    if (m == kNoMotion || m >= library_->size()) continue;
    any = true;
    const ClipPlay& p = st.plays[static_cast<std::size_t>(r)];
    char line[200];
    std::snprintf(line, sizeof line, "%s: %s  variant %s  tick %d  played %u  settled %d ticks",
                  (*library_)[m].name.c_str(), p.playing() ? emote_phase_name(p.phase) : "done", to_string(p.variant),
                  p.tick, p.plays, p.settle);
    rows->push_back({p.playing() ? DebugRow::Style::kNormal : DebugRow::Style::kDisabled, line});
  }
  if (!any) rows->push_back({DebugRow::Style::kDisabled, "no library motion played yet"});
}

PreparedAction ClipAction::prepare(const ActionSetup& setup) const {
  // The d-pad's favourites and what the herd chooses are fitted now, so their first play costs a tick
  // nothing; a motion only the menu offers is fitted when first asked for (fit). The clips are named
  // by the state of a creature that played them, not by the scene's identity.
  auto cm = std::make_shared<ClipMotions>();
  const auto n = static_cast<std::size_t>(library_->size());
  cm->fitted.resize(n);
  cm->unavailable.resize(n);
  cm->tried.assign(n, 0);
  for (int m = 0; m < library_->size() && setup.rig; ++m)
    if (plays(m) && (!(*library_)[m].about().dpad.empty() || moods_[static_cast<std::size_t>(m)] != 0))
      fit_into(*cm, m, *setup.rig, setup.walk);
  PreparedAction out;
  out.data = std::move(cm);
  return out;
}

const ClipAction& clip_action(const ActionRegistry& actions) {
  return static_cast<const ClipAction&>(actions[actions.find("clip")]);
}

ClipPlay clip_play_of(const CreatureState& c, const std::string& motion, const ActionRegistry& actions) {
  const ClipAction& a = clip_action(actions);
  const ClipPlay* p = a.record(c, a.library().find(motion));
  return p ? *p : ClipPlay{};
}

const EmoteMotion* fitted_motion(const Species& sp, const std::string& motion, const ActionRegistry& actions) {
  const ClipAction& a = clip_action(actions);
  return a.fit(sp, a.library().find(motion));
}

HudMessage clip_hud(const std::string& motion, ClipMessage m, const ActionRegistry& actions) {
  const ClipAction& a = clip_action(actions);
  const int i = a.library().find(motion);
  return hud_message_id(static_cast<ActionId>(a.id() + (i >= 0 ? a.library()[i].about().order : 0)), m);
}

}  // namespace cf
