#include "platform/stop_signal.h"

#include <csignal>
#include <cstring>

#include <sys/wait.h>

#include <gtest/gtest.h>

namespace cf {
namespace {

TEST(StopSignal, ASignalIsRecordedNotFatalAndNamed) {
  install_stop_signals();
  EXPECT_EQ(stop_signal(), 0);
  ASSERT_EQ(std::raise(SIGHUP), 0);  // would end the process without the handler
  EXPECT_EQ(stop_signal(), SIGHUP);
  ASSERT_EQ(std::raise(SIGTERM), 0);
  EXPECT_EQ(stop_signal(), SIGTERM) << "the latest signal is the one reported";
  ASSERT_EQ(std::raise(SIGXFSZ), 0) << "ignored: a write over the size limit fails with EFBIG instead";
  EXPECT_STREQ(signal_name(SIGTERM), "SIGTERM");
  EXPECT_STREQ(signal_name(SIGHUP), "SIGHUP");
  EXPECT_STREQ(signal_name(SIGINT), "SIGINT");
  EXPECT_STREQ(signal_name(SIGUSR1), "a signal");
}

// The child names the crash and dies of it (under AddressSanitizer, its own report names it and
// exits with its error code instead).
bool died(int status) { return WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) != 0); }

TEST(CrashReport, ACrashNamesItsSignalAndDiesOfIt) {
  EXPECT_EXIT(
      {
        install_crash_report();
        std::raise(SIGSEGV);
      },
      died, "SEGV");
  EXPECT_EXIT(
      {
        install_crash_report();
        std::raise(SIGFPE);
      },
      died, "FPE");
}

}  // namespace
}  // namespace cf
