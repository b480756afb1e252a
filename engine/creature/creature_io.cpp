#include "creature/creature_io.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/file_io.h"
#include "creature/creature_card.h"
#include "core/json.h"

namespace cf {

static Status parse_part(const Json& j, const std::string& file, const std::string& where, Part* out) {
  if (!j.is_object()) return Error{file, where, "must be an object with tag, radius and stroke"};
  if (Status s = check_keys(j, {"tag", "side", "radius", "stroke"}, file, where); !s) return s;
  std::string tag;
  if (Status s = read_string(j, "tag", &tag, file, where); !s) return s;
  if (!parse_part_tag(tag, &out->tag))
    return Error{file, where + ".tag", "unknown tag \"" + tag + "\" (expected torso, head, leg, arm or tail)"};
  if (j.contains("side")) {
    std::string side;
    if (Status s = read_string(j, "side", &side, file, where); !s) return s;
    if (!parse_side(side, &out->side))
      return Error{file, where + ".side", "unknown side \"" + side + "\" (expected left, right or center)"};
    out->side_given = true;
  }
  double radius = 0.0;
  if (Status s = read_number(j, "radius", &radius, file, where); !s) return s;
  out->radius = static_cast<float>(radius);
  const std::string sf = where + ".stroke";
  auto it = j.find("stroke");
  if (it == j.end()) return Error{file, sf, "missing"};
  if (!it->is_array()) return Error{file, sf, "must be an array of [x, y, z] points"};
  if (it->size() > static_cast<std::size_t>(CreatureLimits::kMaxStrokePoints))
    return Error{file, sf, "stroke has " + std::to_string(it->size()) + " points (at most 4096)"};
  out->stroke.clear();
  for (std::size_t i = 0; i < it->size(); ++i) {
    std::array<double, 3> v{};
    if (Status s = read_vec3((*it)[i], &v, file, sf + "[" + std::to_string(i) + "]"); !s) return s;
    out->stroke.emplace_back(static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2]));
  }
  if (!out->side_given) out->side = derive_side(out->stroke);
  return {};
}

static Status parse_colour(const Json& j, const char* key, Rgb555* out, const std::string& file,
                           const std::string& where) {
  std::string hex;
  if (Status s = read_string(j, key, &hex, file, where); !s) return s;
  if (!parse_hex_colour(hex, out)) return Error{file, field_path(where, key), "\"" + hex + "\" is not a #rrggbb colour"};
  return {};
}

static Status parse_part_paint(const Json& j, const std::string& file, const std::string& where, PartPaint* out) {
  if (!j.is_object()) return Error{file, where, "must be an object with base, pattern, second and scale"};
  if (Status s = check_keys(j, {"base", "pattern", "second", "scale"}, file, where); !s) return s;
  if (Status s = parse_colour(j, "base", &out->base, file, where); !s) return s;
  if (Status s = parse_colour(j, "second", &out->second, file, where); !s) return s;
  std::string pattern;
  if (Status s = read_string(j, "pattern", &pattern, file, where); !s) return s;
  if (!parse_paint_pattern(pattern, &out->pattern))
    return Error{file, where + ".pattern",
                 "unknown pattern \"" + pattern + "\" (expected solid, stripes, spots, belly or bands)"};
  double scale = 1.0;
  if (Status s = read_number(j, "scale", &scale, file, where); !s) return s;
  if (!(scale >= kMinPaintScale && scale <= kMaxPaintScale))
    return Error{file, where + ".scale", "out of range (0.25 to 4)"};
  out->scale = static_cast<float>(scale);
  return {};
}

