#include "audio/event_ring.h"

#include <gtest/gtest.h>

#include <thread>

namespace cf {
namespace {

TEST(EventRing, PopsInPushOrderAndRefusesWhenFull) {
  EventRing<int, 4> r;
  int v = 0;
  EXPECT_FALSE(r.pop(&v));
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(r.push(i));
  EXPECT_FALSE(r.push(99)) << "a full ring drops, never overwrites";
  EXPECT_EQ(r.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE(r.pop(&v));
    EXPECT_EQ(v, i);
  }
  EXPECT_FALSE(r.pop(&v));
}

TEST(EventRing, OneProducerOneConsumerThreadLoseNothing) {
  EventRing<int, 64> r;
  constexpr int kItems = 20000;
  std::thread producer([&] {
    for (int i = 0; i < kItems; ++i)
      while (!r.push(i)) std::this_thread::yield();
  });
  int expected = 0, v = 0;
  while (expected < kItems) {
    if (r.pop(&v)) {
      ASSERT_EQ(v, expected);
      ++expected;
    } else {
      std::this_thread::yield();
    }
  }
  producer.join();
  EXPECT_FALSE(r.pop(&v));
}

}  // namespace
}  // namespace cf
