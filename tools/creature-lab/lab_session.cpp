#include "lab_session.h"

#include <cmath>

#include "game/session/act_run.h"
#include "game/session/replay.h"

namespace cf::lab {

int start_lab_run(const Args& a, Session* session, LabRun* run) {
  run->replay = a.values.count("replay") != 0;
  if (run->replay && (a.has("creature") || a.has("level") || a.has("pad-script") || a.has("seed") || a.has("ticks") ||
                      a.has("from") || a.has("heading")))
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
  if (const int code = apply_start(a, &*scene); code != kExitOk) return code;
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

int apply_start(const Args& a, Scene* scene) {
  if (!a.has("from") && !a.has("heading")) return kExitOk;
  double from[2] = {scene->level.spawn.x, scene->level.spawn.z}, heading = scene->level.spawn_heading_deg;
  if (a.has("from") && !a.get_vec2("from", from)) return kExitBadInput;
  if (!a.get_number("heading", heading, &heading)) return kExitBadInput;
  if (std::fabs(from[0]) > kLevelMaxCoord_m || std::fabs(from[1]) > kLevelMaxCoord_m)
    return fail(a, "--from: x and z must be within 1000 m");
  set_start(scene, static_cast<float>(from[0]), static_cast<float>(from[1]), static_cast<float>(std::remainder(heading, 360.0)));
  return kExitOk;
}

}  // namespace cf::lab
