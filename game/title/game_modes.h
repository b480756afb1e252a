#pragma once
// The set of modes a game has, switched by id; owned by main.
#include "game/debug/debug_mode.h"
#include "game/modes/modes.h"
#include "game/options/options_menu.h"
#include "game/options/pause_menu.h"
#include "game/options/settings.h"

namespace cf {

// Which mapping a mode's buttons go through: play's in play and debug mode, the menus' elsewhere.
inline ControlContext control_context_of(ModeId mode) {
  return mode == ModeId::kPlay || mode == ModeId::kDebug ? ControlContext::kPlay : ControlContext::kMenus;
}

struct GameModes {
  PlayMode play;
  PauseMenu paused;
  OptionsMode options;
  DebugMode debug;
  Mode* title = nullptr;   // game/title/title_menu.h, owned by main
  Mode* editor = nullptr;  // game/editor/editor_mode.h, owned by main
  ModeId current = ModeId::kPlay;
  Mode& active() {
    switch (current) {
      case ModeId::kPaused: return paused;
      case ModeId::kDebug: return debug;
      case ModeId::kTitle: return title ? *title : play;
      case ModeId::kEditor: return editor ? *editor : play;
      case ModeId::kOptions: return options;
      case ModeId::kPlay: break;
    }
    return play;
  }
};

}  // namespace cf
