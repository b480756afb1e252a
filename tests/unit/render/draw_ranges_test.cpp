// The rasterizer's draw calls: triangles Mesa must clip go in short calls, the rest in long ones,
// covering every triangle once, in list order.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "render/draw_ranges.h"

namespace cf {
namespace {

constexpr int kW = 320, kH = 240;

// A small triangle at pixel (x, y); one corner pushed off the left edge when clipped.
ScreenTriangle tri(bool clipped) {
  ScreenTriangle t;
  const int xs[3] = {clipped ? -5 : 10, 20, 10}, ys[3] = {10, 10, 20};
  for (int k = 0; k < 3; ++k) {
    t.v[k].x = xs[k] * kSubpixelOne;
    t.v[k].y = ys[k] * kSubpixelOne;
  }
  return t;
}

std::vector<ScreenTriangle> make(const std::vector<bool>& clipped) {
  std::vector<ScreenTriangle> v;
  for (bool c : clipped) v.push_back(tri(c));
  return v;
}

std::vector<DrawRange> split(const std::vector<ScreenTriangle>& t, int first, int count) {
  std::vector<DrawRange> out;
  split_for_clipping(t.data(), first, count, kW, kH, false, kClippedRunTriangles, &out);
  return out;
}

TEST(DrawRanges, CornersOnTheTargetEdgeNeedNoClipping) {
  ScreenTriangle t;
  t.v[0].x = 0, t.v[0].y = 0;
  t.v[1].x = kW * kSubpixelOne, t.v[1].y = 0;
  t.v[2].x = 0, t.v[2].y = kH * kSubpixelOne;
  EXPECT_FALSE(needs_clipping(t, kW, kH, false));
  t.v[2].y = kH * kSubpixelOne + 1;
  EXPECT_TRUE(needs_clipping(t, kW, kH, false));
  t.v[2].y = 0;
  t.v[0].x = -1;
  EXPECT_TRUE(needs_clipping(t, kW, kH, false));
}

TEST(DrawRanges, ModernPathAlsoClipsDepthOutsideTheRange) {
  ScreenTriangle t = tri(false);
  EXPECT_FALSE(needs_clipping(t, kW, kH, true));
  t.v[1].depth = 1.5f;
  EXPECT_FALSE(needs_clipping(t, kW, kH, false));  // the retro path draws depth 0 everywhere
  EXPECT_TRUE(needs_clipping(t, kW, kH, true));
  t.v[1].depth = 0.5f;
  t.v[1].inv_w = 0.0f;
  EXPECT_TRUE(needs_clipping(t, kW, kH, true));
}

TEST(DrawRanges, TrianglesInsideTheTargetStayInOneCall) {
  const auto t = make(std::vector<bool>(5000, false));
  const auto r = split(t, 0, 5000);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].first, 0);
  EXPECT_EQ(r[0].count, 5000);
}

TEST(DrawRanges, OneClippedTriangleGetsAShortCallBetweenLongOnes) {
  std::vector<bool> c(300, false);
  c[100] = true;
  const auto r = split(make(c), 0, 300);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].first, 0);
  EXPECT_EQ(r[0].count, 100);
  EXPECT_EQ(r[1].first, 100);
  EXPECT_EQ(r[1].count, kClippedRunTriangles);
  EXPECT_EQ(r[2].first, 100 + kClippedRunTriangles);
  EXPECT_EQ(r[2].count, 300 - 100 - kClippedRunTriangles);
}

TEST(DrawRanges, EmptyBatchHasNoCalls) {
  const auto t = make({true, false});
  EXPECT_TRUE(split(t, 1, 0).empty());
}

// Any mix, any sub-range (a texture batch): the calls cover it exactly, in order, and no call holding
// a clipped triangle is longer than kClippedRunTriangles.
TEST(DrawRanges, RandomMixesCoverEveryTriangleOnceWithShortClippedCalls) {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    const int n = static_cast<int>(rng() % 2000);
    const unsigned clip_one_in = 1 + rng() % 200;
    std::vector<bool> c(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < c.size(); ++i) c[i] = rng() % clip_one_in == 0;
    const auto t = make(c);
    const int first = n > 0 ? static_cast<int>(rng() % static_cast<unsigned>(n)) : 0;
    const int count = n - first;
    const auto r = split(t, first, count);
    int next = first;
    for (const DrawRange& d : r) {
      ASSERT_EQ(d.first, next);
      ASSERT_GT(d.count, 0);
      bool any = false;
      for (int i = d.first; i < d.first + d.count; ++i) any = any || c[static_cast<std::size_t>(i)];
      if (any) {
        EXPECT_LE(d.count, kClippedRunTriangles);
      }
      next += d.count;
    }
    EXPECT_EQ(next, first + count);
  }
}

}  // namespace
}  // namespace cf
