// Level file reading, validation and atomic saving ("critterforge.level/1").
#include <algorithm>
#include <array>
#include <cmath>

#include "core/file_io.h"
#include "world/clearance.h"
#include "world/level.h"
#include "world/level_fields.h"
#include "core/json.h"

namespace cf {
namespace {

constexpr const char* kFormat = "critterforge.level/1";


bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

Status vec3_field(const Json& obj, const char* key, glm::vec3* out, const std::string& file,
                  const std::string& where) {
  std::string f = field_path(where, key);
  auto it = obj.find(key);
  if (it == obj.end()) return Error{file, f, "missing"};
  std::array<double, 3> v{};
  if (Status s = read_vec3(*it, &v, file, f); !s) return s;
  for (double d : v)
    if (std::fabs(d) > kLevelMaxCoord_m)
      return Error{file, f, "coordinate beyond " + std::to_string(int(kLevelMaxCoord_m)) + " m"};
  *out = glm::vec3(float(v[0]), float(v[1]), float(v[2]));
  return {};
}

// Optional number: keeps *out when the key is absent.
Status opt_number(const Json& obj, const char* key, float* out, const std::string& file,
                  const std::string& where) {
  if (!obj.contains(key)) return {};
  double d = 0;
  if (Status s = read_number(obj, key, &d, file, where); !s) return s;
  if (std::fabs(d) > 1e6) return Error{file, field_path(where, key), "absurd value"};
  *out = float(d);
  return {};
}

Status parse_box(const Json& j, Box* box, const std::string& file, const std::string& where, bool wall) {
  if (!j.is_object()) return Error{file, where, "must be an object"};
  Status keys = wall ? check_keys(j, {"centre", "half_extents", "yaw_deg", "pipes", "virtual_plane"}, file, where)
                     : check_keys(j, {"centre", "half_extents", "yaw_deg"}, file, where);
  if (!keys) return keys;
  if (Status s = vec3_field(j, "centre", &box->centre, file, where); !s) return s;
  if (Status s = vec3_field(j, "half_extents", &box->half_extents, file, where); !s) return s;
  box->yaw_deg = 0.0f;
  return opt_number(j, "yaw_deg", &box->yaw_deg, file, where);
}

Status parse_wall(const Json& j, Wall* w, const std::string& file, const std::string& where) {
  if (Status s = parse_box(j, &w->box, file, where, true); !s) return s;
  if (j.contains("pipes")) {
    const Json& arr = j["pipes"];
    std::string pw = field_path(where, "pipes");
    if (!arr.is_array()) return Error{file, pw, "must be an array"};
    if (arr.size() > kLevelMaxObjects) return Error{file, pw, "too many pipes"};
    for (std::size_t i = 0; i < arr.size(); ++i) {
      std::string at = element_path(pw, i);
      if (!arr[i].is_object()) return Error{file, at, "must be an object"};
      if (Status s = check_keys(arr[i], {"a", "b", "radius"}, file, at); !s) return s;
      Pipe p;
      if (Status s = vec3_field(arr[i], "a", &p.a, file, at); !s) return s;
      if (Status s = vec3_field(arr[i], "b", &p.b, file, at); !s) return s;
      double r = 0;
      if (Status s = read_number(arr[i], "radius", &r, file, at); !s) return s;
      p.radius = float(r);
      w->pipes.push_back(p);
    }
  }
  if (j.contains("virtual_plane")) {
    const Json& vp = j["virtual_plane"];
    std::string vw = field_path(where, "virtual_plane");
    if (!vp.is_object()) return Error{file, vw, "must be an object {\"point\", \"normal\"} or {\"face\"}"};
    if (Status s = check_keys(vp, {"face", "point", "normal"}, file, vw); !s) return s;
    if (vp.contains("face")) {
      if (vp.contains("point") || vp.contains("normal"))
        return Error{file, vw, "give either \"face\" or \"point\" and \"normal\", not both"};
      std::string face;
      if (Status s = read_string(vp, "face", &face, file, vw); !s) return s;
      if (!derive_virtual_plane(w, face))
        return Error{file, field_path(vw, "face"), "must be \"+x\", \"-x\", \"+z\" or \"-z\", got \"" + face + "\""};
    } else {
      glm::vec3 n;
      if (Status s = vec3_field(vp, "point", &w->plane_point, file, vw); !s) return s;
      if (Status s = vec3_field(vp, "normal", &n, file, vw); !s) return s;
      float len = glm::length(n);
      if (!(len > 1e-6f)) return Error{file, field_path(vw, "normal"), "must not be zero"};
      n /= len;
      if (std::fabs(n.y) > 0.01f)
        return Error{file, field_path(vw, "normal"), "must be horizontal (the virtual plane is vertical)"};
      n.y = 0.0f;
      w->plane_normal = glm::normalize(n);
      w->has_virtual_plane = true;
    }
  }
  return {};
}

Status parse_region(const Json& j, Region* r, const std::string& file, const std::string& where) {
  if (!j.is_object()) return Error{file, where, "must be an object"};
  if (Status s = check_keys(j, {"points", "height"}, file, where); !s) return s;
  auto it = j.find("points");
  std::string pw = field_path(where, "points");
  if (it == j.end()) return Error{file, pw, "missing"};
  if (!it->is_array()) return Error{file, pw, "must be an array of [x, z] points"};
  if (it->size() > kLevelMaxPolygon) return Error{file, pw, "too many points (max " + std::to_string(kLevelMaxPolygon) + ")"};
  for (std::size_t i = 0; i < it->size(); ++i) {
    const Json& p = (*it)[i];
    std::string at = element_path(pw, i);
    if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number())
      return Error{file, at, "must be an array of 2 numbers [x, z]"};
    double x = p[0].get<double>(), z = p[1].get<double>();
    if (!std::isfinite(x) || !std::isfinite(z)) return Error{file, at, "coordinate is NaN or infinite"};
    if (std::fabs(x) > kLevelMaxCoord_m || std::fabs(z) > kLevelMaxCoord_m)
      return Error{file, at, "coordinate beyond " + std::to_string(int(kLevelMaxCoord_m)) + " m"};
    r->points_xz.emplace_back(float(x), float(z));
  }
  double h = 0;
  if (Status s = read_number(j, "height", &h, file, where); !s) return s;
  r->height = float(h);
  return {};
}

template <class T, class F>
Status parse_array(const Json& root, const char* key, std::vector<T>* out, const std::string& file, F parse_one) {
  auto it = root.find(key);
  if (it == root.end()) return Error{file, key, "missing (use [] when there are none)"};
  if (!it->is_array()) return Error{file, key, "must be an array"};
  if (it->size() > kLevelMaxObjects)
    return Error{file, key, "too many entries (max " + std::to_string(kLevelMaxObjects) + ")"};
  for (std::size_t i = 0; i < it->size(); ++i) {
    T v;
    if (Status s = parse_one((*it)[i], &v, file, element_path(key, i)); !s) return s;
    out->push_back(std::move(v));
  }
  return {};
}

Status check_box(const Box& b, const std::string& file, const std::string& where) {
  if (!finite3(b.centre) || std::fabs(b.centre.x) > kLevelMaxCoord_m || std::fabs(b.centre.y) > kLevelMaxCoord_m ||
      std::fabs(b.centre.z) > kLevelMaxCoord_m)
    return Error{file, field_path(where, "centre"), "must be finite and within 1000 m"};
  for (int k = 0; k < 3; ++k) {
    float h = b.half_extents[k];
    if (!std::isfinite(h) || !(h > 0.0f))
      return Error{file, field_path(where, "half_extents"), "each half extent must be a finite number > 0"};
    if (h > kLevelMaxHalfExtent_m) return Error{file, field_path(where, "half_extents"), "larger than 500 m"};
  }
  if (!std::isfinite(b.yaw_deg) || std::fabs(b.yaw_deg) > 360.0f * 16)
    return Error{file, field_path(where, "yaw_deg"), "must be a finite angle in degrees"};
  return {};
}

// Twice the signed area; also reports whether every turn has the same sign.
bool convex_polygon(const std::vector<glm::vec2>& p, float* area2) {
  std::size_t n = p.size();
  double a = 0;
  int sign = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const glm::vec2& p0 = p[i];
    const glm::vec2& p1 = p[(i + 1) % n];
    const glm::vec2& p2 = p[(i + 2) % n];
    a += double(p0.x) * p1.y - double(p1.x) * p0.y;
    double cross = double(p1.x - p0.x) * (p2.y - p1.y) - double(p1.y - p0.y) * (p2.x - p1.x);
    if (std::fabs(cross) < 1e-9) continue;  // collinear points are allowed
    int s = cross > 0 ? 1 : -1;
    if (sign != 0 && s != sign) return false;
    sign = s;
  }
  *area2 = float(a);
  return sign != 0;
}

}  // namespace

