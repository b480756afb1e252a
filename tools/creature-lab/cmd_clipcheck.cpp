// creature-lab clipcheck: every clip event of a session (a replay, or a creature on a level driven
// by a pad script), as JSON. Exit 0: no clips; 1: clips; 2: bad input.
#include <limits>

#include "game/session/clip_run.h"
#include "lab_args.h"
#include "lab_session.h"
#include "world/ground_query.h"

namespace cf::lab {

// creature-lab clipcheck --replay FILE [--min-depth M]
// creature-lab clipcheck --creature FILE --level FILE [--from X,Z] [--heading DEG] [--pad-script FILE] [--ticks N] [--seed N]
int cmd_clipcheck(const Args& a) {
  if (!a.only({"replay", "creature", "level", "from", "heading", "pad-script", "ticks", "seed", "min-depth"}))
    return kExitBadInput;
  double min_depth = 0;
  if (!a.get_number("min-depth", 0, &min_depth)) return kExitBadInput;
  if (min_depth < 0 || min_depth > 1) return fail(a, "--min-depth: must be from 0 to 1 metre");
  Session session;
  session.set_clip_min_depth(static_cast<float>(min_depth));
  LabRun lab;
  if (const int code = start_lab_run(a, &session, &lab); code != kExitOk) return code;
  const bool replay = lab.replay;
  const glm::vec3 start = session.state().player().root_ws;
  const float start_ground = LevelGround(&session.scene().level).at(start.x, start.z).y;
  const ClipRun run = run_clip_check(session, lab.scripted ? &lab.script : nullptr, lab.ticks,
                                     std::numeric_limits<std::size_t>::max());
  if (replay && session.verifier().diverged()) return fail(a, a.get("replay") + ": " + session.verifier().message());
  const Skeleton* sk = &session.scene().rig.skeleton;
  Json events = Json::array();
  for (const ClipEvent& e : run.events) events.push_back(clip_event_json(e, sk));
  Json out = Json::object();
  out["creature"] = session.scene().creature_path;
  out["level"] = session.scene().level_path;
  out["start"] = Json::array({start.x, start.z});
  out["start_ground_m"] = start_ground;
  out["ticks"] = run.ticks;
  out["count"] = run.total;
  out["first_tick"] = run.events.empty() ? Json(nullptr) : Json(run.events.front().tick);
  out["events"] = std::move(events);
  print_json(out);
  return run.total == 0 ? kExitOk : kExitFailure;
}

}  // namespace cf::lab
