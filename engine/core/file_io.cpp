#include "core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace cf {

Result<std::string> read_file(const std::string& path, std::size_t max_bytes) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return Error{path, "", std::string("cannot open: ") + std::strerror(errno)};
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    std::fclose(f);
    return Error{path, "", "is a directory, not a file"};
  }
  std::string data;
  char buf[65536];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    data.append(buf, n);
    if (data.size() > max_bytes) {
      std::fclose(f);
      return Error{path, "", "file is too large (over " + std::to_string(max_bytes) + " bytes)"};
    }
  }
  bool err = std::ferror(f) != 0;
  std::fclose(f);
  if (err) return Error{path, "", "read error"};
  return data;
}

Status write_file_atomic(const std::string& path, const std::string& data) {
  std::string tmp = path + ".tmp." + std::to_string(static_cast<long>(getpid()));
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return Error{path, "", std::string("cannot create temporary file: ") + std::strerror(errno)};
  const char* p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    ssize_t w = ::write(fd, p, left);
    if (w < 0) {
      if (errno == EINTR) continue;
      int e = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      return Error{path, "", std::string("write failed: ") + std::strerror(e)};
    }
    p += w;
    left -= static_cast<std::size_t>(w);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(tmp.c_str());
    return Error{path, "", "flush failed"};
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    int e = errno;
    ::unlink(tmp.c_str());
    return Error{path, "", std::string("rename failed: ") + std::strerror(e)};
  }
  return {};
}

}  // namespace cf
