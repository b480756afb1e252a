#include "core/file_io.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <atomic>
#include <utility>

namespace cf {

namespace {

const char* kind_of(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO (named pipe)";
  if (S_ISSOCK(m)) return "a socket";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  return "not a regular file";
}

// Closes fd on every path out of a scope, so an early error return cannot leak it.
struct FdGuard {
  int fd;
  ~FdGuard() {
    if (fd >= 0) ::close(fd);
  }
  // Closes now and reports close's own failure (it can carry a delayed write error).
  int close_now() {
    int r = ::close(fd);
    fd = -1;
    return r;
  }
};

std::string dir_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The part of a temporary's name that names its target (cut so the whole name stays under NAME_MAX).
std::string temp_target_part(const std::string& target) { return target.substr(0, 200); }

// ".critterforge-tmp-<target>.<pid>" -> pid, or -1 when name is not a temporary of ours (of target,
// when it is given). Anything without our prefix is never ours, whatever it looks like.
long temp_owner(const std::string& name, const std::string& target) {
  const std::string prefix = kTempPrefix;
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return -1;
  const std::size_t dot = name.rfind('.');
  if (dot == std::string::npos || dot <= prefix.size() || dot + 1 >= name.size() || name.size() - dot - 1 > 9)
    return -1;
  if (!target.empty() && name.compare(prefix.size(), dot - prefix.size(), temp_target_part(target)) != 0) return -1;
  long pid = 0;
  for (std::size_t i = dot + 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    pid = pid * 10 + (name[i] - '0');
  }
  return pid > 0 ? pid : -1;
}

bool process_gone(long pid) { return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH; }

}  // namespace

std::string temp_path_for(const std::string& path, long pid) {
  const std::string dir = dir_of(path);
  return (dir == "/" ? "" : dir) + "/" + kTempPrefix + temp_target_part(base_of(path)) + "." + std::to_string(pid);
}

std::string save_failure_reason(int os_error) {
  switch (os_error) {
    case ENOSPC: return "the disk is full";
    case EDQUOT: return "your disk quota is used up";
    case EFBIG: return "the file is larger than this system allows (a file size limit)";
    case EROFS: return "the disk is read-only";
    case EACCES:
    case EPERM: return "no permission to write there";
    case EIO: return "the disk reported an error";
    case ENOENT:
    case ENOTDIR: return "its folder is missing";
    case EISDIR: return "a folder is in the way";
    case ENAMETOOLONG: return "the name is too long for the disk";
    case EMFILE:
    case ENFILE: return "too many files are open";
    case 0: return "something went wrong";
    default: return std::strerror(os_error);
  }
}

Result<std::string> read_file(const std::string& path, std::size_t max_bytes) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait forever for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return Error{path, "", std::string("cannot open: ") + std::strerror(errno)};
  FdGuard guard{fd};
  struct stat st;
  if (::fstat(fd, &st) != 0) return Error{path, "", std::string("cannot stat: ") + std::strerror(errno)};
  if (!S_ISREG(st.st_mode)) return Error{path, "", std::string("is ") + kind_of(st.st_mode) + ", not a regular file"};
  if (static_cast<unsigned long long>(st.st_size) > max_bytes)
    return Error{path, "", "file is too large (over " + std::to_string(max_bytes) + " bytes)"};
  std::string data;
  data.reserve(static_cast<std::size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Error{path, "", std::string("read error: ") + std::strerror(errno)};
    }
    if (n == 0) break;
    data.append(buf, static_cast<std::size_t>(n));
    if (data.size() > max_bytes)  // the file grew while being read
      return Error{path, "", "file is too large (over " + std::to_string(max_bytes) + " bytes)"};
  }
  return data;
}

bool is_regular_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

int remove_stale_temp_files(const std::string& dir, const std::string& target_name) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return 0;
  int removed = 0;
  const long self = static_cast<long>(::getpid());
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    const long pid = temp_owner(name, target_name);
    // A live owner may be saving right now; our own pid's name is reused (truncated) by this save.
    if (pid < 0 || pid == self || !process_gone(pid)) continue;
    const std::string full = dir + "/" + name;
    struct stat st;
    if (::lstat(full.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::unlink(full.c_str()) == 0) ++removed;
  }
  ::closedir(d);
  return removed;
}

std::string resolve_link_target(const std::string& path) {
  std::string p = path;
  for (int hop = 0; hop < 40; ++hop) {
    struct stat st;
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    char buf[4096];
    const ssize_t n = ::readlink(p.c_str(), buf, sizeof buf - 1);
    if (n <= 0) return p;
    const std::string to(buf, static_cast<std::size_t>(n));
    p = to[0] == '/' ? to : dir_of(p) + "/" + to;
  }
  return p;
}

