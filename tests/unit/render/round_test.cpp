// round_half_away matches std::lround on halves, near-halves, negatives and the stage's whole range.
#include "render/round.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "core/rng.h"

namespace cf {
namespace {

void expect_like_lround(float x) { ASSERT_EQ(round_half_away(x), std::lround(x)) << x; }

TEST(RoundHalfAway, MatchesLround) {
  for (float x : {0.0f, -0.0f, 0.5f, -0.5f, 1.5f, -1.5f, 2.5f, -2.5f, 254.5f, 255.0f, 0.49999997f, -0.49999997f,
                  8388607.5f, -8388607.5f, 1.6e7f, -1.6e7f})
    expect_like_lround(x);
  for (float h = 0.5f; h < 1e6f; h = h * 1.37f + 1.0f) {  // halves and their float neighbours
    const float half = std::floor(h) + 0.5f;
    expect_like_lround(half);
    expect_like_lround(-half);
    expect_like_lround(std::nextafter(half, 0.0f));
    expect_like_lround(std::nextafter(half, 1e9f));
  }
  for (int c = 0; c <= 255; ++c) expect_like_lround(static_cast<float>(c) / 255.0f * 255.0f);  // to_byte inputs
  Rng rng = Rng::from_seed(6);
  for (int i = 0; i < 200000; ++i) expect_like_lround(static_cast<float>(rng.uniform(-2e5, 2e5)));
}

// The geometry stage's per-vertex screen cache relies on this: a colour byte taken to 0..1 and back
// is the same byte.
TEST(RoundHalfAway, EveryByteSurvivesTheUnitRoundTrip) {
  for (int b = 0; b <= 255; ++b) ASSERT_EQ(unit_to_byte(static_cast<float>(b) / 255.0f), b);
  EXPECT_EQ(unit_to_byte(std::nanf("")), 0);
  EXPECT_EQ(unit_to_byte(-0.5f), 0);
  EXPECT_EQ(unit_to_byte(3.0f), 255);
}

}  // namespace
}  // namespace cf
