#include "game/play/scene.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sys/stat.h>

#include "core/file_io.h"
#include "core/hash.h"
#include "creature/creature_card.h"
#include "creature/creature_io.h"
#include "creature/creature_rules.h"
#include "skeleton/rig_builder.h"

#ifndef CF_DEFAULT_ASSETS_DIR
#define CF_DEFAULT_ASSETS_DIR "assets"
#endif

namespace cf {

namespace {

bool file_exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Used only when the default files are missing (running from an unusual directory).
constexpr const char* kBuiltinBiped = R"({
  "format": "critterforge.creature/1", "name": "built-in biped",
  "parts": [
    {"tag": "torso", "radius": 0.14, "stroke": [[0.0, 0.90, 0.0], [0.0, 1.15, 0.02], [0.0, 1.40, 0.02]]},
    {"tag": "head", "radius": 0.11, "stroke": [[0.0, 1.42, 0.02], [0.0, 1.55, 0.04], [0.0, 1.68, 0.05]]},
    {"tag": "leg", "side": "left", "radius": 0.07,
     "stroke": [[0.11, 0.88, 0.0], [0.12, 0.47, 0.10], [0.12, 0.0, 0.0], [0.12, 0.0, 0.16]]},
    {"tag": "leg", "side": "right", "radius": 0.07,
     "stroke": [[-0.11, 0.88, 0.0], [-0.12, 0.47, 0.10], [-0.12, 0.0, 0.0], [-0.12, 0.0, 0.16]]}
  ]})";
constexpr const char* kBuiltinLevel = R"({
  "format": "critterforge.level/1", "name": "built-in default",
  "ground": {"y": 0, "half_size": 20},
  "spawn": {"position": [0, 0, 0], "heading_deg": 0},
  "fences": [{"centre": [-1.0, 0.3, 3.0], "half_extents": [1.4, 0.3, 0.04], "yaw_deg": 0}],
  "walls": [{"centre": [0.6, 1.25, 3.0], "half_extents": [0.2, 1.25, 2.5], "yaw_deg": 0}],
  "regions": []})";

struct Loaded {
  std::string path;
  Json json;
};

Result<Loaded> load_text(const std::string& given, const std::string& fallback_path, const char* builtin,
                         const char* builtin_name) {
  Loaded l;
  std::string text;
  if (given.empty() && !file_exists(fallback_path)) {
    l.path = builtin_name;
    text = builtin;
  } else {
    l.path = given.empty() ? fallback_path : given;
    Result<std::string> r = read_file(l.path, 64u << 20);
    if (!r) return r.error();
    Result<std::string> t = creature_text_of(*r, l.path);  // a creature card is its file
    if (!t) return t.error();
    text = std::move(*t);
  }
  Result<Json> j = parse_json(text, l.path);
  if (!j) return j.error();
  l.json = std::move(*j);
  return l;
}

}  // namespace

std::string default_assets_dir() {
  if (file_exists("assets/creatures/biped.json")) return "assets";
  return CF_DEFAULT_ASSETS_DIR;
}
std::string default_creature_path() { return default_assets_dir() + "/creatures/biped.json"; }
std::string default_level_path() { return default_assets_dir() + "/levels/default.json"; }

Result<Scene> scene_from_json(const std::string& creature_path, const Json& creature_json,
                              const std::string& creature_file, const std::string& level_path,
                              const Json& level_json, const std::string& level_file) {
  Scene s;
  s.creature_path = creature_path;
  s.level_path = level_path;
  s.creature_json = creature_json;
  s.level_json = level_json;
  // Through the loaders' text entry points so every rule is checked the same way.
  Result<Creature> c = parse_creature(creature_json.dump(), creature_file);
  if (!c) return c.error();
  Result<Level> l = parse_level(level_json.dump(), level_file);
  if (!l) return l.error();
  if (!l->terrain.heightmap.empty()) s.level_json["terrain"] = terrain_to_json(l->terrain, true);
  s.creature = std::move(*c);
  s.level = std::move(*l);
  if (Status st = build_scene_runtime(&s); !st) return st.error;
  return s;
}

