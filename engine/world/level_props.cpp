// The level's optional "props" (rocks, bushes, trees that stand on the ground and are solid) and "sky".
#include <cmath>
#include <string>

#include "world/ground_query.h"
#include "world/level.h"
#include "world/level_fields.h"
#include "core/json.h"

namespace cf {

namespace {

struct KindName {
  Prop::Kind kind;
  const char* name;
  glm::vec3 solid;  // half extents across (x, z) in y's place: the height above the ground
};
// The solid parts: a rock and a bush whole, a tree its trunk (the canopy is above a creature's back).
constexpr KindName kKinds[] = {
    {Prop::Kind::kRock, "rock", {0.5f, 0.7f, 0.42f}},
    {Prop::Kind::kBush, "bush", {0.5f, 0.8f, 0.5f}},
    {Prop::Kind::kTree, "tree", {0.2f, 2.0f, 0.2f}},
};
constexpr float kPropFootDepth_m = 0.3f;  // the solid reaches this far into the ground (slopes, steps)


Status read_color(const Json& obj, const char* key, glm::vec3* out, const std::string& file, const std::string& where) {
  const std::string f = field_path(where, key);
  const Json& c = obj[key];
  if (!c.is_array() || c.size() != 3) return Error{file, f, "must be [r, g, b], each 0..255"};
  for (int k = 0; k < 3; ++k) {
    if (!c[std::size_t(k)].is_number()) return Error{file, f, "must be [r, g, b], each 0..255"};
    const double v = c[std::size_t(k)].get<double>();
    if (!(v >= 0.0 && v <= 255.0)) return Error{file, f, "must be [r, g, b], each 0..255"};
    (*out)[k] = float(v / 255.0);
  }
  return {};
}

}  // namespace

const char* prop_kind_name(Prop::Kind kind) {
  for (const KindName& k : kKinds)
    if (k.kind == kind) return k.name;
  return "?";
}

glm::vec3 prop_solid_size(Prop::Kind kind) {
  for (const KindName& k : kKinds)
    if (k.kind == kind) return k.solid;
  return glm::vec3(0.5f);
}

Status parse_props(const Json& j, std::vector<Prop>* props, const std::string& file) {
  if (!j.is_array()) return Error{file, "props", "must be an array"};
  if (j.size() > kLevelMaxObjects) return Error{file, "props", "too many props (at most 4096)"};
  std::vector<Prop> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string where = element_path("props", i);
    const Json& pj = j[i];
    if (!pj.is_object()) return Error{file, where, "must be an object {\"kind\", \"position\", \"yaw_deg\", \"scale\"}"};
    if (Status s = check_keys(pj, {"kind", "position", "yaw_deg", "scale"}, file, where); !s) return s;
    Prop p;
    std::string kind;
    if (Status s = read_string(pj, "kind", &kind, file, where); !s) return s;
    bool known = false;
    for (const KindName& k : kKinds)
      if (kind == k.name) p.kind = k.kind, known = true;
    if (!known) return Error{file, field_path(where, "kind"), "must be \"rock\", \"bush\" or \"tree\""};
    if (Status s = read_ground_xz(pj, "position", &p.position_xz, file, where); !s) return s;
    double v = 0.0;
    if (pj.contains("yaw_deg")) {
      if (Status s = read_number(pj, "yaw_deg", &v, file, where); !s) return s;
      if (!(std::fabs(v) <= 3600.0)) return Error{file, field_path(where, "yaw_deg"), "must be within 3600 degrees"};
      p.yaw_deg = float(v);
    }
    if (pj.contains("scale")) {
      if (Status s = read_number(pj, "scale", &v, file, where); !s) return s;
      if (!(v >= kPropMinScale && v <= kPropMaxScale)) return Error{file, field_path(where, "scale"), "must be in [0.25, 4]"};
      p.scale = float(v);
    }
    out.push_back(p);
  }
  *props = std::move(out);
  return {};
}

Json props_to_json(const std::vector<Prop>& props) {
  Json out = Json::array();
  for (const Prop& p : props)
    out.push_back(Json{{"kind", prop_kind_name(p.kind)},
                       {"position", Json::array({p.position_xz.x, p.position_xz.y})},
                       {"yaw_deg", p.yaw_deg},
                       {"scale", p.scale}});
  return out;
}

void add_prop_walls(Level* level) {
  const LevelGround ground(level);
  for (std::size_t i = 0; i < level->props.size(); ++i) {
    const Prop& p = level->props[i];
    const glm::vec3 solid = prop_solid_size(p.kind) * p.scale;
    const float foot_y = ground.at(p.position_xz.x, p.position_xz.y).y;
    const float bottom = foot_y - kPropFootDepth_m, top = foot_y + solid.y;
    Wall w;
    w.box.centre = glm::vec3(p.position_xz.x, 0.5f * (bottom + top), p.position_xz.y);
    w.box.half_extents = glm::vec3(solid.x, 0.5f * (top - bottom), solid.z);
    w.box.yaw_deg = p.yaw_deg;
    w.prop = static_cast<int>(i);
    level->walls.push_back(std::move(w));
  }
}

Status parse_sky(const Json& j, LevelSky* sky, const std::string& file) {
  const std::string where = "sky";
  if (!j.is_object()) return Error{file, where, "must be an object {\"zenith\", \"horizon\", \"fog_m\"}"};
  if (Status s = check_keys(j, {"zenith", "horizon", "fog_m"}, file, where); !s) return s;
  LevelSky out;
  out.present = true;
  if (j.contains("zenith")) {
    if (Status s = read_color(j, "zenith", &out.zenith, file, where); !s) return s;
  }
  if (j.contains("horizon")) {
    if (Status s = read_color(j, "horizon", &out.horizon, file, where); !s) return s;
  }
  if (j.contains("fog_m")) {
    const Json& f = j["fog_m"];
    const std::string fw = field_path(where, "fog_m");
    const char* rule = "must be [start, end]: view distances in metres, 0 <= start < end <= 190";
    if (!f.is_array() || f.size() != 2 || !f[0].is_number() || !f[1].is_number()) return Error{file, fw, rule};
    const double a = f[0].get<double>(), b = f[1].get<double>();
    if (!(a >= 0.0 && a < b && b <= 190.0)) return Error{file, fw, rule};
    out.fog_start_m = float(a);
    out.fog_end_m = float(b);
  }
  *sky = out;
  return {};
}

Json sky_to_json(const LevelSky& sky) {
  auto rgb = [](const glm::vec3& c) {
    return Json::array({std::lround(c.r * 255.0f), std::lround(c.g * 255.0f), std::lround(c.b * 255.0f)});
  };
  Json j = Json::object();
  if (sky.zenith.r >= 0.0f) j["zenith"] = rgb(sky.zenith);
  if (sky.horizon.r >= 0.0f) j["horizon"] = rgb(sky.horizon);
  if (sky.fog_end_m > sky.fog_start_m) j["fog_m"] = Json::array({sky.fog_start_m, sky.fog_end_m});
  return j;
}

}  // namespace cf
