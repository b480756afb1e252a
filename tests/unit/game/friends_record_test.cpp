// The most friends made per creature and level (game/session/friends_record.h): the file's format
// (every bad field named), a damaged, oversize or newer file kept aside and read as empty, a save killed
// mid-write leaves the previous record, hostile
// content refused, and a trial started with remembered friends has them among its spectators and
// its replay plays back without the data folder.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/file_io.h"
#include "core/hash.h"
#include "game/play/befriend.h"
#include "game/session/best_times.h"
#include "game/session/clip_run.h"
#include "game/session/friends_record.h"
#include "game/session/replay.h"
#include "game/session/session.h"
#include "run_command.h"
#include "game_test_util.h"
#include "kill_during_save.h"
#include "replay_round_trip.h"
#include "trial_test_util.h"

namespace cf {
namespace {

std::string fresh_dir(const std::string& name) { return test::fresh_scratch_dir("friends_record_", name); }

std::string K(const std::string& level) { return std::string(16 - level.size(), '0') + level; }

FriendsBest best_of(const std::string& level, std::uint64_t creature, int friends, std::uint64_t order) {
  FriendsBest b;
  b.level = K(level);
  b.course_name = "course " + level;
  b.creature = creature;
  b.friends = friends;
  for (int k = 0; k < friends; ++k) b.pack.push_back(100 + static_cast<std::uint64_t>(k));
  b.order = order;
  return b;
}

void write(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// Loading it reports the file and keeps it aside as .damaged-1; nothing read.
void expect_kept_aside(const UserData& data, const std::string& words) {
  std::string report;
  bool damaged = false;
  const FriendsRecord r = load_friends_record(data, &report, &damaged);
  EXPECT_TRUE(r.bests.empty());
  EXPECT_TRUE(damaged);
  EXPECT_NE(report.find("friends.json"), std::string::npos) << report;
  EXPECT_NE(report.find(words), std::string::npos) << report;
  EXPECT_TRUE(std::filesystem::exists(friends_path(data) + ".damaged-1"));
  EXPECT_FALSE(std::filesystem::exists(friends_path(data)));
}

TEST(FriendsRecord, RoundTripsAndBringsTheBiggestNewestPack) {
  FriendsRecord r;
  r.bests = {best_of("a", 1, 3, 1), best_of("b", 1, 5, 2), best_of("c", 1, 5, 4), best_of("a", 2, 7, 3)};
  Result<FriendsRecord> again = parse_friends_record(friends_record_to_json(r).dump(), "f.json");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(friends_record_to_json(*again), friends_record_to_json(r));
  EXPECT_EQ(again->find(K("a"), 1)->friends, 3);
  EXPECT_EQ(again->find(K("b"), 2), nullptr);
  EXPECT_EQ(again->pack_of(1)->level, K("c"));  // five friends on b and c: c's is the newer
  EXPECT_EQ(again->pack_of(2)->friends, 7);
  EXPECT_EQ(again->pack_of(9), nullptr);

  UserData data{fresh_dir("round_trip")};
  ASSERT_TRUE(save_friends_record(data, r).ok());
  std::string report;
  EXPECT_EQ(friends_record_to_json(load_friends_record(data, &report)), friends_record_to_json(r));
  EXPECT_EQ(report, "");
}

TEST(FriendsRecord, ASigkillDuringASaveLeavesThePreviousRecord) {
  UserData data{fresh_dir("sigkill")};
  FriendsRecord before, after;
  before.bests = {best_of("a", 1, 2, 1)};
  // Large enough that a kill often lands mid-write: 400 levels of 8 friends each.
  for (int i = 0; i < 400; ++i) after.bests.push_back(best_of(std::to_string(i), 1, 8, std::uint64_t(i + 2)));
  ASSERT_TRUE(save_friends_record(data, before).ok());
  const std::string before_text = *read_file(friends_path(data));
  test::kill_saves_in_a_loop(5, [&] { (void)save_friends_record(data, after); }, [&](int round) {
    std::string report;
    bool damaged = false;
    const FriendsRecord now = load_friends_record(data, &report, &damaged);
    EXPECT_EQ(report, "") << "round " << round;
    EXPECT_FALSE(damaged) << "round " << round;
    EXPECT_TRUE(now.bests.size() == 1 || now.bests.size() == 400) << "round " << round << ": " << now.bests.size();
    ASSERT_TRUE(save_friends_record(data, before).ok());
    EXPECT_EQ(*read_file(friends_path(data)), before_text);
  });
}

TEST(FriendsRecord, EveryBadFieldIsNamed) {
  FriendsRecord r;
  r.bests = {best_of("a", 1, 2, 1)};
  auto bad = [&](const char* key, const Json& value, const std::string& field, const std::string& words) {
    Json j = friends_record_to_json(r);
    j["bests"][0][key] = value;
    Result<FriendsRecord> p = parse_friends_record(j.dump(), "bad.json");
    ASSERT_FALSE(p.ok()) << key;
    EXPECT_EQ(p.error().file, "bad.json");
    EXPECT_EQ(p.error().field, field) << p.error().to_string();
    EXPECT_NE(p.error().message.find(words), std::string::npos) << p.error().to_string();
  };
  bad("level", "../../etc", "bests[0].level", "16 hex digits");
  bad("creature", "biped.json", "bests[0].creature", "16 hex digits");
  bad("friends", 0, "bests[0].friends", "[1, 64]");
  bad("friends", 65, "bests[0].friends", "[1, 64]");
  bad("friends", -2, "bests[0].friends", "[1, 64]");
  bad("pack", Json::array({"0000000000000064"}), "bests[0].pack", "one creature hash per friend");
  bad("pack", Json::array({"0000000000000064", "../creatures/x.json"}), "bests[0].pack[1]", "16 hex digits");
  bad("order", "soon", "bests[0].order", "whole number");
  bad("course_name", std::string(300, 'x'), "bests[0].course_name", "256");
  bad("path", "/etc/passwd", "bests[0].path", "");
  EXPECT_FALSE(parse_friends_record("{\"format\": \"critterforge.besttimes/2\", \"bests\": []}", "x.json").ok());
  EXPECT_FALSE(parse_friends_record("{\"format\": \"critterforge.friends/1\"}", "x.json").ok());
  EXPECT_FALSE(parse_friends_record("not json", "x.json").ok());
}

TEST(FriendsRecord, ADamagedFileIsKeptAsideAndReadAsEmpty) {
  UserData data{fresh_dir("damaged")};
  write(friends_path(data), "{\"format\": \"critterforge.friends/1\", \"bests\": [{]}");
  expect_kept_aside(data, "friends start afresh");
  // The next save writes a fresh file beside the one kept aside.
  FriendsRecord r;
  r.bests = {best_of("a", 1, 1, 1)};
  ASSERT_TRUE(save_friends_record(data, r).ok());
  EXPECT_TRUE(std::filesystem::exists(friends_path(data) + ".damaged-1"));
  std::string report;
  EXPECT_EQ(load_friends_record(data, &report).bests.size(), 1u);
}

TEST(FriendsRecord, ANewerVersionIsRefusedAndKeptAside) {
  UserData data{fresh_dir("newer")};
  write(friends_path(data), "{\"format\": \"critterforge.friends/2\", \"bests\": [], \"more\": 1}");
  expect_kept_aside(data, "newer than this game reads");
}

TEST(FriendsRecord, AnOversizeFileIsRefused) {
  UserData data{fresh_dir("oversize")};
  write(friends_path(data), std::string(kMaxFriendsBytes + 1, ' '));
  expect_kept_aside(data, "friends start afresh");
}

TEST(FriendsRecord, HostileContentIsRefusedWithinItsBudgets) {
  // Within the size limit but past the memory budget once parsed (empty arrays), nested too deep, and
  // a friend's creature named by a path: each refused before anything is read from it.
  std::string arrays = "{\"format\": \"critterforge.friends/1\", \"bests\": [";
  while (arrays.size() < kMaxFriendsBytes - 16) arrays += "[],";
  arrays += "[]]}";
  Result<FriendsRecord> a = parse_friends_record(arrays, "a.json");
  ASSERT_FALSE(a.ok());
  EXPECT_NE(a.error().to_string().find("in memory"), std::string::npos) << a.error().to_string();
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_FALSE(parse_friends_record(deep, "d.json").ok());
  const std::string named = R"({"format": "critterforge.friends/1", "bests": [{"level": "0000000000000001", "creature": "0000000000000002",
    "friends": 1, "pack": ["../../../../etc/passwd"]}]})";
  EXPECT_FALSE(parse_friends_record(named, "n.json").ok());
  // A folder where the file should be is reported, never followed.
  UserData data{fresh_dir("folder")};
  std::filesystem::create_directories(friends_path(data));
  std::string report;
  EXPECT_TRUE(load_friends_record(data, &report).bests.empty());
  EXPECT_NE(report, "");
}

