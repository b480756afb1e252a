// creature-lab export-poses: the creature's flesh skinned by the game's own skinning (palette
// skinning, skin/skinned_creature.h) at the poses `export` samples, so outside players (three.js)
// can be compared with the game. Writes JSON: times, vertex count, positions per time.
#include <sstream>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "gltf/gltf_export.h"
#include "lab_args.h"
#include "core/json.h"

namespace cf::lab {

int cmd_export_poses(const Args& a) {
  if (!a.only({"creature", "motion", "times", "out"})) return kExitBadInput;
  for (const char* k : {"creature", "motion", "times", "out"})
    if (!a.values.count(k)) return fail(a, std::string("--") + k + " is required");
  std::vector<double> times;
  if (!a.get_times("times", &times)) return kExitBadInput;
  auto creature = load_creature(a.get("creature"));
  if (!creature) return fail(a, creature.error().to_string());
  ExportOptions opt;
  opt.motions = {a.get("motion")};
  Result<ExportSource> src = prepare_export(*creature, opt, nullptr);
  if (!src) return fail(a, src.error().to_string());
  const PosedMotion& m = src->motions.front();
  std::vector<glm::mat4> inv_bind(src->bind_ms.size());
  invert_bind_matrices(src->bind_ms, inv_bind);
  SkinBuffers out;
  out.resize_for(src->flesh);
  Json doc;
  doc["format"] = "critterforge.export_poses/1";
  doc["motion"] = m.name;
  doc["vertices"] = src->flesh.mesh.vertex_count();
  doc["poses"] = Json::array();
  for (double t : times) {
    const int k = export_frame_at(m, t);
    if (!skin_with_palette(src->flesh, m.frames[static_cast<std::size_t>(k)], inv_bind, &out))
      return fail(a, "skinning failed", kExitFailure);
    Json pos = Json::array();
    for (const glm::vec3& p : out.positions_ms) pos.insert(pos.end(), {p.x, p.y, p.z});
    doc["poses"].push_back({{"time", k * kTick_s}, {"tick", k}, {"positions", std::move(pos)}});
  }
  if (Status st = write_file_atomic(a.get("out"), doc.dump() + "\n"); !st)
    return fail(a, st.error.to_string());
  Json j;
  j["out"] = a.get("out");
  j["motion"] = m.name;
  j["duration_s"] = m.duration_s();
  j["vertices"] = src->flesh.mesh.vertex_count();
  return print_json(j);
}

}  // namespace cf::lab
