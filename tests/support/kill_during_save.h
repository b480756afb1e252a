#pragma once
// Proves a save is atomic: a child process saves in a loop and is SIGKILLed mid-write, rounds times, each
// round a little later; after each kill the test checks what is on disk.
#include <csignal>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace cf::test {

// save() runs forever in the child; after_kill(round) runs in the test once the child is dead.
template <class Save, class AfterKill>
void kill_saves_in_a_loop(int rounds, Save save, AfterKill after_kill) {
  for (int round = 0; round < rounds; ++round) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      for (;;) save();
    }
    usleep(static_cast<useconds_t>(1000 + 3000 * round));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    after_kill(round);
  }
}

}  // namespace cf::test