glm::vec3 Box::axis_x() const {
  float r = glm::radians(yaw_deg);
  return glm::vec3(std::cos(r), 0.0f, -std::sin(r));
}
glm::vec3 Box::axis_z() const {
  float r = glm::radians(yaw_deg);
  return glm::vec3(std::sin(r), 0.0f, std::cos(r));
}
glm::vec3 Box::to_local(const glm::vec3& p_ws) const {
  glm::vec3 d = p_ws - centre;
  return glm::vec3(glm::dot(d, axis_x()), d.y, glm::dot(d, axis_z()));
}
glm::vec3 Box::to_world(const glm::vec3& p) const {
  return centre + axis_x() * p.x + glm::vec3(0.0f, p.y, 0.0f) + axis_z() * p.z;
}

bool derive_virtual_plane(Wall* w, const std::string& face) {
  glm::vec3 n;
  float h;
  const Box& b = w->box;
  if (face == "+x") n = b.axis_x(), h = b.half_extents.x;
  else if (face == "-x") n = -b.axis_x(), h = b.half_extents.x;
  else if (face == "+z") n = b.axis_z(), h = b.half_extents.z;
  else if (face == "-z") n = -b.axis_z(), h = b.half_extents.z;
  else return false;
  // Push the plane out past every pipe on that side.
  float out = h;
  for (const Pipe& p : w->pipes) {
    out = std::fmax(out, glm::dot(p.a - b.centre, n) + p.radius);
    out = std::fmax(out, glm::dot(p.b - b.centre, n) + p.radius);
  }
  w->has_virtual_plane = true;
  w->plane_normal = n;
  w->plane_point = glm::vec3(b.centre.x, 0.0f, b.centre.z) + n * out;
  w->plane_face = face;
  return true;
}

