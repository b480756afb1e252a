#pragma once
// Command-line run modes of the game binary.
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "game/sound/sound_settings.h"

namespace cf {

// The screenshot of tick 'tick' when several are taken: "shot.png" -> "shot_t400.png".
std::string screenshot_path_at(const std::string& path, std::uint64_t tick);

struct RunOptions {
  bool help = false;
  bool headless = false;          // no window, no devices; ticks back to back
  bool has_ticks = false;
  std::uint64_t ticks = 0;        // run exactly this many ticks, then exit 0
  bool print_hash = false;        // final state hash, 16 hex digits, last line of stdout
  bool print_state = false;       // final state summary as one JSON line (before the hash)
  bool print_fps = false;         // frames and ticks per second and stage times, one line at exit
  bool print_slow_ticks = false;  // every tick over 4 ms with where its time went, a line each at exit
  bool print_budget = false;      // the console budget meter over the run's play frames, one line at exit
  std::string record_path;        // write a replay of this session on exit
  std::string replay_path;        // feed a replay's inputs and check its hashes
  std::string pad_script_path;    // drive a virtual SDL gamepad from this script (game/session/pad_script.h)
  std::string screenshot_path;    // PNG of the displayed frame at at_tick
  bool has_at_tick = false;
  std::uint64_t at_tick = 0;      // the first (earliest) of shot_ticks
  std::vector<std::uint64_t> shot_ticks;  // --at-tick given more than once: one screenshot each, ascending
  std::string creature_path;      // empty: default creature
  std::string level_path;         // empty: default level
  bool has_herd = false;
  std::uint64_t herd = 0;         // herd creatures besides the player's (default: the level's "herd")
  std::string herd_dir;           // --herd-from: where the herd is picked from (empty: assets/creatures)
  std::string motions_dir;        // --motions: a motion folder searched before assets/motions
  std::uint64_t threads = 2;      // worker threads for posing and skinning (1 or 2; results are the same)
  int window_w = 960;             // --window WxH: the window's size in pixels (320x240 .. 3840x2160)
  int window_h = 720;
  bool has_window = false;        // --window given: it wins over the settings' window size
  // Editor and title menu (issue 12). Without --creature/--level/--replay/--ticks/--headless the
  // game opens at the title menu; --title forces it (bounded test runs), --edit opens the editor.
  bool title = false;
  bool edit = false;
  std::string edit_path;          // --edit FILE: the creature to open (empty: blank canvas)
  std::string settings_path;      // --settings FILE: the options file (default: XDG config home)
  std::string data_dir;           // --data-dir DIR: creatures, drafts, playtests/ (default: XDG data home)
  bool has_seed = false;
  std::uint64_t seed = 1;
  bool debug = false;             // open in debug mode, paused at --at-tick (default 0)
  double clip_depth_m = 0.0;      // clip threshold in metres; 0: the detector's 1 cm
  SoundSettings sound;            // --volume (master), --rumble, --music
  float ambience = 1.0f;          // --ambience: the ambience bed's level
  bool mute = false;              // --mute: no audio device
  bool print_sound_events = false;  // every sound event as a JSON line on stdout
  bool print_rumble = false;      // the scripted pad's received rumbles as JSON lines at exit
};

// Parses argv[1..]; the error is one line ("--ticks: 'x' is not a non-negative integer").
Result<RunOptions> parse_run_options(const std::vector<std::string>& args);

// Whether the game starts at the title menu rather than playing directly.
bool starts_at_title(const RunOptions& o);

// The --help text.
const char* run_options_help();

}  // namespace cf
