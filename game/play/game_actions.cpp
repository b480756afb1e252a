// The game's one-shot actions, registered in a fixed order (the state hash and HUD message ids follow
// it): one line per action. Locomotion is always first (ActionRegistry's constructor).
#include "game/play/action.h"
#include "game/play/actions/emote_action.h"
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
    add<EmoteAction>(EmoteKind::kSit);
    add<EmoteAction>(EmoteKind::kGreet);
    add<EmoteAction>(EmoteKind::kRoar);
    add<EmoteAction>(EmoteKind::kDance);
  }
};

}  // namespace

const ActionRegistry& game_actions() {
  static const GameActions actions;
  return actions;
}

}  // namespace cf
