#include "motion/motion_description.h"
#include "core/json.h"

#include <cmath>

namespace cf {

namespace {

constexpr std::size_t kMaxVariants = 32, kMaxCues = 64, kMaxMoods = 16, kMaxText = 200;

struct Kinds {
  MotionKind kind;
  const char* name;
};
constexpr Kinds kKinds[] = {
    {MotionKind::kGait, "gait"},         {MotionKind::kOneShot, "one_shot"}, {MotionKind::kHeldLoop, "held_loop"},
    {MotionKind::kHeldPose, "held_pose"}, {MotionKind::kPlanned, "planned"},  {MotionKind::kLayer, "layer"},
};

Status text(const Json& o, const char* key, std::string* out, const std::string& file, const std::string& where) {
  auto it = o.find(key);
  if (it == o.end()) return {};
  if (!it->is_string()) return Error{file, field_path(where, key), "must be a string"};
  *out = it->get<std::string>();
  if (out->size() > kMaxText) return Error{file, field_path(where, key), "longer than 200 bytes"};
  return {};
}

// An optional whole number in [lo, hi].
Status whole(const Json& o, const char* key, int lo, int hi, int* out, const std::string& file,
             const std::string& where) {
  auto it = o.find(key);
  if (it == o.end()) return {};
  const std::string w = field_path(where, key);
  if (!it->is_number()) return Error{file, w, "must be a number"};
  const double d = it->get<double>();
  if (!std::isfinite(d) || d != std::floor(d) || d < lo || d > hi)
    return Error{file, w, "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi)};
  *out = static_cast<int>(d);
  return {};
}

Status seconds(const Json& o, const char* key, double* out, const std::string& file, const std::string& where) {
  auto it = o.find(key);
  if (it == o.end()) return {};
  const std::string w = field_path(where, key);
  if (!it->is_number()) return Error{file, w, "must be a number of seconds"};
  const double d = it->get<double>();
  if (!std::isfinite(d) || d < 0.0 || d > 3600.0) return Error{file, w, "must be from 0 to 3600 seconds"};
  *out = d;
  return {};
}

Status flag(const Json& o, const char* key, int* out, const std::string& file, const std::string& where) {
  auto it = o.find(key);
  if (it == o.end()) return {};
  if (!it->is_boolean()) return Error{file, field_path(where, key), "must be true or false"};
  *out = it->get<bool>() ? 1 : 0;
  return {};
}

Status predicate(const Json& o, BodyPredicate* p, const std::string& file, const std::string& where) {
  if (!o.is_object()) return Error{file, where, "must be an object of body bounds"};
  if (Status s = check_keys(o, {"min_legs", "max_legs", "min_arms", "max_arms", "head", "tail"}, file, where); !s)
    return s;
  for (auto [key, out] : {std::pair{"min_legs", &p->min_legs}, std::pair{"max_legs", &p->max_legs},
                          std::pair{"min_arms", &p->min_arms}, std::pair{"max_arms", &p->max_arms}})
    if (Status s = whole(o, key, 0, 64, out, file, where); !s) return s;
  if (Status s = flag(o, "head", &p->head, file, where); !s) return s;
  return flag(o, "tail", &p->tail, file, where);
}

}  // namespace

const char* to_string(MotionKind k) {
  for (const Kinds& e : kKinds)
    if (e.kind == k) return e.name;
  return "";
}

bool is_dpad_name(const std::string& s) { return s == "up" || s == "down" || s == "left" || s == "right"; }

bool BodyPredicate::fits(int legs, int arms, bool has_head, bool has_tail) const {
  if (min_legs >= 0 && legs < min_legs) return false;
  if (max_legs >= 0 && legs > max_legs) return false;
  if (min_arms >= 0 && arms < min_arms) return false;
  if (max_arms >= 0 && arms > max_arms) return false;
  if (head >= 0 && has_head != (head == 1)) return false;
  if (tail >= 0 && has_tail != (tail == 1)) return false;
  return true;
}

const char* default_style_words(const std::string& style) {
  if (style == "lower_body") return "lowers its body";
  if (style == "lower_torso") return "lowers its torso";
  if (style == "wave_arm") return "waves an arm";
  if (style == "lift_foreleg") return "lifts a foreleg";
  if (style == "nod_wag") return "nods";
  if (style == "rear_head") return "rears and raises its head";
  if (style == "rear_front") return "rears its front";
  if (style == "bob_sway") return "bobs to the beat";
  return "plays it";
}

Result<MotionDescription> parse_motion_description(const Json& j, const std::string& file) {
  const std::string w = "description";
  if (!j.is_object()) return Error{file, w, "must be an object"};
  if (Status s = check_keys(j, {"kind", "hud", "source", "order", "dpad", "button", "menu", "ease_ticks", "hold", "beat",
                                "variants", "cues", "herd", "hint"},
                            file, w);
      !s)
    return s.error;
  MotionDescription d;
  d.given = true;
  std::string kind;
  if (Status s = text(j, "kind", &kind, file, w); !s) return s.error;
  if (kind.empty()) return Error{file, "description.kind", "missing (gait, one_shot, held_loop, held_pose, planned, layer)"};
  bool known = false;
  for (const Kinds& e : kKinds)
    if (kind == e.name) d.kind = e.kind, known = true;
  if (!known) return Error{file, "description.kind", "unknown kind \"" + kind + "\""};
  if (Status s = text(j, "hud", &d.hud, file, w); !s) return s.error;
  if (Status s = text(j, "hint", &d.hint, file, w); !s) return s.error;
  if (Status s = text(j, "source", &d.source, file, w); !s) return s.error;
  if (Status s = whole(j, "order", 0, 1000000, &d.order, file, w); !s) return s.error;
  if (Status s = text(j, "dpad", &d.dpad, file, w); !s) return s.error;
  if (!d.dpad.empty() && !is_dpad_name(d.dpad)) return Error{file, "description.dpad", "must be up, down, left or right"};
  if (Status s = text(j, "button", &d.button, file, w); !s) return s.error;
  int menu = 1;
  if (Status s = flag(j, "menu", &menu, file, w); !s) return s.error;
  d.menu = menu == 1;
  if (Status s = whole(j, "ease_ticks", 1, 600, &d.ease_ticks, file, w); !s) return s.error;
  if (auto h = j.find("hold"); h != j.end()) {
    if (!h->is_object()) return Error{file, "description.hold", "must be {\"from\": seconds, \"length\": seconds}"};
    if (Status s = check_keys(*h, {"from", "length"}, file, "description.hold"); !s) return s.error;
    if (Status s = seconds(*h, "from", &d.hold_from_s, file, "description.hold"); !s) return s.error;
    if (Status s = seconds(*h, "length", &d.hold_s, file, "description.hold"); !s) return s.error;
  }
  if (auto b = j.find("beat"); b != j.end()) {
    const std::string bw = "description.beat";
    if (!b->is_object()) return Error{file, bw, "must be {\"every\": seconds, \"first\": seconds}"};
    if (Status s = check_keys(*b, {"every", "first"}, file, bw); !s) return s.error;
    if (Status s = seconds(*b, "every", &d.beat_s, file, bw); !s) return s.error;
    if (Status s = seconds(*b, "first", &d.first_beat_s, file, bw); !s) return s.error;
    if (!(d.beat_s >= 0.1 && d.beat_s <= 4.0)) return Error{file, bw + ".every", "must be 0.1 to 4 seconds"};
    if (!(d.first_beat_s < d.beat_s)) return Error{file, bw + ".first", "must come before the second beat (below every)"};
  }
  if (d.kind == MotionKind::kHeldLoop && !(d.hold_s > 0.0))
    return Error{file, "description.hold", "a held loop needs its loop's length"};
  if (auto v = j.find("variants"); v != j.end()) {
    if (!v->is_array()) return Error{file, "description.variants", "must be an array"};
    if (v->size() > kMaxVariants) return Error{file, "description.variants", "more than 32 variants"};
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string vw = "description.variants[" + std::to_string(i) + "]";
      const Json& o = (*v)[i];
      if (!o.is_object()) return Error{file, vw, "must be an object"};
      if (Status s = check_keys(o, {"when", "style", "words", "tail_words"}, file, vw); !s) return s.error;
      MotionVariant mv;
      if (auto when = o.find("when"); when != o.end())
        if (Status s = predicate(*when, &mv.when, file, vw + ".when"); !s) return s.error;
      if (Status s = text(o, "style", &mv.style, file, vw); !s) return s.error;
      if (mv.style.empty()) mv.style = "as_authored";
      if (Status s = text(o, "words", &mv.words, file, vw); !s) return s.error;
      if (Status s = text(o, "tail_words", &mv.tail_words, file, vw); !s) return s.error;
      if (mv.words.empty()) mv.words = default_style_words(mv.style);
      d.variants.push_back(std::move(mv));
    }
  }
  if (auto c = j.find("cues"); c != j.end()) {
    if (!c->is_array()) return Error{file, "description.cues", "must be an array"};
    if (c->size() > kMaxCues) return Error{file, "description.cues", "more than 64 cues"};
    for (std::size_t i = 0; i < c->size(); ++i) {
      const std::string cw = "description.cues[" + std::to_string(i) + "]";
      const Json& o = (*c)[i];
      if (!o.is_object()) return Error{file, cw, "must be an object"};
      if (Status s = check_keys(o, {"at", "sound", "loudness"}, file, cw); !s) return s.error;
      SoundCue cue;
      if (Status s = seconds(o, "at", &cue.at_s, file, cw); !s) return s.error;
      if (Status s = text(o, "sound", &cue.sound, file, cw); !s) return s.error;
      if (cue.sound.empty()) return Error{file, cw + ".sound", "missing"};
      if (auto l = o.find("loudness"); l != o.end()) {
        if (!l->is_number() || !(l->get<double>() >= 0.0 && l->get<double>() <= 1.0))
          return Error{file, cw + ".loudness", "must be a number from 0 to 1"};
        cue.loudness = static_cast<float>(l->get<double>());
      }
      d.cues.push_back(std::move(cue));
    }
  }
  if (auto h = j.find("herd"); h != j.end()) {
    if (!h->is_array()) return Error{file, "description.herd", "must be an array of moods"};
    if (h->size() > kMaxMoods) return Error{file, "description.herd", "more than 16 moods"};
    for (std::size_t i = 0; i < h->size(); ++i) {
      if (!(*h)[i].is_string()) return Error{file, "description.herd[" + std::to_string(i) + "]", "must be a string"};
      d.herd.push_back((*h)[i].get<std::string>());
    }
  }
  return d;
}

Json description_to_json(const MotionDescription& d) {
  Json j = Json::object();
  j["kind"] = to_string(d.kind);
  if (!d.hud.empty()) j["hud"] = d.hud;
  if (!d.hint.empty()) j["hint"] = d.hint;
  if (!d.source.empty()) j["source"] = d.source;
  j["order"] = d.order;
  if (!d.dpad.empty()) j["dpad"] = d.dpad;
  if (!d.button.empty()) j["button"] = d.button;
  if (!d.menu) j["menu"] = false;
  j["ease_ticks"] = d.ease_ticks;
  if (d.hold_s > 0.0) j["hold"] = {{"from", d.hold_from_s}, {"length", d.hold_s}};
  if (d.beat_s > 0.0) j["beat"] = {{"every", d.beat_s}, {"first", d.first_beat_s}};
  if (!d.variants.empty()) {
    Json vs = Json::array();
    for (const MotionVariant& v : d.variants) {
      Json o = Json::object(), when = Json::object();
      const BodyPredicate& p = v.when;
      if (p.min_legs >= 0) when["min_legs"] = p.min_legs;
      if (p.max_legs >= 0) when["max_legs"] = p.max_legs;
      if (p.min_arms >= 0) when["min_arms"] = p.min_arms;
      if (p.max_arms >= 0) when["max_arms"] = p.max_arms;
      if (p.head >= 0) when["head"] = p.head == 1;
      if (p.tail >= 0) when["tail"] = p.tail == 1;
      if (!when.empty()) o["when"] = when;
      o["style"] = v.style;
      o["words"] = v.words;
      if (!v.tail_words.empty()) o["tail_words"] = v.tail_words;
      vs.push_back(o);
    }
    j["variants"] = vs;
  }
  if (!d.cues.empty()) {
    Json cs = Json::array();
    for (const SoundCue& c : d.cues) cs.push_back({{"at", c.at_s}, {"sound", c.sound}, {"loudness", c.loudness}});
    j["cues"] = cs;
  }
  if (!d.herd.empty()) j["herd"] = d.herd;
  return j;
}

}  // namespace cf
