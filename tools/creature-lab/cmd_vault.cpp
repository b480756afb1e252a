// creature-lab vault: the vault decision (mirror or not, refuse) and the played vault, headless.
#include <cmath>
#include <cstdio>

#include "creature/creature_io.h"
#include "core/file_io.h"
#include "lab_args.h"
#include "motion/motion_clip.h"
#include "skeleton/rig_builder.h"
#include "vault/vault_play.h"
#include "world/level.h"
#include "core/json.h"

namespace cf::lab {

// The shipped vault clip: assets/ under the working directory, else under the source tree.
static std::string default_vault_clip() {
  const std::string rel = "assets/motions/vault.json";
  if (is_regular_file(rel)) return rel;
  // Not __FILE__: ccache's base_dir makes it relative to the build folder.
  return std::string(CF_LAB_SOURCE_DIR) + "/" + rel;
}

// creature-lab vault --creature FILE --level FILE --fence INDEX [--tolerance M] [--motion FILE]
// The creature stands at the level's spawn point's side of the fence, projected onto it.
int cmd_vault(const Args& a) {
  if (!a.only({"creature", "level", "fence", "tolerance", "motion"})) return kExitBadInput;
  if (!a.values.count("creature")) return fail(a, "--creature FILE is required");
  if (!a.values.count("level")) return fail(a, "--level FILE is required");
  if (!a.values.count("fence")) return fail(a, "--fence INDEX is required");
  double fence = -1, tol = 0.05;
  if (!a.get_number("fence", -1, &fence) || !a.get_number("tolerance", 0.05, &tol)) return kExitBadInput;
  if (fence < 0 || fence != std::floor(fence) || fence > 1e6) return fail(a, "--fence must be a whole number >= 0");
  if (tol < 0 || tol > 10) return fail(a, "--tolerance must be from 0 to 10 metres");

  const std::string cpath = a.get("creature");
  auto creature = load_creature(cpath);
  if (!creature) return fail(a, creature.error().to_string());
  auto rig = build_rig(*creature);
  if (!rig) {
    Error e = rig.error();
    e.file = cpath;
    return fail(a, e.to_string());
  }
  auto level = load_level(a.get("level"));
  if (!level) return fail(a, level.error().to_string());
  const std::string mpath = a.get("motion", default_vault_clip());
  auto clip = load_motion(mpath);
  if (!clip) return fail(a, clip.error().to_string());
  const int fi = static_cast<int>(fence);
  if (static_cast<std::size_t>(fi) >= level->fences.size())
    return fail(a, a.get("level") + ": fences: no fence " + std::to_string(fi) + " (the level has " +
                       std::to_string(level->fences.size()) + ")");

  auto vm = prepare_vault(*rig, *clip);
  if (!vm) return fail(a, cpath + ": " + vm.error().to_string());
  VaultSettings settings;
  settings.tolerance_m = static_cast<float>(tol);
  auto decision = decide_vault(*level, fi, *vm, level->spawn, settings);
  if (!decision) return fail(a, a.get("level") + ": " + decision.error().to_string());
  auto plan = plan_vault(*level, *rig, *vm, *decision);
  if (!plan) return fail(a, plan.error().to_string(), kExitFailure);

  // Play it tick by tick as the game does, measuring the deepest penetration.
  VaultState state;
  start_vault(*plan, &state);
  CreaturePose pose;
  pose.resize(*rig);
  while (step_vault(*plan, *vm, *rig, *level, &state, &pose)) {
  }
  const VaultDecision& d = plan->decision;
  glm::vec3 landed = state.phase == VaultPhase::kLanded ? state.landed_ws : level->spawn;
  Json j;
  j["motion"] = d.mirrored ? vm->mirrored.name : vm->clip.name;
  j["lmax"] = d.lmax;
  j["lmax_dir"] = {d.lmax_dir.x, d.lmax_dir.y};
  j["lref"] = d.lref;
  j["delta"] = d.delta;
  j["tolerance"] = d.tolerance;
  j["mirrored"] = d.mirrored;
  j["refused"] = d.refused;
  j["room"] = {{"left", d.room_left}, {"right", d.room_right}};
  j["needs"] = {{"left", d.need_left}, {"right", d.need_right}};
  j["max_penetration_m"] = state.max_penetration_m;
  j["landed"] = {landed.x, landed.y, landed.z};
  if (d.refused) std::fprintf(stderr, "creature-lab vault: %s\n", d.reason.c_str());
  return print_json(j);
}

}  // namespace cf::lab
