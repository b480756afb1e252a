#include "game/options/options_menu.h"

#include <cmath>
#include <cstdio>

#include "game/options/button_names.h"
#include "game/play/controls.h"
#include "game/ui/hud.h"
#include "game/ui/hud_font.h"

namespace cf {

namespace {

// What each game button does in each context besides the play motions bound to it (game/play/controls.cpp):
// play's (map_actions, the motion menu) and the menus' and the editor's (map_menu_actions, map_actions).
constexpr const char* kPlayRoles[kRemapButtons] = {
    "",      "HIDE HINTS, END TEST WALK", "",          "",         "CHORDS (LB+START, LB+SELECT)", "MOTIONS",
    "",      "",                         "",          "",         "PAUSE",                        "OVERLAYS",
    "",      ""};
constexpr const char* kMenuRoles[kRemapButtons] = {
    "CHOOSE, DRAW", "BACK, DELETE",        "TAG",             "VIEW, CLEAR",       "PRECISE PEN", "REDO",
    "UP, DEPTH",    "DOWN, DEPTH",         "LEFT, PREV PART", "RIGHT, NEXT PART",  "CONFIRM, MENU", "UNDO",
    "SYMMETRY",     "TEST WALK"};

constexpr int kWindowSizes[][2] = {{640, 480}, {960, 720}, {1280, 720}, {1280, 960}, {1600, 1200}, {1920, 1080}};
constexpr int kWindowSizeCount = static_cast<int>(sizeof kWindowSizes / sizeof kWindowSizes[0]);

// Rows of the Controls screen: which mapping, its buttons, then the rest.
constexpr int kFirstButtonRow = 1;
enum ControlRow { kContextRow = 0, kDeadInner = kFirstButtonRow + kRemapButtons, kDeadOuter, kPen, kPrecisePen, kCamera, kInvertX, kInvertY, kReset, kControlRows };
enum LookRow { kSnapping, kWarping, kDither, kLowRes, kWindowSize, kFullscreen, kTextScale, kLookRows };

std::string percent(float v) { return std::to_string(static_cast<int>(std::lround(v * 100.0f))) + "%"; }
const char* on_off(bool b) { return b ? "ON" : "OFF"; }

}  // namespace

std::string button_roles(ControlContext context, int b) {
  if (b < 0 || b >= kRemapButtons) return "";
  if (context == ControlContext::kMenus) return kMenuRoles[b];
  std::string s;
  const ControlMap m = default_controls();
  for (int k = 0; k < m.count; ++k) {
    if (m.bindings[k].button != (1u << b)) continue;
    for (const char* c = m.bindings[k].hint; *c; ++c) s += static_cast<char>(std::toupper(static_cast<unsigned char>(*c)));
    s += ", ";
  }
  s += kPlayRoles[b];
  while (!s.empty() && (s.back() == ' ' || s.back() == ',')) s.pop_back();
  return s.empty() ? "NOTHING" : s;
}

std::string unmapped_warning(const ControlSettings& c) {
  std::string out;
  for (int k = 0; k < kControlContexts; ++k) {
    const auto context = static_cast<ControlContext>(k);
    for (int b = 0; b < kRemapButtons; ++b) {
      if (c.maps[k].pad[b] != kUnmappedPad) continue;
      out += (out.empty() ? std::string(1, kHudWarning) + " NO PAD BUTTON FOR " : ", ") + std::string(control_context_label(context)) +
             " " + button_label(b) + " (" + button_roles(context, b) + ")";
    }
  }
  return out;
}

namespace {

void step(float* v, int dir, float lo, float hi, float by) {
  *v = std::fmin(hi, std::fmax(lo, std::round((*v + static_cast<float>(dir) * by) / by) * by));
}

}  // namespace

std::vector<MenuRow> OptionsMode::rows() const {
  std::vector<MenuRow> r;
  const ControlSettings& c = shown_.controls;
  const LookSettings& l = shown_.look;
  switch (screen_) {
    case OptionsScreen::kMain:
      r = {{"CONTROLS", "", true}, {"LOOK", "", true}, {"SOUND", "", true}, {"BACK", "", true}};
      break;
    case OptionsScreen::kControls: {
      r.push_back({"MAPPING FOR", control_context_label(context_), true});
      const ButtonMap& m = c.map(context_);
      for (int b = 0; b < kRemapButtons; ++b) {
        const bool waiting = capture_ == b;
        const std::string pad = m.pad[b] == kUnmappedPad ? std::string(1, kHudWarning) + " PAD NONE" : "PAD " + pad_label(m, b);
        r.push_back({std::string(button_label(b)) + ": " + button_roles(context_, b),
                     waiting ? "PRESS..." : pad + "  KEY " + (m.key[b] ? hud_upper(key_name(m.key[b])) : "NONE"), true});
      }
      r.push_back({"STICK DEAD ZONE, INNER", percent(c.deadzone_inner), true});
      r.push_back({"STICK DEAD ZONE, OUTER", percent(c.deadzone_outer), true});
      r.push_back({"PEN SPEED (EDITOR)", percent(c.pen_speed), true});
      r.push_back({"PRECISE PEN SPEED (LB)", percent(c.precise_pen_speed), true});
      r.push_back({"CAMERA SPEED", percent(c.camera_speed), true});
      r.push_back({"INVERT CAMERA X", on_off(c.invert_camera_x), true});
      r.push_back({"INVERT CAMERA Y", on_off(c.invert_camera_y), true});
      r.push_back({"RESET CONTROLS TO DEFAULTS", "", true});
      break;
    }
    case OptionsScreen::kLook:
      r.push_back({"VERTEX SNAPPING (WOBBLE)", on_off(l.vertex_snapping), true});
      r.push_back({"AFFINE TEXTURE WARPING", on_off(l.affine_warping), true});
      r.push_back({"DITHERING", on_off(l.dithering), true});
      r.push_back({"LOW RESOLUTION (320X240)", on_off(l.low_resolution), true});
      r.push_back({"WINDOW SIZE", std::to_string(l.window_w) + "X" + std::to_string(l.window_h), true});
      r.push_back({"FULLSCREEN", on_off(l.fullscreen), true});
      r.push_back({"TEXT SIZE", std::to_string(l.text_scale) + "X", true});
      break;
    case OptionsScreen::kSound:
      r.push_back({"MASTER VOLUME", percent(shown_.sound.master), true});
      r.push_back({"MUSIC VOLUME", percent(shown_.sound.music), true});
      r.push_back({"EFFECTS VOLUME", percent(shown_.sound.effects), true});
      r.push_back({"INTERFACE VOLUME", percent(shown_.sound.interface_), true});
      r.push_back({"RUMBLE STRENGTH", percent(shown_.sound.rumble), true});
      break;
  }
  return r;
}

void OptionsMode::changed(ModeContext& ctx) {
  if (ctx.settings_changed) ctx.settings_changed();
  shown_ = *ctx.settings;
}

void OptionsMode::choose(ModeContext& ctx) {
  Settings& s = *ctx.settings;
  note_.clear();
  switch (screen_) {
    case OptionsScreen::kMain:
      if (cursor_ == 3) return;  // BACK: handled by the caller
      screen_ = cursor_ == 0 ? OptionsScreen::kControls : cursor_ == 1 ? OptionsScreen::kLook : OptionsScreen::kSound;
      cursor_ = screen_ == OptionsScreen::kControls ? kFirstButtonRow : 0;  // on A: the row most remapped
      if (screen_ == OptionsScreen::kControls) note_ = unmapped_warning(s.controls);  // said again on the way in
      return;
    case OptionsScreen::kControls:
      if (cursor_ == kContextRow) {
        adjust(1, ctx);
      } else if (cursor_ < kDeadInner) {
        capture_ = cursor_ - kFirstButtonRow;
        armed_ = false;
        capture_ticks_ = 0;
        note_ = std::string("press the new pad button or key for ") + control_context_label(context_) + " " +
                button_label(capture_) + " (Esc, or wait 5 s: no change)";
      } else if (cursor_ == kInvertX || cursor_ == kInvertY) {
        adjust(1, ctx);
      } else if (cursor_ == kReset) {
        s.controls = default_settings().controls;
        note_ = "controls are back to their defaults";
        changed(ctx);
      }
      return;
    case OptionsScreen::kLook:
      if (cursor_ != kWindowSize && cursor_ != kTextScale) adjust(1, ctx);
      return;
    case OptionsScreen::kSound:
      adjust(1, ctx);
      return;
  }
}

void OptionsMode::adjust(int dir, ModeContext& ctx) {
  Settings& s = *ctx.settings;
  ControlSettings& c = s.controls;
  LookSettings& l = s.look;
  if (screen_ == OptionsScreen::kControls) {
    if (cursor_ == kContextRow) {  // which mapping the rows show: nothing changes in the settings
      context_ = static_cast<ControlContext>((static_cast<int>(context_) + dir + kControlContexts) % kControlContexts);
      return;
    }
    switch (cursor_) {
      case kDeadInner: step(&c.deadzone_inner, dir, 0.0f, std::fmin(0.5f, c.deadzone_outer - 0.1f), 0.02f); break;
      case kDeadOuter: step(&c.deadzone_outer, dir, std::fmax(0.5f, c.deadzone_inner + 0.1f), 1.0f, 0.02f); break;
      case kPen: step(&c.pen_speed, dir, 0.25f, 3.0f, 0.25f); break;
      case kPrecisePen: step(&c.precise_pen_speed, dir, 0.25f, 3.0f, 0.25f); break;
      case kCamera: step(&c.camera_speed, dir, 0.25f, 3.0f, 0.25f); break;
      case kInvertX: c.invert_camera_x = !c.invert_camera_x; break;
      case kInvertY: c.invert_camera_y = !c.invert_camera_y; break;
      default: return;
    }
  } else if (screen_ == OptionsScreen::kLook) {
    switch (cursor_) {
      case kSnapping: l.vertex_snapping = !l.vertex_snapping; break;
      case kWarping: l.affine_warping = !l.affine_warping; break;
      case kDither: l.dithering = !l.dithering; break;
      case kLowRes: l.low_resolution = !l.low_resolution; break;
      case kFullscreen: l.fullscreen = !l.fullscreen; break;
      case kTextScale: l.text_scale = 1 + (l.text_scale - 1 + dir + 3) % 3; break;
      case kWindowSize: {
        int at = 0;
        for (int k = 0; k < kWindowSizeCount; ++k) {
          if (kWindowSizes[k][0] == l.window_w && kWindowSizes[k][1] == l.window_h) at = k;
        }
        at = (at + dir + kWindowSizeCount) % kWindowSizeCount;
        l.window_w = kWindowSizes[at][0];
        l.window_h = kWindowSizes[at][1];
        break;
      }
      default: return;
    }
  } else if (screen_ == OptionsScreen::kSound) {
    SoundSettings& v = s.sound;
    float* rows[] = {&v.master, &v.music, &v.effects, &v.interface_, &v.rumble};
    if (cursor_ < 0 || cursor_ >= 5) return;
    step(rows[cursor_], dir, 0.0f, 1.0f, 0.1f);
  } else {
    return;
  }
  changed(ctx);
}

void OptionsMode::capture(std::uint32_t raw_pad, int raw_key, ModeContext& ctx) {
  ButtonMap& m = ctx.settings->controls.map(context_);
  const int b = capture_;
  const std::string name = std::string(control_context_label(context_)) + " " + button_label(b);
  if (raw_key != 0) {
    if (key_name(raw_key) == "Escape") {
      note_ = name + " is unchanged";
    } else {
      const int other = remap_key(&m, b, raw_key);
      if (other == -2) {
        note_ = "the key " + key_name(raw_key) + " moves a stick or is a function key: " + name + " is unchanged";
        capture_ = -1;
        return;
      }
      note_ = name + " is now on the key " + key_name(raw_key) +
              (other >= 0 ? std::string("; ") + button_label(other) + " moved to " +
                                (m.key[other] ? key_name(m.key[other]) : std::string("no key")) + " (swapped)"
                          : "");
      changed(ctx);
    }
  } else {
    int p = 0;
    while (p < kRemapButtons && !(raw_pad & (1u << p))) ++p;
    if (p >= kRemapButtons) return;
    const int other = remap_pad(&m, b, p);
    note_ = name + " is now on pad " + button_label(p) +
            (other >= 0 ? std::string("; ") + button_label(other) + " moved to pad " + pad_label(m, other) + " (swapped)" : "");
    changed(ctx);
    const std::string warn = unmapped_warning(ctx.settings->controls);
    if (!warn.empty()) note_ += "; " + warn;
  }
  capture_ = -1;
  input_.wait_release();  // the button just pressed means something else now
}

void OptionsMode::unmap(ModeContext& ctx) {
  if (screen_ != OptionsScreen::kControls || cursor_ < kFirstButtonRow || cursor_ >= kDeadInner) return;
  const int b = cursor_ - kFirstButtonRow;
  ButtonMap& m = ctx.settings->controls.map(context_);
  if (m.pad[b] == kUnmappedPad) return;
  remap_pad(&m, b, kUnmappedPad);
  changed(ctx);
  note_ = unmapped_warning(ctx.settings->controls);
}

ModeId OptionsMode::update(const ModeFrame& frame, ModeContext& ctx) {
  if (!ctx.settings) return ctx.options_back;
  if (!open_) {
    open_ = true;
    back_ = ctx.options_back;
    screen_ = OptionsScreen::kMain;
    cursor_ = 0;
    note_.clear();
    capture_ = -1;
    input_.wait_release();  // the A that opened the menu
  }
  shown_ = *ctx.settings;
  const bool was_armed = capture_ >= 0 && armed_;
  // From the title the menu ticks like the title; from the pause menu, like the pause menu.
  ModeId next = ModeId::kOptions;
  menu_ticks(frame, ctx, back_ == ModeId::kTitle || ctx.harness.clocked_while_paused(), [&](const InputFrame& pad, int) {
    if (capture_ >= 0) {
      input_.actions(pad);
      if (pad.buttons == 0) armed_ = true;
      if (++capture_ticks_ > 300) {
        note_ = std::string(button_label(capture_)) + " is unchanged";
        capture_ = -1;
      }
      return true;
    }
    std::uint32_t m = input_.actions(pad);
    const int n = static_cast<int>(rows().size());
    if (m & kMenuUp) cursor_ = (cursor_ + n - 1) % n;
    if (m & kMenuDown) cursor_ = (cursor_ + 1) % n;
    if (m & (kMenuUp | kMenuDown)) note_ = "";
    if (m & kMenuLeft) adjust(-1, ctx);
    if (m & kMenuRight) adjust(1, ctx);
    if (m & kMenuClear) unmap(ctx);
    if (m & kMenuChoose) {
      if (screen_ == OptionsScreen::kMain && cursor_ == 3) m |= kMenuBack;
      else choose(ctx);
    }
    if (m & kMenuBack) {
      if (screen_ == OptionsScreen::kMain) {
        next = back_;
      } else {
        cursor_ = static_cast<int>(screen_) - 1;
        screen_ = OptionsScreen::kMain;
        note_.clear();
      }
    }
    return next == ModeId::kOptions;
  });
  if (was_armed && capture_ >= 0 && (frame.raw_pad != 0 || frame.raw_key != 0)) capture(frame.raw_pad, frame.raw_key, ctx);
  if (next != ModeId::kOptions) open_ = false;
  return next;
}

const CommandList* OptionsMode::build_frame(const FrameSettings& fs, int w, int h) {
  if (back_ != ModeId::kTitle || !title_) return nullptr;  // over the game: draw_over
  const CommandList* under = title_->build_frame(fs, w, h);
  if (!under) return nullptr;
  over_.clear();
  over_.width = under->width;
  over_.height = under->height;
  over_.modern = under->modern;
  over_.perspective = under->perspective;
  over_.dither = under->dither;
  over_.clear_color = under->clear_color;
  over_.fog_color = under->fog_color;
  over_.triangles.assign(under->triangles.begin(), under->triangles.end());
  for (const ScreenLine& l : under->lines) {
    if (l.kind != kOverlayHud) over_.lines.push_back(l);  // the title's words would show under the panel
  }
  draw_over(fs, &over_);
  return &over_;
}

void OptionsMode::draw_over(const FrameSettings& fs, CommandList* list) {
  static const char* kTitles[] = {"OPTIONS", "OPTIONS: CONTROLS", "OPTIONS: LOOK", "OPTIONS: SOUND"};
  // The hints name the pad buttons that give the menus' A, B and Y now.
  const ButtonMap& menus = shown_.controls.map(ControlContext::kMenus);
  const std::string a = pad_label(menus, 0), b = pad_label(menus, 1), y = pad_label(menus, 3);
  const bool on_button = cursor_ >= kFirstButtonRow && cursor_ < kDeadInner;
  const std::string keys = screen_ == OptionsScreen::kMain ? a + " CHOOSE   " + b + " BACK"
                           : screen_ == OptionsScreen::kControls
                               ? (on_button ? a + " REMAP   " + y + " UNMAP   " + b + " BACK" : a + " OR LEFT/RIGHT CHANGE   " + b + " BACK")
                                                                 : a + " OR LEFT/RIGHT CHANGE   " + b + " BACK";
  draw_menu(kTitles[static_cast<int>(screen_)], rows(), cursor_, hud_upper(note_), keys, fs, list);
}

}  // namespace cf
