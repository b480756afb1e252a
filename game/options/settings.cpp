#include "game/options/settings.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>

#include "core/file_io.h"
#include "core/json_util.h"
#include "game/options/button_names.h"
#include "game/session/user_data.h"
#include "core/json.h"

namespace cf {

namespace {

// A number field in [lo, hi]; absent keeps *out.
Status number_in(const Json& obj, const char* key, float lo, float hi, float* out, const std::string& file,
                 const std::string& where) {
  if (!obj.contains(key)) return {};
  double v = 0;
  if (Status s = read_number(obj, key, &v, file, where); !s) return s;
  if (v < lo || v > hi) {
    char range[64];
    std::snprintf(range, sizeof range, "must be in [%g, %g]", static_cast<double>(lo), static_cast<double>(hi));
    return Error{file, field_path(where, key), range};
  }
  *out = static_cast<float>(v);
  return {};
}

// An integer in [lo, hi], compared before any conversion: 4294967616 is not 320.
bool int_in(const Json& v, long long lo, long long hi, int* out) {
  long long x = 0;
  if (v.is_number_unsigned()) {
    if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) return false;
    x = static_cast<long long>(v.get<std::uint64_t>());
  } else if (v.is_number_integer()) {
    x = v.get<std::int64_t>();
  } else {
    return false;
  }
  if (x < lo || x > hi) return false;
  *out = static_cast<int>(x);
  return true;
}

Status flag(const Json& obj, const char* key, bool* out, const std::string& file, const std::string& where) {
  if (!obj.contains(key)) return {};
  if (!obj[key].is_boolean()) return Error{file, field_path(where, key), "must be true or false"};
  *out = obj[key].get<bool>();
  return {};
}

Status only_known(const Json& obj, std::initializer_list<const char*> keys, const std::string& file,
                  const std::string& where) {
  if (!obj.is_object()) return Error{file, where, "must be an object"};
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool known = false;
    for (const char* k : keys) known = known || it.key() == k;
    if (!known) return Error{file, field_path(where, it.key()), "unknown field"};
  }
  return {};
}

// A mapping's "pad" and "keys" objects (either may be absent) at 'where' ("controls.play").
Status parse_map(const Json& c, ButtonMap* out, const std::string& file, const std::string& where) {
  if (c.contains("pad")) {
    const Json& p = c["pad"];
    if (!p.is_object()) return Error{file, where + ".pad", "must be an object"};
    for (auto it = p.begin(); it != p.end(); ++it) {
      const int b = button_index(it.key());
      const std::string f = where + ".pad." + it.key();
      if (b < 0) return Error{file, f, "unknown button (a b x y lb rb up down left right start select ls rs)"};
      const bool none = it->is_string() && it->get<std::string>() == "none";
      const int phys = it->is_string() ? button_index(it->get<std::string>()) : -1;
      if (phys < 0 && !none)
        return Error{file, f, "must name a pad button (a b x y lb rb up down left right start select ls rs) or \"none\""};
      out->pad[b] = none ? kUnmappedPad : static_cast<std::uint8_t>(phys);
    }
    bool seen[kRemapButtons] = {};
    for (int b = 0; b < kRemapButtons; ++b) {
      if (out->pad[b] == kUnmappedPad) continue;
      if (seen[out->pad[b]]) return Error{file, where + ".pad", std::string("two buttons on pad ") + button_label(out->pad[b])};
      seen[out->pad[b]] = true;
    }
  }
  if (c.contains("keys")) {
    const Json& k = c["keys"];
    if (!k.is_object()) return Error{file, where + ".keys", "must be an object"};
    for (auto it = k.begin(); it != k.end(); ++it) {
      const int b = button_index(it.key());
      const std::string f = where + ".keys." + it.key();
      if (b < 0) return Error{file, f, "unknown button (a b x y lb rb up down left right start select ls rs)"};
      const bool none = it->is_string() && it->get<std::string>() == "none";
      const int sc = it->is_string() && !none ? key_from_name(it->get<std::string>()) : 0;
      if (sc == 0 && !none) return Error{file, f, "must name a key (\"Space\", \"E\", \"Return\") or \"none\""};
      if (key_reserved(sc)) return Error{file, f, "that key moves a stick or is a function key"};
      out->key[b] = sc;
    }
    for (int a = 0; a < kRemapButtons; ++a) {
      for (int b = a + 1; b < kRemapButtons; ++b) {
        if (out->key[a] != 0 && out->key[a] == out->key[b])
          return Error{file, where + ".keys", "two buttons on the key " + key_name(out->key[a])};
      }
    }
  }
  return {};
}

