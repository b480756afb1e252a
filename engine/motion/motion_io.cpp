// Reading and writing "critterforge.motion/1" and "/2" files.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/file_io.h"
#include "core/tick.h"
#include "motion/motion_clip.h"
#include "core/json.h"

namespace cf {
namespace {

constexpr std::size_t kMaxKeysInFile = 1000000;

struct Reader {
  const std::string& file;
  double time_scale = 1.0;  // file time unit -> seconds

  // A key array [t, v0, v1, ...] of exactly 1 + comps finite numbers.
  Status key(const Json& k, int comps, float* t, float* v, const std::string& where) const {
    if (!k.is_array() || k.size() != static_cast<std::size_t>(1 + comps))
      return Error{file, where, "key must be an array [time, " + std::to_string(comps) + " values]"};
    for (int i = 0; i <= comps; ++i) {
      if (!k[i].is_number()) return Error{file, where, "key entries must be numbers"};
      const double d = k[i].get<double>();
      if (!std::isfinite(d)) return Error{file, where, "NaN or infinite"};
      if (std::fabs(d) > 1e7) return Error{file, where, "absurd value"};
      if (i == 0) *t = static_cast<float>(d * time_scale);
      else v[i - 1] = static_cast<float>(d);
    }
    return {};
  }

  Status keys(const Json& obj, const char* name, int comps, std::vector<float>* times,
              std::vector<float>* flat, const std::string& where, bool required) const {
    const std::string w = field_path(where, name);
    auto it = obj.find(name);
    if (it == obj.end()) return required ? Status(Error{file, w, "missing channel"}) : Status();
    if (!it->is_array()) return Error{file, w, "must be an array of keys"};
    if (it->empty()) return Error{file, w, "missing channel (no keys)"};
    if (it->size() > kMaxKeysInFile) return Error{file, w, "absurd key count"};
    times->resize(it->size());
    flat->resize(it->size() * comps);
    for (std::size_t i = 0; i < it->size(); ++i)
      if (Status s = key((*it)[i], comps, &(*times)[i], &(*flat)[i * comps], w + "[" + std::to_string(i) + "]"); !s)
        return s;
    return {};
  }

  Status vec3(const Json& obj, const char* name, Vec3Channel* c, const std::string& where, bool required) const {
    std::vector<float> flat;
    if (Status s = keys(obj, name, 3, &c->times_s, &flat, where, required); !s) return s;
    c->values.resize(c->times_s.size());
    for (std::size_t i = 0; i < c->values.size(); ++i)
      c->values[i] = glm::vec3(flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]);
    return {};
  }

  Status length(const Json& obj, const char* name, float* out, const std::string& where) const {
    double d = 0.0;
    if (Status s = read_number(obj, name, &d, file, where); !s) return s;
    *out = static_cast<float>(d);
    return {};
  }

  Status limb(const Json& body, const char* name, const char* end, LimbLengths* l) const {
    const std::string w = field_path("reference_body", name);
    auto it = body.find(name);
    if (it == body.end()) return Error{file, w, "missing"};
    if (!it->is_object()) return Error{file, w, "must be an object"};
    if (Status s = length(*it, "upper", &l->upper, w); !s) return s;
    if (Status s = length(*it, "lower", &l->lower, w); !s) return s;
    return length(*it, end, &l->end, w);
  }
};

// The double nearest the shortest decimal that reads back as exactly f (files stay short and exact).
double short_float(float f) {
  char buf[32];
  for (int prec = 6; prec <= 9; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, static_cast<double>(f));
    const double d = std::strtod(buf, nullptr);
    if (static_cast<float>(d) == f) return d;
  }
  return static_cast<double>(f);
}

Json key_json(float t, const float* v, int comps) {
  Json k = Json::array();
  k.push_back(short_float(t));
  for (int i = 0; i < comps; ++i) k.push_back(short_float(v[i]));
  return k;
}

