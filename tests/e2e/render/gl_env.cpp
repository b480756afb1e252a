// Process-wide setup for the GL tests: SDL's offscreen driver (EGL, no X server) unless the caller
// chose another.
// Leak checking is off in this binary only: Mesa's llvmpipe leaves allocations behind that LSan reports
// from an unloaded module (so no suppression can name it). Two other fixes were tried and failed:
// fast_unwind_on_malloc=0 deadlocks inside LLVM's JIT (libgcc unwinder lock), and holding
// swrast_dri.so open makes LSan itself crash at exit. The renderer's own code is leak-checked in
// render_tests; ASan and UBSan stay fully on here.
#include <cstdlib>

#include <gtest/gtest.h>

extern "C" const char* __asan_default_options() { return "detect_leaks=0"; }

namespace {
class OffscreenEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    setenv("SDL_AUDIODRIVER", "dummy", 0);
  }
};
const ::testing::Environment* const kEnv = ::testing::AddGlobalTestEnvironment(new OffscreenEnvironment);
}  // namespace