Result<std::string> set_aside_damaged(const std::string& path) {
  const std::string real = resolve_link_target(path);
  struct stat st;
  if (::stat(real.c_str(), &st) != 0) return Error{path, "", std::string("cannot stat: ") + std::strerror(errno)};
  if (!S_ISREG(st.st_mode)) return Error{path, "", std::string("is ") + kind_of(st.st_mode) + ": left as it is"};
  if ((st.st_mode & 0222) == 0) return Error{path, "", "is read-only: left as it is"};
  for (int n = 1; n < 100000; ++n) {
    const std::string aside = real + ".damaged-" + std::to_string(n);
    // link() never replaces an entry: an earlier damaged copy (or anything else) keeps its name.
    if (::link(real.c_str(), aside.c_str()) == 0) {
      ::unlink(real.c_str());
      return aside;
    }
    if (errno == EEXIST) continue;
    // A disk without hard links: rename, once nothing has that name.
    struct stat taken;
    if (::lstat(aside.c_str(), &taken) == 0) continue;
    if (std::rename(real.c_str(), aside.c_str()) == 0) return aside;
    return Error{path, "", std::string("cannot be moved aside: ") + std::strerror(errno)};
  }
  return Error{path, "", "cannot be moved aside: 100,000 damaged copies are there already"};
}

namespace {

// write_file_atomic, or with 'fresh' (the stem and suffix of a new file) the first free name of
// "<stem><suffix>", "<stem>_2<suffix>" ...: linked into place, which never replaces an entry.
Status write_atomic(const std::string& given, const std::string& data, int* os_error,
                    const std::pair<std::string, std::string>* fresh, std::string* written) {
  // The file a symlink names is replaced, so the link stays the player's link.
  const std::string path = resolve_link_target(given);
  int ignored = 0;
  int& err = os_error ? *os_error : ignored;
  err = 0;
  // Records errno for the caller and gives the error line: "<path>: <what> failed: <strerror>".
  auto failed = [&](const std::string& what, int e) {
    err = e;
    return Error{path, "", what + ": " + std::strerror(e)};
  };
  struct stat st;
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    err = EISDIR;
    return Error{path, "", "is a directory, not a file"};
  }
  if (exists && !S_ISREG(st.st_mode)) {
    err = EINVAL;
    return Error{path, "", std::string("is ") + kind_of(st.st_mode) + ", not a regular file: not replaced"};
  }
  if (exists && (st.st_mode & 0222) == 0) {  // the player made it read-only: theirs to keep
    err = EACCES;
    return Error{path, "", "is read-only: not rewritten"};
  }
  const std::string dir = dir_of(path);
  remove_stale_temp_files(dir, base_of(path));
  const std::string tmp = temp_path_for(path, static_cast<long>(::getpid()));
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return failed("cannot create temporary file", errno);
  FdGuard guard{fd};
  if (exists) (void)::fchmod(fd, st.st_mode & 07777);  // the file keeps its mode
  const char* p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    ssize_t w = ::write(fd, p, left);
    if (w < 0) {
      if (errno == EINTR) continue;
      const int e = errno;
      ::unlink(tmp.c_str());
      return failed("write failed", e);
    }
    p += w;
    left -= static_cast<std::size_t>(w);
  }
  // The guard closes fd when fsync fails; close_now reports a failing close.
  if (::fsync(fd) != 0) {
    const int e = errno;
    ::unlink(tmp.c_str());
    return failed("flush failed", e);
  }
  if (guard.close_now() != 0) {
    const int e = errno;
    ::unlink(tmp.c_str());
    return failed("close failed", e);
  }
  if (fresh) {
    bool placed = false;
    for (int n = 1; n < 100000 && !placed; ++n) {
      const std::string to = fresh->first + (n == 1 ? "" : "_" + std::to_string(n)) + fresh->second;
      if (::link(tmp.c_str(), to.c_str()) == 0) {
        placed = true;
        if (written) *written = to;
      } else if (errno != EEXIST) {
        const int e = errno;
        ::unlink(tmp.c_str());
        return failed("cannot name the file", e);
      }
    }
    ::unlink(tmp.c_str());
    if (!placed) return failed("cannot name the file", EEXIST);
  } else if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int e = errno;
    ::unlink(tmp.c_str());
    return failed("rename failed", e);
  }
  if (written && !fresh) *written = path;
  // The rename is durable only once the directory entry is on disk.
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) return failed("saved, but cannot open its folder to sync", errno);
  FdGuard dguard{dfd};
  if (::fsync(dfd) != 0 && errno != EINVAL) {  // EINVAL: the filesystem cannot sync folders
    return failed("saved, but syncing its folder failed", errno);
  }
  return {};
}

}  // namespace

Status write_file_atomic(const std::string& path, const std::string& data, int* os_error) {
  return write_atomic(path, data, os_error, nullptr, nullptr);
}

Result<std::string> write_file_new(const std::string& stem, const std::string& suffix, const std::string& data,
                                   int* os_error) {
  const std::pair<std::string, std::string> fresh{stem, suffix};
  std::string written;
  // Its own temporary: two writers of one name in one process must not share it.
  static std::atomic<unsigned> calls{0};
  const std::string own = stem + suffix + ".new" + std::to_string(++calls);
  if (Status s = write_atomic(own, data, os_error, &fresh, &written); !s) return s.error;
  return written;
}

}  // namespace cf
