#include "platform/stop_signal.h"

#include <csignal>
#include <initializer_list>

#include <execinfo.h>
#include <unistd.h>

namespace cf {

namespace {

volatile std::sig_atomic_t g_stop_signal = 0;

void on_stop_signal(int sig) { g_stop_signal = sig; }

#if defined(__SANITIZE_ADDRESS__)
#define CF_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CF_ASAN 1
#endif
#endif

#ifndef CF_ASAN
const char* crash_name(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
  }
  return "a signal";
}

void write_all(const char* s) {
  std::size_t n = 0;
  while (s[n] != '\0') ++n;
  while (n > 0) {
    const ssize_t w = ::write(STDERR_FILENO, s, n);
    if (w <= 0) return;
    s += w;
    n -= static_cast<std::size_t>(w);
  }
}

// Only async-signal-safe calls (backtrace's library is loaded before any crash, see install).
void on_crash(int sig) {
  write_all("critterforge: crashed (");
  write_all(crash_name(sig));
  write_all("); call stack:\n");
  void* frames[64];
  const int n = ::backtrace(frames, 64);
  ::backtrace_symbols_fd(frames, n, STDERR_FILENO);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}
#endif

}  // namespace

void install_stop_signals() {
  std::signal(SIGXFSZ, SIG_IGN);
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGTERM, SIGHUP, SIGINT}) sigaction(sig, &sa, nullptr);
}

void install_crash_report() {
#ifndef CF_ASAN
  void* warm[1];
  ::backtrace(warm, 1);  // loads libgcc's unwinder now: not from inside a crash
  struct sigaction sa {};
  sa.sa_handler = on_crash;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND | SA_NODEFER;
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(sig, &sa, nullptr);
#endif
}

int stop_signal() { return g_stop_signal; }

const char* signal_name(int sig) {
  switch (sig) {
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    case SIGINT: return "SIGINT";
  }
  return "a signal";
}

}  // namespace cf
