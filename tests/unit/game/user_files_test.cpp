// The player's files: free names for new creatures, earlier versions kept on every save that
// replaces one, the trash, and drafts (one file per document, damaged ones listed with the reason).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <utime.h>

#include <filesystem>
#include <fstream>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "game/session/drafts.h"
#include "game/session/user_data.h"
#include "core/json.h"

namespace cf {
namespace {

UserData fresh(const std::string& name) {
  const std::string root = std::string(CF_BINARY_DIR) + "/user_files_" + name;
  std::filesystem::remove_all(root);
  EXPECT_TRUE(make_dirs(root + "/creatures").ok());
  return UserData{root};
}

void put(const std::string& path, const std::string& text) {
  ASSERT_TRUE(write_file_atomic(path, text).ok());
}

std::string text_of(const std::string& path) {
  Result<std::string> t = read_file(path);
  return t ? *t : "<missing>";
}

void set_time(const std::string& path, std::int64_t t) {
  struct utimbuf u {
    static_cast<time_t>(t), static_cast<time_t>(t)
  };
  ASSERT_EQ(::utime(path.c_str(), &u), 0);
}

Creature tiny(const std::string& name) {
  Result<Creature> c = load_creature(CF_ASSETS_DIR "/creatures/biped.json");
  EXPECT_TRUE(c.ok());
  Creature out = c ? *c : Creature{};
  out.name = name;
  return out;
}

TEST(UserFiles, ANewCreatureIsOfferedTheNextFreeName) {
  const UserData d = fresh("names");
  EXPECT_EQ(free_creature_name(d, "CRITTER", "", 16), "CRITTER");
  put(saved_creature_path(d, "critter"), "{}");
  EXPECT_EQ(free_creature_name(d, "CRITTER", "", 16), "CRITTER_2");
  EXPECT_EQ(free_creature_name(d, "CRITTER", "critter", 16), "CRITTER") << "its own file is not taken";
  put(saved_creature_path(d, "critter_2"), "{}");
  EXPECT_EQ(free_creature_name(d, "CRITTER", "", 16), "CRITTER_3");
  EXPECT_EQ(free_creature_name(d, "CRITTER_2", "", 16), "CRITTER_3") << "counts on, not CRITTER_2_2";
  // "MY-DOG" and "MY_DOG" share the file my_dog.json.
  put(saved_creature_path(d, "my_dog"), "{}");
  EXPECT_EQ(free_creature_name(d, "MY-DOG", "", 16), "MY-DOG_2");
  // The offer stays within the prompt's length.
  put(saved_creature_path(d, "abcdefghijklmnop"), "{}");
  const std::string n = free_creature_name(d, "ABCDEFGHIJKLMNOP", "", 16);
  EXPECT_EQ(n, "ABCDEFGHIJKLMN_2");
  EXPECT_EQ(n.size(), 16u);
}

TEST(UserFiles, EachSaveThatReplacesAFileKeepsThreeEarlierVersions) {
  const UserData d = fresh("versions");
  const std::string cur = saved_creature_path(d, "dog");
  EXPECT_TRUE(keep_earlier_version(d, "dog", "v1").ok()) << "no file yet: nothing to keep";
  EXPECT_TRUE(list_versions(d, "dog").empty());
  put(cur, "v1");
  set_time(cur, 1000);
  for (const char* next : {"v2", "v3", "v4", "v5"}) {
    ASSERT_TRUE(keep_earlier_version(d, "dog", next).ok());
    put(cur, next);
  }
  const std::vector<SavedVersion> v = list_versions(d, "dog");
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(text_of(v[0].path), "v4");
  EXPECT_EQ(text_of(v[1].path), "v3");
  EXPECT_EQ(text_of(v[2].path), "v2");
  EXPECT_EQ(v[0].generation, 1);
  // The same content again is no new version.
  ASSERT_TRUE(keep_earlier_version(d, "dog", "v5").ok());
  EXPECT_EQ(text_of(list_versions(d, "dog")[0].path), "v4");
  // A version keeps the time it was saved, not the time it was moved.
  const std::string path2 = saved_creature_path(d, "cat");
  put(path2, "old cat");
  set_time(path2, 1234567);
  ASSERT_TRUE(keep_earlier_version(d, "cat", "new cat").ok());
  EXPECT_EQ(list_versions(d, "cat").at(0).time, 1234567);
  EXPECT_EQ(text_of(path2), "old cat") << "keeping the version leaves the file for the save to replace";
}

TEST(UserFiles, TheTrashKeepsWhatIsDeleted) {
  const UserData d = fresh("trash");
  const std::string cur = saved_creature_path(d, "dog");
  put(cur, "dog");
  Result<std::string> a = move_to_trash(d, cur);
  ASSERT_TRUE(a.ok()) << a.error().to_string();
  EXPECT_FALSE(path_taken(cur));
  EXPECT_EQ(text_of(*a), "dog");
  put(cur, "dog again");
  Result<std::string> b = move_to_trash(d, cur);
  ASSERT_TRUE(b.ok());
  EXPECT_NE(*a, *b) << "a second delete in the same second does not replace the first";
  EXPECT_EQ(text_of(*a), "dog");
  EXPECT_EQ(text_of(*b), "dog again");
}

TEST(UserFiles, DraftsAreOnePerDocumentAndListedNewestFirst) {
  const UserData d = fresh("drafts");
  const std::string p1 = free_draft_path(d, "new");
  ASSERT_TRUE(write_draft(p1, "", tiny("")).ok());
  const std::string p2 = free_draft_path(d, "new");
  EXPECT_NE(p1, p2) << "a second new creature never takes the first one's draft";
  ASSERT_TRUE(write_draft(p2, "", tiny("")).ok());
  const std::string p3 = free_draft_path(d, "my_dog");
  ASSERT_TRUE(write_draft(p3, "my_dog", tiny("MY_DOG")).ok());
  set_time(p1, 100), set_time(p2, 300), set_time(p3, 200);
  // The draft of earlier versions of the game (a bare creature file) is listed too.
  put(d.draft_path(), creature_to_json(tiny("OLD")).dump());
  set_time(d.draft_path(), 50);
  // A damaged one says why instead of disappearing.
  put(d.drafts_dir() + "/broken.json",
      "{\"format\": \"critterforge.draft/1\", \"creature\": {\"format\": 3}}");
  set_time(d.drafts_dir() + "/broken.json", 10);
  const std::vector<Draft> all = list_drafts(d);
  ASSERT_EQ(all.size(), 5u);
  EXPECT_EQ(all[0].path, p2);
  EXPECT_EQ(all[1].path, p3);
  EXPECT_EQ(all[1].file_stem, "my_dog");
  EXPECT_EQ(all[1].shown_name(), "MY_DOG");
  EXPECT_EQ(all[2].path, p1);
  EXPECT_EQ(all[2].shown_name(), "new creature");
  EXPECT_TRUE(all[3].legacy);
  EXPECT_EQ(all[3].creature.name, "OLD");
  EXPECT_NE(all[4].damage.find("format"), std::string::npos) << all[4].damage;
  const Draft* mine = draft_of_file(all, "my_dog");
  ASSERT_NE(mine, nullptr);
  EXPECT_EQ(mine->path, p3);
  EXPECT_EQ(draft_of_file(all, "cat"), nullptr);
  // Another creature took my_dog.json: its draft becomes a new creature's, so it can never be
  // continued into replacing the new owner.
  detach_drafts_of(d, "my_dog");
  EXPECT_EQ(draft_of_file(list_drafts(d), "my_dog"), nullptr);
  Result<Draft> back = load_draft(p3);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->creature.parts.size(), tiny("").parts.size());
}

TEST(UserFiles, ADraftMayBreakARuleButNotHoldNonsense) {
  const UserData d = fresh("draft_rules");
  Creature no_torso = tiny("X");
  no_torso.parts.erase(no_torso.parts.begin());  // mid-work: the torso was deleted
  const std::string p = free_draft_path(d, "x");
  ASSERT_TRUE(write_draft(p, "", no_torso).ok());
  Result<Draft> ok = load_draft(p);
  ASSERT_TRUE(ok.ok()) << ok.error().to_string();
  EXPECT_EQ(ok->creature.parts.size(), no_torso.parts.size());
  Creature far = tiny("X");
  far.parts[0].stroke[0].x = 1e6f;
  ASSERT_TRUE(write_draft(p, "", far).ok());
  Result<Draft> bad = load_draft(p);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().to_string().find("creature.parts[0].stroke"), std::string::npos)
      << bad.error().to_string();
  put(p, "{\"format\": \"critterforge.draft/1\", \"file\": \"../etc\", \"creature\": {}}");
  Result<Draft> path = load_draft(p);
  ASSERT_FALSE(path.ok());
  EXPECT_EQ(path.error().field, "file");
}

}  // namespace
}  // namespace cf