Status validate_level(const Level& lv, const std::string& file) {
  if (!std::isfinite(lv.ground_y) || std::fabs(lv.ground_y) > kLevelMaxCoord_m)
    return Error{file, "ground.y", "must be finite and within 1000 m"};
  if (!std::isfinite(lv.ground_half_size) || !(lv.ground_half_size > 0.0f) || lv.ground_half_size > kLevelMaxCoord_m)
    return Error{file, "ground.half_size", "must be > 0 and at most 1000 m"};
  if (!finite3(lv.spawn)) return Error{file, "spawn.position", "must be finite"};
  if (!std::isfinite(lv.spawn_heading_deg)) return Error{file, "spawn.heading_deg", "must be finite"};
  for (std::size_t i = 0; i < lv.fences.size(); ++i)
    if (Status s = check_box(lv.fences[i], file, element_path("fences", i)); !s) return s;
  for (std::size_t i = 0; i < lv.walls.size(); ++i) {
    const Wall& w = lv.walls[i];
    std::string at = element_path("walls", i);
    if (Status s = check_box(w.box, file, at); !s) return s;
    for (std::size_t k = 0; k < w.pipes.size(); ++k) {
      const Pipe& p = w.pipes[k];
      std::string pk = element_path(field_path(at, "pipes"), k);
      if (!finite3(p.a) || !finite3(p.b)) return Error{file, pk, "end points must be finite"};
      if (!std::isfinite(p.radius) || !(p.radius > 0.0f) || p.radius > 10.0f)
        return Error{file, field_path(pk, "radius"), "must be > 0 and at most 10 m"};
    }
    if (w.has_virtual_plane) {
      std::string vw = field_path(at, "virtual_plane");
      if (!finite3(w.plane_point) || !finite3(w.plane_normal) ||
          std::fabs(glm::length(w.plane_normal) - 1.0f) > 1e-3f || std::fabs(w.plane_normal.y) > 1e-3f)
        return Error{file, vw, "needs a finite point and a unit horizontal normal"};
      // The wall must lie behind its plane, or the plane would let creatures into it.
      float c = glm::dot(w.box.centre - w.plane_point, w.plane_normal);
      if (c > 0.0f) return Error{file, field_path(vw, "normal"), "must point away from the wall (the wall's centre is in front of the plane)"};
    }
  }
  for (std::size_t i = 0; i < lv.gaps.size(); ++i)
    if (Status s = check_box(lv.gaps[i], file, element_path("gaps", i)); !s) return s;
  for (std::size_t i = 0; i < lv.platforms.size(); ++i)
    if (Status s = check_box(lv.platforms[i], file, element_path("platforms", i)); !s) return s;
  if (!lv.terrain.heights_m.empty() &&
      lv.terrain.heights_m.size() != std::size_t(lv.terrain.columns) * std::size_t(std::max(lv.terrain.rows, 0)))
    return Error{file, "terrain.heights_m", "does not hold rows x columns samples"};
  for (std::size_t i = 0; i < lv.regions.size(); ++i) {
    const Region& r = lv.regions[i];
    std::string at = element_path("regions", i);
    if (r.points_xz.size() < 3) return Error{file, field_path(at, "points"), "a region needs at least 3 points"};
    if (r.points_xz.size() > kLevelMaxPolygon) return Error{file, field_path(at, "points"), "too many points"};
    for (const glm::vec2& p : r.points_xz)
      if (!std::isfinite(p.x) || !std::isfinite(p.y)) return Error{file, field_path(at, "points"), "must be finite"};
    float area2 = 0;
    if (!convex_polygon(r.points_xz, &area2))
      return Error{file, field_path(at, "points"), "polygon must be convex (all turns the same way) and not degenerate"};
    if (std::fabs(area2) < 1e-4f) return Error{file, field_path(at, "points"), "polygon has (almost) no area"};
    if (!std::isfinite(r.height) || !(r.height > 0.0f) || r.height > kLevelMaxHalfExtent_m)
      return Error{file, field_path(at, "height"), "must be > 0 and at most 500 m"};
  }
  if (lv.trial.present && lv.herd > 0) return Error{file, "herd", "a trial level has no herd: the course is the player's (its \"spectators\" stand behind barriers)"};
  if (lv.trial.present) {
    if (Status s = validate_trial(lv.trial, file); !s) return s;
  }
  return validate_spectators(lv, file);
}

