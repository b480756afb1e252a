#pragma once

// Sweeps over every shipped creature, level or random body run in full in the Release suite. Under the
// sanitizers (CI's Clang ASan+UBSan stage, about 15x slower) a sweep keeps every code path it reaches
// but fewer of its repetitions, so the stage stays within CI's time.

namespace cf::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderSanitizer = true;
#else
inline constexpr bool kUnderSanitizer = false;
#endif
#else
inline constexpr bool kUnderSanitizer = false;
#endif

// Every step-th case under the sanitizers, every case otherwise.
inline int sweep_step(int step) { return kUnderSanitizer ? step : 1; }

}  // namespace cf::test
