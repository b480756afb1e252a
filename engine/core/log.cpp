#include "core/log.h"

#include <cstdio>

namespace cf {

void log_line(LogLevel threshold, LogLevel level, const std::string& message) {
  if (static_cast<int>(level) > static_cast<int>(threshold)) return;
  static const char* names[] = {"error", "warning", "info", "debug"};
  std::fprintf(stderr, "critterforge: %s: %s\n", names[static_cast<int>(level)], message.c_str());
}

}  // namespace cf
