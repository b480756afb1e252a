#include "core/file_io.h"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace cf {
namespace {

std::string temp_path(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::string("cf_core_") + name)).string();
}

TEST(FileIo, AtomicWriteThenRead) {
  std::string p = temp_path("atomic.txt");
  ASSERT_TRUE(write_file_atomic(p, "first").ok());
  ASSERT_TRUE(write_file_atomic(p, "second save").ok());
  auto r = read_file(p);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, "second save");
  // No temporary left behind.
  EXPECT_FALSE(std::filesystem::exists(temp_path_for(p, static_cast<long>(getpid()))));
  std::remove(p.c_str());
}

TEST(FileIo, FailedSaveKeepsOldFile) {
  std::string p = temp_path("keep.txt");
  ASSERT_TRUE(write_file_atomic(p, "player work").ok());
  // Saving into a missing directory fails and must not touch anything else.
  auto s = write_file_atomic(temp_path("no_such_dir/x/keep.txt"), "new");
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.error.to_string().find("no_such_dir"), std::string::npos);
  EXPECT_EQ(*read_file(p), "player work");
  std::remove(p.c_str());
}

TEST(FileIo, MissingFileNamesTheFile) {
  auto r = read_file("/nonexistent/creature.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().to_string().find("/nonexistent/creature.json"), std::string::npos);
}

TEST(FileIo, DirectoryIsRejected) {
  auto r = read_file(std::filesystem::temp_directory_path().string());
  EXPECT_FALSE(r.ok());
}

TEST(FileIo, TooLargeIsRejected) {
  std::string p = temp_path("big.txt");
  ASSERT_TRUE(write_file_atomic(p, std::string(100, 'x')).ok());
  EXPECT_FALSE(read_file(p, 10).ok());
  std::remove(p.c_str());
}

// A FIFO would block open() forever waiting for a writer; it is refused at once instead.
TEST(FileIo, FifoIsRefusedWithoutBlocking) {
  std::string p = temp_path("input.fifo");
  std::remove(p.c_str());
  ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0);
  const auto t0 = std::chrono::steady_clock::now();
  auto r = read_file(p);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().to_string().find("FIFO"), std::string::npos) << r.error().to_string();
  EXPECT_NE(r.error().to_string().find(p), std::string::npos);
  EXPECT_LT(s, 1.0);
  EXPECT_FALSE(is_regular_file(p));
  std::remove(p.c_str());
}

TEST(FileIo, DeviceIsRefused) {
  auto r = read_file("/dev/zero");  // would otherwise read until the size limit
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("character device"), std::string::npos) << r.error().message;
}

// The pid of a process that has exited (and been reaped): a crashed saver.
long dead_pid() {
  pid_t child = fork();
  if (child == 0) _exit(0);
  int status = 0;
  waitpid(child, &status, 0);
  return static_cast<long>(child);
}

void touch(const std::string& p, std::size_t bytes) { std::ofstream(p, std::ios::binary) << std::string(bytes, 'x'); }

TEST(FileIo, TemporariesCarryAPrefixNoPlayerFileHas) {
  EXPECT_EQ(temp_path_for("/data/creatures/dog.json", 42), "/data/creatures/.critterforge-tmp-dog.json.42");
  EXPECT_EQ(temp_path_for("dog.json", 7), "./.critterforge-tmp-dog.json.7");
  // A very long target still gives a name the disk takes (under NAME_MAX = 255).
  const std::string longname = temp_path_for("/d/" + std::string(300, 'a'), 4194304);
  EXPECT_LT(longname.size() - 3, 255u);
}

TEST(FileIo, SaveRemovesStaleTemporariesOfItsTargetOnly) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "cf_core_stale";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string target = (dir / "save.json").string();
  const long dead = dead_pid();
  const std::string stale = temp_path_for(target, dead);
  const std::string live = temp_path_for(target, static_cast<long>(getppid()));  // still running
  const std::string other = temp_path_for((dir / "other.json").string(), dead);
  const std::string lookalike = (dir / ".critterforge-tmp-save.json.notapid").string();
  // Files of the player's that only look like temporaries: never ours to delete.
  const std::string ideas = (dir / "ideas.tmp.99999").string();
  const std::string old_style = target + ".tmp." + std::to_string(dead);
  for (const std::string& p : {stale, live, other, lookalike, ideas, old_style}) touch(p, 1000);
  ASSERT_TRUE(write_file_atomic(target, "new").ok());
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(live));       // its owner may be saving right now
  EXPECT_TRUE(fs::exists(other));      // another target's: left to that target's next save
  EXPECT_TRUE(fs::exists(lookalike));  // not one of ours
  EXPECT_EQ(*read_file(target), "new");
  // The start-of-session sweep of a data folder takes every target's dead temporaries, and only those.
  EXPECT_EQ(remove_stale_temp_files(dir.string()), 1);
  EXPECT_FALSE(fs::exists(other));
  EXPECT_TRUE(fs::exists(live));
  EXPECT_TRUE(fs::exists(ideas));
  EXPECT_TRUE(fs::exists(old_style));
  EXPECT_TRUE(fs::exists(lookalike));
  fs::remove_all(dir);
}

