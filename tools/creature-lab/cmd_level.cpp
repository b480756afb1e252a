// creature-lab level: load and validate a level, print a summary and optionally one clearance ray.
#include <cmath>

#include "lab_args.h"
#include "world/clearance.h"
#include "world/level.h"
#include "core/json.h"

namespace cf::lab {

// creature-lab level --level FILE [--from x,y,z --dir x,y,z] [--skip-fence N]
int cmd_level(const Args& a) {
  if (!a.only({"level", "from", "dir", "skip-fence"})) return kExitBadInput;
  if (!a.has("level")) return fail(a, "--level FILE is required");
  auto lv = load_level(a.get("level"));
  if (!lv) return fail(a, lv.error().to_string());
  Json j;
  j["name"] = lv->name;
  j["fences"] = lv->fences.size();
  j["walls"] = lv->walls.size();
  std::size_t pipes = 0, planes = 0;
  for (const Wall& w : lv->walls) pipes += w.pipes.size(), planes += w.has_virtual_plane ? 1 : 0;
  j["pipes"] = pipes;
  j["virtual_planes"] = planes;
  j["regions"] = lv->regions.size();
  j["spawn"] = {lv->spawn.x, lv->spawn.y, lv->spawn.z};
  j["spawn_heading_deg"] = lv->spawn_heading_deg;
  if (a.has("from") || a.has("dir")) {
    double from[3], dir[3], skip = -1;
    if (!a.get_vec3("from", from) || !a.get_vec3("dir", dir)) return kExitBadInput;
    if (!a.get_number("skip-fence", -1, &skip)) return kExitBadInput;
    ClearanceQuery q;
    q.origin_ws = glm::vec3(float(from[0]), float(from[1]), float(from[2]));
    q.dir_ws = glm::vec3(float(dir[0]), float(dir[1]), float(dir[2]));
    if (std::hypot(dir[0], dir[2]) < 1e-9) return fail(a, "--dir must have a horizontal component");
    q.skip_fence = int(skip);
    RayHit h = ray_clearance(*lv, q);
    j["lref"] = h.distance;
    j["hit"] = to_string(h.kind);
    j["hit_index"] = h.index;
  }
  return print_json(j);
}

}  // namespace cf::lab
