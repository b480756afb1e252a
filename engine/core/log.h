#pragma once
// Minimal leveled logging to stderr. The level is passed in, not global.
#include <string>

namespace cf {

enum class LogLevel { kError = 0, kWarn = 1, kInfo = 2, kDebug = 3 };

void log_line(LogLevel threshold, LogLevel level, const std::string& message);

}  // namespace cf
