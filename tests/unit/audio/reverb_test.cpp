#include "audio/reverb.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "alloc_counter.h"

namespace cf {
namespace {

TEST(Reverb, AnImpulseRingsOnBothSidesThenDiesAway) {
  Reverb r(44100);
  std::vector<float> send(256, 0.0f), out(512, 0.0f);
  send[0] = 1.0f;
  const std::size_t before = test::allocation_count();
  r.process(send.data(), out.data(), 256);
  send[0] = 0.0f;
  double left = 0, right = 0;
  for (int block = 0; block < 40; ++block) {
    std::fill(out.begin(), out.end(), 0.0f);
    r.process(send.data(), out.data(), 256);
    for (int f = 0; f < 256; ++f) left += std::fabs(out[2 * f]), right += std::fabs(out[2 * f + 1]);
  }
  EXPECT_EQ(test::allocation_count(), before) << "process() allocates nothing";
  EXPECT_GT(left, 0.01);
  EXPECT_GT(right, 0.01);
  for (int block = 0; block < 2000; ++block) r.process(send.data(), out.data(), 256);  // ~12 s of silence
  EXPECT_EQ(r.energy(), 0.0f) << "the room rings out to exact silence (no denormals left to crawl through)";
}

}  // namespace
}  // namespace cf
