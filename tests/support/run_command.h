#pragma once
// Runs a command line for integration and end-to-end tests and captures what it printed.
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <cstdlib>
#include <filesystem>

namespace cf::test {

struct CommandResult {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs `cmd` through /bin/sh; stderr is captured through a temporary file.
inline CommandResult run_command(const std::string& cmd) {
  CommandResult r;
  char errpath[] = "/tmp/cf_cmd_err_XXXXXX";
  int fd = mkstemp(errpath);
  if (fd >= 0) close(fd);
  std::string full = cmd + " 2>" + errpath;
  FILE* p = popen(full.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf;
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (FILE* e = fopen(errpath, "rb")) {
    while ((n = fread(buf.data(), 1, buf.size(), e)) > 0) r.err.append(buf.data(), n);
    fclose(e);
  }
  remove(errpath);
  return r;
}

#if defined(CF_GAME_EXE) && defined(CF_SOURCE_DIR)
// The game as end-to-end tests run it: from the source folder (so assets/ resolve), offscreen, with no
// sound device. Leak checking is off: Mesa keeps allocations LeakSanitizer cannot attribute.
#define CF_GAME_TEST_ENV "ASAN_OPTIONS=detect_leaks=0 SDL_AUDIODRIVER=dummy "
inline std::string offscreen_game_line(const std::string& args) {
  return "cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen " CF_GAME_TEST_ENV "'" CF_GAME_EXE "' " +
         args;
}
inline CommandResult run_game_offscreen(const std::string& args) { return run_command(offscreen_game_line(args)); }
#endif

#ifdef CF_BINARY_DIR
// A scratch file or folder of one test file (prefix) in the build folder.
inline std::string scratch_path(const std::string& prefix, const std::string& name) {
  return std::string(CF_BINARY_DIR) + "/" + prefix + name;
}
// The same as a folder, emptied and made afresh.
inline std::string fresh_scratch_dir(const std::string& prefix, const std::string& name) {
  const std::string d = scratch_path(prefix, name);
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}
#endif

}  // namespace cf::test
