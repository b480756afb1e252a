// Hostile content the game trusts (issue 47): a course name never becomes a path, courses are kept by
// content, damaged tables never overwrite each other, orphan ghosts go, lists cut only the oldest,
// playtest replays never replace one another, '#' is a plain character, integers must fit, and a
// hostile card or ghost stays within its memory budget (measured in a child process).
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/file_io.h"
#include "core/file_name.h"
#include "creature/creature_card.h"
#include "png_chunks.h"
#include "game/options/settings.h"
#include "game/session/best_times.h"
#include "game/session/clip_run.h"
#include "game/session/drafts.h"
#include "game/session/pad_script.h"
#include "game/session/playtest_saver.h"
#include "game/session/session.h"
#include "run_command.h"
#include "title_test_util.h"
#include "trial_test_util.h"

#if defined(__SANITIZE_ADDRESS__)
#define CF_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CF_UNDER_ASAN 1
#endif
#endif

namespace cf {
namespace {

namespace fs = std::filesystem;

std::string fresh_dir(const std::string& name) { return test::fresh_scratch_dir("hostile_data_", name); }

std::string slurp(const std::string& p) { return read_file(p).ok() ? *read_file(p) : std::string(); }

void put(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// Every regular file under dir, relative to it.
std::set<std::string> files_under(const std::string& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (!e.is_directory()) out.insert(fs::relative(e.path(), dir).string());
  return out;
}

// trial_sprint with its name (and notes) replaced: the level JSON as text.
std::string sprint_named(const Json& name, const std::string& notes = "") {
  Json j = Json::parse(slurp(CF_ASSETS_DIR "/levels/trial_sprint.json"));
  j["name"] = name;
  if (!notes.empty()) j["notes"] = notes;
  return j.dump(1);
}

// Runs the strider over the course at level_path until it finishes; records the finish in data.
void finish_course(const UserData& data, const std::string& level_path, bool* best) {
  Session s;
  s.start(test::trial_scene("strider", level_path), 1);
  const PadScript p = test::trial_script("sprint_strider");
  while (s.state().tick < 4000 && s.trial().phase != TrialRun::Phase::kFinished)
    ASSERT_TRUE(s.tick(scripted_frame(p, s.state().tick)));
  ASSERT_EQ(s.trial().phase, TrialRun::Phase::kFinished);
  Status st = record_trial_finish(data, s, best);
  ASSERT_TRUE(st.ok()) << st.error.to_string();
}

TEST(HostileData, ACourseNameNeverBecomesAPath) {
  const Json names[] = {std::string("../../../victim.txt\0", 20), "../../../escaped", "Sprint 1/2",
                        std::string(4000, 'n'), "#%n\nCON"};
  int i = 0;
  for (const Json& name : names) {
    // The data folder's parent is watched: nothing may appear there but the data folder.
    const std::string parent = fresh_dir("traversal_" + std::to_string(i));
    const std::string levels = fresh_dir("traversal_levels_" + std::to_string(i++));
    const std::string level = levels + "/course.json";
    put(level, sprint_named(name));
    const UserData data{parent + "/data"};
    bool best = false;
    finish_course(data, level, &best);
    EXPECT_TRUE(best);
    for (const std::string& f : files_under(parent)) EXPECT_EQ(f.rfind("data/", 0), 0u) << f << " escaped the data folder";
    const std::set<std::string> ghosts = files_under(ghosts_dir(data));
    ASSERT_EQ(ghosts.size(), 1u);
    EXPECT_TRUE(is_plain_file_name(*ghosts.begin())) << *ghosts.begin();
    // The table reads back with the ghost, which replays: nothing is set aside at the next start.
    std::string report;
    const BestTimes t = load_best_times(data, &report);
    EXPECT_EQ(report, "");
    ASSERT_EQ(t.runs.size(), 1u);
    EXPECT_EQ(t.runs[0].course_name, name.get<std::string>());
    EXPECT_FALSE(t.runs[0].ghost.empty());
  }
}

TEST(HostileData, TwoCoursesWithOneNameKeepTheirOwnBestsAndGhosts) {
  const std::string levels = fresh_dir("same_name_levels");
  put(levels + "/a.json", sprint_named("Sprint"));
  put(levels + "/b.json", sprint_named("Sprint", "another course of the same name"));
  const UserData data{fresh_dir("same_name")};
  bool best_a = false, best_b = false;
  finish_course(data, levels + "/a.json", &best_a);
  finish_course(data, levels + "/b.json", &best_b);
  EXPECT_TRUE(best_a);
  EXPECT_TRUE(best_b) << "the second course is another course: its first finish is its best";
  std::string report;
  const BestTimes t = load_best_times(data, &report);
  ASSERT_EQ(t.runs.size(), 2u);
  EXPECT_NE(t.runs[0].level, t.runs[1].level);
  for (const BestRun& r : t.runs) EXPECT_TRUE(is_regular_file(ghost_path(data, r))) << r.ghost;
  EXPECT_EQ(course_key_of_file(levels + "/a.json"), t.runs[0].level);
}

TEST(HostileData, AnOldTableKeyedByNameStillLoadsAndMovesToCourseKeys) {
  const UserData data{fresh_dir("old_table")};
  fs::create_directories(trials_dir(data));
  put(best_times_path(data),
      R"({"format": "critterforge.besttimes/1", "runs": [{"level": "trial_sprint", "creature": "00000000000000aa",
          "name": "strider", "creature_path": "", "finish": 900, "splits": [], "ghost": ""}]})");
  std::string report;
  const BestTimes t = load_best_times(data, &report);
  EXPECT_EQ(report, "");
  ASSERT_EQ(t.runs.size(), 1u);
  EXPECT_EQ(t.runs[0].level, course_key_of_file(CF_ASSETS_DIR "/levels/trial_sprint.json"));
  EXPECT_EQ(t.runs[0].course_name, "trial_sprint");
  EXPECT_NE(slurp(best_times_path(data)).find("critterforge.besttimes/2"), std::string::npos);
}

