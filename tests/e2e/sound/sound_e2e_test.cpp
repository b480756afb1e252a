// The real game's sound and rumble: SDL's disk audio driver writes what the game played (energy rises
// at the vault's landing), the scripted pad's rumble callback receives the landing, --rumble 0 sends
// nothing, no audio device runs silently, and the printed events are the same every run. The disk
// recordings are of the effects alone (--music 0 --ambience 0): they read onsets over silence.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

namespace cf {
namespace {

using test::CommandResult;
using test::run_command;

const char* kVault = "--pad-script tests/data/game/vault_beside_wall.pad.json --ticks 350 --print-sound-events";

CommandResult game(const std::string& env, const std::string& args) {
  return run_command(std::string("cd '") + CF_SOURCE_DIR + "' && SDL_VIDEODRIVER=offscreen ASAN_OPTIONS=detect_leaks=0 " +
                     env + " '" + CF_GAME_EXE + "' " + args);
}

// Every JSON line of stdout that has 'key'.
std::vector<Json> lines_with(const std::string& out, const char* key) {
  std::vector<Json> v;
  std::size_t at = 0;
  while (at < out.size()) {
    const std::size_t end = out.find('\n', at);
    const std::string line = out.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? out.size() : end + 1;
    if (line.empty() || line[0] != '{') continue;
    Json j = Json::parse(line, nullptr, false);
    if (!j.is_discarded() && j.contains(key)) v.push_back(j);
  }
  return v;
}

std::uint64_t tick_of(const std::vector<Json>& sounds, const char* kind) {
  for (const Json& j : sounds)
    if (j["sound"] == kind) return j["tick"].get<std::uint64_t>();
  return 0;
}

TEST(SoundE2E, TheScriptedPadFeelsTheLandingAndNothingWithRumbleOff) {
  const CommandResult on = game("SDL_AUDIODRIVER=dummy", std::string(kVault) + " --print-rumble");
  ASSERT_EQ(on.exit_code, 0) << on.err;
  const std::uint64_t landed = tick_of(lines_with(on.out, "sound"), "landing");
  ASSERT_GT(landed, 0u) << on.out;
  const std::vector<Json> rumbles = lines_with(on.out, "rumble");
  bool at_landing = false;
  for (const Json& r : rumbles) {
    const Json& x = r["rumble"];
    if (x["tick"].get<std::uint64_t>() == landed && x["low"].get<int>() > 10000) at_landing = true;
    EXPECT_LE(x["tick"].get<std::uint64_t>(), landed + 60) << "a rumble long after the landing: " << r.dump();
  }
  EXPECT_TRUE(at_landing) << "no strong rumble at the landing tick " << landed << "\n" << on.out;

  const CommandResult off = game("SDL_AUDIODRIVER=dummy", std::string(kVault) + " --print-rumble --rumble 0");
  ASSERT_EQ(off.exit_code, 0) << off.err;
  EXPECT_EQ(tick_of(lines_with(off.out, "sound"), "landing"), landed) << "the same vault";
  EXPECT_TRUE(lines_with(off.out, "rumble").empty()) << off.out;
}

TEST(SoundE2E, WithoutAnAudioDeviceTheGameRunsSilentlyAndSaysSoOnce) {
  const std::string args = "--level tests/data/game/open_field.level.json --ticks 120 --print-hash";
  const CommandResult none = game("SDL_AUDIODRIVER=nosuchdriver", args);
  const CommandResult dummy = game("SDL_AUDIODRIVER=dummy", args);
  const CommandResult muted = game("SDL_AUDIODRIVER=nosuchdriver", args + " --mute");
  ASSERT_EQ(none.exit_code, 0) << none.err;
  ASSERT_EQ(dummy.exit_code, 0) << dummy.err;
  ASSERT_EQ(muted.exit_code, 0) << muted.err;
  const std::size_t at = none.err.find("runs silently");
  ASSERT_NE(at, std::string::npos) << none.err;
  EXPECT_EQ(none.err.find("runs silently", at + 1), std::string::npos) << "once: " << none.err;
  EXPECT_EQ(dummy.err.find("runs silently"), std::string::npos) << dummy.err;
  EXPECT_EQ(muted.err.find("runs silently"), std::string::npos) << "--mute opens no device";
  EXPECT_EQ(none.out, dummy.out) << "the same states with and without sound";
  EXPECT_EQ(muted.out, dummy.out);
}

TEST(SoundE2E, AReplayPrintsTheSameSoundEventsEveryRun) {
  const std::string args = "--headless --replay tests/data/game/vault_default.replay.json --print-sound-events --print-hash";
  const CommandResult a = game("", args), b = game("", args);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const std::vector<Json> sounds = lines_with(a.out, "sound");
  EXPECT_GT(tick_of(sounds, "landing"), tick_of(sounds, "takeoff"));
  EXPECT_GT(tick_of(sounds, "takeoff"), 0u);
  EXPECT_GT(sounds.size(), 10u);
  const CommandResult quiet = game("", "--headless --replay tests/data/game/vault_default.replay.json --print-hash");
  ASSERT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_EQ(a.out.substr(a.out.rfind('\n', a.out.size() - 2) + 1), quiet.out.substr(quiet.out.rfind('\n', quiet.out.size() - 2) + 1))
      << "printing the sounds changes no hash";
}

TEST(SoundE2E, TheTitleMenuBlipsOnMoveChooseAndBack) {
  const std::string dir = std::string(CF_BINARY_DIR) + "/sound_e2e_title";
  const std::string pad = dir + ".pad.json";
  std::FILE* f = std::fopen(pad.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fputs(R"({"format": "critterforge.padscript/1", "steps": [{"ticks": 5},
    {"ticks": 2, "buttons": ["down"]}, {"ticks": 4}, {"ticks": 2, "buttons": ["down"]}, {"ticks": 4},
    {"ticks": 2, "buttons": ["a"]}, {"ticks": 6}, {"ticks": 2, "buttons": ["b"]}, {"ticks": 6}]})", f);
  std::fclose(f);
  const CommandResult r = game("SDL_AUDIODRIVER=dummy", "--title --data-dir '" + dir + "' --pad-script '" + pad +
                                                            "' --ticks 33 --print-sound-events");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> kinds;
  for (const Json& j : lines_with(r.out, "sound")) kinds.push_back(j["sound"].get<std::string>());
  EXPECT_EQ(kinds, (std::vector<std::string>{"menu_move", "menu_move", "menu_select", "menu_back"})) << r.out;
  std::remove(pad.c_str());
}

// A stroke drawn in the editor (one second, A held) and its Start menu (down, B): the pen's held tone
// starts with the pen and is released once when the stroke ends, and the menu blips.
const char* kEditorStroke = R"({"format": "critterforge.padscript/1", "steps": [{"ticks": 10},
    {"ticks": 60, "left": [0.0, 1.0], "buttons": ["a"]}, {"ticks": 40}, {"ticks": 2, "buttons": ["start"]},
    {"ticks": 6}, {"ticks": 2, "buttons": ["down"]}, {"ticks": 6}, {"ticks": 2, "buttons": ["b"]}, {"ticks": 10}]})";

