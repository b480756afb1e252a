#include "core/hash.h"

#include <cmath>
#include <cstring>

namespace cf {

void StateHasher::bytes(const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) {
    h_ ^= p[i];
    h_ *= 0x100000001b3ULL;
  }
}

void StateHasher::u32(std::uint32_t v) {
  unsigned char b[4];
  for (int i = 0; i < 4; ++i) b[i] = static_cast<unsigned char>(v >> (8 * i));
  bytes(b, 4);
}

void StateHasher::u64(std::uint64_t v) {
  unsigned char b[8];
  for (int i = 0; i < 8; ++i) b[i] = static_cast<unsigned char>(v >> (8 * i));
  bytes(b, 8);
}

void StateHasher::f32(float v) {
  if (v == 0.0f) v = 0.0f;
  std::uint32_t bits;
  if (std::isnan(v)) {
    bits = 0x7fc00000u;
  } else {
    std::memcpy(&bits, &v, 4);
  }
  u32(bits);
}

void StateHasher::f64(double v) {
  if (v == 0.0) v = 0.0;
  std::uint64_t bits;
  if (std::isnan(v)) {
    bits = 0x7ff8000000000000ULL;
  } else {
    std::memcpy(&bits, &v, 8);
  }
  u64(bits);
}

void StateHasher::str(std::string_view s) {
  u64(s.size());
  bytes(s.data(), s.size());
}

std::string hash_hex(std::uint64_t h) {
  static const char* digits = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i) {
    s[static_cast<std::size_t>(i)] = digits[h & 0xf];
    h >>= 4;
  }
  return s;
}

bool parse_hash_hex(std::string_view s, std::uint64_t* out) {
  if (s.size() != 16) return false;
  std::uint64_t v = 0;
  for (char c : s) {
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return false;
    v = (v << 4) | static_cast<std::uint64_t>(d);
  }
  *out = v;
  return true;
}

}  // namespace cf
