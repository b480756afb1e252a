// A level's optional course furniture beyond fences and walls: gaps in the ground worth a jump.
#include <cmath>

#include "world/level.h"
#include "world/level_fields.h"
#include "core/json.h"

namespace cf {
namespace {


}  // namespace

Status read_ground_xz(const Json& j, const char* key, glm::vec2* out, const std::string& file, const std::string& where) {
  const std::string w = field_path(where, key);
  auto it = j.find(key);
  if (it == j.end()) return Error{file, w, "missing"};
  if (!it->is_array() || it->size() != 2 || !(*it)[0].is_number() || !(*it)[1].is_number())
    return Error{file, w, "must be an array of 2 numbers [x, z]"};
  const double x = (*it)[0].get<double>(), z = (*it)[1].get<double>();
  if (!std::isfinite(x) || !std::isfinite(z) || std::fabs(x) > kLevelMaxCoord_m || std::fabs(z) > kLevelMaxCoord_m)
    return Error{file, w, "must be finite and within 1000 m"};
  *out = glm::vec2(float(x), float(z));
  return {};
}

Status parse_gaps(const Json& j, float ground_y, std::vector<Box>* gaps, const std::string& file) {
  if (!j.is_array()) return Error{file, "gaps", "must be an array"};
  if (j.size() > kLevelMaxObjects) return Error{file, "gaps", "too many entries"};
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string where = element_path("gaps", i);
    const Json& g = j[i];
    if (!g.is_object()) return Error{file, where, "must be an object {\"centre\": [x, z], \"half_extents\": [hx, hz]}"};
    if (Status s = check_keys(g, {"centre", "half_extents", "yaw_deg"}, file, where); !s) return s;
    glm::vec2 c, h;
    if (Status s = read_ground_xz(g, "centre", &c, file, where); !s) return s;
    if (Status s = read_ground_xz(g, "half_extents", &h, file, where); !s) return s;
    if (!(h.x > 0.0f) || !(h.y > 0.0f) || h.x > kLevelMaxHalfExtent_m || h.y > kLevelMaxHalfExtent_m)
      return Error{file, field_path(where, "half_extents"), "each half extent must be > 0 and at most 500 m"};
    Box b;
    b.centre = glm::vec3(c.x, ground_y - 0.5f * kGapDepth_m, c.y);
    b.half_extents = glm::vec3(h.x, 0.5f * kGapDepth_m, h.y);
    if (g.contains("yaw_deg")) {
      double y = 0;
      if (Status s = read_number(g, "yaw_deg", &y, file, where); !s) return s;
      b.yaw_deg = float(y);
    }
    gaps->push_back(b);
  }
  return {};
}

Json gaps_to_json(const std::vector<Box>& gaps) {
  Json j = Json::array();
  for (const Box& b : gaps)
    j.push_back(Json{{"centre", Json::array({b.centre.x, b.centre.z})},
                     {"half_extents", Json::array({b.half_extents.x, b.half_extents.z})},
                     {"yaw_deg", b.yaw_deg}});
  return j;
}

}  // namespace cf
