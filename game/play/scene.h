#pragma once
// The creature and level a session plays with: parsed data plus the JSON content they came from
// (replays embed it so they are self-contained) and the original paths (for display).
#include <cstdint>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/result.h"
#include "creature/creature.h"
#include "game/play/action.h"
#include "game/play/sim.h"
#include "motion/motion_clip.h"
#include "retarget/retarget.h"
#include "skeleton/skeleton.h"
#include "world/level.h"

namespace cf {

struct Scene {
  std::string creature_path;  // as given (or the default's path, or "<built-in biped>")
  std::string level_path;
  Json creature_json;         // the creature file's content
  Json level_json;
  Creature creature;
  Level level;

  // Built from the creature and the motion clips (assets/motions, not embedded in replays).
  Rig rig;
  MotionClip walk_clip;
  RetargetSetup walk_setup;
  bool has_walk_clip = false;    // walk_clip was loaded (it may still not fit: can_walk)
  bool can_walk = false;         // false: no legs (or no walk clip); the creature slides instead
  std::string walk_problem;      // why it cannot walk
  // Per action of the registry it was prepared for (ActionId order): its baked data or why not.
  std::vector<PreparedAction> actions;
  const ActionRegistry* actions_for = nullptr;

  // What this scene is made of (scene_identity); folded into the state hash so that a hash names the
  // creature, level and motions it ran with. Set by build_scene_runtime.
  std::uint64_t identity = 0;
};

// What a creature computes with: its file's JSON without the paint (a look only), as text to hash.
std::string creature_body_text(const Json& creature_json);

// Hash of the creature and level content, the walk clip (null: not loaded) and each action's clip
// (PreparedAction::identity, in registry order), over their canonical JSON (sorted keys, shortest
// round-trip numbers): the same whether read from the files or from a replay's embedded copy,
// different when any of them differs.
std::uint64_t scene_identity(const Json& creature_json, const Json& level_json, const MotionClip* walk_clip,
                             const std::vector<std::string>& action_identities);

// Builds the runtime data of a scene whose creature and level are set: the rig (an error names the
// creature file and the part) and, when possible, the walk setup and every action of 'actions'.
Status build_scene_runtime(Scene* scene, const ActionRegistry& actions = game_actions());
// Prepares the scene's actions for another registry (and its identity with them).
void prepare_scene_actions(Scene* scene, const ActionRegistry& actions);

// The assets directory: ./assets when it has the default creature, else the source tree's.
std::string default_assets_dir();
std::string default_creature_path();  // <assets>/creatures/biped.json
std::string default_level_path();     // <assets>/levels/default.json

// Loads the creature and level files; an empty path means the default. A missing default falls back
// to a built-in biped / level (ground, one fence, one wall); a missing or bad explicit file is an error
// naming the file, the field and the problem.
Result<Scene> load_scene(const std::string& creature_path, const std::string& level_path);

// Builds a scene from JSON content (a replay's); errors name creature_file / level_file (the replay
// when the content is embedded in it).
Result<Scene> scene_from_json(const std::string& creature_path, const Json& creature_json,
                              const std::string& creature_file, const std::string& level_path,
                              const Json& level_json, const std::string& level_file);

// The simulation's view of the scene's creature (pointers into the scene, which must outlive it).
Species make_species(const Scene& scene);

// Footprint radius of the creature on the ground (model space, metres), for collisions.
float creature_body_radius(const Creature& c);
// The creature's body on the ground for walking collisions: circles along every part's stroke, relative
// to the cog's ground point (cog_xz, model space), and where a walker (may be null) plants its feet, toes
// (toe_m ahead of the ankle) included.
Footprint creature_footprint(const Creature& c, glm::vec2 cog_xz, const RetargetSetup* walk, float toe_m);

}  // namespace cf
