#pragma once
// One motion played headless on a creature, measured tick by tick (`creature-lab act` and the
// motion tests): the largest moves of the root and of any joint in one tick, planted-foot skate,
// the lowest flesh, planted legs the IK did not reach, whether every pose was finite, clip events.
#include <cstdint>
#include <string>

#include "core/result.h"
#include "game/play/scene.h"

namespace cf {

// What `act` can play: "walk" (60% stick), "run" (full stick), "jump" (standing), "running-jump"
// (full stick for 1 s, then the jump); any library motion the clip action plays, by name ("sit",
// "greet", a file of a --motions folder): a 1 s walk, then a button bound to it asks for it (a held
// motion is held for the seconds, then the stick stands it up and it walks on).
bool is_act_name(const std::string& name, const ActionRegistry& actions = game_actions());
std::string act_names(const ActionRegistry& actions = game_actions());  // "walk, run, jump, running-jump, sit, ..."

struct ActReport {
  std::string action;
  std::string variant;            // what played: "walk", "run", "slide", "jump", "hop"; an emote's variant ("wave_arm")
  int ticks = 0;
  std::uint64_t clip_events = 0;  // the clip watch's events over the run
  float max_root_step_m = 0.0f;   // the cog's largest move in one tick
  float max_joint_step_m = 0.0f;  // any bone end's largest move in one tick
  float max_foot_skate_m = 0.0f;  // a planted foot's largest horizontal drift within one contact
  float min_flesh_height_m = 0.0f;  // the lowest flesh (bone end less its radius) above the ground under it
  float skate_ratio = 0.0f;       // of the leg-ticks with a foot within 5 cm of the ground under it, the share
                                  // whose foot moved more than 2.5 cm in the tick (real capture scores about 0.05)
  glm::vec2 start_xz{0.0f};       // where the creature started (the level's spawn, or set_start's)
  float start_ground_m = 0.0f;    // the ground's height there
  int unreached_ik_ticks = 0;     // leg-ticks planted but out of the IK's reach
  bool finite = true;             // every pose finite
  int jumps = 0;                  // jumps played
  int plays = 0;                  // times the emote (or sit) played
};

// Puts the scene's spawn at (x, z) on the ground there, facing heading_deg (0 faces +Z, 90 faces +X).
void set_start(Scene* scene, float x, float z, float heading_deg);

// Plays 'action' for 'seconds' (at least until a one-shot ends) on the scene's creature from its spawn.
Result<ActReport> run_act(Scene scene, const std::string& action, double seconds,
                          const ActionRegistry& actions = game_actions());

}  // namespace cf
