#pragma once
// Hand-made PNG files for hostile-input tests and fuzz harnesses: a chunk with its length and CRC, and
// zlib-deflated data (a card's text chunks, an image's IDAT).
#include <zlib.h>

#include <cstdint>
#include <string>

namespace cf::test {

inline void be32(std::string* out, std::uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out->push_back(static_cast<char>(v >> s));
}

// Appends one chunk: length, type, data, CRC of type and data.
inline void png_chunk(std::string* out, const char* type, const std::string& data) {
  be32(out, static_cast<std::uint32_t>(data.size()));
  const std::string body = std::string(type, 4) + data;
  out->append(body);
  be32(out, static_cast<std::uint32_t>(crc32(0L, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
}

// s deflated at zlib 'level' (1 fast .. 9 smallest).
inline std::string deflated(const std::string& s, int level) {
  uLongf n = compressBound(static_cast<uLong>(s.size()));
  std::string out(n, '\0');
  compress2(reinterpret_cast<Bytef*>(&out[0]), &n, reinterpret_cast<const Bytef*>(s.data()), static_cast<uLong>(s.size()), level);
  out.resize(n);
  return out;
}

}  // namespace cf::test
