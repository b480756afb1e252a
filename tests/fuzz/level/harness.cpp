// libFuzzer target for the level loader: any bytes either load into a valid level or give an error
// naming the file; a loaded level survives a save/parse round trip and every clearance query.
#include <cstdint>
#include <cmath>
#include <cstdlib>
#include <string>

#include "world/clearance.h"
#include "world/level.h"
#include "core/json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto r = cf::parse_level(text, "fuzz.json");
  if (!r.ok()) {
    if (r.error().file != "fuzz.json" || r.error().message.empty()) std::abort();
    return 0;
  }
  const cf::Level& lv = *r;
  if (!cf::validate_level(lv, "fuzz.json").ok()) std::abort();
  auto again = cf::parse_level(cf::level_to_json(lv).dump(), "again.json");
  if (!again.ok()) std::abort();
  // Queries must stay finite and non-negative on anything the loader accepts.
  cf::ClearanceQuery q;
  q.origin_ws = lv.spawn;
  for (int k = 0; k < 4; ++k) {
    float a = 1.5707963f * float(k);
    q.dir_ws = glm::vec3(std::sin(a), 0.0f, std::cos(a));
    cf::RayHit h = cf::ray_clearance(lv, q);
    if (!(h.distance >= 0.0f) || !(h.distance <= q.max_distance)) std::abort();
  }
  cf::Capsule c{lv.spawn, lv.spawn + glm::vec3(0.0f, 1.0f, 0.5f), 0.1f};
  cf::Penetration p = cf::level_penetration(lv, c);
  if (!(p.depth >= 0.0f) || !std::isfinite(p.depth)) std::abort();
  (void)cf::in_regions(lv, lv.spawn);
  (void)cf::fence_in_reach(lv, lv.spawn, glm::vec3(0.0f, 0.0f, 1.0f), 2.0f);
  return 0;
}