// The pack a creature brought back from free roam watches its next trial: those creatures first
// among the spectators, the rest as the seed picks them; the run's replay holds them, so it plays
// back with no data folder at all.
TEST(FriendsRecord, RememberedFriendsAreATrialsFirstSpectatorsAndItsReplayPlaysBackAlone) {
  UserData data{fresh_dir("spectators")};
  Scene scene = test::trial_scene("biped");
  const int count = scene.level.spectators.count;
  ASSERT_GE(count, 3);
  Result<Json> octopod = load_json_file(CF_ASSETS_DIR "/creatures/octopod.json");
  Result<Json> hexapod = load_json_file(CF_ASSETS_DIR "/creatures/hexapod.json");
  ASSERT_TRUE(octopod.ok() && hexapod.ok());
  FriendsBest b;
  b.level = K("f");
  b.creature = creature_content_hash(scene.creature_json);
  b.friends = 3;
  b.pack = {creature_content_hash(*octopod), creature_content_hash(*hexapod), creature_content_hash(*octopod)};
  b.order = 1;
  FriendsBest other = b;  // another creature's pack is not brought
  other.creature += 1;
  other.pack = {creature_content_hash(*hexapod), creature_content_hash(*hexapod), creature_content_hash(*hexapod)};
  FriendsRecord r;
  r.bests = {other, b};
  ASSERT_TRUE(save_friends_record(data, r).ok());

  {
    std::string report;
    const FriendsRecord back = load_friends_record(data, &report);
    ASSERT_EQ(report, "");
    ASSERT_NE(back.pack_of(b.creature), nullptr);
    ASSERT_EQ(remembered_pack(data, b.creature, CF_ASSETS_DIR "/creatures", count).size(), 3u);
  }
  Session without;
  without.start(test::trial_scene("biped"), 5);
  Session s;
  start_with_friends(&s, std::move(scene), 5, data);
  const Replay rec0 = s.recording();
  ASSERT_EQ(rec0.herd.size(), static_cast<std::size_t>(count));
  EXPECT_EQ(creature_content_hash(rec0.herd[0].json), creature_content_hash(*octopod));
  EXPECT_EQ(creature_content_hash(rec0.herd[1].json), creature_content_hash(*hexapod));
  EXPECT_EQ(creature_content_hash(rec0.herd[2].json), creature_content_hash(*octopod));
  EXPECT_EQ(std::filesystem::path(rec0.herd[0].path).filename(), "octopod.json");
  // The rest: the seed's pick as without friends.
  const Replay plain = without.recording();
  ASSERT_EQ(plain.herd.size(), static_cast<std::size_t>(count));
  for (int k = 3; k < count; ++k) EXPECT_EQ(rec0.herd[static_cast<std::size_t>(k)].path, plain.herd[static_cast<std::size_t>(k - 3)].path);
  // All placed and watching.
  EXPECT_EQ(s.state().creature_count, count + 1);

  const PadScript pad = test::trial_script("sprint_biped");
  for (std::uint64_t t = 0; t < 400; ++t) s.tick(scripted_frame(pad, t));  // a run under way
  const Replay rec = s.recording();
  std::filesystem::remove_all(data.root);  // the replay alone
  Session back;
  ASSERT_TRUE(test::play_back_saved(rec, "friends.replay.json", &back));
  EXPECT_FALSE(back.verifier().diverged()) << back.verifier().message();
  EXPECT_EQ(back.hash(), s.hash());
  EXPECT_EQ(back.state().tick, 400u);
}

