// Test environment for SDL/GL tests: offscreen video (no X server needed), dummy audio, and
// LeakSanitizer suppressions for Mesa/dbus allocations that SDL's GL path never frees.
#include <gtest/gtest.h>

#include <cstdlib>

extern "C" const char* __lsan_default_suppressions() {
  return "leak:libEGL_mesa.so\nleak:libGLX_mesa.so\nleak:libdbus-1.so\nleak:libgallium\n"
         "leak:swrast_dri.so\n";
}
extern "C" const char* __lsan_default_options() {
  return "fast_unwind_on_malloc=0:print_suppressions=0";
}

namespace {
struct SdlEnv : ::testing::Environment {
  void SetUp() override {
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    setenv("SDL_AUDIODRIVER", "dummy", 0);
  }
};
const auto* const kEnv = ::testing::AddGlobalTestEnvironment(new SdlEnv);
}  // namespace