// 'old': a critterforge.settings/1 file, whose one mapping ("pad", "keys") is both contexts'.
Status parse_controls(const Json& c, ControlSettings* out, const std::string& file, bool old) {
  const std::string w = "controls";
  if (Status s = only_known(c, {old ? "pad" : "play", old ? "keys" : "menus", "deadzone_inner", "deadzone_outer",
                                "pen_speed", "precise_pen_speed", "camera_speed", "invert_camera_x", "invert_camera_y"},
                            file, w);
      !s)
    return s;
  if (old) {
    if (Status s = parse_map(c, &out->maps[0], file, w); !s) return s;
    for (ButtonMap& m : out->maps) m = out->maps[0];
  } else {
    for (int k = 0; k < kControlContexts; ++k) {
      const char* name = control_context_name(static_cast<ControlContext>(k));
      if (!c.contains(name)) continue;
      if (Status s = only_known(c[name], {"pad", "keys"}, file, w + "." + name); !s) return s;
      if (Status s = parse_map(c[name], &out->maps[k], file, w + "." + name); !s) return s;
    }
  }
  Status s;
  if (!(s = number_in(c, "deadzone_inner", 0.0f, 0.9f, &out->deadzone_inner, file, w))) return s;
  if (!(s = number_in(c, "deadzone_outer", 0.1f, 1.0f, &out->deadzone_outer, file, w))) return s;
  if (out->deadzone_outer <= out->deadzone_inner) return Error{file, "controls.deadzone_outer", "must be above deadzone_inner"};
  if (!(s = number_in(c, "pen_speed", 0.25f, 3.0f, &out->pen_speed, file, w))) return s;
  if (!(s = number_in(c, "precise_pen_speed", 0.25f, 3.0f, &out->precise_pen_speed, file, w))) return s;
  if (!(s = number_in(c, "camera_speed", 0.25f, 3.0f, &out->camera_speed, file, w))) return s;
  if (!(s = flag(c, "invert_camera_x", &out->invert_camera_x, file, w))) return s;
  return flag(c, "invert_camera_y", &out->invert_camera_y, file, w);
}

Status parse_look(const Json& l, LookSettings* out, const std::string& file) {
  const std::string w = "look";
  if (Status s = only_known(l, {"vertex_snapping", "affine_warping", "dithering", "low_resolution", "window",
                                "fullscreen", "text_scale"},
                            file, w);
      !s)
    return s;
  Status s;
  if (!(s = flag(l, "vertex_snapping", &out->vertex_snapping, file, w))) return s;
  if (!(s = flag(l, "affine_warping", &out->affine_warping, file, w))) return s;
  if (!(s = flag(l, "dithering", &out->dithering, file, w))) return s;
  if (!(s = flag(l, "low_resolution", &out->low_resolution, file, w))) return s;
  if (!(s = flag(l, "fullscreen", &out->fullscreen, file, w))) return s;
  if (l.contains("window")) {
    const Json& win = l["window"];
    if (!win.is_array() || win.size() != 2 || !win[0].is_number_integer() || !win[1].is_number_integer())
      return Error{file, "look.window", "must be [width, height] in pixels"};
    int ww = 0, wh = 0;
    if (!int_in(win[0], 320, 3840, &ww) || !int_in(win[1], 240, 2160, &wh))
      return Error{file, "look.window", "must be 320x240 up to 3840x2160"};
    out->window_w = ww;
    out->window_h = wh;
  }
  if (l.contains("text_scale")) {
    if (!int_in(l["text_scale"], 1, 3, &out->text_scale)) return Error{file, "look.text_scale", "must be 1, 2 or 3"};
  }
  return {};
}

