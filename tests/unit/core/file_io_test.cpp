#include "core/file_io.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

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

}  // namespace
}  // namespace cf
