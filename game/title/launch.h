#pragma once
// How a run starts, decided from the command line: play (a creature and level, or a replay), the
// editor (--edit [FILE], or an editing session given to --replay), or the title menu.
#include <string>

#include "core/result.h"
#include "creature/creature.h"
#include "game/run/args.h"
#include "game/editor/editor_mode.h"
#include "game/modes/modes.h"
#include "game/session/session.h"
#include "game/title/title_menu.h"
#include "game/session/user_data.h"

namespace cf {

struct StartPlan {
  ModeId first = ModeId::kPlay;
  UserData data;
  Creature edit_creature;   // --edit FILE (empty: blank)
  std::string edit_path;    // --edit FILE: a saved creature of the data folder is edited as its own document
  bool edit_replay = false;  // --replay of an editing session
  EditSession edit_session;
};

// Loads what the run needs: the session's scene or replay (the title menu and editor start on the
// default scene, replaced when play begins) and the editor's creature or session. An editing
// session bounds the run to its ticks (opt->ticks). Errors are for the command line.
Status prepare_start(RunOptions* opt, Session* session, StartPlan* plan);

// Opens the first mode of the plan (editor or title menu); returns its id.
ModeId open_first_mode(const StartPlan& plan, TextureId skin_texture, EditorMode* editor, TitleMode* title);

}  // namespace cf