Result<Scene> load_scene(const std::string& creature_path, const std::string& level_path) {
  Result<Loaded> c = load_text(creature_path, default_creature_path(), kBuiltinBiped, "<built-in biped>");
  if (!c) return c.error();
  Result<Loaded> l = load_text(level_path, default_level_path(), kBuiltinLevel, "<built-in level>");
  if (!l) return l.error();
  Scene s;
  s.creature_path = c->path;
  s.level_path = l->path;
  Result<Creature> cr = parse_creature(c->json.dump(), c->path);
  if (!cr) return cr.error();
  Result<Level> lv = parse_level(l->json.dump(), l->path);
  if (!lv) return lv.error();
  // A heightmap's heights go into the scene's JSON: its identity and a replay hold the ground itself.
  if (!lv->terrain.heightmap.empty()) l->json["terrain"] = terrain_to_json(lv->terrain, true);
  s.creature_json = std::move(c->json);
  s.level_json = std::move(l->json);
  s.creature = std::move(*cr);
  s.level = std::move(*lv);
  if (Status st = build_scene_runtime(&s); !st) return st.error;
  return s;
}

std::string creature_body_text(const Json& creature_json) {
  if (!creature_json.is_object() || !creature_json.contains("paint")) return creature_json.dump();
  Json body = creature_json;
  body.erase("paint");
  return body.dump();
}

std::uint64_t scene_identity(const Json& creature_json, const Json& level_json, const MotionClip* walk_clip,
                             const std::vector<std::string>& action_identities) {
  StateHasher h;
  h.str("critterforge.scene/1");
  // Length-prefixed by str(), so the pieces cannot run into each other.
  // Paint is the creature's look only: a painted creature computes exactly what it did unpainted.
  h.str(creature_body_text(creature_json));
  // A friends goal is shown only, and the ground's material is a look: setting either keeps every run on the
  // level as it was.
  const bool material = level_json.is_object() && level_json.contains("ground") && level_json["ground"].is_object() &&
                        level_json["ground"].contains("material");
  if (level_json.is_object() && (level_json.contains("friends_goal") || material)) {
    Json body = level_json;
    body.erase("friends_goal");
    if (material) body["ground"].erase("material");
    h.str(body.dump());
  } else {
    h.str(level_json.dump());
  }
  h.str(walk_clip ? motion_to_json(*walk_clip).dump() : std::string("no walk clip"));
  // An action whose clip is named by its own state once used (the jump) adds nothing here, so a run
  // that never uses it hashes as before the action existed.
  for (const std::string& a : action_identities)
    if (!a.empty()) h.str(a);
  return h.value();
}

void prepare_scene_actions(Scene* s, const ActionRegistry& actions) {
  const std::string motions = default_assets_dir() + "/motions/";
  ActionSetup setup;
  setup.rig = &s->rig;
  setup.can_walk = s->can_walk;
  setup.walk = s->can_walk ? &s->walk_setup : nullptr;
  setup.motions_dir = motions;
  s->actions.assign(static_cast<std::size_t>(actions.size()), PreparedAction{});
  std::vector<std::string> identities;
  for (ActionId a = 1; a < actions.size(); ++a) {
    s->actions[a] = actions[a].prepare(setup);
    identities.push_back(s->actions[a].identity);
  }
  s->actions_for = &actions;
  s->identity = scene_identity(s->creature_json, s->level_json, s->has_walk_clip ? &s->walk_clip : nullptr, identities);
}

Status build_scene_runtime(Scene* s, const ActionRegistry& actions) {
  // A leg ending in the air would leave the body sinking to it: refused, as the editor refuses to save it.
  const std::vector<RuleProblem> off_ground = legs_off_the_ground(s->creature);
  if (!off_ground.empty())
    return Error{s->creature_path, "parts", off_ground.front().message + ": every leg must end on the ground"};
  Result<Rig> rig = build_rig(s->creature);
  if (!rig) {
    Error e = rig.error();
    if (e.file.empty()) e.file = s->creature_path;
    return e;
  }
  s->rig = std::move(*rig);
  const std::string motions = default_assets_dir() + "/motions/";
  s->can_walk = false;
  s->has_walk_clip = false;
  Result<MotionClip> walk = load_motion(motions + "walk.json");
  if (!walk) {
    s->walk_problem = walk.error().to_string();
  } else {
    s->walk_clip = *walk;
    s->has_walk_clip = true;  // the scene identity names it even when it does not fit
    Result<RetargetSetup> setup = build_retarget_setup(s->rig, s->walk_clip);
    if (setup) {
      s->walk_setup = std::move(*setup);
      s->can_walk = true;
    } else {
      s->walk_problem = setup.error().to_string();
    }
  }
  prepare_scene_actions(s, actions);
  return {};
}

