// creature-lab act: one motion played headless on a creature, measured tick by tick.
#include "game/session/act_run.h"
#include "motion/motion_library.h"
#include "lab_args.h"
#include "lab_session.h"

namespace cf::lab {

// creature-lab act --creature FILE --action NAME [--level FILE] [--from X,Z] [--heading DEG] [--seconds S]
// [--motions DIR] (--from: start there on the ground instead of the level's spawn, facing --heading, 0 = +Z;
// DIR: a folder of motion files searched before the shipped library, as the game's --motions)
int cmd_act(const Args& a) {
  if (!a.only({"creature", "action", "level", "seconds", "motions", "from", "heading"})) return kExitBadInput;
  std::unique_ptr<ActionRegistry> own;
  if (a.has("motions"))
    own = make_game_actions(std::make_shared<const MotionLibrary>(load_motion_library(motion_folders(a.get("motions")))));
  const ActionRegistry& actions = own ? *own : game_actions();
  if (!a.values.count("creature")) return fail(a, "--creature FILE is required");
  if (!a.values.count("action")) return fail(a, "--action NAME is required (" + act_names(actions) + ")");
  const std::string action = a.get("action");
  if (!is_act_name(action, actions))
    return fail(a, "--action: unknown action '" + action + "' (one of " + act_names(actions) + ")");
  double seconds = 3.0;
  if (!a.get_number("seconds", 3.0, &seconds)) return kExitBadInput;
  if (!(seconds > 0.0 && seconds <= 600.0)) return fail(a, "--seconds must be from 0 to 600");
  Result<Scene> scene = load_scene(a.get("creature"), a.get("level"));
  if (!scene) return fail(a, scene.error().to_string());
  if (const int code = apply_start(a, &*scene); code != kExitOk) return code;
  Result<ActReport> r = run_act(std::move(*scene), action, seconds, actions);
  if (!r) return fail(a, r.error().to_string());
  Json j;
  j["action"] = r->action;
  j["variant"] = r->variant;
  j["ticks"] = r->ticks;
  j["clip_events"] = r->clip_events;
  j["max_root_step_m"] = r->max_root_step_m;
  j["max_joint_step_m"] = r->max_joint_step_m;
  j["max_foot_skate_m"] = r->max_foot_skate_m;
  j["min_flesh_height_m"] = r->min_flesh_height_m;
  j["skate_ratio"] = r->skate_ratio;
  j["start"] = Json::array({r->start_xz.x, r->start_xz.y});
  j["start_ground_m"] = r->start_ground_m;
  j["unreached_ik_ticks"] = r->unreached_ik_ticks;
  j["finite"] = r->finite;
  j["jumps"] = r->jumps;
  j["plays"] = r->plays;
  return print_json(j);
}

}  // namespace cf::lab
