#pragma once
// The player's settings (controls, look, sound) and their file, critterforge.settings/1:
// $XDG_CONFIG_HOME/critterforge/settings.json (default ~/.config/critterforge/), or --settings FILE.
// Written atomically on every change. A damaged, unreadable or newer file is reported in one line,
// renamed aside (never overwritten) and the defaults are used. Nothing here reaches the simulation:
// the controls act before the InputFrame, the look and sound after the state.
#include <string>

#include "core/result.h"
#include "game/sound/sound_settings.h"
#include "platform/input.h"
#include "render/frame_settings.h"

namespace cf {

constexpr const char* kSettingsFormat = "critterforge.settings/2";  // /1 files (one mapping) still load

// Where a button means something: play (and debug mode), and the menus (title, pause, options and the
// editor). Each has its own mapping, so moving a play action never moves a menu's.
enum class ControlContext : std::uint8_t { kPlay, kMenus };
constexpr int kControlContexts = 2;
// "play", "menus" (files); "PLAY", "MENUS" (screen).
const char* control_context_name(ControlContext c);
const char* control_context_label(ControlContext c);

// Per game button (InputFrame bit order): the physical pad button (kUnmappedPad: none) and the key (0:
// none) that give it.
struct ButtonMap {
  std::uint8_t pad[kRemapButtons] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
  int key[kRemapButtons] = {};  // SDL scancodes; default_settings() fills the defaults
};

struct ControlSettings {
  ButtonMap maps[kControlContexts];
  float deadzone_inner = 0.24f;     // of full deflection: the stick reads 0 inside it
  float deadzone_outer = 1.0f;      // full deflection from here on
  float pen_speed = 1.0f;           // editor pen, times 1.8 m/s
  float precise_pen_speed = 1.0f;   // editor pen with LB held, times 0.2 m/s
  float camera_speed = 1.0f;
  bool invert_camera_x = false, invert_camera_y = false;

  ButtonMap& map(ControlContext c) { return maps[static_cast<int>(c)]; }
  const ButtonMap& map(ControlContext c) const { return maps[static_cast<int>(c)]; }
};

struct LookSettings {
  bool vertex_snapping = true;  // corners on whole pixels (the wobble)
  bool affine_warping = true;   // textures interpolated without perspective
  bool dithering = true;        // the 4x4 ordered dither of 15-bit colour
  bool low_resolution = true;   // the 320x240 target, scaled up
  int window_w = 960, window_h = 720;
  bool fullscreen = false;
  int text_scale = 1;           // HUD and menu text: 1, 2 or 3 times the 8x8 font
};


struct Settings {
  ControlSettings controls;
  LookSettings look;
  SoundSettings sound;
  bool operator==(const Settings& o) const;
  bool operator!=(const Settings& o) const { return !(*this == o); }
};

Settings default_settings();

// Parses a settings file's text (missing fields keep their defaults; wrong types, ranges, unknown
// fields, a pad mapping that is not a permutation or two buttons on one key are errors).
Result<Settings> parse_settings(const std::string& text, const std::string& file);
std::string settings_to_json(const Settings& s);

// The default file: $XDG_CONFIG_HOME/critterforge/settings.json, else ~/.config/critterforge/settings.json.
std::string default_settings_path();

// Loads 'path'. A missing file gives the defaults silently. Any other failure gives the defaults and
// sets *report to one line saying what was wrong and what became of the file: a damaged regular file
// is set aside as "<path>.damaged-<n>" (a fresh n; set_aside_damaged); a folder, device, FIFO or
// socket, or a read-only file, is left untouched, and then *may_save is false (a save would replace
// or rewrite it). A symlink is followed.
Settings load_settings_file(const std::string& path, std::string* report, bool* may_save = nullptr);
// Writes atomically (the folder is made when missing). On failure the old file is left as it was.
Status save_settings_file(const std::string& path, const Settings& s);

// Puts game button b on physical pad button p (a bit index) in one mapping; the game button that had p
// takes b's old one (none when b had none). Returns that other game button, or -1 when none moved.
// p = kUnmappedPad unmaps b.
int remap_pad(ButtonMap* m, int b, int p);
// The same for keys (SDL scancodes): a key no button has is simply taken. Reserved keys are refused
// (returns -2, nothing changes).
int remap_key(ButtonMap* m, int b, int scancode);

// The player's label of the pad button that gives game button b ("X"; "NONE" when unmapped).
std::string pad_label(const ButtonMap& m, int b);

// What the platform and the renderer take from the settings; the controls of one context.
InputControls input_controls(const Settings& s, ControlContext context = ControlContext::kPlay);
void apply_look(const LookSettings& look, FrameSettings* fs);

}  // namespace cf
