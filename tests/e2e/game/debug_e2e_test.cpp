// Debug mode and playtest replays through the real game binary: the ImGui debug panel over the
// picture (offscreen and Xvfb, golden with tolerance, checked against the plain frame), the
// auto-saved replay at the first clip reproduced by `creature-lab clipcheck`, and "save replay now".
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <utility>
#include <string>

#include "core/json_util.h"
#include "golden.h"
#include "render/image_io.h"
#include "run_command.h"
#include "core/json.h"

namespace cf::test {
namespace {

#define CF_GL_ENV "ASAN_OPTIONS=detect_leaks=0 SDL_AUDIODRIVER=dummy "

std::string tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/e2e_debug_" + name; }

CommandResult game_offscreen(const std::string& args) {
  return run_command("cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen " CF_GL_ENV "'" CF_GAME_EXE
                     "' " + args);
}

CommandResult lab(const std::string& args) { return run_command("cd '" CF_SOURCE_DIR "' && '" CF_LAB_EXE "' " + args); }

const char* kPanelArgs = "--replay tests/data/game/vault_default.replay.json --at-tick 150";

void expect_panel_over_the_picture(const std::string& shot_path) {
  Result<Image> shot = load_png(shot_path);
  ASSERT_TRUE(shot.ok()) << shot.error().to_string();
  // Independent of the golden: the same tick without --debug differs where the panel is (the left
  // 370 pixels) and hardly elsewhere (only the banner line and the panel's own edge).
  const std::string plain = tmp("plain150.png");
  const CommandResult r = game_offscreen(std::string(kPanelArgs) + " --screenshot '" + plain + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Image> p = load_png(plain);
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p->width, shot->width);
  ASSERT_EQ(p->height, shot->height);
  EXPECT_GT(differing_fraction(*shot, *p, 24, 0, 360), 0.5) << "no panel over the left of the picture";
  EXPECT_LT(differing_fraction(*shot, *p, 24, 400, shot->width), 0.05) << "the picture beside the panel changed";
  // The golden (from the offscreen run): at most 1% of pixels off by more than 24 (timings differ).
  const std::string golden = golden_path("e2e_debug_panel_tick150.png");
  if (updating_goldens()) {
    ASSERT_TRUE(write_png(golden, *shot).ok());
    return;
  }
  Result<Image> want = load_png(golden);
  ASSERT_TRUE(want.ok()) << want.error().to_string() << " (create it: CF_UPDATE_GOLDENS=1 ctest -R DebugE2E)";
  ASSERT_EQ(shot->width, want->width);
  ASSERT_EQ(shot->height, want->height);
  const double off = differing_fraction(*shot, *want, 24, 0, shot->width);
  EXPECT_LE(off, 0.01) << shot_path << " differs from " << golden << " in " << off * 100.0 << "% of pixels";
}

TEST(DebugE2E, OffscreenDebugPanelOpensPausedAtTheTick) {
  const std::string shot = tmp("panel_offscreen.png");
  std::remove(shot.c_str());
  const CommandResult r =
      game_offscreen(std::string(kPanelArgs) + " --debug --print-state --screenshot '" + shot + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string state = r.out.substr(0, r.out.find('\n'));
  Result<Json> j = parse_json(state, "stdout");
  ASSERT_TRUE(j.ok()) << r.out;
  EXPECT_EQ((*j)["tick"].get<int>(), 150);  // paused there: no tick ran after it
  expect_panel_over_the_picture(shot);
}

TEST(DebugE2E, XvfbDebugPanelMatchesTheSameGolden) {
  if (run_command("command -v xvfb-run >/dev/null").exit_code != 0) GTEST_SKIP() << "xvfb-run not installed";
  if (updating_goldens()) GTEST_SKIP() << "goldens come from the offscreen run";
  const std::string shot = tmp("panel_xvfb.png");
  std::remove(shot.c_str());
  const CommandResult r = run_command("cd '" CF_SOURCE_DIR "' && env -u SDL_VIDEODRIVER " CF_GL_ENV
                                      "xvfb-run -a -n 143 -s '-screen 0 1280x800x24' '" CF_GAME_EXE "' " +
                                      std::string(kPanelArgs) + " --debug --screenshot '" + shot + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_panel_over_the_picture(shot);
}

TEST(DebugE2E, DebugFlagRejectsATickAfterTheReplay) {
  const CommandResult r = game_offscreen("--replay tests/data/game/vault_default.replay.json --at-tick 5000 --debug");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--at-tick"), std::string::npos) << r.err;
}

// A bounded run's clock goes on in debug mode (paused or stepping): it used to stand still with the
// paused session, so a pad script that opened debug mode froze there and --ticks never ended.
TEST(DebugE2E, ABoundedRunWhosePadScriptOpensDebugModeEndsAfterItsTicks) {
  const std::string stay = tmp("debug_stay.pad.json"), leave = tmp("debug_leave.pad.json");
  // 30 ticks walking, then LB + Start (debug mode) at run tick 30; 'leave' presses it again at 51.
  const std::string open = R"({"ticks": 30, "left": [0, 1]}, {"ticks": 1, "buttons": ["lb", "start"]}, {"ticks": 20})";
  std::ofstream(stay) << R"({"format": "critterforge.padscript/1", "steps": [)" << open << "]}";
  std::ofstream(leave) << R"({"format": "critterforge.padscript/1", "steps": [)" << open
                       << R"(, {"ticks": 1, "buttons": ["lb", "start"]}, {"ticks": 10, "left": [0, 1]}]})";
  for (const auto& [script, want_tick] : {std::pair<std::string, int>{stay, 31}, {leave, 99}}) {
    const CommandResult r = run_command("cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen " CF_GL_ENV
                                        "timeout -k 5 60 '" CF_GAME_EXE "' --ticks 120 --print-state --pad-script '" +
                                        script + "'");
    ASSERT_EQ(r.exit_code, 0) << script << " (124: the run never ended)\n" << r.err;
    Result<Json> state = parse_json(r.out.substr(0, r.out.find('\n')), "stdout");
    ASSERT_TRUE(state.ok()) << r.out;
    // Paused from tick 31 to the end; or, leaving at run tick 51, 21 frames of the 120 were debug mode.
    EXPECT_EQ((*state)["tick"].get<int>(), want_tick) << script;
  }
}

TEST(DebugE2E, FirstClipAutoSavesAReplayThatClipcheckReproduces) {
  const std::string dir = tmp("data");
  std::filesystem::remove_all(dir);
  const CommandResult r = game_offscreen(
      "--creature assets/creatures/biped.json --level tests/data/game/clip_pipe.level.json --pad-script "
      "tests/data/game/clip_walk_forward.pad.json --ticks 200 --print-state --data-dir '" + dir +
      "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Json> state = parse_json(r.out.substr(0, r.out.find('\n')), "stdout");
  ASSERT_TRUE(state.ok()) << r.out;
  const Json first = (*state)["first_clip"];
  ASSERT_TRUE(first.is_object()) << r.out;
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir + "/playtests")) files.push_back(e.path().string());
  ASSERT_EQ(files.size(), 1u);
  char want[64];
  std::snprintf(want, sizeof want, "_t%06d_clip.replay.json", first["tick"].get<int>());
  EXPECT_NE(files[0].find(std::string("playtest_biped_clip_pipe") + want), std::string::npos) << files[0];
  // Feet rest on the ground, so the pipe across the path is the first clip.
  EXPECT_EQ(first["obstacle"], "pipe");
  const CommandResult c = lab("clipcheck --replay '" + files[0] + "'");
  ASSERT_EQ(c.exit_code, 1) << c.err;  // clips found
  Result<Json> report = parse_json(c.out, "clipcheck");
  ASSERT_TRUE(report.ok()) << c.out;
  EXPECT_EQ((*report)["first_tick"], first["tick"]);
  EXPECT_EQ((*report)["ticks"], first["tick"]);  // the replay ends on the clip's tick
  bool same = false;
  for (const Json& e : (*report)["events"]) same |= e == first;
  EXPECT_TRUE(same) << "the game's first clip " << first.dump() << " is not among the replay's events";
}

TEST(DebugE2E, SaveReplayNowChordWritesAPlaytestReplay) {
  const std::string dir = tmp("data_now");
  std::filesystem::remove_all(dir);
  const CommandResult r = game_offscreen(
      "--level tests/data/game/open_field.level.json --pad-script tests/data/game/clip_walk_save_now.pad.json "
      "--ticks 80 --print-hash --data-dir '" + dir + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string manual;
  for (const auto& e : std::filesystem::directory_iterator(dir + "/playtests"))
    if (e.path().string().find("_manual.replay.json") != std::string::npos) manual = e.path().string();
  ASSERT_FALSE(manual.empty()) << "LB + Select saved nothing";
  EXPECT_NE(manual.find("playtest_biped_open_field_t000064_manual"), std::string::npos) << manual;
  // Saved after the tick whose input held LB + Select (the 64th); it plays back headless to there.
  const CommandResult p = game_offscreen("--headless --replay '" + manual + "' --print-state");
  EXPECT_EQ(p.exit_code, 0) << p.err;
  EXPECT_NE(p.out.find("\"tick\":64"), std::string::npos) << p.out;
}

// --debug --at-tick T --pad-script runs the script up to T: the state it opens on is the one the plain
// scripted run reaches at T (a script walking forward, so a neutral input would give another).
TEST(DebugE2E, AtTickWithAPadScriptRunsTheScriptUpToTheTick) {
  auto last_line = [](const std::string& out) {
    const std::size_t end = out.find_last_not_of("\n");
    return out.substr(out.rfind('\n', end) + 1, end - out.rfind('\n', end));
  };
  const std::string script = "--pad-script tests/data/game/walk_forward_3s.pad.json ";
  const CommandResult plain = game_offscreen(script + "--ticks 100 --print-hash");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const CommandResult debug =
      game_offscreen(script + "--debug --at-tick 100 --screenshot '" + tmp("at100.png") + "' --print-hash");
  ASSERT_EQ(debug.exit_code, 0) << debug.err;
  EXPECT_EQ(last_line(debug.out), last_line(plain.out));
  const CommandResult idle = game_offscreen("--ticks 100 --print-hash");
  EXPECT_NE(last_line(idle.out), last_line(plain.out));  // the script did move the creature
}

// A pad script that opens debug mode, steps back three ticks, forward one and resumes: tick 61 -> 58
// -> 59, then 10 ticks of play. The state is that of 59 ticks walking and 10 standing, in the plain
// offscreen run and in a loaded Xvfb window (frames of several ticks: each one-tick press still counts).
TEST(DebugE2E, APadScriptStepsInDebugModeTickForTickEvenUnderLoad) {
  const std::string script = tmp("debug_steps.pad.json"), plain = tmp("debug_plain.pad.json");
  std::ofstream(script) << R"({"format": "critterforge.padscript/1", "steps": [{"ticks": 60, "left": [0, 1]},)"
                        << R"({"ticks": 1, "buttons": ["lb", "start"]}, {"ticks": 5},)"
                        << R"({"ticks": 1, "buttons": ["left"]}, {"ticks": 3}, {"ticks": 1, "buttons": ["left"]}, {"ticks": 3},)"
                        << R"({"ticks": 1, "buttons": ["left"]}, {"ticks": 3}, {"ticks": 1, "buttons": ["right"]}, {"ticks": 3},)"
                        << R"({"ticks": 1, "buttons": ["lb", "start"]}, {"ticks": 10}]})";
  std::ofstream(plain) << R"({"format": "critterforge.padscript/1", "steps": [{"ticks": 59, "left": [0, 1]}, {"ticks": 10}]})";
  const std::string herd = "--herd 12 ";
  const CommandResult want = game_offscreen(herd + "--ticks 69 --print-hash --pad-script '" + plain + "'");
  ASSERT_EQ(want.exit_code, 0) << want.err;
  const CommandResult off = game_offscreen(herd + "--ticks 93 --print-hash --pad-script '" + script + "'");
  ASSERT_EQ(off.exit_code, 0) << off.err;
  EXPECT_EQ(last_line(off.out), last_line(want.out));
  if (run_command("command -v xvfb-run >/dev/null").exit_code != 0) return;  // the offscreen half still ran
  const CommandResult loaded = run_command(
      "cd '" CF_SOURCE_DIR "' && busy=''; for i in 1 2 3; do timeout 120 sh -c 'while :; do :; done' & busy=\"$busy $!\"; done; "
      "env -u SDL_VIDEODRIVER " CF_GL_ENV "xvfb-run -a -n 146 -s '-screen 0 1280x800x24' timeout -k 5 120 '" CF_GAME_EXE "' " +
      herd + "--ticks 93 --print-hash --print-fps --window 1280x800 --pad-script '" + script + "'; rc=$?; kill $busy; exit $rc");
  ASSERT_EQ(loaded.exit_code, 0) << loaded.err;
  EXPECT_EQ(last_line(loaded.out), last_line(want.out)) << loaded.out;
}

// --print-budget: one JSON line at exit over the play frames drawn, each figure against the console's limits.
TEST(DebugE2E, PrintBudgetMeasuresThePlayFramesAgainstTheConsole) {
  const CommandResult r = game_offscreen("--level assets/levels/default.json --herd 8 --ticks 40 --print-budget");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::size_t at = r.out.rfind("{\"console_budget\"");
  ASSERT_NE(at, std::string::npos) << r.out;
  const Json j = Json::parse(r.out.substr(at), nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  const Json& b = j["console_budget"];
  EXPECT_GE(b["frames"].get<int>(), 1);
  const int polygons = b["polygons_max"].get<int>();
  const int transformed = b["transformed_max"].get<int>();
  EXPECT_GT(polygons, 100) << "the level and nine creatures draw hundreds of triangles";
  EXPECT_GE(transformed, polygons);
  EXPECT_LE(b["gte_cycles_max"].get<long long>(), 31LL * transformed + 49LL * polygons);
  EXPECT_GE(b["gte_cycles_max"].get<long long>(), 31LL * polygons + 49LL * polygons);
  EXPECT_GT(b["fill_screens_max"].get<double>(), 0.5) << "the sky and the ground cover the picture";
  EXPECT_GT(b["texture_kb_max"].get<int>(), 0);
  EXPECT_EQ(b["limits"]["polygons"], 3000);
  EXPECT_EQ(b["limits"]["texture_kb"], 724);
  const CommandResult headless = game_offscreen("--headless --ticks 10 --print-budget");
  EXPECT_EQ(headless.exit_code, 2);
  EXPECT_NE(headless.err.find("--print-budget"), std::string::npos) << headless.err;
}

}  // namespace
}  // namespace cf::test
