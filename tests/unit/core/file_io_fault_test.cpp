// Saves under injected fsync failures. Linked with -Wl,--wrap=fsync so file_io's fsync calls come here.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include "core/file_io.h"

extern "C" int __real_fsync(int fd);

namespace {
bool g_fail_files = false;           // fsync of a regular file fails with EIO
std::vector<bool> g_synced_is_dir;   // one entry per fsync call: was it a directory?
}  // namespace

extern "C" int __wrap_fsync(int fd) {
  struct stat st;
  const bool dir = ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
  g_synced_is_dir.push_back(dir);
  if (g_fail_files && !dir) {
    errno = EIO;
    return -1;
  }
  return __real_fsync(fd);
}

namespace cf {
namespace {

int open_fd_count() {
  int n = 0;
  DIR* d = ::opendir("/proc/self/fd");
  while (const dirent* e = ::readdir(d)) n += e->d_name[0] != '.';
  ::closedir(d);
  return n;
}

std::string temp_path(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::string("cf_fault_") + name)).string();
}

TEST(FileIoFault, FailedFsyncLeaksNoDescriptorAndKeepsTheOldSave) {
  const std::string p = temp_path("keep.json");
  g_fail_files = false;
  ASSERT_TRUE(write_file_atomic(p, "player work").ok());
  g_fail_files = true;
  const int before = open_fd_count();
  for (int i = 0; i < 50; ++i) {
    Status s = write_file_atomic(p, "new");
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error.to_string().find("flush failed"), std::string::npos) << s.error.to_string();
  }
  g_fail_files = false;
  EXPECT_EQ(open_fd_count(), before);
  EXPECT_EQ(*read_file(p), "player work");
  EXPECT_FALSE(std::filesystem::exists(temp_path_for(p, static_cast<long>(getpid()))));
  std::filesystem::remove(p);
}

TEST(FileIoFault, TheFolderIsSyncedAfterTheFile) {
  const std::string p = temp_path("synced.json");
  g_fail_files = false;
  g_synced_is_dir.clear();
  ASSERT_TRUE(write_file_atomic(p, "data").ok());
  ASSERT_EQ(g_synced_is_dir.size(), 2u);
  EXPECT_FALSE(g_synced_is_dir[0]);  // the temporary file
  EXPECT_TRUE(g_synced_is_dir[1]);   // then its folder, after the rename
  std::filesystem::remove(p);
}

}  // namespace
}  // namespace cf
