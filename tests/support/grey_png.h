#pragma once
// PNGs made by hand (no filter, one IDAT), so a test does not read its input through the code it tests:
// greyscale (colour type 0) or RGB (2) at 8 or 16 bits. Tests that use it link ZLIB::ZLIB.
#include <zlib.h>

#include <cstdint>
#include <string>
#include <vector>

namespace cf::test {

inline void put32(std::string* out, std::uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out->push_back(static_cast<char>((v >> s) & 0xff));
}

inline void png_chunk(std::string* out, const char* kind, const std::string& data) {
  put32(out, static_cast<std::uint32_t>(data.size()));
  const std::string body = std::string(kind, 4) + data;
  *out += body;
  put32(out, static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
}

// w x h samples (x channels for RGB), top row first.
inline std::string png(int w, int h, int depth, int colour, const std::vector<std::uint16_t>& samples) {
  const int channels = colour == 2 ? 3 : 1;
  std::string raw;
  for (int y = 0; y < h; ++y) {
    raw.push_back(0);
    for (int x = 0; x < w * channels; ++x) {
      const std::uint16_t v = samples[static_cast<std::size_t>(y * w * channels + x)];
      if (depth == 16) raw.push_back(static_cast<char>(v >> 8));
      raw.push_back(static_cast<char>(v & 0xff));
    }
  }
  uLongf packed_size = compressBound(static_cast<uLong>(raw.size()));
  std::string packed(packed_size, '\0');
  compress(reinterpret_cast<Bytef*>(&packed[0]), &packed_size, reinterpret_cast<const Bytef*>(raw.data()),
           static_cast<uLong>(raw.size()));
  packed.resize(packed_size);
  std::string out = "\x89PNG\r\n\x1a\n";
  std::string ihdr;
  put32(&ihdr, static_cast<std::uint32_t>(w));
  put32(&ihdr, static_cast<std::uint32_t>(h));
  ihdr += {static_cast<char>(depth), static_cast<char>(colour), 0, 0, 0};
  png_chunk(&out, "IHDR", ihdr);
  png_chunk(&out, "IDAT", packed);
  png_chunk(&out, "IEND", "");
  return out;
}

}  // namespace cf::test
