#include "game/play/befriend.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "core/hash.h"
#include "game/play/action.h"
#include "game/play/actions/clip_action.h"
#include "game/play/body_contact.h"
#include "game/play/brain_kit.h"
#include "game/play/population.h"
#include "math/angles.h"
#include "retarget/walker.h"
#include "world/clearance.h"
#include "world/footprint.h"
#include "world/level.h"

namespace cf {

namespace {

constexpr float kFacingCos = 0.64f;            // the player faces a creature within about 50 degrees
constexpr float kRunsOver = 1.25f;             // the player runs past this share of its natural walking speed
constexpr float kShyNoticeM = 5.0f;            // a shy one notices a player running at it this close
constexpr float kShyFleeM = 8.0f;              // and runs this far off
constexpr float kCuriousReachM = 8.0f;         // a curious one comes over from this far
constexpr float kBoldReachM = 7.0f;            // a bold one too, and challenges
constexpr float kComeCloseM = 2.2f;            // they come this close, then stand
constexpr float kComeGapM = 0.6f;              // (bigger bodies: until their bounds are this far apart)
constexpr std::uint32_t kComeBlockedTicks = 30, kComeRestTicks = 240;  // held up on its way: it stands a while
constexpr float kGiveUpM = 7.0f;               // a challenge is dropped when the player goes this far
constexpr std::uint32_t kFaceTicks = 90;       // turning to face the player, at most
constexpr std::uint32_t kShowGiveUpTicks = 300;  // a motion that does not start or end in 5 s is skipped
constexpr std::uint32_t kNoticeTicks = 150;    // the HUD's "befriended" and "backs off" lines (2.5 s)
constexpr std::uint32_t kBackAwayTicks = 120;  // backing off, it walks away for 2 s first
constexpr std::uint32_t kEchoDelayTicks = 30;  // a friend copies an emote half a second later (more further back)
constexpr float kWallMarginM = 0.25f;          // a friend keeps its body this far off walls and fences
constexpr float kLostM = 10.0f;                // a friend this far behind runs
constexpr float kLookNoticeM = 9.0f;           // standing, it shows its temperament in its look this close:
constexpr float kWatchMaxRad = 0.9f;           // curious, bold and friends watch the player (the head this far round),
constexpr float kLookAwayRad = 0.8f;           // a shy one looks away,
constexpr std::uint32_t kGlanceEveryTicks = 360, kGlanceTicks = 60;  // glancing back now and then

glm::vec2 xz(const glm::vec3& p) { return glm::vec2(p.x, p.z); }

float bound_of(const SimContext& ctx, const CreatureState& c) {
  const Species* sp = ctx.species_of(c.species);
  return sp ? body_bound(*sp) : 0.3f;
}

// The stick that turns c towards 'dir' (world x/z) and moves it at 'pace' (0 turns on the spot), as a
// pad would give it.
void steer(const CreatureState& c, glm::vec2 dir, float pace, CreatureCommand* cmd) {
  if (glm::dot(dir, dir) < 1e-8f) return;
  const float err = wrap_angle(std::atan2(dir.x, dir.y) - c.heading_rad);
  cmd->move_x = InputFrame::axis(pad_stick(-err * 1.5f));
  cmd->move_y = InputFrame::axis(pad_stick(pace * std::max(0.0f, std::cos(err))));
}

// Whether the player runs: faster than its walk's natural speed by kRunsOver (a full stick gives 1.6x).
bool runs(const SimContext& ctx, const CreatureState& p) {
  const Species* sp = ctx.species_of(p.species);
  const float natural = sp && sp->walks() ? natural_speed(*sp->walk_setup) : 0.9f;
  return p.speed_mps > kRunsOver * natural;
}

bool clip_present(const ActionRegistry& actions) { return actions.find("clip") != kNoAction; }

// The player's emote playing now and its plays (a new play of the same motion counts again).
bool player_emote(const SimState& s, const ClipAction& clip, std::uint16_t* motion, std::uint32_t* plays) {
  const int m = clip.playing_motion(s.creatures[0]);
  if (m < 0) return false;
  const ClipPlay* rec = clip.record(s.creatures[0], m);
  *motion = static_cast<std::uint16_t>(m);
  *plays = rec ? rec->plays : 0u;
  return true;
}

// Takes note of the player's emote playing now: true when it is one not seen before.
bool new_player_emote(const SimState& s, const ClipAction& clip, WanderState* w) {
  std::uint16_t m = kNoMotion;
  std::uint32_t plays = 0;
  if (!player_emote(s, clip, &m, &plays)) return false;
  if (m == w->seen_motion && plays == w->seen_plays) return false;
  w->seen_motion = m;
  w->seen_plays = plays;
  return true;
}

void start_phase(WanderState* w, BondPhase p) {
  w->bond = p;
  w->bond_ticks = 0;
}

// The challenge: motions the library's own d-pad emotes offer (one-shots) that both bodies can play,
// drawn from the tick and the creature (no draw from the world's RNG), never the same twice in a row.
void choose_challenge(const SimState& s, const SimContext& ctx, int i, const ClipAction& clip, WanderState* w) {
  std::array<std::uint16_t, 16> can{};
  int n = 0;
  const Species* me = ctx.species_of(s.creatures[static_cast<std::size_t>(i)].species);
  const Species* you = ctx.species_of(s.creatures[0].species);
  const MotionLibrary& lib = clip.library();
  for (int m = 0; m < lib.size() && n < static_cast<int>(can.size()) && me && you; ++m) {
    const MotionDescription& d = lib[m].about();
    if (d.kind != MotionKind::kOneShot || d.dpad.empty() || !clip.plays(m)) continue;
    if (clip.fit(*me, m) && clip.fit(*you, m)) can[static_cast<std::size_t>(n++)] = static_cast<std::uint16_t>(m);
  }
  w->challenge_len = 0;
  if (n == 0) return;
  const int len = challenge_length(w->temperament);
  std::uint32_t roll = mix32(static_cast<std::uint32_t>(s.tick) * 0x9e3779b1u ^ static_cast<std::uint32_t>(i + 1) * 0x85ebca77u);
  int last = -1;
  for (int k = 0; k < len; ++k) {
    int pick = static_cast<int>(roll % static_cast<std::uint32_t>(n));
    if (pick == last && n > 1) pick = (pick + 1) % n;
    w->challenge[static_cast<std::size_t>(k)] = can[static_cast<std::size_t>(pick)];
    last = pick;
    roll = mix32(roll + 0x6d2b79f5u);
  }
  w->challenge_len = static_cast<std::uint8_t>(len);
}

bool someone_engaged(const SimState& s, int except) {
  for (int j = 1; j < s.creature_count; ++j) {
    const std::uint8_t b = s.creatures[static_cast<std::size_t>(j)].wander.bond;
    if (j != except && (b == kBondFacing || b == kBondShowing || b == kBondAwaiting)) return true;
    // A friend just made has the player's attention a moment (its HUD line) before the next challenge.
    if (j != except && b == kBondFriend && s.creatures[static_cast<std::size_t>(j)].wander.bond_ticks < kNoticeTicks) return true;
  }
  return false;
}

int pack_size(const SimState& s) {
  int n = 0;
  for (int j = 1; j < s.creature_count; ++j) n += s.creatures[static_cast<std::size_t>(j)].wander.bond == kBondFriend ? 1 : 0;
  return n;
}

// Brings a lost friend back behind the player, beyond the camera (out of sight), facing the player:
// the first free spot of a few round straight back. False when none is free (it tries again).
bool bring_back(SimState* s, const SimContext& ctx, int i) {
  const CreatureState& p = s->creatures[0];
  const Species* sp = ctx.species_of(s->creatures[static_cast<std::size_t>(i)].species);
  if (!sp || !ctx.level) return false;
  const float bound = body_bound(*sp);
  for (float extra : {2.5f, 4.5f, 1.0f}) {
    const float back = s->camera_distance_m + extra + bound;
    for (float turn : {0.0f, 0.4f, -0.4f, 0.8f, -0.8f}) {
      const glm::vec2 dir = xz(heading_forward(p.heading_rad + turn));
      glm::vec3 at = p.root_ws - glm::vec3(dir.x, 0.0f, dir.y) * back;
      at.y = p.root_ws.y;
      if (!place_is_free(*s, ctx, *sp, at, p.heading_rad + turn)) continue;
      place_again(s, ctx, i, at, p.heading_rad + turn);
      return true;
    }
  }
  return false;
}

// A friend's command: its place in the pack behind the player (by both bodies' sizes and its slot),
// walked or run to; standing there while the player stands; the player's emotes copied a moment later;
// a fence on the way vaulted; a wall in the way walked round.
void follow(SimState* s, const SimContext& ctx, int i, const ClipAction& clip, CreatureCommand* cmd) {
  CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
  WanderState& w = c.wander;
  const CreatureState& p = s->creatures[0];
  const ActionRegistry& actions = ctx.registry();
  const glm::vec2 fwd = xz(heading_forward(p.heading_rad));
  const glm::vec2 right(fwd.y, -fwd.x);
  const int row = w.pack_slot / 2;
  const float side = w.pack_slot % 2 == 0 ? 1.0f : -1.0f;
  const float mine = bound_of(ctx, c), yours = bound_of(ctx, p);
  const float back = yours + mine + 0.5f + static_cast<float>(row) * (2.0f * mine + 0.6f);
  glm::vec2 place = xz(p.root_ws) - fwd * back + right * (side * (mine + 0.3f));
  if (ctx.level) {  // on the player's side of a fence or wall behind it: never a place across one
    const glm::vec2 off = place - xz(p.root_ws);
    const float reach = glm::length(off);
    ClearanceQuery q;
    q.origin_ws = p.root_ws;
    q.dir_ws = glm::vec3(off.x, 0.0f, off.y);
    q.max_distance = reach + mine;
    const RayHit hit = reach > 1e-3f ? ray_clearance(*ctx.level, q) : RayHit{};
    if (hit.kind != HitKind::kNone && hit.distance < reach + mine)
      place = xz(p.root_ws) + off * (std::max(hit.distance - mine - 0.2f, 0.0f) / reach);
  }
  const glm::vec2 to_place = place - xz(c.root_ws);
  const float dist = glm::length(to_place);
  const float to_player = glm::length(xz(p.root_ws) - xz(c.root_ws));
  const bool player_stands = p.speed_mps < 0.1f;
  const ActionId now = actions.current(c);

  // Lost (a wall between, a fence it could not take): out of the picture and back near the player.
  if (w.fade_ticks > 0) {
    if (w.fade_ticks == kFadeTicks - 1) {  // gone from sight: brought back (hidden until there is room)
      if (bring_back(s, ctx, i)) w.fade_ticks = kFadeTicks;
      return;
    }
    if (++w.fade_ticks >= 2 * kFadeTicks) w.fade_ticks = 0, w.lost_ticks = 0;
    else if (w.fade_ticks < kFadeTicks) return;  // fading out, it stands
  } else if (to_player > kLostM && now == kLocomotion) {
    if (++w.lost_ticks >= kLostTicks) {
      w.fade_ticks = 1;
      return;
    }
  } else {
    w.lost_ticks = 0;
  }

  if (new_player_emote(*s, clip, &w)) {
    w.echo_motion = w.seen_motion;
    w.echo_ticks = kEchoDelayTicks + 6u * w.pack_slot;
  }
  if (w.echo_ticks > 0 && --w.echo_ticks == 0 && now == kLocomotion && to_player < kLostM) {
    const Species* sp = ctx.species_of(c.species);
    if (sp && clip.fit(*sp, w.echo_motion)) {
      cmd->request = clip.id();
      cmd->motion = w.echo_motion;
      return;
    }
  }
  if (actions.current(c) != kLocomotion) {
    // Its emote plays out unless the player has gone on (the stick ends it, as a player's would).
    if (!player_stands && dist > 1.5f) cmd->move_y = InputFrame::axis(pad_stick(0.65f));
    return;
  }
  if (w.action_cooldown > 0) --w.action_cooldown;
  if (player_stands && dist < 1.2f) return;  // at its place: it stands and idles
  if (dist < 0.35f) return;
  glm::vec2 dir = to_place / std::max(dist, 1e-4f);
  // Keeps its legs off walls and fences: the body, grown by a margin, a step ahead where it goes; what
  // pushes it out there turns it away.
  const Species* me = ctx.species_of(c.species);
  // A fence straight on the way is vaulted (below), not steered off.
  const bool fence_ahead = ctx.level && fence_in_reach(*ctx.level, c.root_ws, glm::vec3(dir.x, 0.0f, dir.y), dist) >= 0;
  if (me && me->footprint.count > 0 && ctx.level && !fence_ahead) {
    Footprint wide = me->footprint;
    for (int k = 0; k < wide.count; ++k) wide.circles[static_cast<std::size_t>(k)].radius += kWallMarginM;
    const glm::vec3 probe = c.root_ws + glm::vec3(dir.x, 0.0f, dir.y) * 0.4f;
    glm::vec3 q = probe;
    if (resolve_footprint_collisions(*ctx.level, wide, c.heading_rad, &q)) {
      const glm::vec2 push = xz(q) - xz(probe);
      if (glm::dot(push, push) > 1e-8f) dir = glm::normalize(dir + glm::normalize(push));
    }
  }
  if (w.detour_ticks > 0) {
    --w.detour_ticks;
    dir = glm::vec2(-dir.y, dir.x) * side;  // along the wall, round it
  } else if (c.blocked_ticks > 20) {
    w.detour_ticks = 60;
  }
  // Walks up to its place, runs when it is behind; as fast as the player at most when near.
  const float pace = dist > 3.0f ? 1.0f : std::clamp(0.35f + 0.2f * dist, 0.35f, 0.75f);
  steer(c, dir, pace, cmd);
  if (w.action_cooldown == 0) {  // a fence on the way: vaulted as a player would
    const Species* sp = ctx.species_of(c.species);
    if (sp) {
      BrainCall call{c, *sp, ctx, wrap_angle(std::atan2(dir.x, dir.y) - c.heading_rad)};
      call.player_distance_m = to_player;
      ask_brain_actions(actions, call, 120, &c, cmd);
    }
  }
}

// The temperament in the look of a creature standing with the player near: curious and bold ones (and
// friends, and any creature in a challenge) watch the player; a shy one looks away, glancing back now
// and then. Through the command, as every brain's wish (the sim turns the head, never into a wall).
void look_by_temperament(const SimState& s, int i, glm::vec2 to_player, CreatureCommand* cmd) {
  const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
  const float d = glm::length(to_player);
  if (d > kLookNoticeM || d < 1e-3f) return;
  const float rel = wrap_angle(std::atan2(to_player.x, to_player.y) - c.heading_rad);
  const bool wary = c.wander.bond == kBondNone || c.wander.bond == kBondBackingOff;
  const bool glancing = (s.tick + static_cast<std::uint64_t>(i) * 53u) % kGlanceEveryTicks < kGlanceTicks;
  cmd->looks = true;
  if (c.wander.temperament == kShy && wary && !glancing) {
    // The player behind it: it already looks away.
    cmd->look_rad = std::fabs(rel) > 2.0f ? 0.0f : rel >= 0.0f ? -kLookAwayRad : kLookAwayRad;
  } else {
    cmd->look_rad = std::clamp(rel, -kWatchMaxRad, kWatchMaxRad);
  }
}

}  // namespace

const char* temperament_name(int t) {
  switch (t) {
    case kShy: return "shy";
    case kCurious: return "curious";
    case kBold: return "bold";
    default: return "";
  }
}

float friend_shown(const WanderState& w) {
  if (w.fade_ticks == 0) return 1.0f;
  const float t = static_cast<float>(w.fade_ticks) / static_cast<float>(kFadeTicks);
  return t < 1.0f ? 1.0f - t : t - 1.0f;
}

float heart_age(const WanderState& w) {
  if (w.bond != kBondFriend || w.bond_ticks >= kNoticeTicks) return -1.0f;
  return static_cast<float>(w.bond_ticks) / static_cast<float>(kNoticeTicks);
}

int challenge_length(int temperament) { return temperament == kBold ? 4 : temperament == kCurious ? 3 : 2; }

Temperament draw_temperament(const std::array<int, 3>& shares, Rng* rng) {
  const int total = shares[0] + shares[1] + shares[2];
  if (total <= 0) return kCurious;
  int roll = rng->range(0, total - 1);
  for (int k = 0; k < 3; ++k) {
    if (roll < shares[static_cast<std::size_t>(k)]) return static_cast<Temperament>(k + 1);
    roll -= shares[static_cast<std::size_t>(k)];
  }
  return kCurious;
}

void give_temperaments(SimState* s, std::uint64_t seed, const std::array<int, 3>& shares) {
  Rng rng = Rng::from_seed(seed, 52u);  // its own stream
  for (int i = 1; i < s->creature_count; ++i) {
    CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
    if (!c.wanders || c.wander.spectator) continue;
    c.wander.temperament = draw_temperament(shares, &rng);
  }
}

bool befriend_brain(SimState* s, const SimContext& ctx, int i, CreatureCommand* cmd) {
  CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
  WanderState& w = c.wander;
  const ActionRegistry& actions = ctx.registry();
  if (w.temperament == kNoTemperament || i == 0 || !clip_present(actions)) return false;
  const ClipAction& clip = clip_action(actions);
  const CreatureState& p = s->creatures[0];
  const glm::vec2 to_player = xz(p.root_ws) - xz(c.root_ws);
  const float d = glm::length(to_player);
  if (w.bond_ticks < 0xffffffffu) ++w.bond_ticks;
  const bool standing = actions.current(c) == kLocomotion;
  look_by_temperament(*s, i, to_player, cmd);

  switch (w.bond) {
    case kBondFriend:
      follow(s, ctx, i, clip, cmd);
      return true;
    case kBondBackingOff:
      if (w.bond_ticks >= kBackOffTicks) {
        start_phase(&w, kBondNone);
        return false;
      }
      if (w.bond_ticks < kBackAwayTicks && d < kGiveUpM) {
        if (standing) steer(c, -to_player, 0.65f, cmd);
        else cmd->move_y = InputFrame::axis(pad_stick(0.65f));
        return true;
      }
      return false;
    case kBondFacing:
      if (d > kGiveUpM) {
        start_phase(&w, kBondNone);
        return false;
      }
      if (!standing) return true;  // an emote of its rest plays out
      if (std::fabs(wrap_angle(std::atan2(to_player.x, to_player.y) - c.heading_rad)) < 0.3f || w.bond_ticks > kFaceTicks) {
        choose_challenge(*s, ctx, i, clip, &w);
        if (w.challenge_len == 0) {  // nothing both bodies can play
          start_phase(&w, kBondBackingOff);
          return true;
        }
        start_phase(&w, kBondShowing);
        w.step = 0;
        w.asked = 0;
        return true;
      }
      steer(c, to_player, 0.0f, cmd);
      return true;
    case kBondShowing: {
      if (!standing || c.queued_request != kNoAction) return true;  // the stick at rest: the motion plays
      const std::uint16_t m = w.challenge[w.step];
      const ClipPlay* rec = clip.record(c, m);
      const std::uint32_t plays = rec ? rec->plays : 0u;
      const bool shown = w.asked && plays > w.shown_plays;
      if (shown || (w.asked && w.bond_ticks > kShowGiveUpTicks)) {
        w.asked = 0;
        w.bond_ticks = 0;
        if (++w.step >= w.challenge_len) {
          // Its turn is over: the player's now. An emote the player is already playing does not count.
          start_phase(&w, kBondAwaiting);
          w.step = 0;
          std::uint16_t pm = kNoMotion;
          std::uint32_t pp = 0;
          if (player_emote(*s, clip, &pm, &pp)) w.seen_motion = pm, w.seen_plays = pp;
          else w.seen_motion = kNoMotion, w.seen_plays = 0;
        }
        return true;
      }
      if (!w.asked) {
        cmd->request = clip.id();
        cmd->motion = m;
        w.shown_plays = plays;
        w.asked = 1;
        w.bond_ticks = 0;
      }
      return true;
    }
    case kBondAwaiting:
      if (d > kGiveUpM || w.bond_ticks > kAnswerTicks) {
        start_phase(&w, kBondBackingOff);
        return true;
      }
      if (new_player_emote(*s, clip, &w)) {
        if (w.seen_motion != w.challenge[w.step]) {
          start_phase(&w, kBondBackingOff);
          return true;
        }
        w.bond_ticks = 0;
        if (++w.step >= w.challenge_len) {
          start_phase(&w, kBondFriend);
          w.pack_slot = static_cast<std::uint8_t>(pack_size(*s) - 1);
          w.challenge_len = 0;
          w.step = 0;
          // Glad: it plays the challenge's first motion back, once the player's answer has ended.
          w.echo_motion = w.challenge[0];
          w.echo_ticks = kEchoDelayTicks;
          return true;
        }
      }
      if (standing) steer(c, to_player, 0.0f, cmd);  // it keeps facing the player
      return true;
    default:
      break;
  }

  // No bond yet: by its temperament.
  const glm::vec2 player_fwd = xz(heading_forward(p.heading_rad));
  const glm::vec2 towards_me = d > 1e-4f ? -to_player / d : glm::vec2(0.0f);
  const bool player_runs = runs(ctx, p);
  const bool running_at_me = player_runs && glm::dot(player_fwd, towards_me) > 0.5f;
  if (w.temperament == kShy && d < kShyNoticeM && running_at_me) {
    // It runs off, away from the player (the wander brain walks it there, round walls).
    glm::vec2 goal = xz(c.root_ws) + towards_me * kShyFleeM;
    const float lim = ctx.level ? ctx.level->ground_half_size - 1.0f : 20.0f;
    goal = glm::clamp(goal, glm::vec2(-lim), glm::vec2(lim));
    w.goal_xz = goal;
    w.goal_ticks = 240;
    w.pace = 1;
    w.rest_ticks = 0;
    w.action_cooldown = std::max<std::uint32_t>(w.action_cooldown, 60);  // no stop to greet on the way
    return false;
  }
  const bool faced = glm::dot(player_fwd, towards_me) > kFacingCos;
  // Near the player only: the looks over the herd below stay off the far creatures' ticks.
  if (d < kChallengeReachM && standing && (faced || w.temperament == kBold) && !(w.temperament == kShy && player_runs) &&
      pack_size(*s) < kMaxPack && !someone_engaged(*s, i)) {
    start_phase(&w, kBondFacing);
    w.rest_ticks = 0;
    return true;
  }
  const float reach = w.temperament == kBold ? kBoldReachM : w.temperament == kCurious ? kCuriousReachM : 0.0f;
  // Big bodies stop further off: they would press against the player for good, never standing.
  const Species* me = ctx.species_of(c.species);
  const Species* them = ctx.species_of(p.species);
  const float close = me && them ? std::max(kComeCloseM, body_bound(*me) + body_bound(*them) + kComeGapM) : kComeCloseM;
  if (d < reach && standing && w.rest_ticks == 0 && !someone_engaged(*s, i)) {  // (reach is 0 for a shy one)
    if (d <= close || c.blocked_ticks > kComeBlockedTicks) {
      // Come over, or held up by a fence or wall between: it stands a while and watches the player.
      w.rest_ticks = kComeRestTicks;
      return false;
    }
    steer(c, to_player, 0.65f, cmd);  // it comes over
    return true;
  }
  return false;
}

namespace {

// The nearest herd creature (not a friend) the player faces within 6 m, or -1.
int faced_herd_creature(const SimState& s) {
  if (s.creature_count < 2) return -1;
  const CreatureState& p = s.creatures[0];
  const glm::vec2 fwd = xz(heading_forward(p.heading_rad));
  int best = -1;
  float best_d = 6.0f;
  for (int j = 1; j < s.creature_count; ++j) {
    const CreatureState& c = s.creatures[static_cast<std::size_t>(j)];
    if (c.wander.temperament == kNoTemperament || c.wander.bond == kBondFriend) continue;
    const glm::vec2 to = xz(c.root_ws) - xz(p.root_ws);
    const float dd = glm::length(to);
    if (dd < best_d && dd > 1e-4f && glm::dot(fwd, to / dd) > kFacingCos) best = j, best_d = dd;
  }
  return best;
}

}  // namespace

BefriendSummary befriend_summary(const SimState& s) {
  BefriendSummary out;
  for (int j = 1; j < s.creature_count; ++j) {
    const WanderState& w = s.creatures[static_cast<std::size_t>(j)].wander;
    if (w.temperament == kNoTemperament) continue;
    ++out.herd;
    if (w.bond == kBondFriend) {
      ++out.friends;
      if (w.bond_ticks < kNoticeTicks) out.befriended_now = j;
    }
    if (w.bond == kBondShowing || w.bond == kBondAwaiting || w.bond == kBondFacing) out.challenger = j;
    if (w.bond == kBondBackingOff && w.bond_ticks < kNoticeTicks) out.backing_off = j;
  }
  return out;
}

std::uint64_t befriend_hud_key(const SimState& s, const BefriendGoal& goal) {
  const BefriendSummary sum = befriend_summary(s);
  if (sum.herd == 0) return 0;
  StateHasher h;
  h.i32(sum.herd);
  h.i32(sum.friends);
  h.i32(goal.goal);
  h.i32(goal.best);
  h.i32(sum.befriended_now >= 0);
  h.i32(sum.backing_off >= 0);
  h.i32(sum.challenger);
  if (sum.challenger >= 0) {
    const WanderState& w = s.creatures[static_cast<std::size_t>(sum.challenger)].wander;
    h.u8(w.temperament);
    h.u8(w.bond);
    h.i32(w.step);
    h.i32(w.challenge_len);
    for (int k = 0; k < w.challenge_len; ++k) h.i32(w.challenge[static_cast<std::size_t>(k)]);
    if (w.bond == kBondAwaiting) h.u32(w.bond_ticks < kAnswerTicks ? (kAnswerTicks - w.bond_ticks + 59) / 60 : 0u);
  } else if (const int faced = faced_herd_creature(s); faced >= 0) {
    h.i32(faced);
    h.u8(s.creatures[static_cast<std::size_t>(faced)].wander.temperament);
  }
  return h.value() | 1u;  // never 0: 0 is "nothing shown"
}

std::string befriend_hud_text(const SimState& s, const ActionRegistry& actions,
                              const std::function<std::string(Button)>& button, const std::string& menu_button,
                              const BefriendGoal& goal) {
  const BefriendSummary sum = befriend_summary(s);
  if (sum.herd == 0) return {};
  std::string text = "FRIENDS " + std::to_string(sum.friends) + "/" + std::to_string(sum.herd);
  if (goal.goal > 0 && sum.friends >= goal.goal) {
    text += " - LEVEL BEFRIENDED!";
    if (goal.best > sum.friends) text += "  BEST " + std::to_string(goal.best);  // still one to beat
  } else {
    if (goal.goal > 0) text += "  GOAL " + std::to_string(goal.goal);
    if (goal.best > 0) text += "  BEST " + std::to_string(goal.best);
  }
  if (!clip_present(actions)) return text;
  const ClipAction& clip = clip_action(actions);
  auto upper = [](std::string t) {
    for (char& ch : t) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return t;
  };
  if (sum.befriended_now >= 0) {
    text += "\nBEFRIENDED! IT FOLLOWS YOU";
  } else if (sum.challenger >= 0 && s.creatures[static_cast<std::size_t>(sum.challenger)].wander.challenge_len == 0) {
    text += "\n" + upper(temperament_name(s.creatures[static_cast<std::size_t>(sum.challenger)].wander.temperament)) + " - IT TURNS TO YOU";
  } else if (sum.challenger >= 0) {
    const WanderState& w = s.creatures[static_cast<std::size_t>(sum.challenger)].wander;
    // One short header (whose turn, how far, the time left) and the motions still to play, the one to
    // play now first and marked with its button: the whole sequence with every button wrapped at 1x text.
    const bool answering = w.bond == kBondAwaiting;
    const int from = answering ? std::min<int>(w.step, w.challenge_len) : 0;
    text += "\n" + upper(temperament_name(w.temperament)) + (answering ? " - YOUR TURN " : " - WATCH ") +
            std::to_string(std::min<int>(w.step, w.challenge_len - 1) + 1) + "/" + std::to_string(w.challenge_len);
    if (answering) {
      const std::uint32_t left = w.bond_ticks < kAnswerTicks ? kAnswerTicks - w.bond_ticks : 0u;
      text += " - " + std::to_string((left + 59) / 60) + "S";
    }
    for (int k = from; k < w.challenge_len; ++k) {
      const int m = w.challenge[static_cast<std::size_t>(k)];
      const MotionDescription& d = clip.library()[m].about();
      std::string where = menu_button;
      for (const ActionBinding& b : actions.bindings())
        if (b.motion == m) where = button(b.button);
      const bool now = (answering || w.bond == kBondShowing) && k == w.step;
      // Only the motion to answer now names its button: four with theirs overran a 320-pixel line.
      text += std::string(k == from ? "\n" : "  ") + (now ? ">" : "") + upper(d.hud.empty() ? clip.library()[m].name : d.hud) +
              (answering && now ? " (" + where + ")" : "");
    }
  } else if (sum.backing_off >= 0) {
    text += "\nIT BACKS OFF. TRY AGAIN LATER";
  } else {
    // The nearest creature the player faces, within reach: its temperament (the cue) and what to do.
    if (const int best = faced_herd_creature(s); best >= 0) {
      const int t = s.creatures[static_cast<std::size_t>(best)].wander.temperament;
      text += "\n" + upper(temperament_name(t)) + (t == kShy ? ": WALK UP SLOWLY" : t == kBold ? ": IT WILL CHALLENGE YOU" : ": WALK UP AND FACE IT");
    }
  }
  return text;
}

}  // namespace cf
