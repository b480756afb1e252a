// The real game's sound and rumble: SDL's disk audio driver writes what the game played (energy rises
// at the vault's landing), the scripted pad's rumble callback receives the landing, --rumble 0 sends
// nothing, no audio device runs silently, and the printed events are the same every run.
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

// RMS of frames [from, to) of interleaved stereo float.
double rms(const std::vector<float>& s, std::size_t from, std::size_t to) {
  to = std::min(to, s.size() / 2);
  if (to <= from) return 0.0;
  double e = 0.0;
  for (std::size_t f = from; f < to; ++f) e += 0.5 * (s[2 * f] * s[2 * f] + s[2 * f + 1] * s[2 * f + 1]);
  return std::sqrt(e / static_cast<double>(to - from));
}

// Under Xvfb ticks follow the wall clock, as SDL's disk driver does: its file is the game's audio
// in time. The loudest moment comes at the vault's landing, well above the walk before it.
TEST(SoundE2E, TheDiskDriverRecordsTheLandingLouderThanTheWalk) {
  const std::string raw = std::string(CF_BINARY_DIR) + "/sound_e2e_vault.raw";
  std::remove(raw.c_str());
  const CommandResult r = run_command(std::string("cd '") + CF_SOURCE_DIR + "' && env -u SDL_VIDEODRIVER SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE='" +
                                      raw + "' ASAN_OPTIONS=detect_leaks=0 xvfb-run -a -n 147 -s '-screen 0 1024x768x24' '" +
                                      CF_GAME_EXE + "' --window 320x240 " + kVault);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Json> sounds = lines_with(r.out, "sound");
  const double takeoff_s = static_cast<double>(tick_of(sounds, "takeoff")) / 60.0;
  const double landed_s = static_cast<double>(tick_of(sounds, "landing")) / 60.0;
  ASSERT_GT(landed_s, takeoff_s);
  ASSERT_GT(takeoff_s, 0.5);
  std::ifstream f(raw, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::vector<float> s(bytes.size() / sizeof(float));
  std::memcpy(s.data(), bytes.data(), s.size() * sizeof(float));
  const std::size_t frames = s.size() / 2;
  ASSERT_GT(frames, static_cast<std::size_t>(44100 * landed_s)) << "the file holds the run's audio (F32 stereo)";
  // The loudest 20 ms of the run.
  constexpr std::size_t kWin = 882;
  std::size_t loudest = 0;
  double top = 0.0;
  for (std::size_t w = 0; w + kWin < frames; w += kWin / 2) {
    const double e = rms(s, w, w + kWin);
    if (e > top) top = e, loudest = w;
  }
  const double loudest_s = static_cast<double>(loudest) / 44100.0;
  // The file starts when the device opens, before the first tick: audio time is tick time plus a
  // start-up delay (under a second).
  EXPECT_GE(loudest_s, landed_s - 0.05) << "the loudest moment is not the landing";
  EXPECT_LE(loudest_s, landed_s + 1.0);
  const double walk = rms(s, 0, static_cast<std::size_t>(44100 * takeoff_s));
  const double landing = rms(s, loudest, loudest + 44100 / 5);
  EXPECT_GT(walk, 1e-4) << "the walk's footsteps were heard";
  EXPECT_GT(landing, 3.0 * walk) << "energy rises at the landing";
  std::remove(raw.c_str());
}

}  // namespace
}  // namespace cf