float creature_body_radius(const Creature& c) {
  float r = 0.0f;
  for (const Part& p : c.parts) {
    for (const glm::vec3& q : p.stroke) r = std::max(r, std::sqrt(q.x * q.x + q.z * q.z) + p.radius);
  }
  return std::clamp(r, 0.1f, 1.0f);
}

Footprint creature_footprint(const Creature& c, glm::vec2 cog_xz, const RetargetSetup* walk, float toe_m) {
  std::vector<FootprintStroke> strokes;
  float foot_r = 0.0f;
  // Heads and tails swing with the gait and the look-around, more at the tip of a longer part: their
  // circles are widened so the swing stays out of walls too.
  for (const Part& p : c.parts) {
    float swing = 0.0f;
    if (p.tag == PartTag::kHead || p.tag == PartTag::kTail) {
      float len = 0.0f;
      for (std::size_t k = 1; k < p.stroke.size(); ++k) len += glm::length(p.stroke[k] - p.stroke[k - 1]);
      swing = std::max(0.03f, 0.08f * len);
    }
    strokes.push_back({p.stroke.data(), static_cast<int>(p.stroke.size()), p.radius + swing});
    if (p.tag == PartTag::kLeg) foot_r = std::max(foot_r, p.radius);
  }
  // Walking feet plant as far as their stance reach ahead of and behind the foothold.
  std::vector<std::array<glm::vec3, 2>> steps;
  if (walk) {
    steps.reserve(walk->limbs.size());
    for (const LimbSetup& l : walk->limbs) {
      if (l.tag != PartTag::kLeg) continue;
      const glm::vec3 reach(0.0f, 0.0f, l.stance_reach_m);
      steps.push_back({l.foothold_ms - reach, l.foothold_ms + reach + glm::vec3(0.0f, 0.0f, toe_m)});
      strokes.push_back({steps.back().data(), 2, foot_r});
    }
  }
  return fit_footprint(strokes.data(), static_cast<int>(strokes.size()), cog_xz);
}

Species make_species(const Scene& scene) {
  Species sp;
  sp.rig = &scene.rig;
  sp.body_radius_m = creature_body_radius(scene.creature);
  // The foot bones reach forward of the ankle the walker plants.
  const Skeleton& sk = scene.rig.skeleton;
  float toe = 0.0f;
  for (int b = 0; b < sk.size(); ++b) {
    const std::string& n = sk.names[static_cast<std::size_t>(b)];
    if (sk.classes[static_cast<std::size_t>(b)] != BoneClass::kLeg || n.size() < 5 || n.compare(n.size() - 5, 5, "_foot") != 0) continue;
    const glm::vec3 d = sk.tail_ms[static_cast<std::size_t>(b)] - sk.head_ms[static_cast<std::size_t>(b)];
    toe = std::max(toe, std::max(d.z, 0.0f));
  }
  sp.footprint = creature_footprint(scene.creature, glm::vec2(scene.rig.cog.x, scene.rig.cog.z),
                                    scene.can_walk ? &scene.walk_setup : nullptr, toe);
  if (sk.size() > 0) {
    glm::vec3 lo = sk.head_ms[0], hi = lo;
    for (std::size_t b = 0; b < static_cast<std::size_t>(sk.size()); ++b) {
      lo = glm::min(lo, glm::min(sk.head_ms[b], sk.tail_ms[b]));
      hi = glm::max(hi, glm::max(sk.head_ms[b], sk.tail_ms[b]));
    }
    // As the chase camera sees it from behind and above: its width, its height, its length foreshortened.
    sp.frame_m = std::max({hi.x - lo.x, hi.y - lo.y, 0.7f * (hi.z - lo.z)});
  }
  if (scene.can_walk) {
    sp.walk_clip = &scene.walk_clip;
    sp.walk_setup = &scene.walk_setup;
  }
  for (std::size_t a = 0; a < scene.actions.size() && a < sp.action_data.size(); ++a) {
    sp.action_data[a] = scene.actions[a].data.get();
    sp.action_unavailable[a] = scene.actions[a].data ? "" : scene.actions[a].unavailable.c_str();
  }
  return sp;
}

}  // namespace cf