TEST(HostileData, TwoDamagedTablesInARowAreBothKept) {
  const UserData data{fresh_dir("damaged_twice")};
  fs::create_directories(trials_dir(data));
  const std::string first = R"({"format": "critterforge.besttimes/3", "runs": []})";
  const std::string second = "{\"format\": \"critterforge.besttimes/2\", \"runs\": [{]}";
  put(best_times_path(data), first);
  std::string report;
  EXPECT_TRUE(load_best_times(data, &report).runs.empty());
  EXPECT_NE(report.find("newer than this game reads"), std::string::npos) << report;
  EXPECT_NE(report.find("best_times.json.damaged-1"), std::string::npos) << report;
  put(best_times_path(data), second);
  EXPECT_TRUE(load_best_times(data, &report).runs.empty());
  EXPECT_NE(report.find("best_times.json.damaged-2"), std::string::npos) << report;
  EXPECT_EQ(slurp(best_times_path(data) + ".damaged-1"), first);
  EXPECT_EQ(slurp(best_times_path(data) + ".damaged-2"), second);
}

TEST(HostileData, AnOrphanGhostIsRemovedAndAMissingGhostIsNone) {
  const UserData data{fresh_dir("orphan")};
  fs::create_directories(ghosts_dir(data));
  BestTimes t;
  for (const char* g : {"kept.replay.json", "lost.replay.json"}) {
    BestRun r;
    r.level = "0123456789abcdef";
    r.creature = t.runs.size() + 1;
    r.name = g;
    r.times.finish = 500 + static_cast<std::uint32_t>(t.runs.size());
    r.ghost = g;
    t.runs.push_back(r);
  }
  ASSERT_TRUE(save_best_times(data, t).ok());
  put(ghosts_dir(data) + "/kept.replay.json", "{}");
  put(ghosts_dir(data) + "/orphan.replay.json", "{}");  // a kill between the ghost and its table
  put(ghosts_dir(data) + "/notes.txt", "the player's own");
  EXPECT_EQ(remove_orphan_ghosts(data), 1);
  EXPECT_EQ(files_under(ghosts_dir(data)), (std::set<std::string>{"kept.replay.json", "notes.txt"}));
  std::string report;
  const BestTimes now = load_best_times(data, &report);
  const std::vector<GhostChoice> c = ghost_choices(now, "0123456789abcdef", 99);
  ASSERT_EQ(c.size(), 1u) << "the run whose ghost file is missing is offered as no ghost";
  EXPECT_EQ(c[0].run.ghost, "kept.replay.json");
  // A damaged table may name them all: nothing is removed then.
  put(best_times_path(data), "{");
  put(ghosts_dir(data) + "/orphan.replay.json", "{}");
  EXPECT_EQ(remove_orphan_ghosts(data), 0);
  EXPECT_TRUE(fs::exists(ghosts_dir(data) + "/orphan.replay.json"));
}

