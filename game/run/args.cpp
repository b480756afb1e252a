#include "game/run/args.h"


#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace cf {

namespace {

bool parse_u64(const std::string& s, std::uint64_t* out) {
  if (s.empty() || s.size() > 20) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  errno = 0;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return false;
  *out = v;
  return true;
}

// "WxH" (or "WXH") with both sides in range; anything else (signs, spaces, missing parts) is refused.
bool parse_window_size(const std::string& s, int* w, int* h) {
  const std::size_t x = s.find_first_of("xX");
  if (x == std::string::npos) return false;
  std::uint64_t a = 0, b = 0;
  if (!parse_u64(s.substr(0, x), &a) || !parse_u64(s.substr(x + 1), &b)) return false;
  if (a < 320 || a > 3840 || b < 240 || b > 2160) return false;
  *w = static_cast<int>(a);
  *h = static_cast<int>(b);
  return true;
}

}  // namespace

const char* run_options_help() {
  return R"(usage: critterforge [options]
  --headless            no window or input devices (SDL dummy video); ticks run back to back
  --ticks N             run exactly N ticks (1/60 s each), then exit 0
  --print-hash          print the final simulation state hash (16 hex digits) as the last line
  --print-state         print a one-line JSON summary of the final state (position, heading, ...)
  --print-fps           print frames and ticks per second and median stage times at exit (a window)
  --print-slow-ticks    print every tick that took over 4 ms at exit, a JSON line each: its parts, the game
                        thread's CPU time, its wait for the pool and its time off the CPU, and the cause
  --print-budget        print what the play frames would cost a PS1 (polygons, GTE cycles, fill, texture
                        memory, each against the console's limits) at exit, one JSON line (a window)
  --record FILE         write a replay of the session (creature, level, seed, inputs, hashes) on exit
  --replay FILE         play a replay's inputs back; exit 1 naming the first tick whose hash differs
  --pad-script FILE     drive a virtual SDL gamepad from a script (tests; docs/testing.md), so input goes
                        through the real game-controller path
  --screenshot FILE     write the frame displayed at --at-tick as PNG (needs a window)
  --at-tick N           tick of the screenshot (default: the last tick); given more than once, one
                        screenshot per tick in one run, FILE named with _tN before its extension
  --creature FILE       creature file (default assets/creatures/biped.json)
  --level FILE          level file (default assets/levels/default.json)
  --seed N              simulation seed (default 1)
  --herd N              N more creatures (0-64, picked with the seed) wander the level (default: the level's)
  --herd-from DIR       pick the herd from DIR's creature files (default assets/creatures)
  --motions DIR         motion files in DIR join the motion library (searched before assets/motions;
                        a file there replaces a shipped motion of the same name)
  --threads N           1 or 2 worker threads for posing and skinning (default 2; the result is the same)
  --window WxH          window size in pixels, 320x240 up to 3840x2160 (default 960x720)
  --debug               open in debug mode, paused at --at-tick N (reached at full speed)
  --clip-depth M        a flesh penetration deeper than M metres is a clip (default 0.01)
  --edit [FILE]         open the creature editor (on FILE, or a blank canvas)
  --title               open at the title menu even in a bounded run (--ticks; for tests)
  --data-dir DIR        user data: saved creatures, the editor's draft, playtests/ (default
                        $XDG_DATA_HOME/critterforge or ~/.local/share/critterforge)
  --volume V            master volume from 0 to 1 (default 1)
  --music V             music volume from 0 to 1 (default 1; times the options' music volume)
  --ambience V          the ambience bed's level from 0 to 1 (default 1)
  --mute                no sound (no audio device is opened)
  --rumble S            pad rumble strength from 0 to 1 (default 1; 0 = off)
  --print-sound-events  print every sound event as a JSON line ({"sound":"footstep","tick":..})
  --print-rumble        at exit, print every rumble the scripted pad received as a JSON line
  --settings FILE       the player's options (default $XDG_CONFIG_HOME/critterforge/settings.json or
                        ~/.config/critterforge/settings.json; a bounded run uses the defaults without it)
  --help                this text
Without --creature, --level, --replay, --ticks or --headless the game opens at the title menu.
Ticks follow the wall clock (60 per second) on a real display (x11, wayland). A bounded run
(--ticks or --replay) under SDL's offscreen driver runs them back to back, one per frame. The
state computed never depends on wall time or frame rate; a screenshot shows exactly tick N.
Bad arguments or unreadable files: one line on stderr, exit code 2.
)";
}