Status parse_sound(const Json& j, SoundSettings* out, const std::string& file) {
  const std::string w = "sound";
  if (Status s = only_known(j, {"master", "music", "effects", "interface", "rumble"}, file, w); !s) return s;
  Status s;
  if (!(s = number_in(j, "master", 0.0f, 1.0f, &out->master, file, w))) return s;
  if (!(s = number_in(j, "music", 0.0f, 1.0f, &out->music, file, w))) return s;
  if (!(s = number_in(j, "effects", 0.0f, 1.0f, &out->effects, file, w))) return s;
  if (!(s = number_in(j, "interface", 0.0f, 1.0f, &out->interface_, file, w))) return s;
  return number_in(j, "rumble", 0.0f, 1.0f, &out->rumble, file, w);
}

}  // namespace

const char* control_context_name(ControlContext c) { return c == ControlContext::kPlay ? "play" : "menus"; }
const char* control_context_label(ControlContext c) { return c == ControlContext::kPlay ? "PLAY" : "MENUS"; }

bool Settings::operator==(const Settings& o) const { return settings_to_json(*this) == settings_to_json(o); }

Settings default_settings() {
  Settings s;
  const InputControls d = default_input_controls();
  for (ButtonMap& m : s.controls.maps)
    for (int b = 0; b < kRemapButtons; ++b) m.key[b] = d.key[b];
  return s;
}

Result<Settings> parse_settings(const std::string& text, const std::string& file) {
  Result<Json> j = parse_json(text, file);
  if (!j) return j.error();
  if (!j->is_object()) return Error{file, "", "must be a JSON object"};
  bool old = false;  // critterforge.settings/1: one mapping for play and menus
  if (j->contains("format") && (*j)["format"].is_string()) {
    const std::string f = (*j)["format"].get<std::string>();
    old = f == "critterforge.settings/1";
    if (f.rfind("critterforge.settings/", 0) == 0 && f != kSettingsFormat && !old)
      return Error{file, "format", "\"" + f + "\" is newer than this game reads (" + kSettingsFormat + ")"};
  }
  if (Status s = check_format(*j, old ? "critterforge.settings/1" : kSettingsFormat, file); !s) return s.error;
  if (Status s = only_known(*j, {"format", "controls", "look", "sound"}, file, ""); !s) return s.error;
  Settings out = default_settings();
  if (j->contains("controls")) {
    if (Status s = parse_controls((*j)["controls"], &out.controls, file, old); !s) return s.error;
  }
  if (j->contains("look")) {
    if (Status s = parse_look((*j)["look"], &out.look, file); !s) return s.error;
  }
  if (j->contains("sound")) {
    if (Status s = parse_sound((*j)["sound"], &out.sound, file); !s) return s.error;
  }
  return out;
}

std::string settings_to_json(const Settings& s) {
  const ControlSettings& c = s.controls;
  Json maps[kControlContexts];
  for (int k = 0; k < kControlContexts; ++k) {
    Json pad = Json::object(), keys = Json::object();
    for (int b = 0; b < kRemapButtons; ++b) {
      const std::uint8_t p = c.maps[k].pad[b];
      pad[button_name(b)] = p == kUnmappedPad ? "none" : button_name(p);
      keys[button_name(b)] = c.maps[k].key[b] ? key_name(c.maps[k].key[b]) : "none";
    }
    maps[k] = {{"pad", pad}, {"keys", keys}};
  }
  const LookSettings& l = s.look;
  Json j = {{"format", kSettingsFormat},
            {"controls",
             {{"play", maps[0]}, {"menus", maps[1]}, {"deadzone_inner", c.deadzone_inner}, {"deadzone_outer", c.deadzone_outer},
              {"pen_speed", c.pen_speed}, {"precise_pen_speed", c.precise_pen_speed}, {"camera_speed", c.camera_speed},
              {"invert_camera_x", c.invert_camera_x}, {"invert_camera_y", c.invert_camera_y}}},
            {"look",
             {{"vertex_snapping", l.vertex_snapping}, {"affine_warping", l.affine_warping}, {"dithering", l.dithering},
              {"low_resolution", l.low_resolution}, {"window", {l.window_w, l.window_h}}, {"fullscreen", l.fullscreen},
              {"text_scale", l.text_scale}}},
            {"sound",
             {{"master", s.sound.master}, {"music", s.sound.music}, {"effects", s.sound.effects},
              {"interface", s.sound.interface_},
              {"rumble", s.sound.rumble}}}};
  return j.dump(1) + "\n";
}

