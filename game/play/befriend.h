#pragma once
// Befriending the herd. Each free roam herd creature has a temperament drawn with the seed (shy: walks
// off from a player running at it; curious: comes over; bold: comes over and challenges first). Come
// close and face one and it shows a challenge: two to four motions of the library that both bodies can
// play, played by it one after another; then it waits while the player answers with the same motions
// in order, each within kAnswerTicks. All answered: it becomes a friend and joins the pack (up to
// kMaxPack), which follows the player, idles when the player stops and copies the player's emotes a
// moment later. A wrong motion or a timeout: it backs off for a while. Everything a creature does here
// goes through its CreatureCommand, as a player's would; the state lives in its WanderState (hashed).
#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "core/input_frame.h"
#include "core/rng.h"
#include "game/play/sim_state.h"

namespace cf {


constexpr int kMaxPack = 8;
constexpr std::uint32_t kAnswerTicks = 360;     // each answer within 6 s
constexpr std::uint32_t kBackOffTicks = 600;    // a failed challenge: 10 s before it challenges again
constexpr float kChallengeReachM = 3.0f;        // the player this close (and facing it) is challenged
constexpr std::uint32_t kLostTicks = 240;       // a friend more than 10 m behind for 4 s is lost:
constexpr std::uint8_t kFadeTicks = 24;         // it fades out, comes back behind the camera, fades in

const char* temperament_name(int t);  // "", "shy", "curious", "bold"
// A temperament drawn with 'rng', weighted by shares {shy, curious, bold} (a level's herd_temperaments).
Temperament draw_temperament(const std::array<int, 3>& shares, Rng* rng);
// Gives every free roam herd creature of 's' (not spectators) a temperament drawn from the seed's own
// stream, so the world's RNG is the same as without temperaments.
void give_temperaments(SimState* s, std::uint64_t seed, const std::array<int, 3>& shares);
// Motions in the challenge of a creature of this temperament.
int challenge_length(int temperament);

// The brain's befriending part for herd creature i: true when it gave the command (a challenge, a
// friend following, a shy one leaving goes through the wander goal and returns false).
bool befriend_brain(SimState* s, const SimContext& ctx, int i, CreatureCommand* cmd);


// How much of a creature is shown (1 whole, 0 none): a lost friend fades out and back in.
float friend_shown(const WanderState& w);

// A heart over a creature befriended in the last kNoticeTicks: how far into its showing [0, 1), else -1.
float heart_age(const WanderState& w);

// What the HUD shows: friends of the herd, the creature challenging (-1 none) and its phase.
struct BefriendSummary {
  int friends = 0, herd = 0;
  int challenger = -1;
  int befriended_now = -1;  // a creature befriended in the last 2.5 s (the HUD says so), else -1
  int backing_off = -1;     // a creature that backed off in the last 2.5 s, else -1
};
BefriendSummary befriend_summary(const SimState& s);

// The befriending lines of the HUD ('\n' between them; "" for none): "FRIENDS 3/12" first, then a
// challenge's motions with the buttons that play them ('button' names a pad button in the player's
// mapping; a motion without one is found in the motion menu) and how long is left.
// The first line also names the level's goal and the player's best on it ("FRIENDS 3/12  GOAL 4  BEST
// 5"; 0: not shown), and says so once the goal is met ("FRIENDS 4/12 - LEVEL BEFRIENDED!").
class ActionRegistry;
struct BefriendGoal {
  int goal = 0;  // the level's friends_goal
  int best = 0;  // the most friends this creature has made on this level (remembered)
};
// What befriend_hud_text would show, as a number: the game makes the text again only when it changes
// (a step, a bond, the seconds left, the goal or best), never every frame.
std::uint64_t befriend_hud_key(const SimState& s, const BefriendGoal& goal = {});
std::string befriend_hud_text(const SimState& s, const ActionRegistry& actions,
                              const std::function<std::string(Button)>& button, const std::string& menu_button,
                              const BefriendGoal& goal = {});

}  // namespace cf
