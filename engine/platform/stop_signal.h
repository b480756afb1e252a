#pragma once
// The signals that ask the game to stop (SIGTERM, SIGHUP, SIGINT): the handler only records which
// one came; the game loop sees it and leaves the way a closed window does, so the editor's draft is
// written and everything ends cleanly.
namespace cf {

// Installed before SDL starts, which then leaves SIGINT and SIGTERM to us. Also ignores SIGXFSZ: over
// a file size limit (ulimit -f) a write then fails with EFBIG, which a save reports, instead of the
// signal killing the game with the player's work.
void install_stop_signals();
// The signal that asked the game to stop, 0 while none has.
int stop_signal();
// "SIGTERM", "SIGHUP", "SIGINT" or "a signal".
const char* signal_name(int sig);

// A crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) writes one line naming the signal and the call
// stack to stderr, then dies of the same signal: a rare crash in a playtest or on CI says where it
// was. Under AddressSanitizer its own report does this, so nothing is installed.
void install_crash_report();

}  // namespace cf