// Over a file size limit (ulimit -f) with SIGXFSZ ignored, as the game runs: the write fails with
// EFBIG, the old file stays, and the reason is in the player's words.
TEST(FileIo, AFileSizeLimitFailsTheSaveWithEfbigAndKeepsTheOldFile) {
  const std::string p = temp_path("fsize.json");
  ASSERT_TRUE(write_file_atomic(p, "player work").ok());
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit lim {4096, 4096};
    if (setrlimit(RLIMIT_FSIZE, &lim) != 0) _exit(10);
    int err = 0;
    const Status s = write_file_atomic(p, std::string(100000, 'x'), &err);
    if (s.ok()) _exit(11);
    if (err != EFBIG) _exit(12);
    if (s.error.message.find("write failed") == std::string::npos) _exit(13);
    if (save_failure_reason(err).find("larger than this system allows") == std::string::npos) _exit(14);
    if (std::filesystem::exists(temp_path_for(p, static_cast<long>(getpid())))) _exit(15);
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(*read_file(p), "player work");
  std::remove(p.c_str());
}

TEST(FileIo, FailuresAreNamedInThePlayersWords) {
  EXPECT_EQ(save_failure_reason(ENOSPC), "the disk is full");
  EXPECT_EQ(save_failure_reason(EROFS), "the disk is read-only");
  EXPECT_EQ(save_failure_reason(EACCES), "no permission to write there");
  int err = 0;
  const Status s = write_file_atomic(temp_path("no_such_dir/x/keep.txt"), "new", &err);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(err, ENOENT);
}

TEST(FileIo, SavingOverADirectoryFailsAndNamesIt) {
  const std::string dir = temp_path("a_directory");
  std::filesystem::create_directories(dir);
  Status s = write_file_atomic(dir, "x");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error.to_string().find("is a directory"), std::string::npos) << s.error.to_string();
  EXPECT_TRUE(std::filesystem::is_directory(dir));
  EXPECT_FALSE(std::filesystem::exists(temp_path_for(dir, static_cast<long>(getpid()))));
}

// Parses "<number>" into an int; errors name the file it is given.
Result<int> parse_number(const std::string& text, const std::string& file) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    return Error{file, "", "not a number"};
  return std::stoi(text);
}

// read_and_parse: the file's text goes to the parser with the file's path as its name; a file that cannot
// be read (missing, a directory, too big) fails before parsing with a message naming the file.
TEST(FileIo, ReadAndParseNamesTheFileInEveryError) {
  const std::string p = temp_path("parse.txt");
  ASSERT_TRUE(write_file_atomic(p, "1234").ok());
  Result<int> ok = read_and_parse(p, 64, parse_number);
  ASSERT_TRUE(ok.ok()) << ok.error().to_string();
  EXPECT_EQ(*ok, 1234);
  ASSERT_TRUE(write_file_atomic(p, "12x").ok());
  Result<int> bad = read_and_parse(p, 64, parse_number);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().to_string(), p + ": not a number");
  Result<int> too_big = read_and_parse(p, 2, parse_number);
  ASSERT_FALSE(too_big.ok());
  EXPECT_EQ(too_big.error().file, p);
  Result<int> missing = read_and_parse(p + ".missing", 64, parse_number);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().to_string().find(p + ".missing"), std::string::npos);
  Result<int> directory = read_and_parse(std::filesystem::temp_directory_path().string(), 64, parse_number);
  ASSERT_FALSE(directory.ok());
  EXPECT_NE(directory.error().to_string().find("not a regular file"), std::string::npos) << directory.error().to_string();
  std::remove(p.c_str());
}

}  // namespace
}  // namespace cf
