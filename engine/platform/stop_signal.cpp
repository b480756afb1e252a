#include "platform/stop_signal.h"

#include <csignal>
#include <initializer_list>

namespace cf {

namespace {

volatile std::sig_atomic_t g_stop_signal = 0;

void on_stop_signal(int sig) { g_stop_signal = sig; }

}  // namespace

void install_stop_signals() {
  std::signal(SIGXFSZ, SIG_IGN);
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGTERM, SIGHUP, SIGINT}) sigaction(sig, &sa, nullptr);
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
