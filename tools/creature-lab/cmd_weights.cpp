// creature-lab weights: automatic weights, limiting and palette statistics for a creature.
#include <cmath>
#include <cstdio>
#include <map>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "lab_args.h"
#include "skeleton/rig_builder.h"
#include "skin/skinned_creature.h"
#include "core/json.h"

namespace cf::lab {

// Defined in cmd_skin.cpp: bone matrices of the rig over the clip (60 Hz when times is null).
Result<std::vector<std::vector<glm::mat4>>> lab_clip_frames(const Rig& rig, const std::string& motion_path,
                                                             const std::vector<double>* times, double step_s,
                                                             std::vector<glm::mat4>* bind, std::string* source);

// The shipped walk clip: assets/ under the working directory, else under the source tree.
static std::string default_walk_clip() {
  const std::string rel = "assets/motions/walk.json";
  if (is_regular_file(rel)) return rel;
  // Not __FILE__: ccache's base_dir makes it relative to the build folder.
  return std::string(CF_LAB_SOURCE_DIR) + "/" + rel;
}

int cmd_weights(const Args& a) {
  if (!a.only({"creature", "max", "redistribute", "vertices", "quantum", "motion"})) return kExitBadInput;
  if (!a.values.count("creature")) return fail(a, "--creature FILE is required");
  double max = 4, verts = 0, quantum = 1.0 / 128.0;
  if (!a.get_number("max", 4, &max) || !a.get_number("vertices", 0, &verts) ||
      !a.get_number("quantum", 1.0 / 128.0, &quantum))
    return kExitBadInput;
  if (max < 1 || max > 8 || max != std::floor(max)) return fail(a, "--max must be a whole number from 1 to 8");
  if (verts != 0 && (verts < 64 || verts > 2000000)) return fail(a, "--vertices must be 64 to 2000000");
  SkinOptions so;
  so.limit.max_influences = static_cast<int>(max);
  so.mesh.target_vertices = static_cast<int>(verts);
  so.palette.quantum = static_cast<float>(quantum);
  // Checked on the float actually used: 1e-300 is > 0 as a double but 0 (the default) as a float.
  if (!(so.palette.quantum > 0.0f) || so.palette.quantum > 0.5f)
    return fail(a, "--quantum must be in (0, 0.5], got " + a.get("quantum") +
                       (quantum > 0 && so.palette.quantum == 0.0f ? " (0 as a 32-bit float)" : ""));
  if (a.has("redistribute") && !parse_redistribute(a.get("redistribute"), &so.limit.redistribute))
    return fail(a, "--redistribute must be 'proportional' or 'equal'");
  const std::string path = a.get("creature");
  auto creature = load_creature(path);
  if (!creature) return fail(a, creature.error().to_string());
  auto rig = build_rig(*creature);
  if (!rig) {
    Error e = rig.error();
    e.file = path;
    return fail(a, e.to_string());
  }
  auto sc = build_skinned_creature(rig->skeleton, so);
  if (!sc) return fail(a, path + ": " + sc.error().to_string());
  const std::string motion = a.get("motion", default_walk_clip());
  std::vector<glm::mat4> bind, inv_bind(rig->skeleton.size());
  std::string source;
  auto frames = lab_clip_frames(*rig, motion, nullptr, 1.0 / 60.0, &bind, &source);
  if (!frames) return fail(a, frames.error().to_string());
  invert_bind_matrices(bind, inv_bind);
  SkinBuffers pal, exact;
  pal.resize_for(*sc);
  exact.resize_for(*sc);
  float worst = 0.0f;
  for (const auto& f : *frames) {
    float e = palette_error_m(*sc, f, inv_bind, &pal, &exact);
    if (e < 0) return fail(a, "skinning failed", kExitFailure);
    worst = std::max(worst, e);
  }
  std::map<int, int> hist;
  int most = 0, most_before = 0;
  for (int v = 0; v < sc->limited.weights.vertex_count(); ++v) {
    hist[sc->limited.weights.count(v)]++;
    most = std::max(most, sc->limited.weights.count(v));
    most_before = std::max(most_before, sc->envelope.count(v));
  }
  Json h = Json::object();
  for (auto [k, n] : hist) h[std::to_string(k)] = n;
  Json j;
  j["vertices"] = sc->mesh.vertex_count();
  j["triangles"] = sc->mesh.indices.size() / 3;
  j["bones"] = sc->bone_count;
  j["influences_histogram"] = h;
  j["max_influences"] = most;
  j["limit"] = so.limit.resolved_max();
  j["redistribute"] = to_string(so.limit.redistribute);
  j["envelope_max_influences"] = most_before;
  j["palette_size"] = sc->palette.size();
  j["quantum"] = sc->palette.quantum;
  j["max_palette_error_m"] = worst;
  j["frames"] = frames->size();
  j["pose_source"] = source;
  return print_json(j);
}

}  // namespace cf::lab
