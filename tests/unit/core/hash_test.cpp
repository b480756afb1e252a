#include "core/hash.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace cf {
namespace {

TEST(StateHasher, KnownFnv1aValue) {
  StateHasher h;
  h.bytes("a", 1);
  EXPECT_EQ(h.value(), 0xaf63dc4c8601ec8cULL);  // FNV-1a 64 of "a"
}

TEST(StateHasher, NegativeZeroAndNanAreCanonical) {
  StateHasher a, b;
  a.f32(0.0f);
  b.f32(-0.0f);
  EXPECT_EQ(a.value(), b.value());
  StateHasher c, d;
  c.f64(std::numeric_limits<double>::quiet_NaN());
  d.f64(-std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(c.value(), d.value());
}

TEST(StateHasher, OrderAndValuesMatter) {
  StateHasher a, b;
  a.u32(1);
  a.u32(2);
  b.u32(2);
  b.u32(1);
  EXPECT_NE(a.value(), b.value());
  StateHasher c, d;
  c.str("ab");
  c.str("c");
  d.str("a");
  d.str("bc");
  EXPECT_NE(c.value(), d.value());
}

TEST(StateHasher, HexRoundTrip) {
  std::uint64_t v = 0x0123456789abcdefULL, back = 0;
  EXPECT_EQ(hash_hex(v), "0123456789abcdef");
  ASSERT_TRUE(parse_hash_hex(hash_hex(v), &back));
  EXPECT_EQ(back, v);
  EXPECT_FALSE(parse_hash_hex("xyz", &back));
  EXPECT_FALSE(parse_hash_hex("0123456789abcdeg", &back));
}

}  // namespace
}  // namespace cf
