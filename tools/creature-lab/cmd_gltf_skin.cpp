// creature-lab gltf-skin: a skinned glTF made elsewhere (.gltf or .glb), posed at given times of
// one of its animations and skinned by our own skinning jobs (engine/gltf/gltf_skin.h). Writes JSON:
// model size, per time the world-space positions of every skinned primitive, in file order.
#include <cmath>
#include <sstream>

#include "core/file_io.h"
#include "gltf/gltf_skin.h"
#include "lab_args.h"
#include "core/json.h"

namespace cf::lab {

int cmd_gltf_skin(const Args& a) {
  if (!a.only({"file", "animation", "times", "out"})) return kExitBadInput;
  for (const char* k : {"file", "times", "out"})
    if (!a.values.count(k)) return fail(a, std::string("--") + k + " is required");
  double anim = 0;
  if (!a.get_number("animation", 0, &anim)) return kExitBadInput;
  std::vector<double> times;
  if (!a.get_times("times", &times)) return kExitBadInput;
  Result<SkinnedGltf> g = load_skinned_gltf(a.get("file"));
  if (!g) return fail(a, g.error().to_string());
  if (anim != std::floor(anim) || anim < -1 || anim >= static_cast<double>(g->animations.size()))
    return fail(a, "--animation must name one of the file's " + std::to_string(g->animations.size()) +
                       " animations (or -1)");
  Json doc;
  doc["format"] = "critterforge.gltf_skin/1";
  doc["size_m"] = g->size_m;
  doc["animation"] = static_cast<int>(anim);
  doc["poses"] = Json::array();
  std::vector<glm::mat4> world;
  std::vector<glm::vec3> pos;
  for (double t : times) {
    pose_gltf_nodes(*g, static_cast<int>(anim), t, &world);
    Json prims = Json::array();
    for (std::size_t p = 0; p < g->primitives.size(); ++p) {
      if (!skin_gltf_primitive(*g, static_cast<int>(p), world, &pos))
        return fail(a, "skinning failed", kExitFailure);
      Json flat = Json::array();
      for (const glm::vec3& v : pos) flat.insert(flat.end(), {v.x, v.y, v.z});
      prims.push_back(std::move(flat));
    }
    doc["poses"].push_back({{"time", t}, {"primitives", std::move(prims)}});
  }
  if (Status st = write_file_atomic(a.get("out"), doc.dump() + "\n"); !st)
    return fail(a, st.error.to_string());
  Json j;
  j["out"] = a.get("out");
  j["size_m"] = g->size_m;
  j["primitives"] = g->primitives.size();
  j["animations"] = g->animation_names;
  return print_json(j);
}

}  // namespace cf::lab