bool starts_at_title(const RunOptions& o) {
  if (o.title) return true;
  return !o.edit && o.creature_path.empty() && o.level_path.empty() && o.replay_path.empty() && !o.has_ticks &&
         !o.headless;
}

std::string screenshot_path_at(const std::string& path, std::uint64_t tick) {
  const std::size_t slash = path.rfind('/');
  const std::size_t dot = path.rfind('.');
  const std::size_t at = dot == std::string::npos || (slash != std::string::npos && dot < slash) ? path.size() : dot;
  return path.substr(0, at) + "_t" + std::to_string(tick) + path.substr(at);
}

Result<RunOptions> parse_run_options(const std::vector<std::string>& args) {
  RunOptions o;
  std::vector<std::string> seen;  // each option at most once: a second one would silently replace the first
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) == 0) {
      if (a != "--at-tick" && std::find(seen.begin(), seen.end(), a) != seen.end())  // --at-tick: one shot each
        return Error{"", a, "given twice; give it once"};
      seen.push_back(a);
    }
    auto value = [&](std::string* out) -> Status {
      if (i + 1 >= args.size()) return Error{"", a, "needs a value"};
      *out = args[++i];
      if (out->empty()) return Error{"", a, "needs a non-empty value"};
      return {};
    };
    auto number = [&](std::uint64_t* out) -> Status {
      std::string v;
      if (Status s = value(&v); !s) return s;
      if (!parse_u64(v, out)) return Error{"", a, "'" + v + "' is not a non-negative integer"};
      return {};
    };
    Status s;
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--headless") {
      o.headless = true;
    } else if (a == "--print-hash") {
      o.print_hash = true;
    } else if (a == "--print-state") {
      o.print_state = true;
    } else if (a == "--print-fps") {
      o.print_fps = true;
    } else if (a == "--print-slow-ticks") {
      o.print_slow_ticks = true;
    } else if (a == "--print-budget") {
      o.print_budget = true;
    } else if (a == "--ticks") {
      s = number(&o.ticks);
      o.has_ticks = true;
    } else if (a == "--at-tick") {
      std::uint64_t t = 0;
      s = number(&t);
      o.shot_ticks.push_back(t);
      o.has_at_tick = true;
    } else if (a == "--herd") {
      s = number(&o.herd);
      o.has_herd = true;
    } else if (a == "--herd-from") {
      s = value(&o.herd_dir);
    } else if (a == "--motions") {
      s = value(&o.motions_dir);
    } else if (a == "--threads") {
      s = number(&o.threads);
    } else if (a == "--window") {
      std::string v;
      s = value(&v);
      o.has_window = true;
      if (s && !parse_window_size(v, &o.window_w, &o.window_h)) {
        return Error{"", a, "'" + v + "' is not WxH from 320x240 to 3840x2160 (e.g. 320x240)"};
      }
    } else if (a == "--seed") {
      s = number(&o.seed);
      o.has_seed = true;
    } else if (a == "--record") {
      s = value(&o.record_path);
    } else if (a == "--replay") {
      s = value(&o.replay_path);
    } else if (a == "--pad-script") {
      s = value(&o.pad_script_path);
    } else if (a == "--screenshot") {
      s = value(&o.screenshot_path);
    } else if (a == "--creature") {
      s = value(&o.creature_path);
    } else if (a == "--level") {
      s = value(&o.level_path);
    } else if (a == "--debug") {
      o.debug = true;
    } else if (a == "--data-dir") {
      s = value(&o.data_dir);
    } else if (a == "--settings") {
      s = value(&o.settings_path);
    } else if (a == "--clip-depth") {
      std::string v;
      s = value(&v);
      char* end = nullptr;
      o.clip_depth_m = s ? std::strtod(v.c_str(), &end) : 0.0;
      if (s && (end == v.c_str() || *end != '\0' || !(o.clip_depth_m >= 0.0 && o.clip_depth_m <= 1.0))) {
        return Error{"", a, "'" + v + "' is not a depth from 0 to 1 metre"};
      }
    } else if (a == "--volume" || a == "--rumble" || a == "--music" || a == "--ambience") {
      std::string v;
      s = value(&v);
      char* end = nullptr;
      const double x = s ? std::strtod(v.c_str(), &end) : 0.0;
      if (s && (end == v.c_str() || *end != '\0' || !(x >= 0.0 && x <= 1.0))) {
        return Error{"", a, "'" + v + "' is not a level from 0 to 1"};
      }
      (a == "--volume" ? o.sound.master : a == "--music" ? o.sound.music : a == "--ambience" ? o.ambience : o.sound.rumble) =
          static_cast<float>(x);
    } else if (a == "--mute") {
      o.mute = true;
    } else if (a == "--print-sound-events") {
      o.print_sound_events = true;
    } else if (a == "--print-rumble") {
      o.print_rumble = true;
    } else if (a == "--edit") {
      o.edit = true;
      if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) s = value(&o.edit_path);
    } else if (a == "--title") {
      o.title = true;
    } else {
      return Error{"", "", "unknown option '" + a + "' (see --help)"};
    }
    if (!s) return s.error;
  }
  if (o.help) return o;
  if (o.has_herd && o.herd > 64) return Error{"", "--herd", "at most 64 creatures"};
  if (o.threads < 1 || o.threads > 2) return Error{"", "--threads", "must be 1 or 2"};
  if (o.has_ticks && o.ticks > 60ull * 60 * 60 * 4) return Error{"", "--ticks", "at most 864000 (four hours)"};
  if (o.headless && !o.has_ticks && o.replay_path.empty()) {
    return Error{"", "--headless", "needs --ticks N or --replay FILE (it has no window to close)"};
  }
  if (!o.screenshot_path.empty() && o.headless) {
    return Error{"", "--screenshot", "needs a window; drop --headless (use SDL_VIDEODRIVER=offscreen without a display)"};
  }
  if (o.debug && o.headless) return Error{"", "--debug", "needs a window; drop --headless"};
  if (o.print_budget && o.headless) return Error{"", "--print-budget", "measures drawn frames; drop --headless"};
  std::sort(o.shot_ticks.begin(), o.shot_ticks.end());
  o.shot_ticks.erase(std::unique(o.shot_ticks.begin(), o.shot_ticks.end()), o.shot_ticks.end());
  if (o.has_at_tick) o.at_tick = o.shot_ticks.front();
  if (o.has_at_tick && o.debug && o.shot_ticks.size() > 1) {
    return Error{"", "--at-tick", "debug mode opens at one tick; give --at-tick once"};
  }
  if (o.has_at_tick && o.screenshot_path.empty() && !o.debug) {
    return Error{"", "--at-tick", "needs --screenshot FILE or --debug"};
  }
  if (!o.screenshot_path.empty() && !o.has_at_tick && !o.has_ticks && o.replay_path.empty()) {
    return Error{"", "--screenshot", "needs --at-tick N or --ticks N"};
  }
  if (o.has_at_tick && o.has_ticks && o.shot_ticks.back() > o.ticks) {
    return Error{"", "--at-tick", std::to_string(o.shot_ticks.back()) + " is after the last tick (" + std::to_string(o.ticks) + ")"};
  }
  if (!o.replay_path.empty() && (!o.creature_path.empty() || !o.level_path.empty() || o.has_seed || o.has_herd || !o.herd_dir.empty())) {
    return Error{"", "--replay", "takes the creature, level, seed and herd from the replay file; drop --creature/--level/--seed/--herd"};
  }
  if (!o.pad_script_path.empty() && o.headless) {
    return Error{"", "--pad-script", "needs the game-controller subsystem; drop --headless"};
  }
  if (o.print_rumble && o.pad_script_path.empty()) {
    return Error{"", "--print-rumble", "needs --pad-script FILE (the scripted pad is the one that reports rumble)"};
  }
  if (!o.pad_script_path.empty() && !o.replay_path.empty()) {
    return Error{"", "--pad-script", "cannot be combined with --replay (a replay already holds its inputs)"};
  }
  if (o.edit && (!o.creature_path.empty() || !o.level_path.empty() || !o.replay_path.empty() || o.title)) {
    return Error{"", "--edit", "opens the editor; drop --creature/--level/--replay/--title"};
  }
  if (o.title && (!o.creature_path.empty() || !o.level_path.empty() || !o.replay_path.empty())) {
    return Error{"", "--title", "opens the title menu; drop --creature/--level/--replay"};
  }
  if (!o.replay_path.empty() && o.replay_path == o.record_path) {
    return Error{"", "--record", "must not overwrite the replay being played"};
  }
  return o;
}

}  // namespace cf
