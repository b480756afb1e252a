#include "core/file_io.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
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
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::temp_directory_path()))
    EXPECT_EQ(e.path().string().find(p + ".tmp"), std::string::npos);
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

TEST(FileIo, SaveRemovesStaleTemporariesOfItsTargetOnly) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "cf_core_stale";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string target = (dir / "save.json").string();
  const std::string stale = target + ".tmp." + std::to_string(dead_pid());
  const std::string live = target + ".tmp." + std::to_string(static_cast<long>(getppid()));  // still running
  const std::string other = (dir / "other.json.tmp.").string() + std::to_string(dead_pid());
  const std::string lookalike = target + ".tmp.notapid";
  for (const std::string& p : {stale, live, other, lookalike}) touch(p, 1000);
  ASSERT_TRUE(write_file_atomic(target, "new").ok());
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(live));       // its owner may be saving right now
  EXPECT_TRUE(fs::exists(other));      // another target's: left to that target's next save
  EXPECT_TRUE(fs::exists(lookalike));  // not one of ours
  EXPECT_EQ(*read_file(target), "new");
  // The start-of-session sweep of a data folder takes every target's dead temporaries.
  EXPECT_EQ(remove_stale_temp_files(dir.string()), 1);
  EXPECT_FALSE(fs::exists(other));
  EXPECT_TRUE(fs::exists(live));
  fs::remove_all(dir);
}

TEST(FileIo, SavingOverADirectoryFailsAndNamesIt) {
  const std::string dir = temp_path("a_directory");
  std::filesystem::create_directories(dir);
  Status s = write_file_atomic(dir, "x");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error.to_string().find("is a directory"), std::string::npos) << s.error.to_string();
  EXPECT_TRUE(std::filesystem::is_directory(dir));
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::temp_directory_path()))
    EXPECT_EQ(e.path().string().find(dir + ".tmp"), std::string::npos);
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