TEST(FriendsRecord, WithoutARecordATrialStartsAsBefore) {
  UserData data{fresh_dir("none")};
  Session a, b;
  a.start(test::trial_scene("biped"), 9);
  start_with_friends(&b, test::trial_scene("biped"), 9, data);
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_EQ(replay_to_json(a.recording()), replay_to_json(b.recording()));
  EXPECT_FALSE(std::filesystem::exists(friends_path(data)));
}

// A free roam level started from the title brings the herd it names, picked with the seed as the
// command line picks it: there is something to befriend.
TEST(FriendsRecord, AFreeRoamLevelStartedFromTheTitleBringsItsHerd) {
  UserData data{fresh_dir("free_roam")};
  Scene scene = test::biped_scene_in("meadow.json");
  const int herd = scene.level.herd;
  ASSERT_GT(herd, 0);
  Session s;
  start_with_friends(&s, std::move(scene), 4, data);
  EXPECT_EQ(s.state().creature_count, 1 + herd);
  Result<std::vector<HerdKind>> picked = pick_herd(herd, 4, CF_ASSETS_DIR "/creatures");
  ASSERT_TRUE(picked.ok());
  ASSERT_EQ(s.recording().herd.size(), picked->size());
  for (std::size_t k = 0; k < picked->size(); ++k) EXPECT_EQ(s.recording().herd[k].json, (*picked)[k].json);
  EXPECT_GT(befriend_summary(s.state()).herd, 0);
}

}  // namespace
}  // namespace cf
