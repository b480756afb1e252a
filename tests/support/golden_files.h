#pragma once
// Golden files: one switch for every kind. CF_UPDATE_GOLDENS=1 rewrites goldens instead of comparing
// them (after an intended change; review the diff before committing):
//   CF_UPDATE_GOLDENS=1 ctest --test-dir build -R 'Golden|E2E|Screenshot'
#include <cstdlib>
#include <string>

namespace cf::test {

inline bool updating_goldens() {
  const char* v = std::getenv("CF_UPDATE_GOLDENS");
  return v && std::string(v) == "1";
}

// Appended to a golden mismatch message.
inline const char* kUpdateGoldensHint = " (if the change is intended: CF_UPDATE_GOLDENS=1, and review the diff)";

}  // namespace cf::test
