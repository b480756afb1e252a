// creature-lab clipcheck: every clip event of a session (a replay, or a creature on a level driven
// by a pad script), as JSON. Exit 0: no clips; 1: clips; 2: bad input.
#include <limits>

#include "game/session/clip_run.h"
#include "lab_args.h"

namespace cf::lab {

// creature-lab clipcheck --replay FILE [--min-depth M]
// creature-lab clipcheck --creature FILE --level FILE [--pad-script FILE] [--ticks N] [--seed N]
int cmd_clipcheck(const Args& a) {
  if (!a.only({"replay", "creature", "level", "pad-script", "ticks", "seed", "min-depth"})) return kExitBadInput;
  const bool replay = a.values.count("replay") != 0;
  if (replay && (a.has("creature") || a.has("level") || a.has("pad-script") || a.has("seed") || a.has("ticks")))
    return fail(a, "--replay takes its creature, level, seed and inputs from the file; drop the other options");
  if (!replay && (!a.values.count("creature") || !a.values.count("level")))
    return fail(a, "--replay FILE, or --creature FILE and --level FILE, are required");
  double min_depth = 0, ticks_d = -1, seed_d = 1;
  if (!a.get_number("min-depth", 0, &min_depth) || !a.get_number("ticks", -1, &ticks_d) ||
      !a.get_number("seed", 1, &seed_d))
    return kExitBadInput;
  if (min_depth < 0 || min_depth > 1) return fail(a, "--min-depth: must be from 0 to 1 metre");
  if (a.has("ticks") && !(ticks_d >= 0 && ticks_d <= 864000 && ticks_d == static_cast<double>(static_cast<long>(ticks_d))))
    return fail(a, "--ticks: must be a whole number from 0 to 864000");
  if (!(seed_d >= 0 && seed_d < 1e15)) return fail(a, "--seed: must be a whole number >= 0");

  Session session;
  session.set_clip_min_depth(static_cast<float>(min_depth));
  PadScript script;
  std::uint64_t ticks = 0;
  if (replay) {
    Result<Replay> r = load_replay(a.get("replay"));
    if (!r) return fail(a, r.error().to_string());
    if (Status s = session.start_replay(*r, a.get("replay")); !s) return fail(a, s.error.to_string());
    ticks = session.replay_ticks();
  } else {
    Result<Scene> scene = load_scene(a.get("creature"), a.get("level"));
    if (!scene) return fail(a, scene.error().to_string());
    session.start(std::move(*scene), static_cast<std::uint64_t>(seed_d));
    if (a.has("pad-script")) {
      Result<PadScript> ps = load_pad_script(a.get("pad-script"));
      if (!ps) return fail(a, ps.error().to_string());
      script = std::move(*ps);
    }
    ticks = a.has("ticks") ? static_cast<std::uint64_t>(ticks_d) : (a.has("pad-script") ? script.total_ticks() : 600);
  }
  const ClipRun run = run_clip_check(session, a.has("pad-script") ? &script : nullptr, ticks,
                                     std::numeric_limits<std::size_t>::max());
  if (replay && session.verifier().diverged()) return fail(a, a.get("replay") + ": " + session.verifier().message());
  const Skeleton* sk = &session.scene().rig.skeleton;
  Json events = Json::array();
  for (const ClipEvent& e : run.events) events.push_back(clip_event_json(e, sk));
  Json out = Json::object();
  out["creature"] = session.scene().creature_path;
  out["level"] = session.scene().level_path;
  out["ticks"] = run.ticks;
  out["count"] = run.total;
  out["first_tick"] = run.events.empty() ? Json(nullptr) : Json(run.events.front().tick);
  out["events"] = std::move(events);
  print_json(out);
  return run.total == 0 ? kExitOk : kExitFailure;
}

}  // namespace cf::lab
