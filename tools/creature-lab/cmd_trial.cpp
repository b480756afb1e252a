// creature-lab trial: a trial course run headless (a creature on a trial level driven by a pad script,
// or a replay), printing its phase, splits and finish in ticks and the final state hash as JSON, so
// course times are checked without rendering a frame. Exit 0, or 2 on bad input or a level with no course.
#include "core/hash.h"
#include "game/play/trial_run.h"
#include "game/session/clip_run.h"
#include "lab_args.h"
#include "lab_session.h"

namespace cf::lab {

// creature-lab trial --creature FILE --level FILE [--pad-script FILE] [--ticks N] [--seed N]
// creature-lab trial --replay FILE
int cmd_trial(const Args& a) {
  if (!a.only({"replay", "creature", "level", "pad-script", "ticks", "seed"})) return kExitBadInput;
  Session session;
  LabRun lab;
  if (const int code = start_lab_run(a, &session, &lab); code != kExitOk) return code;
  if (session.trial().phase == TrialRun::Phase::kNone) return fail(a, "the level has no trial course");
  for (std::uint64_t t = 0; t < lab.ticks; ++t) {
    if (!session.tick(lab.scripted ? scripted_frame(lab.script, t) : InputFrame{})) break;
  }
  if (lab.replay && session.verifier().diverged()) return fail(a, a.get("replay") + ": " + session.verifier().message());
  Json j = Json::object();
  j["ticks"] = session.state().tick;
  j["trial"] = trial_json(session.trial());
  j["hash"] = hash_hex(session.hash());
  return print_json(j);
}

}  // namespace cf::lab