Json vec3_json(const Vec3Channel& c) {
  Json a = Json::array();
  for (int i = 0; i < c.size(); ++i) a.push_back(key_json(c.times_s[i], &c.values[i].x, 3));
  return a;
}

Json steps_json(const StepChannel& c) {
  Json a = Json::array();
  for (int i = 0; i < c.size(); ++i) a.push_back(key_json(c.times_s[i], &c.values[i], 1));
  return a;
}

const char* kFootNames[2] = {"left_foot", "right_foot"};
const char* kHandNames[2] = {"left_hand", "right_hand"};

}  // namespace

Result<MotionClip> parse_motion(const std::string& text, const std::string& file) {
  auto parsed = parse_json(text, file);
  if (!parsed) return parsed.error();
  const Json& j = *parsed;
  const bool v2 = j.is_object() && j.contains("format") && j["format"] == kMotionFormat2;
  if (!v2)
    if (Status s = check_format(j, kMotionFormat, file); !s) return s.error;
  MotionClip clip;
  if (auto d = j.find("description"); d != j.end()) {
    if (!v2) return Error{file, "description", "needs \"format\": \"critterforge.motion/2\""};
    Result<MotionDescription> desc = parse_motion_description(*d, file);
    if (!desc) return desc.error();
    clip.description = std::move(*desc);
  }
  Reader r{file};
  if (auto it = j.find("time_unit"); it != j.end()) {
    if (!it->is_string()) return Error{file, "time_unit", "must be a string"};
    const std::string u = it->get<std::string>();
    if (u == "ticks") r.time_scale = kTick_s;
    else if (u != "seconds") return Error{file, "time_unit", "unknown unit \"" + u + "\" (seconds or ticks)"};
  }
  if (Status s = read_string(j, "name", &clip.name, file, ""); !s) return s.error;
  if (Status s = read_number(j, "duration", &clip.duration_s, file, ""); !s) return s.error;
  clip.duration_s *= r.time_scale;
  auto loop = j.find("loop");
  if (loop == j.end()) return Error{file, "loop", "missing"};
  if (!loop->is_boolean()) return Error{file, "loop", "must be true or false"};
  clip.loop = loop->get<bool>();
  if (auto m = j.find("mirrored"); m != j.end()) {
    if (!m->is_boolean()) return Error{file, "mirrored", "must be true or false"};
    clip.mirrored = m->get<bool>();
  }
  if (auto n = j.find("notes"); n != j.end()) {
    if (!n->is_string()) return Error{file, "notes", "must be a string"};
    clip.notes = n->get<std::string>();
  }
  if (auto c = j.find("cycle_offset"); c != j.end()) {
    std::array<double, 3> v{};
    if (Status s = read_vec3(*c, &v, file, "cycle_offset"); !s) return s.error;
    clip.cycle_offset_ms = glm::vec3(v[0], v[1], v[2]);
  } else if (clip.loop) {
    return Error{file, "cycle_offset", "missing (a looping clip needs its root motion per cycle, [0,0,0] if none)"};
  }
  auto body = j.find("reference_body");
  if (body == j.end()) return Error{file, "reference_body", "missing"};
  if (!body->is_object()) return Error{file, "reference_body", "must be an object"};
  ReferenceBody& b = clip.body;
  if (Status s = r.limb(*body, "left_leg", "foot", &b.legs[0]); !s) return s.error;
  if (Status s = r.limb(*body, "right_leg", "foot", &b.legs[1]); !s) return s.error;
  if (Status s = r.limb(*body, "left_arm", "hand", &b.arms[0]); !s) return s.error;
  if (Status s = r.limb(*body, "right_arm", "hand", &b.arms[1]); !s) return s.error;
  if (Status s = r.length(*body, "hip_height", &b.hip_height, "reference_body"); !s) return s.error;
  if (Status s = r.length(*body, "hip_width", &b.hip_width, "reference_body"); !s) return s.error;
  if (Status s = r.length(*body, "shoulder_height", &b.shoulder_height, "reference_body"); !s) return s.error;
  if (Status s = r.length(*body, "shoulder_width", &b.shoulder_width, "reference_body"); !s) return s.error;
  if (auto o = j.find("obstacle"); o != j.end()) {
    if (!o->is_object()) return Error{file, "obstacle", "must be an object"};
    clip.obstacle.present = true;
    if (Status s = r.length(*o, "near_z", &clip.obstacle.near_z, "obstacle"); !s) return s.error;
    if (Status s = r.length(*o, "height", &clip.obstacle.height, "obstacle"); !s) return s.error;
    if (Status s = r.length(*o, "thickness", &clip.obstacle.thickness, "obstacle"); !s) return s.error;
  }

  auto ch = j.find("channels");
  if (ch == j.end()) return Error{file, "channels", "missing"};
  if (!ch->is_object()) return Error{file, "channels", "must be an object"};
  if (Status s = check_keys(*ch, {"waist", "chest", "head", "left_arm", "right_arm", "left_leg", "right_leg"},
                                  file, "channels");
      !s)
    return s.error;
  for (int p = 0; p < kMotionPartCount; ++p) {
    const MotionPart part = static_cast<MotionPart>(p);
    const std::string where = std::string("channels.") + to_string(part);
    auto it = ch->find(to_string(part));
    if (it == ch->end()) return Error{file, where, "missing channel"};
    if (!it->is_object()) return Error{file, where, "must be an object"};
    if (part == MotionPart::kWaist) {
      if (Status s = check_keys(*it, {"reference", "orientation", "control"}, file, where); !s) return s.error;
    } else if (has_pole(part)) {
      if (Status s = check_keys(*it, {"reference", "control", "pole"}, file, where); !s) return s.error;
    } else if (Status s = check_keys(*it, {"reference", "control"}, file, where); !s) {
      return s.error;
    }
    PartChannels& c = clip.parts[p];
    if (Status s = r.vec3(*it, "reference", &c.reference, where, true); !s) return s.error;
    if (Status s = r.vec3(*it, "control", &c.control, where, true); !s) return s.error;
    if (has_pole(part))
      if (Status s = r.vec3(*it, "pole", &c.pole, where, true); !s) return s.error;
    if (part == MotionPart::kWaist) {
      std::vector<float> flat;
      QuatChannel& q = clip.waist_orientation;
      if (Status s = r.keys(*it, "orientation", 4, &q.times_s, &flat, where, true); !s) return s.error;
      q.values.resize(q.times_s.size());
      for (std::size_t i = 0; i < q.values.size(); ++i) {
        glm::quat v(flat[4 * i], flat[4 * i + 1], flat[4 * i + 2], flat[4 * i + 3]);  // w, x, y, z
        const float len = glm::length(v);
        if (!(len > 1e-6f) || !std::isfinite(len))
          return Error{file, where + ".orientation[" + std::to_string(i) + "]", "quaternion has zero length"};
        q.values[i] = v / len;
      }
    }
  }
  auto contacts = j.find("contacts");
  if (contacts == j.end()) return Error{file, "contacts", "missing"};
  if (!contacts->is_object()) return Error{file, "contacts", "must be an object"};
  if (Status s = check_keys(*contacts, {"left_foot", "right_foot", "left_hand", "right_hand"}, file, "contacts");
      !s)
    return s.error;
  for (int s = 0; s < 2; ++s) {
    if (Status st = r.keys(*contacts, kFootNames[s], 1, &clip.foot_contact[s].times_s,
                           &clip.foot_contact[s].values, "contacts", true);
        !st)
      return st.error;
    if (Status st = r.keys(*contacts, kHandNames[s], 1, &clip.hand_contact[s].times_s,
                           &clip.hand_contact[s].values, "contacts", false);
        !st)
      return st.error;
  }
  if (Status s = validate_motion(clip, file); !s) return s.error;
  if (!clip.description.given) clip.description.kind = clip.loop ? MotionKind::kGait : MotionKind::kOneShot;
  const MotionDescription& d = clip.description;
  if (d.kind == MotionKind::kHeldLoop && d.hold_from_s + d.hold_s > clip.duration_s + 1e-6)
    return Error{file, "description.hold", "the held loop runs past the clip's end"};
  for (std::size_t i = 0; i < d.cues.size(); ++i)
    if (d.cues[i].at_s > clip.duration_s + 1e-6)
      return Error{file, "description.cues[" + std::to_string(i) + "].at", "after the clip's end"};
  return clip;
}

