// --settings on what is not the game's own file (issue 47): a folder, a FIFO, a read-only file are
// left exactly as they were with one line; a symlink stays a link; integers that wrap are refused.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/file_io.h"
#include "game/options/settings.h"
#include "run_command.h"

namespace cf::test {
namespace {

namespace fs = std::filesystem;

std::string dir_for(const std::string& name) { return fresh_scratch_dir("settings_hostile_", name); }

// The game with a window (offscreen) for a few ticks: settings are read only with one.
CommandResult game_with(const std::string& settings) {
  // Windowed under a sanitizer build: no leak check (llvmpipe's JIT, as every windowed test: run_command.h).
  return run_command("cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen " CF_GAME_TEST_ENV
                     "timeout -k 5 60 '" CF_GAME_EXE "' --ticks 3 --settings '" + settings + "'");
}

int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

void expect_left_alone(const CommandResult& r, const std::string& path, const std::string& words) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(path + ".damaged-1")) << "moved aside";
}

TEST(SettingsHostile, AFolderIsLeftAsItIs) {
  const std::string d = dir_for("folder") + "/Documents";
  fs::create_directories(d);
  std::ofstream(d + "/letter.txt") << "mine";
  expect_left_alone(game_with(d), d, "directory");
  EXPECT_TRUE(fs::is_directory(d));
  EXPECT_TRUE(fs::exists(d + "/letter.txt"));
}

TEST(SettingsHostile, AFifoIsLeftAsItIs) {
  const std::string p = dir_for("fifo") + "/settings.json";
  ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0);
  expect_left_alone(game_with(p), p, "FIFO");
  EXPECT_TRUE(fs::is_fifo(p));
}

TEST(SettingsHostile, AReadOnlyFileIsNotRewrittenNorMoved) {
  const std::string p = dir_for("readonly") + "/settings.json";
  std::ofstream(p) << "{\"format\": \"critterforge.settings/1\", \"look\": {\"dither\": 1}}";
  ASSERT_EQ(::chmod(p.c_str(), 0444), 0);
  const std::string before = *read_file(p);
  expect_left_alone(game_with(p), p, "read-only");
  EXPECT_EQ(*read_file(p), before);
  struct stat st {};
  ASSERT_EQ(::stat(p.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0444u);
  // A sound read-only file loads, and a save does not rewrite it.
  const std::string q = dir_for("readonly_save") + "/settings.json";
  ASSERT_TRUE(save_settings_file(q, default_settings()).ok());
  ASSERT_EQ(::chmod(q.c_str(), 0444), 0);
  Settings s = default_settings();
  s.look.text_scale = 3;
  const Status saved = save_settings_file(q, s);
  EXPECT_FALSE(saved.ok());
  EXPECT_EQ(load_settings_file(q, nullptr), default_settings());
}

TEST(SettingsHostile, ASymlinkStaysALinkAndModesAreKept) {
  const std::string d = dir_for("symlink");
  const std::string target = d + "/real.json", link = d + "/settings.json";
  ASSERT_TRUE(save_settings_file(target, default_settings()).ok());
  ASSERT_EQ(::chmod(target.c_str(), 0600), 0);
  fs::create_symlink("real.json", link);
  Settings s = default_settings();
  s.look.text_scale = 2;
  ASSERT_TRUE(save_settings_file(link, s).ok());
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(load_settings_file(target, nullptr).look.text_scale, 2);
  struct stat st {};
  ASSERT_EQ(::stat(target.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  // Damaged through the link: the file it names is set aside, the link stays.
  std::ofstream(target) << "{";
  const CommandResult r = game_with(link);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(*read_file(target + ".damaged-1"), "{");
}

TEST(SettingsHostile, WrappedIntegersAreRefused) {
  const std::string d = dir_for("wrapped");
  for (const char* look : {"{\"window\": [4294967616, 4294967536]}", "{\"text_scale\": 4294967298}"}) {
    const std::string p = d + "/settings.json";
    std::ofstream(p) << "{\"format\": \"critterforge.settings/1\", \"look\": " << look << "}";
    const CommandResult r = game_with(p);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("look."), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("using the defaults"), std::string::npos) << r.err;
    fs::remove(p);
    for (int n = 1; n < 5; ++n) fs::remove(p + ".damaged-" + std::to_string(n));
  }
}

}  // namespace
}  // namespace cf::test