std::string editor_pad(const std::string& dir) {
  const std::string pad = dir + ".pad.json";
  std::FILE* f = std::fopen(pad.c_str(), "wb");
  if (!f) return "";
  std::fputs(kEditorStroke, f);
  std::fclose(f);
  return pad;
}

TEST(SoundE2E, TheEditorsPenToneIsHeldWhileDrawingAndItsMenuBlips) {
  const std::string dir = std::string(CF_BINARY_DIR) + "/sound_e2e_editor";
  const std::string pad = editor_pad(dir);
  ASSERT_FALSE(pad.empty());
  const CommandResult r = game("SDL_AUDIODRIVER=dummy", "--edit --data-dir '" + dir + "' --pad-script '" + pad +
                                                            "' --ticks 138 --print-sound-events");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> kinds;
  std::uint64_t tone_on = 0, tone_off = 0;
  for (const Json& j : lines_with(r.out, "sound")) {
    kinds.push_back(j["sound"].get<std::string>());
    if (j["sound"] == "pen_tone") (j["loudness"].get<double>() > 0.0 ? tone_on : tone_off) = j["tick"].get<std::uint64_t>();
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"pen_draw", "pen_tone", "pen_tone", "part_made", "menu_move", "menu_back"}))
      << r.out;
  EXPECT_GE(tone_off - tone_on, 59u) << "held for the whole stroke: " << tone_on << ".." << tone_off;
  std::remove(pad.c_str());
}

// RMS of frames [from, to) of interleaved stereo float.
double rms(const std::vector<float>& s, std::size_t from, std::size_t to) {
  to = std::min(to, s.size() / 2);
  if (to <= from) return 0.0;
  double e = 0.0;
  for (std::size_t f = from; f < to; ++f) e += 0.5 * (s[2 * f] * s[2 * f] + s[2 * f + 1] * s[2 * f + 1]);
  return std::sqrt(e / static_cast<double>(to - from));
}

