#include <cmath>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "lab_args.h"
#include "motion/motion_clip.h"
#include "retarget/walk_report.h"
#include "skeleton/rig_builder.h"
#include "world/ground_query.h"
#include "world/level.h"
#include "core/json.h"

namespace cf::lab {

namespace {
Json vec(const glm::vec3& v) { return Json::array({v.x, v.y, v.z}); }
}  // namespace

// Walks a creature with the walk controller for S seconds (straight, or turning) and reports per
// leg skate, penetration, float and IK error, the cog height range and the distance walked.
// --frames OUT.json writes every tick's joint world positions. --level FILE walks over that level's ground
// (terrain and platform tops; the gait alone: walls and faces are not met) from --from X,Z facing --heading
// DEG (default the level's spawn); penetration and float are measured from the ground under each foot.
int cmd_walk(const Args& a) {
  if (!a.only({"creature", "motion", "seconds", "speed", "turn", "frames", "level", "from", "heading"}))
    return kExitBadInput;
  const std::string creature_path = a.get("creature");
  if (creature_path.empty()) return fail(a, "--creature FILE is required");
  if (!a.has("seconds")) return fail(a, "--seconds S is required");
  double seconds = 0, speed = -1, turn_deg = 0;
  if (!a.get_number("seconds", 0, &seconds) || !a.get_number("speed", -1, &speed) ||
      !a.get_number("turn", 0, &turn_deg))
    return kExitBadInput;
  if (!(seconds > 0 && seconds <= 3600)) return fail(a, "--seconds: must be in (0, 3600]");
  if (a.has("speed") && !(speed >= 0 && speed <= 100)) return fail(a, "--speed: must be in [0, 100] m/s");
  if (!(std::abs(turn_deg) <= 3600)) return fail(a, "--turn: must be within +-3600 degrees/second");
  const std::string motion_path = a.get("motion", default_walk_motion_path());

  auto creature = load_creature(creature_path);
  if (!creature) return fail(a, creature.error().to_string());
  auto rig = build_rig(*creature);
  if (!rig) {
    Error e = rig.error();
    e.file = creature_path;
    return fail(a, e.to_string());
  }
  auto clip = load_motion(motion_path);
  if (!clip) return fail(a, clip.error().to_string());
  auto setup = build_retarget_setup(*rig, *clip);
  if (!setup) {
    Error e = setup.error();
    e.file = creature_path;
    return fail(a, e.to_string());
  }

  Level level;
  double from[2] = {0.0, 0.0}, heading_deg = 0.0;
  if (a.has("level")) {
    Result<Level> lv = load_level(a.get("level"));
    if (!lv) return fail(a, lv.error().to_string());
    level = std::move(*lv);
    from[0] = level.spawn.x, from[1] = level.spawn.z, heading_deg = level.spawn_heading_deg;
  } else if (a.has("from") || a.has("heading")) {
    return fail(a, "--from and --heading need --level FILE");
  }
  if (a.has("from") && !a.get_vec2("from", from)) return kExitBadInput;
  if (!a.get_number("heading", heading_deg, &heading_deg)) return kExitBadInput;
  if (std::fabs(from[0]) > kLevelMaxCoord_m || std::fabs(from[1]) > kLevelMaxCoord_m)
    return fail(a, "--from: x and z must be within 1000 m");
  const LevelGround ground(&level);

  if (!can_step(*setup))
    return fail(a, motion_path + ": the motion never lifts and plants both feet, so it cannot walk");
  WalkRun run;
  run.seconds = static_cast<float>(seconds);
  run.speed_mps = static_cast<float>(speed);
  run.turn_rate_rps = static_cast<float>(turn_deg * M_PI / 180.0);
  if (a.has("level")) {
    run.ground = &ground;
    run.start_ws = glm::vec3(static_cast<float>(from[0]), 0.0f, static_cast<float>(from[1]));
    run.heading_rad = static_cast<float>(std::remainder(heading_deg, 360.0) * M_PI / 180.0);
  }
  const std::string frames_path = a.get("frames");
  Json frames = Json::array();
  std::function<void(const WalkerState&, const CreaturePose&)> on_tick;
  if (!frames_path.empty()) {
    on_tick = [&](const WalkerState& st, const CreaturePose& pose) {
      Json f;
      f["tick"] = st.tick;
      f["cog"] = vec(pose.cog_ws);
      Json joints = Json::object();
      for (int b = 0; b < rig->skeleton.size(); ++b)
        joints[rig->skeleton.names[b]] = Json::array({vec(pose.head_ws[b]), vec(pose.tail_ws[b])});
      f["bones"] = std::move(joints);
      Json contacts = Json::array();
      for (const LimbPose& lp : pose.limbs) contacts.push_back(lp.contact);
      f["contacts"] = std::move(contacts);
      frames.push_back(std::move(f));
    };
  }
  WalkReport r = simulate_walk(*rig, *clip, *setup, run, on_tick);

  Json out;
  out["ticks"] = r.ticks;
  out["legs"] = Json::array();
  for (const LegWalkStats& l : r.legs) {
    out["legs"].push_back({{"name", l.name},
                           {"stance_ticks", l.stance_ticks},
                           {"max_skate_m", l.max_skate_m},
                           {"max_penetration_m", l.max_penetration_m},
                           {"max_float_m", l.max_float_m},
                           {"max_ik_error_m", l.max_ik_error_m},
                           {"unreachable_ticks", l.unreachable_ticks}});
  }
  out["cog"] = {{"min_height", r.cog_min_height}, {"max_height", r.cog_max_height},
                {"standing_height", r.stand_cog_height}};
  out["distance_m"] = r.distance_m;
  if (!frames_path.empty()) {
    Json doc;
    doc["format"] = "critterforge.walk_frames/1";
    doc["creature"] = creature_path;
    doc["motion"] = motion_path;
    doc["dt_s"] = run.dt_s;
    doc["bone_joints"] = "per bone [head, tail], world space, metres";
    doc["frames"] = std::move(frames);
    Status s = write_file_atomic(frames_path, doc.dump(1) + "\n");
    if (!s) return fail(a, s.error.to_string(), kExitFailure);
  }
  return print_json(out);
}

}  // namespace cf::lab
