// The game's actions, registered in a fixed order (the state hash and HUD message ids follow it):
// locomotion first (ActionRegistry's constructor), the actions that plan or steer, then the clip action,
// which plays every library motion (the motion library is the one list of motions).
#include "game/play/action.h"
#include "game/play/actions/climb_action.h"
#include "game/play/actions/clip_action.h"
#include "game/play/actions/idle_action.h"
#include "game/play/actions/jump_action.h"
#include "game/play/actions/vault_action.h"
#include "game/play/controls.h"
#include "game/play/scene.h"

namespace cf {

namespace {

struct GameActions : ActionRegistry {
  explicit GameActions(std::shared_ptr<const MotionLibrary> library) {
    add<VaultAction>();
    add<JumpAction>();
    add<IdleAction>();
    add<ClipAction>(std::move(library));
    add<ClimbAction>();  // last: the actions before it keep their ids and state bytes (replays, HUD ids)
    set_bindings(make_bindings(*this));
  }
};

}  // namespace

std::vector<std::string> motion_folders(const std::string& extra) {
  std::vector<std::string> dirs;
  if (!extra.empty()) dirs.push_back(extra);
  dirs.push_back(default_assets_dir() + "/motions");
  return dirs;
}

std::unique_ptr<ActionRegistry> make_game_actions(std::shared_ptr<const MotionLibrary> library) {
  return std::make_unique<GameActions>(std::move(library));
}

const ActionRegistry& game_actions() {
  static const GameActions actions(std::make_shared<const MotionLibrary>(load_motion_library(motion_folders(""))));
  return actions;
}

}  // namespace cf
