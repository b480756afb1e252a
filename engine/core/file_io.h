#pragma once
// File reading and atomic saving: a save is written to a temporary file, flushed and renamed,
// so a crash mid-save never leaves a half-written file in place of the player's work.
#include <string>

#include "core/result.h"

namespace cf {

// Whole file as bytes. Fails with a message naming the file when it is missing or unreadable,
// or larger than max_bytes.
Result<std::string> read_file(const std::string& path, std::size_t max_bytes = 256u << 20);

// Writes data to path atomically (temp file in the same directory, fsync, rename).
Status write_file_atomic(const std::string& path, const std::string& data);

}  // namespace cf
