// Test environment for SDL/GL tests: offscreen video (no X server needed), dummy audio.
// Leak checking is off in this binary: Mesa's llvmpipe leaves allocations that LSan reports from an
// unloaded module (no suppression can name them), and fast_unwind_on_malloc=0 — the documented
// workaround — deadlocks inside LLVM's JIT on the libgcc unwinder lock. ASan and UBSan stay on.
#include <gtest/gtest.h>

#include <cstdlib>

extern "C" const char* __asan_default_options() { return "detect_leaks=0"; }

namespace {
struct SdlEnv : ::testing::Environment {
  void SetUp() override {
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    setenv("SDL_AUDIODRIVER", "dummy", 0);
  }
};
const auto* const kEnv = ::testing::AddGlobalTestEnvironment(new SdlEnv);
}  // namespace
