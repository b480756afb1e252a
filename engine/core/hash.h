#pragma once
// 64-bit state hash over a canonical byte stream (FNV-1a). Floats are hashed by bit pattern
// with -0 folded to +0 and every NaN folded to one quiet NaN, so equal states hash equal.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cf {

class StateHasher {
 public:
  void bytes(const void* data, std::size_t n);
  void u8(std::uint8_t v) { bytes(&v, 1); }
  void u32(std::uint32_t v);
  void u64(std::uint64_t v);
  void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
  void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
  void f32(float v);
  void f64(double v);
  void str(std::string_view s);
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
};

// A 32-bit finalizer (lowbias32): every input bit reaches every output bit. For per-creature seeds and
// per-tick rolls that must not draw from a shared random stream.
inline std::uint32_t mix32(std::uint32_t h) {
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h;
}

// 16 lower-case hex digits.
std::string hash_hex(std::uint64_t h);
// Parses 16 hex digits; false on bad input.
bool parse_hash_hex(std::string_view s, std::uint64_t* out);

}  // namespace cf