Result<MotionClip> load_motion(const std::string& path) { return read_and_parse(path, 64u << 20, parse_motion); }

Json motion_to_json(const MotionClip& clip) {
  Json j = Json::object();
  j["format"] = kMotionFormat;
  j["name"] = clip.name;
  j["time_unit"] = "seconds";
  j["duration"] = clip.duration_s;
  j["loop"] = clip.loop;
  j["mirrored"] = clip.mirrored;
  const glm::vec3& c = clip.cycle_offset_ms;
  j["cycle_offset"] = {short_float(c.x), short_float(c.y), short_float(c.z)};
  if (!clip.notes.empty()) j["notes"] = clip.notes;
  const ReferenceBody& b = clip.body;
  Json body = Json::object();
  const char* legs[2] = {"left_leg", "right_leg"};
  const char* arms[2] = {"left_arm", "right_arm"};
  for (int s = 0; s < 2; ++s) {
    body[legs[s]] = {{"upper", short_float(b.legs[s].upper)}, {"lower", short_float(b.legs[s].lower)},
                     {"foot", short_float(b.legs[s].end)}};
    body[arms[s]] = {{"upper", short_float(b.arms[s].upper)}, {"lower", short_float(b.arms[s].lower)},
                     {"hand", short_float(b.arms[s].end)}};
  }
  body["hip_height"] = short_float(b.hip_height);
  body["hip_width"] = short_float(b.hip_width);
  body["shoulder_height"] = short_float(b.shoulder_height);
  body["shoulder_width"] = short_float(b.shoulder_width);
  j["reference_body"] = body;
  if (clip.obstacle.present)
    j["obstacle"] = {{"near_z", short_float(clip.obstacle.near_z)},
                     {"height", short_float(clip.obstacle.height)},
                     {"thickness", short_float(clip.obstacle.thickness)}};
  Json ch = Json::object();
  for (int p = 0; p < kMotionPartCount; ++p) {
    const MotionPart part = static_cast<MotionPart>(p);
    const PartChannels& pc = clip.parts[p];
    Json o = Json::object();
    o["reference"] = vec3_json(pc.reference);
    o["control"] = vec3_json(pc.control);
    if (has_pole(part)) o["pole"] = vec3_json(pc.pole);
    if (part == MotionPart::kWaist) {
      Json q = Json::array();
      const QuatChannel& qc = clip.waist_orientation;
      for (int i = 0; i < qc.size(); ++i) {
        const float v[4] = {qc.values[i].w, qc.values[i].x, qc.values[i].y, qc.values[i].z};
        q.push_back(key_json(qc.times_s[i], v, 4));
      }
      o["orientation"] = q;
    }
    ch[to_string(part)] = o;
  }
  j["channels"] = ch;
  Json contacts = Json::object();
  for (int s = 0; s < 2; ++s) {
    contacts[kFootNames[s]] = steps_json(clip.foot_contact[s]);
    if (clip.hand_contact[s].size() > 0) contacts[kHandNames[s]] = steps_json(clip.hand_contact[s]);
  }
  j["contacts"] = contacts;
  return j;
}

Json motion_file_json(const MotionClip& clip) {
  Json j = motion_to_json(clip);
  if (clip.description.given) {
    j["format"] = kMotionFormat2;
    j["description"] = description_to_json(clip.description);
  }
  return j;
}

Status save_motion(const std::string& path, const MotionClip& clip) {
  if (Status s = validate_motion(clip, path); !s) return s;
  return write_file_atomic(path, motion_file_json(clip).dump(1) + "\n");
}

}  // namespace cf