const char* ground_material_name(GroundMaterial m) { return m == GroundMaterial::kSand ? "sand" : "grass"; }

Result<Level> parse_level(const std::string& text, const std::string& file) {
  auto jr = parse_json(text, file);
  if (!jr) return jr.error();
  const Json& j = *jr;
  if (Status s = check_format(j, kFormat, file); !s) return s.error;
  if (Status s = check_keys(j, {"format", "name", "notes", "ground", "spawn", "herd", "herd_temperaments", "friends_goal", "fences", "walls", "regions", "gaps", "trial",
                                  "spectators", "terrain", "platforms", "props", "sky", "fixture"},
                                 file, "");
      !s)
    return s.error;
  Level lv;
  if (j.contains("name")) {
    if (Status s = read_string(j, "name", &lv.name, file, ""); !s) return s.error;
  }
  if (j.contains("notes")) {
    if (Status s = read_string(j, "notes", &lv.notes, file, ""); !s) return s.error;
  }
  auto g = j.find("ground");
  if (g == j.end()) return Error{file, "ground", "missing (e.g. {\"y\": 0})"};
  if (!g->is_object()) return Error{file, "ground", "must be an object"};
  if (Status s = check_keys(*g, {"y", "half_size", "material"}, file, "ground"); !s) return s.error;
  if (Status s = opt_number(*g, "y", &lv.ground_y, file, "ground"); !s) return s.error;
  if (Status s = opt_number(*g, "half_size", &lv.ground_half_size, file, "ground"); !s) return s.error;
  if (g->contains("material")) {
    const Json& m = (*g)["material"];
    const std::string name = m.is_string() ? m.get<std::string>() : std::string();
    if (name == "grass") lv.ground_material = GroundMaterial::kGrass;
    else if (name == "sand") lv.ground_material = GroundMaterial::kSand;
    else return Error{file, "ground.material", "must be \"grass\" or \"sand\""};
  }
  if (j.contains("spawn")) {
    const Json& sp = j["spawn"];
    if (!sp.is_object()) return Error{file, "spawn", "must be an object {\"position\", \"heading_deg\"}"};
    if (Status s = check_keys(sp, {"position", "heading_deg"}, file, "spawn"); !s) return s.error;
    if (Status s = vec3_field(sp, "position", &lv.spawn, file, "spawn"); !s) return s.error;
    if (Status s = opt_number(sp, "heading_deg", &lv.spawn_heading_deg, file, "spawn"); !s) return s.error;
  } else {
    lv.spawn = glm::vec3(0.0f, lv.ground_y, 0.0f);
  }
  if (j.contains("herd")) {
    const Json& h = j["herd"];
    if (!h.is_number_integer() || h.get<long long>() < 0 || h.get<long long>() > 64) {
      return Error{file, "herd", "must be a whole number of creatures in [0, 64]"};
    }
    lv.herd = static_cast<int>(h.get<long long>());
  }
  if (j.contains("herd_temperaments")) {
    const Json& t = j["herd_temperaments"];
    if (!t.is_object()) return Error{file, "herd_temperaments", "must be an object of shares, e.g. {\"shy\": 1, \"curious\": 2, \"bold\": 1}"};
    if (Status s = check_keys(t, {"shy", "curious", "bold"}, file, "herd_temperaments"); !s) return s.error;
    const char* names[] = {"shy", "curious", "bold"};
    int total = 0;
    for (int k = 0; k < 3; ++k) {
      int share = 0;
      if (t.contains(names[k])) {
        const Json& v = t[names[k]];
        if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > 100)
          return Error{file, std::string("herd_temperaments.") + names[k], "must be a whole number in [0, 100]"};
        share = static_cast<int>(v.get<long long>());
      }
      lv.herd_temperaments[static_cast<std::size_t>(k)] = share;
      total += share;
    }
    if (total == 0) return Error{file, "herd_temperaments", "needs at least one share above 0"};
  }
  if (j.contains("friends_goal")) {
    const Json& g = j["friends_goal"];
    if (!g.is_number_integer() || g.get<long long>() < 1 || g.get<long long>() > kMaxFriendsGoal)
      return Error{file, "friends_goal", "must be a whole number of friends in [1, 64]"};
    lv.friends_goal = static_cast<int>(g.get<long long>());
  }
  auto parse_fence = [](const Json& fj, Box* b, const std::string& f, const std::string& w) {
    return parse_box(fj, b, f, w, false);
  };
  if (Status s = parse_array(j, "fences", &lv.fences, file, parse_fence); !s) return s.error;
  if (Status s = parse_array(j, "walls", &lv.walls, file, parse_wall); !s) return s.error;
  if (Status s = parse_array(j, "regions", &lv.regions, file, parse_region); !s) return s.error;
  if (j.contains("platforms")) {
    if (Status s = parse_array(j, "platforms", &lv.platforms, file, parse_fence); !s) return s.error;
  }
  if (j.contains("terrain")) {
    if (Status s = parse_terrain(j["terrain"], &lv.terrain, file); !s) return s.error;
  }
  if (j.contains("props")) {
    if (Status s = parse_props(j["props"], &lv.props, file); !s) return s.error;
    add_prop_walls(&lv);
  }
  if (j.contains("sky")) {
    if (Status s = parse_sky(j["sky"], &lv.sky, file); !s) return s.error;
  }
  if (j.contains("fixture")) {
    if (!j["fixture"].is_boolean()) return Error{file, "fixture", "must be true or false"};
    lv.fixture = j["fixture"].get<bool>();
  }
  if (j.contains("gaps")) {
    if (Status s = parse_gaps(j["gaps"], lv.ground_y, &lv.gaps, file); !s) return s.error;
  }
  if (j.contains("trial")) {
    if (Status s = parse_trial(j["trial"], &lv.trial, file); !s) return s.error;
  }
  if (j.contains("spectators")) {
    if (Status s = parse_spectators(j["spectators"], &lv.spectators, file); !s) return s.error;
  }
  if (Status s = validate_level(lv, file); !s) return s.error;
  lv.edges = region_edges(lv);
  return lv;
}

