#pragma once
// A herd: more creatures that wander the level with the player's. Which creatures come is picked
// with the seed from the shipped creature files; where they stand is found with the seed too; each
// tick a small brain turns a creature's wander state into the command a player would give (walk
// towards a goal, steer clear of walls and of each other's bodies, ask for an action that fits the way
// ahead: a fence met on the way is vaulted), so a herd creature goes through exactly the player's path.
#include <cstdint>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "core/json.h"
#include "core/result.h"
#include "game/play/body_contact.h"
#include "game/play/brain_kit.h"
#include "game/play/sim_state.h"

namespace cf {

constexpr int kMaxHerd = 64;  // creatures besides the player's
static_assert(kMaxHerd < kMaxCreatures, "the herd and the player fit in a world");

// One creature file a herd member is made from: its path (for display) and content (replays embed it).
struct HerdKind {
  std::string path;
  Json json;
};

// The kinds of n herd creatures, picked with the seed from the .json files in creatures_dir (sorted by
// name, so the pick is the same on every machine). Errors name the directory or the file.
Result<std::vector<HerdKind>> pick_herd(int n, std::uint64_t seed, const std::string& creatures_dir);

// Adds a herd creature of 'species' at a free spot and heading found with the world's RNG: on movable
// ground, its body clear of walls, fences and the bodies already there. Its index, or -1 when no spot
// was found.
int place_herd_creature(SimState* s, const SimContext& ctx, int species);

// The command the brain gives creature i this tick (plain function of the state: the stick a player
// would give and an action that fits the way ahead), and the brain's own state advanced (new wander
// goals use the world's RNG). Call in creature order.
CreatureCommand herd_brain(SimState* s, const SimContext& ctx, int i);

}  // namespace cf
