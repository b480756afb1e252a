// Trial best times: the table's format (every bad field named), a damaged table kept aside, a save
// killed by SIGKILL leaving the previous table, and a finished run recorded with its ghost.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/file_io.h"
#include "game/session/best_times.h"
#include "kill_during_save.h"

#include "run_command.h"

namespace cf {
namespace {

std::string fresh_dir(const std::string& name) { return test::fresh_scratch_dir("best_times_", name); }

// A course key (16 hex digits) from a one-letter course.
std::string K(const std::string& level) { return std::string(16 - level.size(), '0') + level; }

BestRun run_of(const std::string& level, std::uint64_t creature, std::uint32_t finish) {
  BestRun r;
  r.level = K(level);
  r.creature = creature;
  r.name = "c" + std::to_string(creature);
  r.times.count = 2;
  r.times.splits = {finish / 3, finish / 2};
  r.times.finish = finish;
  r.ghost = level + "_" + std::to_string(finish) + ".replay.json";
  return r;
}

TEST(BestTimes, RoundTripsAndRanksALevelFastestFirst) {
  BestTimes t;
  t.runs = {run_of("a", 1, 900), run_of("a", 2, 700), run_of("b", 1, 500)};
  auto again = parse_best_times(best_times_to_json(t).dump(), "t.json");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  ASSERT_EQ(again->runs.size(), 3u);
  EXPECT_EQ(best_times_to_json(*again), best_times_to_json(t));
  const auto board = again->board(K("a"));
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0]->times.finish, 700u);
  EXPECT_EQ(board[1]->times.finish, 900u);
  EXPECT_EQ(again->find(K("b"), 1)->times.finish, 500u);
  EXPECT_EQ(again->find(K("b"), 2), nullptr);
}

TEST(BestTimes, EveryBadFieldIsNamed) {
  BestTimes t;
  t.runs = {run_of("a", 1, 900)};
  auto bad = [&](const char* key, const Json& value, const std::string& words) {
    Json j = best_times_to_json(t);
    j["runs"][0][key] = value;
    auto r = parse_best_times(j.dump(), "bad.json");
    ASSERT_FALSE(r.ok()) << key;
    EXPECT_EQ(r.error().field, std::string("runs[0].") + key) << r.error().to_string();
    EXPECT_NE(r.error().message.find(words), std::string::npos) << r.error().to_string();
  };
  bad("creature", "xyz", "16 hex digits");
  bad("finish", 0, "> 0");
  bad("finish", -3, "> 0");
  bad("splits", Json::array({1000}), "no later than the finish");
  bad("ghost", "../../etc/passwd", "file name");
  EXPECT_FALSE(parse_best_times("{\"format\": \"critterforge.besttimes/1\"}", "x.json").ok());
  EXPECT_FALSE(parse_best_times("not json", "x.json").ok());
}

TEST(BestTimes, ADamagedTableIsKeptAsideAndReadAsEmpty) {
  UserData data{fresh_dir("damaged")};
  std::filesystem::create_directories(trials_dir(data));
  { std::ofstream(best_times_path(data)) << "{\"format\": \"critterforge.besttimes/2\", \"runs\": [{]}"; }
  std::string report;
  const BestTimes t = load_best_times(data, &report);
  EXPECT_TRUE(t.runs.empty());
  EXPECT_NE(report.find("best_times.json"), std::string::npos) << report;
  EXPECT_TRUE(std::filesystem::exists(best_times_path(data) + ".damaged-1"));
}

TEST(BestTimes, ASigkillDuringASaveLeavesThePreviousTable) {
  UserData data{fresh_dir("sigkill")};
  BestTimes before, after;
  before.runs = {run_of("a", 1, 900)};
  for (int i = 0; i < 300; ++i) after.runs.push_back(run_of("a", std::uint64_t(i + 2), 400 + i));
  ASSERT_TRUE(save_best_times(data, before).ok());
  const std::string before_text = *read_file(best_times_path(data));
  cf::test::kill_saves_in_a_loop(5, [&] { (void)save_best_times(data, after); }, [&](int round) {
    std::string report;
    const BestTimes now = load_best_times(data, &report);
    EXPECT_EQ(report, "") << "round " << round;
    EXPECT_TRUE(now.runs.size() == 1 || now.runs.size() == 300) << "round " << round << ": " << now.runs.size();
    ASSERT_TRUE(save_best_times(data, before).ok());
    EXPECT_EQ(*read_file(best_times_path(data)), before_text);
  });
}

TEST(BestTimes, TheContentHashKeepsARenamedCreatureAndNotAnEditedOne) {
  Json c = Json::parse(R"({"format": "critterforge.creature/1", "parts": [{"tag": "torso"}]})");
  Json painted = c;
  painted["paint"] = Json::object();
  Json edited = c;
  edited["parts"][0]["tag"] = "head";
  EXPECT_EQ(creature_content_hash(c), creature_content_hash(painted));
  EXPECT_NE(creature_content_hash(c), creature_content_hash(edited));
}

}  // namespace
}  // namespace cf