// The optional "paint" block: one entry per part, in the parts' order.
static Status parse_paint(const Json& j, const std::string& file, Creature* c) {
  if (!j.is_object()) return Error{file, "paint", "must be an object with eyes and parts"};
  if (Status s = check_keys(j, {"eyes", "parts"}, file, "paint"); !s) return s;
  double eyes = 2.0;
  if (Status s = read_number(j, "eyes", &eyes, file, "paint"); !s) return s;
  if (eyes != std::floor(eyes) || eyes < 0.0 || eyes > kMaxEyes)
    return Error{file, "paint.eyes", "must be a whole number from 0 to " + std::to_string(kMaxEyes)};
  c->eyes = static_cast<int>(eyes);
  auto parts = j.find("parts");
  if (parts == j.end()) return Error{file, "paint.parts", "missing"};
  if (!parts->is_array()) return Error{file, "paint.parts", "must be an array, one entry per part"};
  if (parts->size() != c->parts.size())
    return Error{file, "paint.parts",
                 std::to_string(parts->size()) + " entries for " + std::to_string(c->parts.size()) + " parts"};
  for (std::size_t i = 0; i < parts->size(); ++i) {
    const std::string where = "paint.parts[" + std::to_string(i) + "]";
    if (Status s = parse_part_paint((*parts)[i], file, where, &c->parts[i].paint); !s) return s;
  }
  c->painted = true;
  return {};
}

Result<Creature> parse_creature(const std::string& text, const std::string& file, bool check_rules) {
  auto j = parse_json(text, file);  // a 1e999 is named by line and field there
  if (!j) return j.error();
  if (Status s = check_format(*j, kCreatureFormat, file); !s) return s.error;
  if (Status s = check_keys(*j, {"format", "name", "parts", "paint"}, file, ""); !s) return s.error;
  Creature c;
  if (Status s = read_string(*j, "name", &c.name, file, ""); !s) return s.error;
  auto parts = j->find("parts");
  if (parts == j->end()) return Error{file, "parts", "missing"};
  if (!parts->is_array()) return Error{file, "parts", "must be an array of parts"};
  if (parts->size() > static_cast<std::size_t>(CreatureLimits::kMaxParts))
    return Error{file, "parts", "too many parts (" + std::to_string(parts->size()) + ", at most 64)"};
  for (std::size_t i = 0; i < parts->size(); ++i) {
    Part p;
    if (Status s = parse_part((*parts)[i], file, "parts[" + std::to_string(i) + "]", &p); !s) return s.error;
    c.parts.push_back(std::move(p));
  }
  if (auto paint = j->find("paint"); paint != j->end()) {
    if (Status s = parse_paint(*paint, file, &c); !s) return s.error;
  }
  if (check_rules) {
    if (Status s = validate_creature(c, file); !s) return s.error;
  }
  return c;
}

// A creature card (creature/creature_card.h) is taken as the file it holds.
Result<Creature> load_creature(const std::string& path) {
  return read_and_parse<Creature>(path, 32u << 20, +[](const std::string& bytes, const std::string& file) {
    Result<std::string> text = creature_text_of(bytes, file);  // a creature card holds the file
    if (!text) return Result<Creature>(text.error());
    return parse_creature(*text, file);
  });
}

Json creature_to_json(const Creature& c) {
  Json j;
  j["format"] = kCreatureFormat;
  j["name"] = c.name;
  j["parts"] = Json::array();
  for (const Part& p : c.parts) {
    Json jp;
    jp["tag"] = to_string(p.tag);
    if (p.side_given) jp["side"] = to_string(p.side);
    jp["radius"] = p.radius;
    Json s = Json::array();
    for (const glm::vec3& q : p.stroke) s.push_back({q.x, q.y, q.z});
    jp["stroke"] = std::move(s);
    j["parts"].push_back(std::move(jp));
  }
  if (c.painted) {
    Json paint;
    paint["eyes"] = c.eyes;
    paint["parts"] = Json::array();
    for (const Part& p : c.parts) {
      Json pp;
      pp["base"] = rgb555_to_hex(p.paint.base);
      pp["pattern"] = to_string(p.paint.pattern);
      pp["second"] = rgb555_to_hex(p.paint.second);
      pp["scale"] = p.paint.scale;
      paint["parts"].push_back(std::move(pp));
    }
    j["paint"] = std::move(paint);
  }
  return j;
}

Status save_creature(const std::string& path, const Creature& c) {
  if (Status s = validate_creature(c, path); !s) return s;
  return write_file_atomic(path, creature_to_json(c).dump(2) + "\n");
}

}  // namespace cf
