// The game's one-shot actions, registered in a fixed order (the state hash and HUD message ids follow
// it): one line per action. Locomotion is always first (ActionRegistry's constructor).
#include "game/play/action.h"
#include "game/play/actions/idle_action.h"
#include "game/play/actions/jump_action.h"
#include "game/play/actions/vault_action.h"

namespace cf {

namespace {

struct GameActions : ActionRegistry {
  GameActions() {
    add<VaultAction>();
    add<JumpAction>();
    add<IdleAction>();
  }
};

}  // namespace

const ActionRegistry& game_actions() {
  static const GameActions actions;
  return actions;
}

}  // namespace cf
