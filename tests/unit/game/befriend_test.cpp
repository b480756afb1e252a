// Befriending the herd (game/play/befriend.h): temperaments from the seed, a challenge answered through
// the pad befriends, a wrong answer does not, a shy creature leaves a player running at it, the
// temperament shows in the look (shy looks away, curious and bold watch the player), a pack of
// friends follows the player across the default level, and all of it hashes the same with 1 and 2
// threads and in a replay.
#include "game_test_util.h"
#include "replay_round_trip.h"
#include "game/play/befriend.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "game/play/actions/clip_action.h"
#include "game/play/herd.h"
#include "game/play/scene.h"
#include "game/play/sim.h"
#include "game/play/population.h"
#include "retarget/idle.h"
#include "game/play/world_runtime.h"
#include "game/session/best_times.h"
#include "game/session/friends_record.h"
#include "game/session/replay.h"
#include "game/session/session.h"
#include "run_command.h"
#include "game/ui/hud.h"
#include "math/angles.h"
#include "world/footprint.h"
#include "world/level.h"

namespace cf {
namespace {

const std::string kCreatures = CF_ASSETS_DIR "/creatures";

glm::vec2 xz(const glm::vec3& p) { return glm::vec2(p.x, p.z); }

// Whether creature c's footprint overlaps a wall or fence of the level.
bool in_wall_or_fence(const SimContext& ctx, const Species& sp, const CreatureState& c) {
  glm::vec3 q = c.root_ws;
  return sp.footprint.count > 0 && resolve_footprint_collisions(*ctx.level, sp.footprint, c.heading_rad, &q);
}

// A session on the default level with a herd of n whose temperaments are all 'only' (0: the level's mix);
// 'open': without its walls and fences.
void start(Session* s, int n, std::uint64_t seed, int only = 0, bool open = false) {
  Scene scene = test::biped_scene_in("default.json");
  if (open) {
    scene.level.walls.clear();
    scene.level.fences.clear();
  }
  if (only > 0) {
    scene.level.herd_temperaments = {0, 0, 0};
    scene.level.herd_temperaments[static_cast<std::size_t>(only - 1)] = 1;
  }
  Result<std::vector<HerdKind>> herd = pick_herd(n, seed, kCreatures);
  ASSERT_TRUE(herd.ok());
  ASSERT_TRUE(s->start(std::move(scene), seed, *herd).ok());
}

// The pad's left stick that walks the player towards 'target' at 'pace' (tank controls: x turns).
InputFrame walk_to(const SimState& st, glm::vec2 target, float pace) {
  const CreatureState& p = st.creatures[0];
  const glm::vec2 d = target - xz(p.root_ws);
  const float err = wrap_angle(std::atan2(d.x, d.y) - p.heading_rad);
  const float turn = std::clamp(-err * 1.5f, -1.0f, 1.0f);
  return test::stick(turn, pace * std::max(0.0f, std::cos(err)));
}

// The d-pad button that plays library motion m (the session's bindings), or 0.
std::uint32_t button_of(const Session& s, int m) {
  for (const ActionBinding& b : s.registry().bindings())
    if (b.motion == m) return b.button;
  return 0;
}

InputFrame press(std::uint32_t b) {
  InputFrame f;
  f.buttons = f.pressed = b;
  return f;
}

// Walks up to creature i (walking, not running), faces it and waits for its challenge; then answers
// it through the d-pad (each motion pressed once the last has ended; 'wrong' presses another motion
// first). Returns the ticks it took; stops after 'limit'.
int befriend(Session* s, int i, bool wrong, int limit) {
  const ClipAction& clip = clip_action(s->registry());
  int t = 0;
  int answered = 0;
  bool pressed_wrong = false;
  // Stopped against a wall with the creature beyond it, it walks round as a player would: a detour to
  // one side, then the other.
  glm::vec2 stuck_at(1e9f), detour(0.0f);
  int detour_ticks = 0, detours = 0;
  for (; t < limit; ++t) {
    const SimState& st = s->state();
    const CreatureState& c = st.creatures[static_cast<std::size_t>(i)];
    const WanderState& w = c.wander;
    if (w.bond == kBondFriend || (answered > 0 && w.bond == kBondBackingOff)) break;
    if (pressed_wrong && w.bond == kBondBackingOff) break;
    const float d = glm::length(xz(c.root_ws) - xz(st.creatures[0].root_ws));
    InputFrame in;
    if (w.bond == kBondAwaiting) {
      const bool player_free = clip.playing_motion(st.creatures[0]) < 0 && st.creatures[0].queued_request == kNoAction;
      if (player_free && t % 20 == 0) {
        int m = w.challenge[w.step];
        if (wrong && !pressed_wrong) {
          for (const ActionBinding& b : s->registry().bindings())
            if (b.motion != kNoMotion && b.motion != m && b.motion != w.challenge[0] &&
                clip.library()[b.motion].about().kind == MotionKind::kOneShot)
              m = b.motion;
          pressed_wrong = true;
        } else {
          ++answered;
        }
        in = press(button_of(*s, m));
      }
    } else if (w.bond == kBondNone && d > 1.8f) {
      const CreatureState& p = st.creatures[0];
      if (t % 40 == 0) {
        if (detour_ticks == 0 && glm::length(xz(p.root_ws) - stuck_at) < 0.15f) {
          const float side = (detours++ % 2 == 0 ? 1.0f : -1.0f) * 1.9f;  // about 110 degrees off the heading
          detour = xz(p.root_ws) + 2.5f * glm::vec2(std::sin(p.heading_rad + side), std::cos(p.heading_rad + side));
          detour_ticks = 120;
        }
        stuck_at = xz(p.root_ws);
      }
      if (detour_ticks > 0) --detour_ticks;
      in = walk_to(st, detour_ticks > 0 ? detour : xz(c.root_ws), 0.6f);
    } else if (w.bond == kBondNone) {
      in = walk_to(st, xz(c.root_ws), 0.0f);  // close: turn to face it
    }
    s->tick(in);
  }
  return t;
}

TEST(Befriend, TemperamentsComeFromTheSeedAndTheLevelsMix) {
  Session a, b, shy;
  start(&a, 12, 4);
  start(&b, 12, 4);
  start(&shy, 12, 4, kShy);
  int kinds[4] = {0, 0, 0, 0};
  for (int i = 1; i < a.state().creature_count; ++i) {
    const int t = a.state().creatures[static_cast<std::size_t>(i)].wander.temperament;
    EXPECT_EQ(t, b.state().creatures[static_cast<std::size_t>(i)].wander.temperament);
    EXPECT_EQ(shy.state().creatures[static_cast<std::size_t>(i)].wander.temperament, kShy);
    ++kinds[t];
  }
  EXPECT_EQ(kinds[0], 0);
  EXPECT_GT(kinds[kCurious], 0);
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_NE(a.hash(), shy.hash());  // the temperament is in the hashed state
  EXPECT_EQ(a.state().creatures[0].wander.temperament, 0);  // the player has none
  // The herd's creatures and places are as without temperaments (their own RNG stream).
  for (int i = 1; i < a.state().creature_count; ++i)
    EXPECT_EQ(a.state().creatures[static_cast<std::size_t>(i)].root_ws, shy.state().creatures[static_cast<std::size_t>(i)].root_ws);
}

TEST(Befriend, ALevelsMixIsValidated) {
  Result<Json> j = load_json_file(CF_ASSETS_DIR "/levels/default.json");
  ASSERT_TRUE(j.ok());
  Json good = *j;
  good["herd_temperaments"] = Json{{"shy", 0}, {"bold", 3}};
  Result<Level> lv = parse_level(good.dump(), "good.json");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  EXPECT_EQ(lv->herd_temperaments, (std::array<int, 3>{0, 0, 3}));
  for (const Json& bad : {Json{{"shy", 0}}, Json{{"grumpy", 1}}, Json{{"shy", -1}}, Json{{"shy", 1.5}}, Json(3)}) {
    Json l = *j;
    l["herd_temperaments"] = bad;
    Result<Level> r = parse_level(l.dump(), "bad.json");
    ASSERT_FALSE(r.ok()) << bad.dump();
    EXPECT_NE(r.error().to_string().find("herd_temperaments"), std::string::npos) << r.error().to_string();
  }
}

TEST(Befriend, AnsweringTheChallengeThroughThePadBefriendsACuriousCreature) {
  Session s;
  start(&s, 1, 3, kCurious);
  ASSERT_EQ(s.state().creatures[1].wander.temperament, kCurious);
  const int ticks = befriend(&s, 1, false, 3600);
  const WanderState& w = s.state().creatures[1].wander;
  EXPECT_EQ(w.bond, kBondFriend) << "after " << ticks << " ticks, bond " << int(w.bond);
  EXPECT_EQ(befriend_summary(s.state()).friends, 1);
  std::printf("befriended a curious creature in %d ticks\n", ticks);
}

// A bold creature's four-motion challenge reads on one line per row at 1x text on the 320-pixel
// picture: the header with the turn and the time, then the motions left, the next with its button.
TEST(Befriend, TheChallengeFitsTheHudAtOneTimesText) {
  Session s;
  start(&s, 1, 3, kBold);
  const auto label = [](Button) { return std::string("RIGHT"); };  // the longest d-pad name
  int t = 0;
  for (; t < 3600 && s.state().creatures[1].wander.bond != kBondAwaiting; ++t) {
    const SimState& st = s.state();
    const float d = glm::length(xz(st.creatures[1].root_ws) - xz(st.creatures[0].root_ws));
    s.tick(st.creatures[1].wander.bond == kBondNone ? walk_to(st, xz(st.creatures[1].root_ws), d > 1.8f ? 0.6f : 0.0f)
                                                    : InputFrame{});
  }
  const WanderState& w = s.state().creatures[1].wander;
  ASSERT_EQ(w.bond, kBondAwaiting) << "no challenge to answer after " << t << " ticks";
  ASSERT_EQ(w.challenge_len, 4);
  const std::string text = befriend_hud_text(s.state(), s.registry(), label, "RB MENU");
  std::vector<std::string> lines;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t next = std::min(text.find('\n', at), text.size());
    lines.push_back(text.substr(at, next - at));
    at = next + 1;
  }
  ASSERT_EQ(lines.size(), 3u) << text;
  EXPECT_NE(lines[1].find("BOLD - YOUR TURN 1/4 - 6S"), std::string::npos) << lines[1];
  EXPECT_EQ(lines[2].rfind(">", 0), 0u) << lines[2];
  EXPECT_NE(lines[2].find("(RIGHT)"), std::string::npos) << lines[2];
  EXPECT_EQ(lines[2].find("(RIGHT)"), lines[2].rfind("(")) << "only the next motion names its button: " << lines[2];
  for (const std::string& l : lines) EXPECT_LE(hud_text_width(l), 320 - 8) << l;
}

TEST(Befriend, AWrongAnswerDoesNotBefriendAndItBacksOff) {
  Session s;
  start(&s, 1, 3, kCurious);
  befriend(&s, 1, true, 3600);
  EXPECT_EQ(s.state().creatures[1].wander.bond, kBondBackingOff);
  for (int t = 0; t < 200; ++t) s.tick(InputFrame{});
  EXPECT_NE(s.state().creatures[1].wander.bond, kBondFriend);
  EXPECT_EQ(befriend_summary(s.state()).friends, 0);
}

TEST(Befriend, AShyCreatureLeavesWhenApproachedRunning) {
  Session s;
  start(&s, 1, 5, kShy);
  // Run straight at it (full stick) until it notices; it then runs off and ends further away.
  float closest = 1e9f, after = 0.0f;
  bool fled = false;
  for (int t = 0; t < 900; ++t) {
    const SimState& st = s.state();
    const float d = glm::length(xz(st.creatures[1].root_ws) - xz(st.creatures[0].root_ws));
    closest = std::min(closest, d);
    const WanderState& w = st.creatures[1].wander;
    const glm::vec2 away = xz(st.creatures[1].root_ws) - xz(st.creatures[0].root_ws);
    fled = fled || (w.pace == 1 && d < 5.0f && glm::dot(w.goal_xz - xz(st.creatures[1].root_ws), away) > 0.0f);
    if (fled && t > 0) {
      after = d;
      if (d > closest + 3.0f) break;
    }
    s.tick(walk_to(st, xz(st.creatures[1].root_ws), 1.0f));
  }
  EXPECT_TRUE(fled);
  EXPECT_GT(after, closest + 1.0f);  // it got away from a player still running at it
  EXPECT_NE(s.state().creatures[1].wander.bond, kBondFacing);
  EXPECT_NE(s.state().creatures[1].wander.bond, kBondShowing);
}

// On the default level without walls and fences (they limit the look), walks the player (not running)
// to 6 m from herd creature 1 of a herd of one, then stands with its
// back to it for 6 s:
// the share of the creature's standing ticks whose head looks away from the player (the look turned
// at least 0.3 rad further from the player than the body faces), and whose head watches the player
// (looks closer to the player than the body faces, or within 0.3 rad of it).
struct LookShares {
  float away = 0.0f, watching = 0.0f;
  int standing = 0;
  float head_rise = 0.0f;  // standing with the idle half eased in or more: the head's angle up from ahead, radians (mean)
  int risen = 0;
};
LookShares look_near_the_player(int temperament) {
  Session s;
  start(&s, 1, 5, temperament, true);
  LookShares r;
  int away = 0, watching = 0;
  for (int t = 0; t < 7200; ++t) {  // up to two minutes: a rest may play a motion rather than idle
    const SimState& st = s.state();
    const CreatureState& c = st.creatures[1];
    const glm::vec2 to = xz(st.creatures[0].root_ws) - xz(c.root_ws);
    const bool near = glm::length(to) < 6.0f;  // beyond a challenge's reach
    const Rig& rig = *s.context().species_of(c.species)->rig;
    if (c.speed_mps < 0.05f && idle_weight(c.idle_ticks) >= 0.5f && !rig.head_bones.empty()) {
      // The posture, near the player or not, once the idle has half eased in.
      const CreaturePose& pose = s.runtime().pose(1);
      const std::size_t root = static_cast<std::size_t>(rig.head_bones.front());
      const std::size_t tip = static_cast<std::size_t>(rig.head_bones.back());
      const glm::vec3 d = pose.tail_ws[tip] - pose.head_ws[root];
      const float look = c.heading_rad + c.look_yaw_rad;
      r.head_rise += std::atan2(d.y, d.x * std::sin(look) + d.z * std::cos(look));
      ++r.risen;
    }
    if (near) {
      const float dir = std::atan2(to.x, to.y);
      const float body = std::fabs(wrap_angle(dir - c.heading_rad));
      const float head = std::fabs(wrap_angle(dir - c.heading_rad - c.look_yaw_rad));
      if (c.speed_mps < 0.05f && c.idle_ticks > 0) {
        ++r.standing;
        if (head > body + 0.3f || head > 2.0f) ++away;  // (or its back to the player)
        if (head < body || head < 0.3f) ++watching;
      }
    }
    // Near, the player turns its back on it (so it is not challenged by the player's facing it).
    const glm::vec2 p = xz(st.creatures[0].root_ws);
    s.tick(near ? walk_to(st, p + to, 0.0f) : walk_to(st, xz(c.root_ws), 0.5f));
    if (r.standing >= 360 && r.risen >= 60) break;
  }
  if (r.risen > 0) r.head_rise /= static_cast<float>(r.risen);
  if (r.standing > 0) {
    r.away = static_cast<float>(away) / static_cast<float>(r.standing);
    r.watching = static_cast<float>(watching) / static_cast<float>(r.standing);
  }
  return r;
}

TEST(Befriend, TheTemperamentShowsInTheLook) {
  // A shy creature looks away from a player standing near, glancing back now and then; a curious or a
  // bold one watches the player. (Before, every creature looked round at random, and the look was
  // never posed.)
  const LookShares shy = look_near_the_player(kShy);
  const LookShares curious = look_near_the_player(kCurious);
  const LookShares bold = look_near_the_player(kBold);
  std::printf("standing near the player: shy %d ticks, away %.2f watching %.2f; curious %d, %.2f %.2f; bold %d, %.2f %.2f\n",
              shy.standing, shy.away, shy.watching, curious.standing, curious.away, curious.watching, bold.standing,
              bold.away, bold.watching);
  ASSERT_GE(shy.standing, 120);
  ASSERT_GE(curious.standing, 120);
  ASSERT_GE(bold.standing, 120);
  EXPECT_GE(shy.away, 0.6f);
  EXPECT_LE(shy.watching, 0.3f);
  EXPECT_GT(shy.watching, 0.0f);  // it glances back
  EXPECT_GE(curious.watching, 0.9f);
  EXPECT_GE(bold.watching, 0.9f);
  EXPECT_LE(curious.away, 0.05f);
  EXPECT_LE(bold.away, 0.05f);
  // And in the posture (the same kind of body each time): a shy one holds its head low, a bold one high.
  std::printf("the head's angle up from ahead: shy %.2f rad (%d ticks), curious %.2f (%d), bold %.2f (%d)\n", shy.head_rise,
              shy.risen, curious.head_rise, curious.risen, bold.head_rise, bold.risen);
  ASSERT_GE(shy.risen, 30);
  ASSERT_GE(curious.risen, 30);
  ASSERT_GE(bold.risen, 30);
  EXPECT_LT(shy.head_rise, curious.head_rise - 0.25f);
  EXPECT_GT(bold.head_rise, curious.head_rise + 0.12f);
}

// Befriends three shy creatures (the shortest challenges), then walks the player round the default
// level: the pack keeps up (none more than 10 m behind for more than 5 s), no body clips.
TEST(Befriend, APackOfThreeFollowsThePlayerAcrossTheDefaultLevel) {
  Session s;
  start(&s, 3, 7, kShy);
  for (int k = 0; k < 3; ++k) {
    // The nearest creature not yet a friend.
    int best = -1;
    float best_d = 1e9f;
    for (int i = 1; i < s.state().creature_count; ++i) {
      const CreatureState& c = s.state().creatures[static_cast<std::size_t>(i)];
      const float d = glm::length(xz(c.root_ws) - xz(s.state().creatures[0].root_ws));
      if (c.wander.bond != kBondFriend && d < best_d) best = i, best_d = d;
    }
    ASSERT_GE(best, 0);
    for (int tries = 0; tries < 3 && s.state().creatures[static_cast<std::size_t>(best)].wander.bond != kBondFriend; ++tries) {
      befriend(&s, best, false, 3600);
      if (s.state().creatures[static_cast<std::size_t>(best)].wander.bond == kBondBackingOff)
        for (int t = 0; t < static_cast<int>(kBackOffTicks) + 10; ++t) s.tick(InputFrame{});
    }
    ASSERT_EQ(s.state().creatures[static_cast<std::size_t>(best)].wander.bond, kBondFriend) << "creature " << best;
  }
  ASSERT_EQ(befriend_summary(s.state()).friends, 3);
  // A round of the playground (its railed ground is x -10..10, z -5..14): north past the end of the wall
  // beside the first fence up to the far side between that wall and the right fence, back, east, then the
  // whole near edge west and home; walking and running, with stops.
  const glm::vec2 route[] = {{-1.0f, -1.5f}, {4.0f, -2.0f}, {4.0f, 5.0f}, {2.4f, 7.5f}, {2.4f, 12.0f}, {2.4f, 7.0f},
                             {6.0f, 4.0f}, {8.0f, -3.0f}, {-8.0f, -3.0f}, {-8.0f, 1.0f}, {-1.0f, -1.0f}};
  constexpr int kLegs = static_cast<int>(sizeof(route) / sizeof(route[0]));
  std::printf("the round starts at tick %llu from %.2f %.2f\n", static_cast<unsigned long long>(s.state().tick),
              s.state().creatures[0].root_ws.x, s.state().creatures[0].root_ws.z);
  const std::uint64_t clips_before = s.clips().total();
  std::array<int, 4> behind{};  // ticks each friend has been more than 10 m behind, in a row
  int worst_behind = 0;
  double sum_d = 0.0;
  float max_d = 0.0f;
  int samples = 0;
  int leg = 0, stop = 0;
  for (int t = 0; t < 60 * 90 && leg < kLegs; ++t) {
    const SimState& st = s.state();
    InputFrame in;
    if (stop > 0) {
      --stop;
    } else if (glm::length(route[leg] - xz(st.creatures[0].root_ws)) < 1.0f) {
      ++leg;
      stop = 90;  // a stop at each corner: the pack idles
    } else {
      in = walk_to(st, route[leg], leg % 2 == 0 ? 0.65f : 1.0f);
    }
    s.tick(in);
    for (int k = 0; k < s.clips().count(); ++k) {
      const ClipEvent& e = s.clips().events()[k];
      const CreatureState& cc = s.state().creatures[static_cast<std::size_t>(e.creature)];
      std::printf("clip: tick %llu creature %d bone %d obstacle %d index %d depth %.3f at %.2f %.2f action %d leg %d\n", static_cast<unsigned long long>(e.tick), e.creature, e.bone,
                  static_cast<int>(e.obstacle), e.index, e.depth_m, cc.root_ws.x, cc.root_ws.z, s.registry().current(cc), leg);
    }
    for (int i = 1; i < s.state().creature_count; ++i) {
      const float d = glm::length(xz(s.state().creatures[static_cast<std::size_t>(i)].root_ws) - xz(s.state().creatures[0].root_ws));
      sum_d += d;
      max_d = std::max(max_d, d);
      ++samples;
      int& b = behind[static_cast<std::size_t>(i)];
      b = d > 10.0f ? b + 1 : 0;
      worst_behind = std::max(worst_behind, b);
    }
  }
  EXPECT_EQ(leg, kLegs) << "the player did not get round";
  EXPECT_EQ(s.clips().total() - clips_before, 0u);
  EXPECT_LE(worst_behind, 5 * 60);
  std::printf("pack follow: mean %.2f m, max %.2f m over %d samples; longest more than 10 m behind: %d ticks\n",
              sum_d / std::max(samples, 1), max_d, samples, worst_behind);

  // Then over the fence before the spawn: the player lines up south of it, vaults it (A) and walks on
  // north; the pack comes after it, over the fence or round its end, with no flesh in it.
  const glm::vec2 line_up(-0.9f, 1.6f), beyond(-0.9f, 7.0f);
  int t = 0;
  for (; t < 60 * 20 && glm::length(line_up - xz(s.state().creatures[0].root_ws)) > 0.4f; ++t)
    s.tick(walk_to(s.state(), line_up, 0.5f));
  for (int k = 0; k < 60; ++k) s.tick(walk_to(s.state(), line_up + glm::vec2(0.0f, 5.0f), 0.0f));  // face the fence
  InputFrame a;
  a.buttons = a.pressed = kButtonA;
  s.tick(a);
  for (t = 0; t < 60 * 6 && s.registry().current(s.state().creatures[0]) != kLocomotion; ++t) s.tick(InputFrame{});
  ASSERT_GT(s.state().creatures[0].root_ws.z, 3.2f) << "the player did not vault the fence";
  const ActionId vault = s.registry().find("vault");
  std::array<bool, 4> vaulted{};  // each friend seen vaulting
  auto note_vaults = [&] {
    for (int i = 1; i < s.state().creature_count; ++i)
      vaulted[static_cast<std::size_t>(i)] = vaulted[static_cast<std::size_t>(i)] || s.registry().current(s.state().creatures[static_cast<std::size_t>(i)]) == vault;
  };
  for (t = 0; t < 60 * 20 && glm::length(beyond - xz(s.state().creatures[0].root_ws)) > 0.6f; ++t) {
    s.tick(walk_to(s.state(), beyond, 0.5f));
    note_vaults();
  }
  for (t = 0; t < 60 * 8; ++t) {
    s.tick(InputFrame{});
    note_vaults();
  }
  std::printf("friends that vaulted after the player: %d %d %d\n", vaulted[1], vaulted[2], vaulted[3]);
  for (int i = 1; i < s.state().creature_count; ++i) {
    const CreatureState& c = s.state().creatures[static_cast<std::size_t>(i)];
    if (c.wander.bond != kBondFriend) continue;
    EXPECT_GT(c.root_ws.z, 3.3f) << "friend " << i << " stayed south of the fence";
    EXPECT_TRUE(vaulted[static_cast<std::size_t>(i)]) << "friend " << i << " did not vault after the player";
    EXPECT_LT(glm::length(xz(c.root_ws) - xz(s.state().creatures[0].root_ws)), 6.0f) << "friend " << i;
  }
  EXPECT_EQ(s.clips().total() - clips_before, 0u);
}

// A friend penned in far from the player (walls all round) is lost: within 5 s it fades out, comes back
// behind the player beyond the camera, on free ground, and fades in.
TEST(Befriend, ALostFriendFadesOutAndComesBackBehindThePlayer) {
  Scene scene = test::biped_scene_in("default.json");
  scene.level.herd_temperaments = {1, 0, 0};
  // A pen in the playground's north-east corner, far from the spawn.
  const glm::vec3 pen(8.5f, 0.0f, 12.8f);
  for (const auto& [c, h] : {std::pair{glm::vec3(8.5f, 1.25f, 11.4f), glm::vec3(1.85f, 1.25f, 0.15f)},
                             std::pair{glm::vec3(8.5f, 1.25f, 14.2f), glm::vec3(1.85f, 1.25f, 0.15f)},
                             std::pair{glm::vec3(6.8f, 1.25f, 12.8f), glm::vec3(0.15f, 1.25f, 1.55f)},
                             std::pair{glm::vec3(10.2f, 1.25f, 12.8f), glm::vec3(0.15f, 1.25f, 1.55f)}}) {
    Wall w;
    w.box.centre = c;
    w.box.half_extents = h;
    scene.level.walls.push_back(w);
  }
  Result<std::vector<HerdKind>> herd = pick_herd(3, 7, kCreatures);
  ASSERT_TRUE(herd.ok());
  Session s;
  ASSERT_TRUE(s.start(std::move(scene), 7, *herd).ok());
  int friend_i = -1;
  for (int tries = 0; tries < 4 && friend_i < 0; ++tries) {
    int best = -1;  // the nearest creature
    float best_d = 1e9f;
    for (int i = 1; i < s.state().creature_count; ++i) {
      const float d = glm::length(xz(s.state().creatures[static_cast<std::size_t>(i)].root_ws) - xz(s.state().creatures[0].root_ws));
      if (d < best_d) best = i, best_d = d;
    }
    befriend(&s, best, false, 3600);
    if (s.state().creatures[static_cast<std::size_t>(best)].wander.bond == kBondFriend) friend_i = best;
    else for (int t = 0; t < static_cast<int>(kBackOffTicks) + 10; ++t) s.tick(InputFrame{});
  }
  ASSERT_GE(friend_i, 0);
  for (int t = 0; t < 200; ++t) s.tick(InputFrame{});  // its heart and HUD line are over
  // The same world, stepped on its own: the friend put in the pen, the player standing.
  SimState st = s.state();
  const SimContext& ctx = s.context();
  place_again(&st, ctx, friend_i, pen, 0.0f);
  ASSERT_GT(glm::length(xz(st.creatures[static_cast<std::size_t>(friend_i)].root_ws) - xz(st.creatures[0].root_ws)), 10.0f);
  WorldRuntime rt;
  pose_creatures(st, ctx, rt);
  const glm::vec2 fwd = xz(heading_forward(st.creatures[0].heading_rad));
  int faded_at = -1, back_at = -1, shown_at = -1;
  for (int t = 0; t < 600 && shown_at < 0; ++t) {
    step(st, TickInput{}, ctx, rt);
    const CreatureState& c = st.creatures[static_cast<std::size_t>(friend_i)];
    const float shown = friend_shown(c.wander);
    if (faded_at < 0 && shown < 0.2f) faded_at = t;
    const glm::vec2 off = xz(c.root_ws) - xz(st.creatures[0].root_ws);
    if (back_at < 0 && glm::length(off) < 10.0f) {
      back_at = t;
      EXPECT_LT(shown, 0.2f) << "it came back in sight";
      EXPECT_LT(glm::dot(off, fwd), -st.camera_distance_m) << "it came back in front of the camera";
      const Species* sp = ctx.species_of(c.species);
      ASSERT_NE(sp, nullptr);
      EXPECT_FALSE(in_wall_or_fence(ctx, *sp, c));
    }
    if (back_at >= 0 && shown >= 1.0f) shown_at = t;
  }
  std::printf("lost friend: faded at tick %d, back within 10 m at %d, shown whole at %d\n", faded_at, back_at, shown_at);
  EXPECT_GE(faded_at, 0);
  EXPECT_GE(back_at, 0);
  EXPECT_LE(back_at, 5 * 60);
  EXPECT_GE(shown_at, 0);
}

// "friends_goal": a whole number 1..64, refused otherwise in one line naming the file and the field;
// kept by level_to_json; shown only, so a level's scene identity and course key are as without it.
TEST(Befriend, ALevelsFriendsGoalIsValidatedAndShownOnly) {
  Result<Json> j = load_json_file(CF_ASSETS_DIR "/levels/default.json");
  ASSERT_TRUE(j.ok());
  Json good = *j;
  good["friends_goal"] = 5;
  Result<Level> lv = parse_level(good.dump(), "good.json");
  ASSERT_TRUE(lv.ok()) << lv.error().to_string();
  EXPECT_EQ(lv->friends_goal, 5);
  EXPECT_EQ(level_to_json(*lv)["friends_goal"], 5);
  Json none = *j;
  none.erase("friends_goal");
  Result<Level> no_goal = parse_level(none.dump(), "none.json");
  ASSERT_TRUE(no_goal.ok());
  EXPECT_EQ(no_goal->friends_goal, 0);
  EXPECT_FALSE(level_to_json(*no_goal).contains("friends_goal"));
  for (const Json& bad : {Json(0), Json(65), Json(-1), Json(2.5), Json("3"), Json(true), Json::array({3})}) {
    Json l = *j;
    l["friends_goal"] = bad;
    Result<Level> r = parse_level(l.dump(), "bad.json");
    ASSERT_FALSE(r.ok()) << bad.dump();
    const std::string line = r.error().to_string();
    EXPECT_NE(line.find("bad.json"), std::string::npos) << line;
    EXPECT_NE(line.find("friends_goal"), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  }
  // The same runs with and without a goal: the scene identity (hashed into every state) leaves it out.
  const Json creature = test::biped_scene_in("default.json").creature_json;
  const MotionClip* walk = nullptr;
  EXPECT_EQ(scene_identity(creature, good, walk, {}), scene_identity(creature, none, walk, {}));
  EXPECT_NE(scene_identity(creature, none, walk, {}), scene_identity(creature, Json{{"format", "other"}}, walk, {}));
  EXPECT_EQ(course_key(good), course_key(none));
  ASSERT_EQ(test::biped_scene_in("default.json").level.friends_goal, 3);  // the shipped playground's
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t next = std::min(text.find('\n', at), text.size());
    lines.push_back(text.substr(at, next - at));
    at = next + 1;
  }
  return lines;
}

// The friends line names the goal and the best, says when the goal is met, and fits the 320-pixel
// picture at 1x text at its longest; its key changes with them, so the text is made again then only.
TEST(Befriend, TheFriendsLineShowsTheGoalAndTheBestAndFits) {
  Session s;
  start(&s, 12, 3, kCurious);
  const auto label = [](Button) { return std::string("RIGHT"); };
  auto first = [&](BefriendGoal g) { return lines_of(befriend_hud_text(s.state(), s.registry(), label, "RB MENU", g))[0]; };
  EXPECT_EQ(first({}), "FRIENDS 0/12");
  EXPECT_EQ(first({4, 0}), "FRIENDS 0/12  GOAL 4");
  EXPECT_EQ(first({4, 5}), "FRIENDS 0/12  GOAL 4  BEST 5");
  EXPECT_EQ(first({0, 5}), "FRIENDS 0/12  BEST 5");
  EXPECT_NE(befriend_hud_key(s.state(), {4, 5}), befriend_hud_key(s.state(), {4, 6}));
  EXPECT_NE(befriend_hud_key(s.state(), {4, 5}), befriend_hud_key(s.state(), {3, 5}));
  EXPECT_EQ(befriend_hud_key(s.state(), {4, 5}), befriend_hud_key(s.state(), {4, 5}));
  befriend(&s, 1, false, 3600);
  ASSERT_EQ(befriend_summary(s.state()).friends, 1);
  EXPECT_EQ(first({1, 0}), "FRIENDS 1/12 - LEVEL BEFRIENDED!");
  EXPECT_EQ(first({1, 3}), "FRIENDS 1/12 - LEVEL BEFRIENDED!  BEST 3");
  EXPECT_EQ(first({1, 1}), "FRIENDS 1/12 - LEVEL BEFRIENDED!");
  EXPECT_EQ(first({2, 1}), "FRIENDS 1/12  GOAL 2  BEST 1");
  // The longest each can be: two-digit counts everywhere.
  for (const std::string& l : {std::string("FRIENDS 64/64 - LEVEL BEFRIENDED!  BEST 64"), std::string("FRIENDS 63/64  GOAL 64  BEST 64")})
    EXPECT_LE(hud_text_width(l), 320 - 8) << l;
}

// A free roam session's new most friends is saved once, with the friends' creature content hashes,
// keyed by the creature and the level; more ticks with no new friend touch no file.
TEST(Befriend, ANewMostFriendsIsSavedOnceForTheCreatureAndLevel) {
  const UserData data{test::fresh_scratch_dir("befriend_", "watch")};
  Session s;
  start(&s, 3, 3, kCurious);
  FriendsWatch watch;
  watch.update(data, s);
  EXPECT_EQ(watch.best(s), 0);
  EXPECT_FALSE(std::filesystem::exists(friends_path(data)));
  const std::uint64_t before = s.hash();
  // Befriending, the watch told after every tick as the game does.
  for (int t = 0; t < 3600 && befriend_summary(s.state()).friends == 0; t += 50) {
    befriend(&s, 1, false, 50);
    watch.update(data, s);
  }
  ASSERT_EQ(befriend_summary(s.state()).friends, 1);
  EXPECT_NE(s.hash(), before);
  std::string report;
  const FriendsRecord r = load_friends_record(data, &report);
  EXPECT_EQ(report, "");
  ASSERT_EQ(r.bests.size(), 1u);
  EXPECT_EQ(r.bests[0].level, course_key(s.scene().level_json));
  EXPECT_EQ(r.bests[0].course_name, "default");
  EXPECT_EQ(r.bests[0].creature, creature_content_hash(s.scene().creature_json));
  ASSERT_EQ(r.bests[0].pack.size(), 1u);
  const int sp = s.state().creatures[1].species;
  EXPECT_EQ(r.bests[0].pack[0], creature_content_hash(s.species_scenes()[static_cast<std::size_t>(sp)]->creature_json));
  EXPECT_EQ(watch.best(s), 1);
  // Not saved again while the count stays (the file removed: it is not written back).
  std::filesystem::remove(friends_path(data));
  for (int t = 0; t < 120; ++t) {
    s.tick(InputFrame{});
    watch.update(data, s);
  }
  EXPECT_FALSE(std::filesystem::exists(friends_path(data)));
  // A later session of the same creature and level reads that best and does not save a smaller one.
  int best = 0;
  bool saved = false;
  ASSERT_TRUE(record_friends(data, s, &best, &saved).ok());
  EXPECT_TRUE(saved);
  Session again;
  start(&again, 3, 3, kCurious);
  FriendsWatch later;
  later.update(data, again);
  EXPECT_EQ(later.best(again), 1);
  ASSERT_TRUE(record_friends(data, again, &best, &saved).ok());
  EXPECT_FALSE(saved);
  EXPECT_EQ(best, 1);
}

std::uint64_t befriend_hash_with_threads(int threads, Replay* rec) {
  Session s;
  s.set_threads(threads);
  start(&s, 4, 3);
  befriend(&s, 1, false, 2400);
  EXPECT_EQ(befriend_summary(s.state()).friends, 1);  // the run has a friend following
  for (int t = 0; t < 300; ++t) s.tick(test::stick(0.2f, 1.0f));
  if (rec) *rec = s.recording();
  return s.hash();
}

TEST(Befriend, TheSameHashWithOneAndTwoThreadsAndInAReplay) {
  Replay rec;
  const std::uint64_t one = befriend_hash_with_threads(1, &rec);
  EXPECT_EQ(befriend_hash_with_threads(2, nullptr), one);
  Session back;
  ASSERT_TRUE(test::play_back_saved(rec, "befriend.replay.json", &back));
  EXPECT_FALSE(back.verifier().diverged()) << back.verifier().message();
  EXPECT_EQ(back.hash(), one);
}

}  // namespace
}  // namespace cf
