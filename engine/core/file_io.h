#pragma once
// File reading and atomic saving: a save is written to a temporary file, flushed and renamed,
// so a crash mid-save never leaves a half-written file in place of the player's work.
#include <string>

#include "core/result.h"

namespace cf {

// Whole file as bytes. Fails with a message naming the file when it is missing, unreadable, not a
// regular file (a FIFO, device or directory: refused without blocking), or larger than max_bytes.
Result<std::string> read_file(const std::string& path, std::size_t max_bytes = 256u << 20);

// Reads a file (at most max_bytes) and parses its text with parse(text, path): the one way every loader
// reads its file, so a read error and every parse error (field, problem) name the file.
template <class T>
Result<T> read_and_parse(const std::string& path, std::size_t max_bytes,
                         Result<T> (*parse)(const std::string& text, const std::string& file)) {
  Result<std::string> text = read_file(path, max_bytes);
  if (!text) return text.error();
  return parse(*text, path);
}

// True when path names a regular file (symlinks followed); never opens it, so never blocks.
bool is_regular_file(const std::string& path);

// Every temporary of an atomic save starts with this: a hidden name no player file has, so the
// sweep below can never take someone else's file (a player's "ideas.tmp.99999" is not ours).
constexpr const char* kTempPrefix = ".critterforge-tmp-";

// The temporary an atomic save of 'path' by process 'pid' writes: "<dir>/.critterforge-tmp-<name>.<pid>".
std::string temp_path_for(const std::string& path, long pid);

// Writes data to path atomically: the temporary temp_path_for(path, getpid()) in the same directory
// is written, fsynced and closed, then renamed over path, and the directory is fsynced so the rename
// survives a power cut. Temporaries of the same target left by dead processes (a crash, a SIGKILL)
// are removed first. A symlink is followed (the file it names is replaced, the link stays a link);
// an existing file keeps its mode; a read-only file (no write bit) is not rewritten. Fails (leaving
// path untouched) when path is a directory, not a regular file, read-only or any step fails; then
// *os_error (when given) is the errno of the failing step, for save_failure_reason.
Status write_file_atomic(const std::string& path, const std::string& data, int* os_error = nullptr);

// The file a chain of symlinks ends at (path itself when it is no link); it may not exist yet. At
// most 40 links are followed (a loop gives the last one).
std::string resolve_link_target(const std::string& path);

// Sets a damaged file aside for the player, never overwriting: "<file>.damaged-<n>" with the first n
// no entry has, in the folder of the file a symlink names. Only a regular, writable file is moved: a
// folder, device, FIFO or socket, or a read-only file, is left as it is and the error says so in one
// line. Returns the new path.
Result<std::string> set_aside_damaged(const std::string& path);

// Writes data atomically under a name no entry has: "<stem><suffix>", else "<stem>_2<suffix>", ...
// (linked into place, so two writers at once never replace each other, nor anything else). Returns
// the path written.
Result<std::string> write_file_new(const std::string& stem, const std::string& suffix, const std::string& data,
                                   int* os_error = nullptr);

// Why a write failed, in a player's words ("the disk is full", "the file is larger than this system
// allows"), from an errno.
std::string save_failure_reason(int os_error);

// Removes our temporaries (kTempPrefix + "<name>.<pid>") left in dir by processes that no longer
// run; with target_name set, only that target's. Nothing else is touched. Returns how many were
// removed. For a data folder at start.
int remove_stale_temp_files(const std::string& dir, const std::string& target_name = "");

}  // namespace cf