std::string default_settings_path() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && *xdg == '/') return std::string(xdg) + "/critterforge/settings.json";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.config/critterforge/settings.json";
}

Settings load_settings_file(const std::string& path, std::string* report, bool* may_save) {
  if (report) report->clear();
  if (may_save) *may_save = true;
  errno = 0;
  if (!is_regular_file(path)) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 && errno == ENOENT) return default_settings();  // first start
  }
  Result<Settings> s = read_and_parse<Settings>(path, 1u << 20, &parse_settings);
  if (s) return *s;
  // Kept for the player (and for a newer game), never written over; only a file of ours is moved.
  Result<std::string> aside = set_aside_damaged(path);
  if (!aside && may_save) *may_save = false;
  if (report) {
    *report = "settings: " + s.error().to_string() + "; using the defaults" +
              (aside ? ", the file is kept as " + *aside
                     : " (" + aside.error().message + "; the settings will not be saved)");
  }
  return default_settings();
}

Status save_settings_file(const std::string& path, const Settings& s) {
  const std::size_t slash = path.rfind('/');
  if (slash != std::string::npos && slash > 0) {
    if (Status d = make_dirs(path.substr(0, slash)); !d) return d;
  }
  int err = 0;
  if (Status w = write_file_atomic(path, settings_to_json(s), &err); !w) {
    return Error{path, "", "cannot save the settings: " + (err ? save_failure_reason(err) : w.error.message)};
  }
  return {};
}

int remap_pad(ButtonMap* m, int b, int p) {
  if (b < 0 || b >= kRemapButtons || m->pad[b] == p) return -1;
  if (p == kUnmappedPad) {
    m->pad[b] = kUnmappedPad;
    return -1;
  }
  if (p < 0 || p >= kRemapButtons) return -1;
  for (int o = 0; o < kRemapButtons; ++o) {
    if (o != b && m->pad[o] == p) {
      m->pad[o] = m->pad[b];
      m->pad[b] = static_cast<std::uint8_t>(p);
      return o;
    }
  }
  m->pad[b] = static_cast<std::uint8_t>(p);  // a pad button no game button had
  return -1;
}

int remap_key(ButtonMap* m, int b, int scancode) {
  if (b < 0 || b >= kRemapButtons || scancode <= 0) return -1;
  if (key_reserved(scancode)) return -2;
  if (m->key[b] == scancode) return -1;
  for (int o = 0; o < kRemapButtons; ++o) {
    if (o != b && m->key[o] == scancode) {
      m->key[o] = m->key[b];
      m->key[b] = scancode;
      return o;
    }
  }
  m->key[b] = scancode;
  return -1;
}

std::string pad_label(const ButtonMap& m, int b) {
  if (b < 0 || b >= kRemapButtons || m.pad[b] == kUnmappedPad) return "NONE";
  return button_label(m.pad[b]);
}

InputControls input_controls(const Settings& s, ControlContext context) {
  InputControls c;
  const ControlSettings& k = s.controls;
  for (int b = 0; b < kRemapButtons; ++b) {
    c.pad[b] = k.map(context).pad[b];
    c.key[b] = k.map(context).key[b];
  }
  c.dead_inner = static_cast<int>(std::lround(k.deadzone_inner * 32767.0f));
  c.dead_outer = static_cast<int>(std::lround(k.deadzone_outer * 32767.0f));
  c.camera_speed = k.camera_speed;
  c.invert_x = k.invert_camera_x;
  c.invert_y = k.invert_camera_y;
  return c;
}

void apply_look(const LookSettings& look, FrameSettings* fs) {
  fs->subpixel = !look.vertex_snapping;
  fs->perspective_correct = !look.affine_warping;
  fs->no_dither = !look.dithering;
  fs->full_resolution = !look.low_resolution;
  fs->text_scale = look.text_scale;
}

}  // namespace cf
