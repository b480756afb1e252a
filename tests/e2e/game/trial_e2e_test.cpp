// Trials: every trial course finished (headless through creature-lab, its time checked against the
// real game's pad path) by a biped, a quadruped, a hexapod and a strider, each at its own time; the best time
// and its ghost kept across a restart; the ghost replaying tick-exactly beside the player without
// changing the player's hash; a ghost whose run no longer replays dropped with a HUD line; and the
// moments a player sees (countdown, split, ghost, finish) as screenshots; another creature's ghost
// picked in the real title menu with the virtual pad, running beside the player.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "editor_scripts.h"
#include "render/image_io.h"
#include "run_command.h"

namespace cf::test {
namespace {

#define CF_GL_ENV "ASAN_OPTIONS=detect_leaks=0 SDL_AUDIODRIVER=dummy "

std::string tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/e2e_trial_" + name; }

std::string fresh_dir(const std::string& name) {
  const std::string d = tmp(name);
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

CommandResult game(const std::string& args) {
  return run_command("cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen " CF_GL_ENV "'" CF_GAME_EXE "' " +
                     args);
}

// The --print-state line (the one with "trial").
Json state_of(const CommandResult& r) {
  std::size_t at = 0;
  while (at < r.out.size()) {
    const std::size_t end = r.out.find('\n', at);
    const std::string line = r.out.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (line.find("\"trial\"") != std::string::npos) return Json::parse(line);
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return Json();
}

struct Course {
  const char* level;
  const char* creature;
  const char* script;
};

// Each body has its own line through the course (a strider's stride is not a bug's).
const Course kCourses[] = {
    {"trial_sprint", "biped", "sprint_biped"},       {"trial_sprint", "quadruped", "sprint_quadruped"},
    {"trial_sprint", "hexapod", "sprint_hexapod"},   {"trial_sprint", "strider", "sprint_strider"},
    {"trial_detour", "biped", "detour_biped"},       {"trial_detour", "quadruped", "detour_quadruped"},
    {"trial_detour", "hexapod", "detour_hexapod"},   {"trial_detour", "strider", "detour_strider"},
    {"trial_ditch", "biped", "ditch_biped"},         {"trial_ditch", "quadruped", "ditch_quadruped"},
    {"trial_ditch", "hexapod", "ditch_hexapod"},     {"trial_ditch", "strider", "ditch_strider"},
};

// The smallest window: where the point is the time, not the pixels (the state never depends on it).
std::string run_args(const Course& c, const std::string& data_dir, int ticks, bool small = true) {
  return std::string("--creature assets/creatures/") + c.creature + ".json --level assets/levels/" + c.level +
         ".json --pad-script tests/data/game/trial/" + c.script + ".pad.json --ticks " + std::to_string(ticks) +
         " --data-dir '" + data_dir + "' --print-state --print-hash" + (small ? " --window 320x240" : "");
}


// The course run headless through creature-lab (no frame drawn): the time is the point, not the pixels.
Json lab_trial(const Course& c) {
  const CommandResult r = run_command("cd '" CF_SOURCE_DIR "' && '" CF_LAB_EXE "' trial --creature assets/creatures/" +
                                      std::string(c.creature) + ".json --level assets/levels/" + c.level +
                                      ".json --pad-script tests/data/game/trial/" + c.script + ".pad.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  Result<Json> j = parse_json(r.out, "creature-lab trial");
  return j ? *j : Json();
}

// A game run long enough for the countdown, the course (its time from creature-lab) and a second after.
int run_ticks(const Course& c) { return 180 + lab_trial(c)["trial"].value("finish", 2220) + 60; }

TEST(TrialE2E, EveryCourseIsFinishedByEveryKindOfBodyEachAtItsOwnTime) {
  std::map<std::string, std::map<std::string, std::uint64_t>> finish;
  for (const Course& c : kCourses) {
    SCOPED_TRACE(std::string(c.level) + " " + c.creature);
    const Json s = lab_trial(c);
    ASSERT_TRUE(s.is_object());
    const Json& t = s["trial"];
    ASSERT_EQ(t["phase"], "finished") << s.dump();
    ASSERT_EQ(t["splits"].size(), 2u);
    const std::uint64_t a = t["splits"][0], b = t["splits"][1], f = t["finish"];
    EXPECT_LT(a, b);
    EXPECT_LT(b, f);
    EXPECT_EQ(t["missed"], -1) << "no checkpoint missed";
    EXPECT_TRUE(t["new_best"].get<bool>()) << "nothing to beat: the first finish is the best";
    finish[c.level][c.creature] = f;
  }
  for (const auto& [level, times] : finish) {
    EXPECT_NE(times.at("strider"), times.at("hexapod")) << level << ": long legs and a low bug finish apart";
  }
}

// The game's run through the real pad path (a window, 1 thread, recorded) gives the course time and
// hash that creature-lab computed headless, and so do its replay headless with 1 and 2 threads.
TEST(TrialE2E, TheTimeIsTheSameInTheGameHeadlessWithOneAndTwoThreadsAndInItsReplay) {
  const Course& c = kCourses[2];
  const Json lab = lab_trial(c);
  ASSERT_EQ(lab["trial"]["phase"], "finished") << lab.dump();
  const std::string replay = tmp("threads.replay.json");
  const CommandResult one = game(run_args(c, fresh_dir("threads1"), run_ticks(c)) + " --threads 1 --record '" + replay + "'");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(state_of(one)["trial"], lab["trial"]) << "the game's pad path and creature-lab's script agree";
  EXPECT_NE(one.err.find("new best"), std::string::npos) << "a fresh data folder: the first finish is saved" << one.err;
  for (const char* threads : {"1", "2"}) {
    const CommandResult replayed = game("--headless --replay '" + replay + "' --print-state --print-hash --threads " + threads);
    ASSERT_EQ(replayed.exit_code, 0) << replayed.err;
    EXPECT_EQ(state_of(replayed)["trial"], state_of(one)["trial"]) << "headless, from the replay, threads " << threads;
    EXPECT_EQ(state_of(replayed)["hash"], state_of(one)["hash"]) << threads;
  }
}

TEST(TrialE2E, TheBestTimeAndItsGhostSurviveARestartAndTheGhostIsTickExactAndHashNeutral) {
  const Course& c = kCourses[0];
  const std::string dir = fresh_dir("restart");
  const int ticks = run_ticks(c);
  const CommandResult first = game(run_args(c, dir, ticks));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const Json a = state_of(first);
  ASSERT_EQ(a["trial"]["phase"], "finished");
  ASSERT_TRUE(std::filesystem::exists(dir + "/trials/best_times.json"));
  // A new game on the same folder: the best is there to race, and so is its ghost.
  const CommandResult second = game(run_args(c, dir, ticks));
  ASSERT_EQ(second.exit_code, 0) << second.err;
  const Json b = state_of(second);
  EXPECT_EQ(b["trial"]["best"], a["trial"]["finish"]);
  EXPECT_FALSE(b["trial"]["new_best"].get<bool>()) << "the same time is not a new best";
  EXPECT_NE(b["ghost"].get<std::string>().find("GHOST: YOUR BEST"), std::string::npos) << b.dump();
  // The ghost replayed the saved run to its end with every recorded hash checked tick by tick (a
  // mismatch drops it), and stands where that run finished; the player's hash is what it was without it.
  ASSERT_TRUE(b.contains("ghost_state")) << b.dump();
  EXPECT_GE(b["ghost_state"]["tick"].get<int>(), 180 + a["trial"]["finish"].get<int>());
  EXPECT_LT(b["ghost_state"]["tick"].get<int>(), b["tick"].get<int>());
  EXPECT_EQ(b["ghost"].get<std::string>().find("DROPPED"), std::string::npos);
  EXPECT_EQ(b["hash"], a["hash"]);
}

TEST(TrialE2E, AGhostWhoseRunNoLongerReplaysIsDroppedWithAHudLine) {
  const Course& c = kCourses[0];
  const std::string dir = fresh_dir("diverged");
  const int ticks = run_ticks(c);
  const CommandResult first = game(run_args(c, dir, ticks));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  // The ghost's creature is not the one that ran any more (its file was edited).
  std::string ghost;
  for (const auto& e : std::filesystem::directory_iterator(dir + "/trials/ghosts")) ghost = e.path().string();
  ASSERT_FALSE(ghost.empty());
  Result<Json> j = load_json_file(ghost);
  ASSERT_TRUE(j.ok());
  Json& parts = (*j)["creature"]["content"]["parts"];
  ASSERT_TRUE(parts.is_array() && !parts.empty()) << j->dump().substr(0, 300);
  parts[0]["radius"] = parts[0].value("radius", 0.1) * 1.5;
  { std::ofstream(ghost) << j->dump(); }
  const CommandResult second = game(run_args(c, dir, ticks));
  ASSERT_EQ(second.exit_code, 0) << second.err;
  const Json b = state_of(second);
  EXPECT_NE(b["ghost"].get<std::string>().find("GHOST DROPPED"), std::string::npos) << b.dump();
  EXPECT_FALSE(b.contains("ghost_state"));
  EXPECT_EQ(b["hash"], state_of(first)["hash"]) << "the player's run is the same without the ghost";
  EXPECT_EQ(b["trial"]["phase"], "finished");
}

// Pixels within 'tol' of a colour.
int pixels_near(const Image& img, int r, int g, int b, int tol) {
  int n = 0;
  for (std::size_t i = 0; i + 3 < img.rgba.size(); i += 4)
    if (std::abs(img.rgba[i] - r) <= tol && std::abs(img.rgba[i + 1] - g) <= tol && std::abs(img.rgba[i + 2] - b) <= tol) ++n;
  return n;
}

// One run, one screenshot per tick (FILE_tN.png).
// *state (when given): the run's --print-state line at its last tick.
std::vector<Image> shots_at(const std::string& args, const std::vector<int>& ticks, const std::string& name,
                            Json* state = nullptr) {
  std::string at;
  for (int t : ticks) at += " --at-tick " + std::to_string(t);
  const std::string png = tmp(name + ".png");
  for (int t : ticks) std::remove(tmp(name + "_t" + std::to_string(t) + ".png").c_str());
  const CommandResult r = game(args + " --screenshot '" + png + "'" + at);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  if (state) *state = state_of(r);
  std::vector<Image> out;
  for (int t : ticks) {
    const std::string f = tmp(name + "_t" + std::to_string(t) + ".png");
    Result<Image> img = load_png(f);
    EXPECT_TRUE(img.ok()) << f;
    out.push_back(img.ok() ? *img : Image{});
  }
  return out;
}

// The countdown's digit (yellow), the first split (white: no best yet) and the finish screen (its time
// green for a new best) in one run; then with a best, in one more: the ghost (pale blue) ahead of a
// player who started late, and a split against the best (red).
TEST(TrialE2E, ScreenshotsOfTheCountdownASplitTheGhostAndTheFinish) {
  const Course& c = kCourses[0];
  const std::string dir = fresh_dir("shots");
  const CommandResult first = game(run_args(c, dir, run_ticks(c)));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const Json t = state_of(first)["trial"];
  ASSERT_EQ(t["phase"], "finished");
  const int split = 180 + t["splits"][0].get<int>() + 20, finish = 180 + t["finish"].get<int>();
  Json at_end;
  const std::vector<Image> fresh =
      shots_at(run_args(c, fresh_dir("shots_fresh"), finish + 60, false), {70, split, finish + 60}, "fresh", &at_end);
  ASSERT_EQ(fresh.size(), 3u);
  EXPECT_GT(pixels_near(fresh[0], 255, 230, 60, 12), 200) << "the big yellow 3";
  EXPECT_GT(pixels_near(fresh[1], 255, 255, 255, 40), 200) << "the split in white: no best to compare yet";
  EXPECT_GT(pixels_near(fresh[2], 90, 240, 110, 12), 200) << "a first finish: NEW BEST in green";
  // The script's A goes on after the finish (the state holds its refusal), but the finish screen shows
  // no yellow action line where it would stand (3/4 down the picture).
  EXPECT_NE(at_end["hud"], 0) << "an action's message is up in the state";
  Image band = fresh[2];
  band.rgba.erase(band.rgba.begin(), band.rgba.begin() + static_cast<std::ptrdiff_t>(band.width * (band.height * 7 / 10) * 4));
  EXPECT_EQ(pixels_near(band, 255, 230, 60, 12), 0) << "no refusal line on the finish screen";
  // Racing the saved best, starting half a second late: the ghost runs ahead.
  Course late = c;
  late.script = "sprint_biped_late";
  const std::vector<Image> racing = shots_at(run_args(late, dir, split + 30, false), {180 + 120, split + 30}, "racing");
  ASSERT_EQ(racing.size(), 2u);
  // The ghost's pale flesh, half a second ahead: within reach of the player it is faded to one pixel in
  // four (99 pixels in this shot; 225 at every other pixel), so the player shows through it.
  EXPECT_GT(pixels_near(racing[0], 150, 210, 255, 30), 60) << "the ghost's pale flesh";
  EXPECT_GT(pixels_near(racing[1], 255, 90, 80, 12), 100) << "behind the best: red";
}

// Title -> PLAY -> TRIAL -> the biped -> TRIAL SPRINT (after DETOUR and DITCH) -> the ghost ('pick_other': the strider's,
// one up from NO GHOST, the default without a best of its own; else NO GHOST), then the biped
// walks off to the left of the course's line while the countdown ends.
PadSteps title_trial_script(bool pick_other) {
  PadSteps s;
  s.wait(10).press("down", 2).press("a").wait(3).press("down").press("a").wait(3).press("a").wait(3);
  s.press("down", 3).press("a").wait(3);  // the fourth course: detour, ditch, hills, sprint
  if (pick_other) s.press("up"); else s.wait(2);
  s.press("a").wait(180).move(-0.45f, 0.5f, 240);
  return s;
}

TEST(TrialE2E, AnotherCreaturesGhostIsPickedInTheTitleMenuAndRunsBesideThePlayer) {
  const std::string dir = fresh_dir("other_ghost");
  const Course strider = kCourses[3];
  const CommandResult saved = game(run_args(strider, dir, run_ticks(strider)));
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  ASSERT_EQ(state_of(saved)["trial"]["phase"], "finished");
  Json runs;
  {
    Result<Json> t = load_json_file(dir + "/trials/best_times.json");
    ASSERT_TRUE(t.ok());
    runs = (*t)["runs"];
    ASSERT_EQ(runs.size(), 1u);
    ASSERT_EQ(runs[0]["name"], "strider");
  }
  auto title_run = [&](bool pick_other, const std::string& name, int shot_tick) {
    const PadSteps steps = title_trial_script(pick_other);
    const std::string script = tmp(name + ".pad.json");
    { std::ofstream(script) << steps.pad_script().dump(1); }
    std::string args = "--title --data-dir '" + dir + "' --pad-script '" + script + "' --ticks " +
                       std::to_string(steps.total_ticks()) + " --print-state --print-hash";
    if (shot_tick > 0) args += " --screenshot '" + tmp(name + ".png") + "' --at-tick " + std::to_string(shot_tick);
    return game(args);
  };
  const CommandResult none = title_run(false, "title_no_ghost", 0);
  ASSERT_EQ(none.exit_code, 0) << none.err;
  const Json alone = state_of(none);
  ASSERT_TRUE(alone.is_object()) << none.out;
  EXPECT_EQ(alone["ghost"], "") << "NO GHOST chosen";
  // The strider's ghost 1.3 s after GO: on the course's line, the biped walking off to its left.
  const int go = title_trial_script(true).total_ticks() - 240;
  std::remove(tmp("title_other_ghost.png").c_str());
  const CommandResult other = title_run(true, "title_other_ghost", go + 78);
  ASSERT_EQ(other.exit_code, 0) << other.err;
  const Json raced = state_of(other);
  ASSERT_TRUE(raced.is_object()) << other.out;
  const std::string line = raced["ghost"];
  EXPECT_EQ(line.rfind("GHOST: STRIDER 0:", 0), 0u) << line;
  ASSERT_TRUE(raced.contains("ghost_state")) << raced.dump();
  EXPECT_EQ(raced["hash"], alone["hash"]) << "racing the strider's ghost leaves the biped's run as it was";
  EXPECT_EQ(raced["tick"], alone["tick"]);
  EXPECT_EQ(raced["ghost_state"]["tick"], raced["tick"]) << "the ghost ran every tick the player did";
  Result<Image> shot = load_png(tmp("title_other_ghost.png"));
  ASSERT_TRUE(shot.ok()) << other.err;
  // The strider's pale flesh, dithered, beside (not behind) the player: on the right of the picture.
  int left = 0, right = 0;
  for (int y = 0; y < shot->height; ++y)
    for (int x = 0; x < shot->width; ++x) {
      const std::uint8_t* p = &shot->rgba[(static_cast<std::size_t>(y) * shot->width + x) * 4];
      if (std::abs(p[0] - 150) <= 30 && std::abs(p[1] - 210) <= 30 && std::abs(p[2] - 255) <= 30)
        ++(x < shot->width / 2 ? left : right);
    }
  EXPECT_GT(left + right, 150) << "the ghost's pale flesh";
  EXPECT_GT(right, 2 * left) << "the ghost runs on the course's line, right of the biped walking off left";
}

// A gap in the ground (a ditch across the running stretch of a test course): the biped's running
// jump clears it and finishes; the same run without the jump is stopped at its edge; a hexapod's
// jumps are too short for it (0.56 m against the 0.5 m ditch and its edges) and never cross.
Json lab_gap(const char* creature, const char* script) {
  const CommandResult r = run_command("cd '" CF_SOURCE_DIR "' && '" CF_LAB_EXE "' trial --creature assets/creatures/" +
                                      std::string(creature) + ".json --level tests/data/game/trial/gap_course.level.json"
                                      " --pad-script tests/data/game/trial/" + script + ".pad.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  Result<Json> j = parse_json(r.out, "creature-lab trial");
  return j ? (*j)["trial"] : Json();
}

TEST(TrialE2E, ARunningJumpClearsAGapAWalkIsStoppedAtItsEdgeAndAShortJumperNeverCrosses) {
  const Json jumped = lab_gap("biped", "gap_biped_jump");
  ASSERT_EQ(jumped["phase"], "finished") << jumped.dump();
  EXPECT_EQ(jumped["splits"].size(), 2u);
  EXPECT_EQ(jumped["missed"], -1);
  const Json stopped = lab_gap("biped", "sprint_biped");  // the same run, no X
  EXPECT_EQ(stopped["phase"], "running") << stopped.dump();
  EXPECT_EQ(stopped["next"], 0) << "stopped at the ditch, short of the first checkpoint";
  const Json short_jumps = lab_gap("hexapod", "gap_hexapod_jumps");
  EXPECT_EQ(short_jumps["next"], 0) << short_jumps.dump();
  // The player sees it: the biped in the air over the dark ditch (its feet above the ground).
  const std::string shot = tmp("gap_jump.png");
  const int flight = 424;  // X at tick 386, in the air from 411 to 435
  const CommandResult r = game("--creature assets/creatures/biped.json --level tests/data/game/trial/gap_course.level.json"
                               " --pad-script tests/data/game/trial/gap_biped_jump.pad.json --ticks " +
                               std::to_string(flight) + " --print-state --screenshot '" + shot + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json st = state_of(r);
  EXPECT_EQ(st["jump_phase"], "flight") << st.dump();
  EXPECT_GT(st["root"][2].get<double>(), 6.3) << "over the ditch (6.75 to 7.25)";
  EXPECT_LT(st["root"][2].get<double>(), 7.7);
  EXPECT_TRUE(std::filesystem::exists(shot));
}

// The ditch course: the bodies that can, jump both ditches (X on the run); the hexapod, whose jump is
// too short, walks round their ends. Jumping is the faster line for the biped than going round it;
// the hexapod's jumps at the first ditch's edge never cross it; passing beside a checkpoint (round
// the first ditch and on, wide of the flag) reaches the finish line without finishing.
TEST(TrialE2E, OnTheDitchCourseJumpingBeatsGoingRoundAndAShortJumperHasToGoRound) {
  const Json jumped = lab_trial({"trial_ditch", "biped", "ditch_biped"})["trial"];
  const Json round = lab_trial({"trial_ditch", "biped", "ditch_biped_round"})["trial"];
  for (const Json* t : {&jumped, &round}) {
    ASSERT_EQ((*t)["phase"], "finished") << t->dump();
    ASSERT_EQ((*t)["splits"].size(), 2u);
    EXPECT_LT((*t)["splits"][0], (*t)["splits"][1]);
    EXPECT_EQ((*t)["missed"], -1);
  }
  EXPECT_LT(jumped["finish"].get<int>() + 60, round["finish"].get<int>()) << "two jumps save more than a second";
  EXPECT_LT(jumped["splits"][0], round["splits"][0]) << "the first ditch jumped, not walked round";
  const Json stopped = lab_trial({"trial_ditch", "biped", "sprint_biped"})["trial"];  // straight on, no X
  EXPECT_EQ(stopped["next"], 0) << "a walk is stopped at the first ditch's edge" << stopped.dump();
  const Json short_jumps = lab_trial({"trial_ditch", "hexapod", "short_jumps_ditch_hexapod"})["trial"];
  EXPECT_EQ(short_jumps["phase"], "running") << short_jumps.dump();
  EXPECT_EQ(short_jumps["next"], 0) << "twenty jumps at the first ditch's edge, none across";
  const Json hexapod = lab_trial({"trial_ditch", "hexapod", "ditch_hexapod"})["trial"];
  ASSERT_EQ(hexapod["phase"], "finished") << hexapod.dump();
  EXPECT_GT(hexapod["finish"].get<int>(), jumped["finish"].get<int>()) << "the long way round is slower";
  const Json skipped = lab_trial({"trial_ditch", "biped", "missed_checkpoint_ditch_biped"})["trial"];
  EXPECT_EQ(skipped["phase"], "running") << "past the finish line without the first checkpoint" << skipped.dump();
  EXPECT_EQ(skipped["missed"], 0);
  EXPECT_TRUE(skipped["splits"].empty());
}

// X pressed early (45 ticks before the presses of ditch_biped; the first 1.2 m before the stop line,
// where the run has slowed) is held for the take-off point and clears both ditches, as fast (before:
// shortened, the biped stopped dead at the first ditch's lip).
TEST(TrialE2E, OnTheDitchCourseXPressedAStrideEarlyIsHeldForTheTakeOffAndClearsBothDitches) {
  const Json jumped = lab_trial({"trial_ditch", "biped", "ditch_biped"})["trial"];
  const Json early = lab_trial({"trial_ditch", "biped", "ditch_biped_early"})["trial"];
  ASSERT_EQ(early["phase"], "finished") << early.dump();
  EXPECT_EQ(early["missed"], -1);
  const Json round = lab_trial({"trial_ditch", "biped", "ditch_biped_round"})["trial"];
  EXPECT_LT(early["splits"][0], round["splits"][0]) << "the first ditch jumped, not walked round";
  // Each jump leaves from about the same take-off point whatever the press: the first split within 10 ticks.
  EXPECT_NEAR(early["splits"][0].get<double>(), jumped["splits"][0].get<double>(), 10.0) << early.dump()
                                                                                          << jumped.dump();
}

}  // namespace
}  // namespace cf::test