TEST(HostileData, ThreeHundredDraftsListTheNewestAndSayHowManyAreCut) {
  const UserData data{fresh_dir("drafts300")};
  fs::create_directories(data.drafts_dir());
  for (int i = 0; i < 300; ++i) {
    // Names in no time order (readdir's order is the folder's own).
    const std::string p = data.drafts_dir() + "/d" + std::to_string((i * 7919) % 1000) + ".json";
    put(p, "{}");
    const timespec times[2] = {{1700000000 + i, 0}, {1700000000 + i, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, p.c_str(), times, 0), 0);
  }
  std::size_t cut = 0;
  const std::vector<Draft> listed = list_drafts(data, &cut);
  ASSERT_EQ(listed.size(), kMaxListedDrafts);
  EXPECT_EQ(cut, 100u);
  for (std::size_t k = 0; k < listed.size(); ++k)
    EXPECT_EQ(listed[k].time, 1700000000 + 299 - static_cast<std::int64_t>(k)) << "the newest 200, newest first";
}

TEST(HostileData, TwoPlaytestReplaysSavedAtOneTickAreBothKept) {
  const std::string dir = fresh_dir("playtests");
  Replay r;
  r.seed = 7;
  r.creature_path = "biped.json";
  r.level_path = "default.json";
  r.inputs.resize(64);
  const std::string name = playtest_file_name("biped.json", "default.json", 64, "manual");
  {
    PlaytestSaver a, b;  // two sessions
    a.configure(dir, false);
    b.configure(dir, false);
    a.save(r, name);
    b.save(r, name);
    a.flush();
    b.flush();
    a.save(r, name);  // and one session twice
    a.flush();
    EXPECT_NE(a.last_message().find("manual_"), std::string::npos) << a.last_message();
  }
  EXPECT_EQ(files_under(dir).size(), 3u);
  for (const std::string& f : files_under(dir)) EXPECT_TRUE(load_replay(dir + "/" + f).ok()) << f;
}

TEST(HostileData, AHashInTheDataPathIsAPlainCharacter) {
  const UserData data{fresh_dir("hash#in#path") + "/da#ta"};
  fs::create_directories(data.creatures_dir());
  fs::copy_file(CF_ASSETS_DIR "/creatures/biped.json", data.creatures_dir() + "/my#dog.json");
  Session session;
  session.start(test::trial_scene("biped"), 1);
  test::TitleRig rig(session, data);
  ASSERT_EQ(rig.title.items()[1], "EDIT");
  rig.press(kButtonDpadDown), rig.press(kButtonA);
  ASSERT_EQ(rig.title.screen(), TitleScreen::kEdit);
  for (int k = 0; k < 100 && rig.title.items()[static_cast<std::size_t>(rig.title.cursor())].find("#") == std::string::npos; ++k)
    rig.press(kButtonDpadDown);
  ASSERT_NE(rig.title.items()[static_cast<std::size_t>(rig.title.cursor())].find("MY#DOG"), std::string::npos);
  EXPECT_TRUE(rig.title.preview().has_skin) << "the creature in a folder with '#' shows, not \"damaged\"";
}

TEST(HostileData, IntegersThatDoNotFitAreRefused) {
  auto refused = [](const std::string& look, const char* field) {
    Result<Settings> s = parse_settings("{\"format\": \"critterforge.settings/1\", \"look\": " + look + "}", "s.json");
    ASSERT_FALSE(s.ok()) << look << " read as window " << s->look.window_w << "x" << s->look.window_h << ", text "
                         << s->look.text_scale;
    EXPECT_EQ(s.error().field, field);
  };
  refused("{\"window\": [4294967616, 4294967536]}", "look.window");
  refused("{\"window\": [-4294966336, 720]}", "look.window");
  refused("{\"text_scale\": 4294967298}", "look.text_scale");
  refused("{\"text_scale\": -4294967295}", "look.text_scale");
}

// Runs f in a child process (stderr to err_path); its exit code, peak RSS (MB) and CPU seconds.
struct ChildUse {
  int code = -1;
  double rss_mb = 0, cpu_s = 0;
};
ChildUse in_child(const std::function<int()>& f, const std::string& err_path) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 2);
#ifndef CF_UNDER_ASAN
    // On a loader without a budget this ends the child fast instead of taking the machine's memory.
    const rlimit as{1u << 30, 1u << 30};
    ::setrlimit(RLIMIT_AS, &as);
#endif
    ::alarm(30);
    ::_exit(f());
  }
  ChildUse u;
  int status = 0;
  rusage ru {};
  ::wait4(pid, &status, 0, &ru);
  u.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  u.rss_mb = static_cast<double>(ru.ru_maxrss) / 1024.0;
  u.cpu_s = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
            static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
  return u;
}

