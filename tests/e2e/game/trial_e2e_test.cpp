// Trials in the real game with SDL's virtual gamepad (offscreen, Mesa): every trial course finished
// by a biped, a quadruped, a hexapod and a strider, each at its own deterministic time; the best time
// and its ghost kept across a restart; the ghost replaying tick-exactly beside the player without
// changing the player's hash; a ghost whose run no longer replays dropped with a HUD line; and the
// moments a player sees (countdown, split, ghost, finish) as screenshots.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <cstdlib>
#include <map>
#include <string>

#include "core/json_util.h"
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
};

std::string run_args(const Course& c, const std::string& data_dir, int ticks) {
  return std::string("--creature assets/creatures/") + c.creature + ".json --level assets/levels/" + c.level +
         ".json --pad-script tests/data/game/trial/" + c.script + ".pad.json --ticks " + std::to_string(ticks) +
         " --data-dir '" + data_dir + "' --print-state --print-hash";
}

constexpr int kRunTicks = 2400;

TEST(TrialE2E, EveryCourseIsFinishedByEveryKindOfBodyEachAtItsOwnTime) {
  std::map<std::string, std::map<std::string, std::uint64_t>> finish;
  for (const Course& c : kCourses) {
    SCOPED_TRACE(std::string(c.level) + " " + c.creature);
    const CommandResult r = game(run_args(c, fresh_dir(std::string("all_") + c.script), kRunTicks));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json s = state_of(r);
    ASSERT_TRUE(s.is_object()) << r.out;
    const Json& t = s["trial"];
    ASSERT_EQ(t["phase"], "finished") << s.dump();
    ASSERT_EQ(t["splits"].size(), 2u);
    const std::uint64_t a = t["splits"][0], b = t["splits"][1], f = t["finish"];
    EXPECT_LT(a, b);
    EXPECT_LT(b, f);
    EXPECT_TRUE(t["new_best"].get<bool>()) << "a fresh data folder: the first finish is the best";
    EXPECT_NE(r.err.find("new best"), std::string::npos) << r.err;
    finish[c.level][c.creature] = f;
  }
  for (const auto& [level, times] : finish) {
    EXPECT_NE(times.at("strider"), times.at("hexapod")) << level << ": long legs and a low bug finish apart";
  }
}

TEST(TrialE2E, TheTimeIsTheSameWithOneAndTwoThreadsAndInItsReplay) {
  const Course& c = kCourses[2];
  const std::string replay = tmp("threads.replay.json");
  const CommandResult one = game(run_args(c, fresh_dir("threads1"), kRunTicks) + " --threads 1 --record '" + replay + "'");
  const CommandResult two = game(run_args(c, fresh_dir("threads2"), kRunTicks) + " --threads 2");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(state_of(one)["trial"], state_of(two)["trial"]);
  EXPECT_EQ(state_of(one)["hash"], state_of(two)["hash"]);
  const CommandResult replayed = game("--headless --replay '" + replay + "' --print-state");
  ASSERT_EQ(replayed.exit_code, 0) << replayed.err;
  EXPECT_EQ(state_of(replayed)["trial"], state_of(one)["trial"]) << "headless, from the replay";
}

TEST(TrialE2E, TheBestTimeAndItsGhostSurviveARestartAndTheGhostIsTickExactAndHashNeutral) {
  const Course& c = kCourses[0];
  const std::string dir = fresh_dir("restart");
  const CommandResult first = game(run_args(c, dir, kRunTicks));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const Json a = state_of(first);
  ASSERT_EQ(a["trial"]["phase"], "finished");
  ASSERT_TRUE(std::filesystem::exists(dir + "/trials/best_times.json"));
  // A new game on the same folder: the best is there to race, and so is its ghost.
  const CommandResult second = game(run_args(c, dir, kRunTicks));
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
  const CommandResult first = game(run_args(c, dir, kRunTicks));
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
  const CommandResult second = game(run_args(c, dir, kRunTicks));
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

Image shot_at(const std::string& args, int tick, const std::string& name) {
  const std::string png = tmp(name + ".png");
  std::remove(png.c_str());
  const CommandResult r = game(args + " --screenshot '" + png + "' --at-tick " + std::to_string(tick));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  Result<Image> img = load_png(png);
  EXPECT_TRUE(img.ok()) << png;
  return img.ok() ? *img : Image{};
}

// The countdown's digit (yellow), the first split (white: no best yet), then with a best: the ghost
// (pale blue) ahead of a player who started late, a split against the best (green or red), and the
// finish screen (its time green for a new best).
TEST(TrialE2E, ScreenshotsOfTheCountdownASplitTheGhostAndTheFinish) {
  const Course& c = kCourses[0];
  const std::string dir = fresh_dir("shots");
  const CommandResult first = game(run_args(c, dir, kRunTicks));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const Json t = state_of(first)["trial"];
  ASSERT_EQ(t["phase"], "finished");
  const int split = 180 + t["splits"][0].get<int>() + 20, finish = 180 + t["finish"].get<int>();
  const std::string fresh = fresh_dir("shots_fresh");
  const Image countdown = shot_at(run_args(c, fresh, kRunTicks), 70, "countdown");
  EXPECT_GT(pixels_near(countdown, 255, 230, 60, 12), 200) << "the big yellow 3";
  const Image first_split = shot_at(run_args(c, fresh_dir("shots_fresh2"), kRunTicks), split, "split_first");
  EXPECT_GT(pixels_near(first_split, 255, 255, 255, 40), 200) << "the split in white: no best to compare yet";
  // Racing the saved best, starting half a second late: the ghost runs ahead.
  Course late = c;
  late.script = "sprint_biped_late";
  const Image ghost = shot_at(run_args(late, dir, kRunTicks), 180 + 120, "ghost");
  EXPECT_GT(pixels_near(ghost, 150, 210, 255, 30), 300) << "the ghost's pale flesh";
  const Image behind = shot_at(run_args(late, dir, kRunTicks), split + 30, "split_behind");
  EXPECT_GT(pixels_near(behind, 255, 90, 80, 12), 100) << "behind the best: red";
  const Image done = shot_at(run_args(c, fresh_dir("shots_fresh3"), kRunTicks), finish + 60, "finish");
  EXPECT_GT(pixels_near(done, 90, 240, 110, 12), 200) << "a first finish: NEW BEST in green";
}

}  // namespace
}  // namespace cf::test
