#pragma once
// A whole session for the commands that run one (clipcheck, sound): a replay, or a creature on a level
// driven by a pad script, from the same options (--replay, or --creature/--level [--pad-script]
// [--ticks] [--seed]).
#include <cstdint>

#include "game/session/pad_script.h"
#include "game/session/session.h"
#include "lab_args.h"

namespace cf::lab {

struct LabRun {
  PadScript script;
  bool scripted = false;   // --pad-script given
  bool replay = false;     // --replay given
  std::uint64_t ticks = 0; // ticks to run
};

// Starts 'session' from the options; kExitOk, or the exit code after a one-line message. With
// --from X,Z [--heading DEG] the creature starts on the ground there (apply_start).
int start_lab_run(const Args& a, Session* session, LabRun* run);

// --from X,Z and --heading DEG (0 faces +Z): the scene's spawn moved onto the ground there. kExitOk when
// neither is given or both are good, else the exit code after a one-line message.
int apply_start(const Args& a, Scene* scene);

}  // namespace cf::lab
