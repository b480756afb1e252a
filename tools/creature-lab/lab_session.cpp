#include "lab_session.h"

#include <cmath>

#include "game/session/replay.h"

namespace cf::lab {

int start_lab_run(const Args& a, Session* session, LabRun* run) {
  run->replay = a.values.count("replay") != 0;
  if (run->replay && (a.has("creature") || a.has("level") || a.has("pad-script") || a.has("seed") || a.has("ticks")))
    return fail(a, "--replay takes its creature, level, seed and inputs from the file; drop the other options");
  if (!run->replay && (!a.values.count("creature") || !a.values.count("level")))
    return fail(a, "--replay FILE, or --creature FILE and --level FILE, are required");
  double ticks_d = -1, seed_d = 1;
  if (!a.get_number("ticks", -1, &ticks_d) || !a.get_number("seed", 1, &seed_d)) return kExitBadInput;
  if (a.has("ticks") && !(ticks_d >= 0 && ticks_d <= 864000 && ticks_d == std::floor(ticks_d)))
    return fail(a, "--ticks: must be a whole number from 0 to 864000");
  if (!(seed_d >= 0 && seed_d < 1e15)) return fail(a, "--seed: must be a whole number >= 0");
  if (run->replay) {
    Result<Replay> r = load_replay(a.get("replay"));
    if (!r) return fail(a, r.error().to_string());
    if (Status s = session->start_replay(*r, a.get("replay")); !s) return fail(a, s.error.to_string());
    run->ticks = session->replay_ticks();
    return kExitOk;
  }
  Result<Scene> scene = load_scene(a.get("creature"), a.get("level"));
  if (!scene) return fail(a, scene.error().to_string());
  session->start(std::move(*scene), static_cast<std::uint64_t>(seed_d));
  run->scripted = a.has("pad-script");
  if (run->scripted) {
    Result<PadScript> ps = load_pad_script(a.get("pad-script"));
    if (!ps) return fail(a, ps.error().to_string());
    run->script = std::move(*ps);
  }
  run->ticks = a.has("ticks") ? static_cast<std::uint64_t>(ticks_d) : (run->scripted ? run->script.total_ticks() : 600);
  return kExitOk;
}

}  // namespace cf::lab
