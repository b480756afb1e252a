// creature-lab export: the creature as a binary glTF 2.0 file (.glb) with its flesh, skin texture,
// skin and every motion the creature can play as a named animation (engine/gltf/gltf_export.h).
#include <algorithm>
#include <sstream>

#include "creature/creature_io.h"
#include "gltf/gltf_export.h"
#include "lab_args.h"
#include "core/json.h"

namespace cf::lab {

int cmd_export(const Args& a) {
  // --motions NAMES (a list); --library DIR: motion files searched before the shipped library.
  if (!a.only({"creature", "out", "motions", "max-error", "library"})) return kExitBadInput;
  for (const char* k : {"creature", "out"})
    if (!a.values.count(k)) return fail(a, std::string("--") + k + " FILE is required");
  double max_error = 0.001;
  if (!a.get_number("max-error", 0.001, &max_error)) return kExitBadInput;
  if (!(max_error >= 0.0001 && max_error <= 0.1)) return fail(a, "--max-error must be 0.0001 to 0.1 metres");
  ExportOptions opt;
  opt.max_error_m = static_cast<float>(max_error);
  if (a.has("library")) opt.motions_dir = a.get("library");
  const MotionLibrary library = load_motion_library(
      opt.motions_dir.empty() ? std::vector<std::string>{default_export_assets_dir() + "/motions"}
                              : std::vector<std::string>{opt.motions_dir, default_export_assets_dir() + "/motions"});
  if (a.has("motions")) {
    std::stringstream list(a.get("motions"));
    for (std::string name; std::getline(list, name, ',');) {
      if (name.empty()) continue;
      const auto known = exportable_motions(&library);
      if (std::find(known.begin(), known.end(), name) == known.end())
        return fail(a, "--motions: unknown motion '" + name + "' (known: " + exportable_motion_list(&library) + ")");
      if (std::find(opt.motions.begin(), opt.motions.end(), name) == opt.motions.end())
        opt.motions.push_back(name);
    }
    if (opt.motions.empty()) return fail(a, "--motions: name at least one of " + exportable_motion_list(&library));
  }
  auto creature = load_creature(a.get("creature"));
  if (!creature) return fail(a, creature.error().to_string());
  Result<ExportReport> r = export_glb(*creature, opt, a.get("out"));
  if (!r) {
    Error e = r.error();
    if (e.file.empty()) e.file = a.get("creature");
    return fail(a, e.to_string());
  }
  Json j;
  j["out"] = a.get("out");
  j["bytes"] = r->bytes;
  j["vertices"] = r->vertices;
  j["triangles"] = r->triangles;
  j["joints"] = r->joints;
  j["max_error_m"] = opt.max_error_m;
  j["motions"] = Json::array();
  for (const ExportedMotion& m : r->motions)
    j["motions"].push_back({{"name", m.name},
                            {"ticks", m.ticks},
                            {"duration_s", m.duration_s},
                            {"loop", m.loop},
                            {"keys_before", m.keys_before},
                            {"keys_after", m.keys_after},
                            {"max_error_m", m.max_error_m}});
  j["skipped"] = r->skipped;
  return print_json(j);
}

}  // namespace cf::lab
