// A trial level's optional spectators: how many, and the areas behind the barriers they stand in,
// read, checked and written like the rest of the level (every error names the field).
#include <algorithm>
#include <cmath>

#include "math/geometry.h"
#include "world/level.h"
#include "world/level_fields.h"
#include "core/json.h"

namespace cf {
namespace {

constexpr float kMaxAreaHalf_m = 50.0f;


// Whether the segment a-b passes through the area's rectangle.
bool segment_meets_area(const SpectatorArea& r, glm::vec2 a, glm::vec2 b) {
  return segment_meets_rect(a, b, r.centre_xz - r.half_extents, r.centre_xz + r.half_extents);
}

}  // namespace

bool SpectatorArea::contains(glm::vec2 p) const {
  return std::fabs(p.x - centre_xz.x) <= half_extents.x && std::fabs(p.y - centre_xz.y) <= half_extents.y;
}

Status parse_spectators(const Json& j, Spectators* sp, const std::string& file) {
  if (!j.is_object()) return Error{file, "spectators", "must be an object {\"count\": N, \"areas\": [...]}"};
  if (Status s = check_keys(j, {"count", "areas"}, file, "spectators"); !s) return s;
  auto c = j.find("count");
  if (c == j.end()) return Error{file, "spectators.count", "missing"};
  if (!c->is_number_integer() || c->get<long long>() < 1 || c->get<long long>() > 64)
    return Error{file, "spectators.count", "must be a whole number of creatures in [1, 64]"};
  sp->count = static_cast<int>(c->get<long long>());
  auto a = j.find("areas");
  if (a == j.end()) return Error{file, "spectators.areas", "missing"};
  if (!a->is_array()) return Error{file, "spectators.areas", "must be an array of {\"centre\", \"half_extents\"}"};
  if (a->empty() || a->size() > kMaxSpectatorAreas)
    return Error{file, "spectators.areas", "needs 1 to " + std::to_string(kMaxSpectatorAreas) + " areas"};
  for (std::size_t i = 0; i < a->size(); ++i) {
    const Json& e = (*a)[i];
    if (!e.is_object()) return Error{file, element_path("spectators.areas", i), "must be an object {\"centre\": [x, z], \"half_extents\": [hx, hz]}"};
    if (Status s = check_keys(e, {"centre", "half_extents"}, file, element_path("spectators.areas", i)); !s) return s;
    SpectatorArea area;
    if (Status s = read_ground_xz(e, "centre", &area.centre_xz, file, element_path("spectators.areas", i)); !s) return s;
    if (Status s = read_ground_xz(e, "half_extents", &area.half_extents, file, element_path("spectators.areas", i)); !s) return s;
    sp->areas.push_back(area);
  }
  return {};
}

Status validate_spectators(const Level& lv, const std::string& file) {
  const Spectators& sp = lv.spectators;
  if (sp.count == 0 && sp.areas.empty()) return {};
  if (!lv.trial.present) return Error{file, "spectators", "only a trial level has spectators (a free level has \"herd\")"};
  if (sp.count < 1 || sp.count > 64) return Error{file, "spectators.count", "must be a whole number of creatures in [1, 64]"};
  if (sp.areas.empty() || sp.areas.size() > kMaxSpectatorAreas)
    return Error{file, "spectators.areas", "needs 1 to " + std::to_string(kMaxSpectatorAreas) + " areas"};
  const Trial& t = lv.trial;
  for (std::size_t i = 0; i < sp.areas.size(); ++i) {
    const SpectatorArea& r = sp.areas[i];
    if (!std::isfinite(r.centre_xz.x) || !std::isfinite(r.centre_xz.y))
      return Error{file, field_path(element_path("spectators.areas", i), "centre"), "must be finite"};
    if (!(r.half_extents.x > 0.0f) || !(r.half_extents.y > 0.0f) || r.half_extents.x > kMaxAreaHalf_m ||
        r.half_extents.y > kMaxAreaHalf_m)
      return Error{file, field_path(element_path("spectators.areas", i), "half_extents"), "each half extent must be > 0 and at most 50 m"};
    const float g = lv.ground_half_size;
    if (std::fabs(r.centre_xz.x) + r.half_extents.x > g || std::fabs(r.centre_xz.y) + r.half_extents.y > g)
      return Error{file, element_path("spectators.areas", i), "must lie on the ground (within " + std::to_string(static_cast<int>(g)) + " m of its centre)"};
    // Spectators on a gate's line would stand on the course.
    std::vector<std::pair<const TrialGate*, std::string>> gates{{&t.start, "start"}, {&t.finish, "finish"}};
    for (std::size_t k = 0; k < t.checkpoints.size(); ++k) gates.emplace_back(&t.checkpoints[k], "checkpoint " + std::to_string(k));
    for (const auto& [gate, name] : gates) {
      const glm::vec2 half = gate->across() * (0.5f * gate->width_m);
      if (segment_meets_area(r, gate->centre_xz - half, gate->centre_xz + half))
        return Error{file, element_path("spectators.areas", i), "is on the course: it crosses the " + name + " gate"};
    }
  }
  return {};
}

Json spectators_to_json(const Spectators& sp) {
  Json areas = Json::array();
  for (const SpectatorArea& r : sp.areas)
    areas.push_back(Json{{"centre", Json::array({r.centre_xz.x, r.centre_xz.y})},
                         {"half_extents", Json::array({r.half_extents.x, r.half_extents.y})}});
  return Json{{"count", sp.count}, {"areas", areas}};
}

glm::vec2 nearest_on_course(const Trial& t, glm::vec2 p) {
  std::vector<glm::vec2> line{t.start.centre_xz};
  for (const TrialGate& g : t.checkpoints) line.push_back(g.centre_xz);
  line.push_back(t.finish.centre_xz);
  glm::vec2 best = line[0];
  float best_d2 = 1e30f;
  for (std::size_t k = 0; k + 1 < line.size(); ++k) {
    const glm::vec2 a = line[k], d = line[k + 1] - a;
    const float len2 = glm::dot(d, d);
    const float u = len2 > 1e-12f ? std::clamp(glm::dot(p - a, d) / len2, 0.0f, 1.0f) : 0.0f;
    const glm::vec2 q = a + d * u;
    const float d2 = glm::dot(p - q, p - q);
    if (d2 < best_d2) best_d2 = d2, best = q;
  }
  return best;
}

}  // namespace cf