// Under Xvfb ticks follow the wall clock, as SDL's disk driver does, so its file is what the game
// played, in order (a loaded machine bunches ticks together, so the test reads the order, not the
// times). In the vault script the landing is the run's last sound: the loudest moment of the file is
// at the end of what was heard, well above the walk's footsteps in its first half.
TEST(SoundE2E, TheDiskDriverRecordsTheLandingLouderThanTheWalk) {
  const std::string raw = std::string(CF_BINARY_DIR) + "/sound_e2e_vault.raw";
  std::remove(raw.c_str());
  const CommandResult r = run_command(std::string("cd '") + CF_SOURCE_DIR + "' && env -u SDL_VIDEODRIVER SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE='" +
                                      raw + "' ASAN_OPTIONS=detect_leaks=0 xvfb-run -a -n 147 -s '-screen 0 1024x768x24' '" +
                                      CF_GAME_EXE + "' --window 320x240 --music 0 --ambience 0 " + kVault);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Json> sounds = lines_with(r.out, "sound");
  ASSERT_FALSE(sounds.empty());
  EXPECT_EQ(sounds.back()["sound"], "landing") << "the landing is the last sound of the script";
  std::ifstream f(raw, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::vector<float> s(bytes.size() / sizeof(float));
  std::memcpy(s.data(), bytes.data(), s.size() * sizeof(float));
  const std::size_t frames = s.size() / 2;
  ASSERT_GT(frames, 44100u) << "the file holds the run's audio (F32 stereo, 44.1 kHz)";
  // 50 ms windows; what was heard runs from the first to the last window over the floor.
  constexpr std::size_t kWin = 2205;
  std::vector<double> env;
  for (std::size_t w = 0; w + kWin <= frames; w += kWin) env.push_back(rms(s, w, w + kWin));
  std::size_t first = env.size(), last = 0;
  for (std::size_t i = 0; i < env.size(); ++i)
    if (env[i] > 0.003) first = std::min(first, i), last = i;
  ASSERT_LT(first, last) << "nothing was heard";
  const std::size_t loudest = static_cast<std::size_t>(std::max_element(env.begin(), env.end()) - env.begin());
  const double span = static_cast<double>(last - first);
  EXPECT_GE(static_cast<double>(loudest - first), 0.6 * span)
      << "the loudest moment (" << loudest << ") is not at the end (" << first << ".." << last << ")";
  const double walk = *std::max_element(env.begin() + static_cast<long>(first),
                                        env.begin() + static_cast<long>(first + (last - first) / 2));
  EXPECT_GT(walk, 0.003) << "the walk's footsteps were heard";
  EXPECT_GT(env[loudest], 2.0 * walk) << "energy rises at the landing";
  std::remove(raw.c_str());
}

// The pen's tone as played: SDL's disk driver records a sustained tone for the stroke (most of its
// second above the floor, where the blips alone last a fraction of it) at the tone's pitch, then quiet.
TEST(SoundE2E, TheDiskDriverRecordsThePenToneForTheWholeStroke) {
  const std::string dir = std::string(CF_BINARY_DIR) + "/sound_e2e_editor_disk";
  const std::string pad = editor_pad(dir);
  ASSERT_FALSE(pad.empty());
  const std::string raw = dir + ".raw";
  std::remove(raw.c_str());
  const CommandResult r = run_command(std::string("cd '") + CF_SOURCE_DIR + "' && env -u SDL_VIDEODRIVER SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE='" +
                                      raw + "' ASAN_OPTIONS=detect_leaks=0 xvfb-run -a -n 148 -s '-screen 0 1024x768x24' '" +
                                      CF_GAME_EXE + "' --window 320x240 --music 0 --ambience 0 --edit --data-dir '" + dir + "' --pad-script '" + pad +
                                      "' --ticks 120");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream f(raw, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::vector<float> s(bytes.size() / sizeof(float));
  std::memcpy(s.data(), bytes.data(), s.size() * sizeof(float));
  const std::size_t frames = s.size() / 2;
  ASSERT_GT(frames, 44100u);
  constexpr std::size_t kWin = 2205;  // 50 ms
  int loud = 0;
  std::size_t first = 0;
  for (std::size_t w = 0; w + kWin <= frames; w += kWin) {
    if (rms(s, w, w + kWin) <= 0.01) continue;
    if (loud++ == 0) first = w;
  }
  EXPECT_GE(loud, 12) << "at least 0.6 s of the 1 s stroke sounds";
  EXPECT_LE(loud, 30) << "and it stops";
  // Its pitch: zero crossings of the left channel over 0.2 s from the tone's start (the pen starts
  // low: 0.8..1.4 times 344 Hz).
  int crossings = 0;
  const std::size_t from = first + 3 * kWin, to = std::min(frames, from + 8820);  // past the pen-down blip
  for (std::size_t i = from + 1; i < to; ++i) crossings += (s[2 * i] >= 0.0f) != (s[2 * (i - 1)] >= 0.0f);
  const double hz = crossings / 2.0 / 0.2;
  EXPECT_GT(hz, 0.7 * 344.5) << hz;
  EXPECT_LT(hz, 1.6 * 344.5) << hz;
  std::remove(raw.c_str());
  std::remove(pad.c_str());
}

}  // namespace
}  // namespace cf
