#pragma once
// Runs a command line for integration and end-to-end tests and captures what it printed.
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <cstdlib>

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

}  // namespace cf::test