void expect_within_budget(const ChildUse& u, const std::string& err_path, const std::string& file) {
  EXPECT_EQ(u.code, 0) << "the child: 1 = accepted, 2 = refused without one line naming the file, 128+ = killed";
  const std::string err = slurp(err_path);
  EXPECT_LE(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_NE(err.find(file), std::string::npos) << err;
  std::printf("peak RSS %.1f MB, CPU %.2f s\n", u.rss_mb, u.cpu_s);
#ifndef CF_UNDER_ASAN
  EXPECT_LE(u.rss_mb, 256.0);
  EXPECT_LE(u.cpu_s, 2.0);
#endif
}

using test::png_chunk;
std::string deflated(const std::string& s) { return test::deflated(s, 9); }

TEST(HostileData, AMultiChunkCardStaysWithinItsBudget) {
  // 250 zTXt chunks of 16 MiB of spaces each (~3.9 MB): the title menu's gallery reads every card.
  const UserData data{fresh_dir("card_bomb")};
  fs::create_directories(data.creatures_dir());
  const std::string card = data.creatures_dir() + "/bomb.card.png";
  {
    std::string png("\x89PNG\r\n\x1a\n", 8);
    png_chunk(&png, "IHDR", std::string("\0\0\0\1\0\0\0\1\x08\x06\0\0\0", 13));
    const std::string body = std::string("Comment\0\0", 9) + deflated(std::string(16u << 20, ' '));
    for (int i = 0; i < 250; ++i) png_chunk(&png, "zTXt", body);
    png_chunk(&png, "IDAT", deflated(std::string("\0\x10\x20\x30\xff", 5)));
    png_chunk(&png, "IEND", "");
    put(card, png);
  }
  const std::string err = fresh_dir("card_bomb_err") + "/stderr";
  const ChildUse u = in_child([&] {
    Result<std::string> bytes = read_file(card, 64u << 20);
    if (!bytes) return 2;
    CardPicture pic;
    Result<std::string> r = decode_card(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size(), card, &pic);
    if (r) return 1;
    std::fprintf(stderr, "%s\n", r.error().to_string().c_str());
    return 0;
  }, err);
  expect_within_budget(u, err, card);
  EXPECT_NE(slurp(err).find("inflate past 1 MiB"), std::string::npos) << slurp(err);
}

// A trial ghost whose ignored field is 'mb' MB of empty arrays, raced from the title's ghost choice.
void expect_ghost_refused(const std::string& name, std::size_t mb) {
  const UserData data{fresh_dir(name)};
  fs::create_directories(ghosts_dir(data));
  GhostChoice choice;
  choice.run.ghost = "inflated.replay.json";
  choice.run.name = "x";
  const std::string ghost = ghost_path(data, choice.run);
  {
    std::string text = R"({"format": "critterforge.replay/1", "creature": {"path": "c.json"}, "level": {"path": "l.json"},)"
                       R"( "seed": 1, "inputs": [], "ignored": [)";
    text.reserve(mb << 20);
    while (text.size() < (mb << 20)) text += "[],";
    text += "[]]}";
    put(ghost, text);
  }
  const std::string err = fresh_dir(name + "_err") + "/stderr";
  const ChildUse u = in_child([&] {
    Session s;
    s.start(test::trial_scene("strider"), 1);
    apply_trial_choice(&s, data, &choice);
    return s.ghost() || s.ghost_line().rfind("GHOST:", 0) == 0 ? 1 : 0;
  }, err);
  expect_within_budget(u, err, ghost);
}

TEST(HostileData, AnInflatedGhostIsRefusedWithinTheBudget) {
  expect_ghost_refused("ghost_37mb", 37);  // over the size limit
  expect_ghost_refused("ghost_4mb", 4);    // within it: the memory estimate refuses it
}

TEST(HostileData, AnInflatedReplayIsRefusedWithinTheBudget) {
  const std::string dir = fresh_dir("replay_bomb");
  const std::string path = dir + "/bomb.replay.json";
  {
    std::string text = R"({"format": "critterforge.replay/1", "creature": {"path": "c.json"}, "level": {"path": "l.json"},)"
                       R"( "seed": 1, "inputs": [], "ignored": [)";
    while (text.size() < (15u << 20)) text += "[],";
    text += "[]]}";
    put(path, text);
  }
  const ChildUse u = in_child([&] {
    Result<Replay> r = load_replay(path);
    if (r) return 1;
    std::fprintf(stderr, "%s\n", r.error().to_string().c_str());
    return 0;
  }, dir + "/stderr");
  expect_within_budget(u, dir + "/stderr", path);
}

}  // namespace
}  // namespace cf