Result<Level> load_level(const std::string& path) { return read_and_parse(path, 16u << 20, parse_level); }

Json level_to_json(const Level& lv) {
  auto v3 = [](const glm::vec3& v) { return Json::array({v.x, v.y, v.z}); };
  auto box = [&](const Box& b) {
    return Json{{"centre", v3(b.centre)}, {"half_extents", v3(b.half_extents)}, {"yaw_deg", b.yaw_deg}};
  };
  Json j;
  j["format"] = kFormat;
  j["name"] = lv.name;
  if (!lv.notes.empty()) j["notes"] = lv.notes;
  j["ground"] = Json{{"y", lv.ground_y}, {"half_size", lv.ground_half_size}};
  if (lv.ground_material != GroundMaterial::kGrass) j["ground"]["material"] = ground_material_name(lv.ground_material);
  j["spawn"] = Json{{"position", v3(lv.spawn)}, {"heading_deg", lv.spawn_heading_deg}};
  if (lv.herd > 0) j["herd"] = lv.herd;
  if (lv.herd_temperaments != std::array<int, 3>{1, 2, 1})
    j["herd_temperaments"] = Json{{"shy", lv.herd_temperaments[0]}, {"curious", lv.herd_temperaments[1]}, {"bold", lv.herd_temperaments[2]}};
  if (lv.friends_goal > 0) j["friends_goal"] = lv.friends_goal;
  j["fences"] = Json::array();
  for (const Box& f : lv.fences) j["fences"].push_back(box(f));
  j["walls"] = Json::array();
  for (const Wall& w : lv.walls) {
    if (w.prop >= 0) continue;  // made from "props" at load
    Json jw = box(w.box);
    if (!w.pipes.empty()) {
      jw["pipes"] = Json::array();
      for (const Pipe& p : w.pipes) jw["pipes"].push_back(Json{{"a", v3(p.a)}, {"b", v3(p.b)}, {"radius", p.radius}});
    }
    if (w.has_virtual_plane) {
      if (!w.plane_face.empty())
        jw["virtual_plane"] = Json{{"face", w.plane_face}};
      else
        jw["virtual_plane"] = Json{{"point", v3(w.plane_point)}, {"normal", v3(w.plane_normal)}};
    }
    j["walls"].push_back(jw);
  }
  j["regions"] = Json::array();
  for (const Region& r : lv.regions) {
    Json pts = Json::array();
    for (const glm::vec2& p : r.points_xz) pts.push_back(Json::array({p.x, p.y}));
    j["regions"].push_back(Json{{"points", pts}, {"height", r.height}});
  }
  if (!lv.gaps.empty()) j["gaps"] = gaps_to_json(lv.gaps);
  if (!lv.platforms.empty()) {
    j["platforms"] = Json::array();
    for (const Box& p : lv.platforms) j["platforms"].push_back(box(p));
  }
  if (lv.terrain.present()) j["terrain"] = terrain_to_json(lv.terrain);
  if (!lv.props.empty()) j["props"] = props_to_json(lv.props);
  if (lv.sky.present) j["sky"] = sky_to_json(lv.sky);
  if (lv.fixture) j["fixture"] = true;
  if (lv.trial.present) j["trial"] = trial_to_json(lv.trial);
  if (lv.spectators.count > 0) j["spectators"] = spectators_to_json(lv.spectators);
  return j;
}

Status save_level(const std::string& path, const Level& lv) {
  if (Status s = validate_level(lv, path); !s) return s;
  return write_file_atomic(path, level_to_json(lv).dump(2) + "\n");
}

}  // namespace cf
