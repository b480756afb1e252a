#include "render/texture_atlas.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace cf {
namespace {

bool overlap(const AtlasRect& a, const AtlasRect& b) {
  return a.x < b.x + b.block && b.x < a.x + a.block && a.y < b.y + b.block && b.y < a.y + a.block;
}

TEST(TextureAtlas, PacksTheGamesTexturesWithoutOverlapInsideTheAtlas) {
  TextureAtlas atlas(2048);
  std::vector<AtlasRect> got;
  // The game's set: seven 64x64 surfaces, a placeholder, nine 256x256 paint pages, the gallery's 512x512.
  std::vector<std::pair<int, int>> sizes(7, {64, 64});
  sizes.push_back({16, 16});
  for (int i = 0; i < 9; ++i) sizes.push_back({256, 256});
  sizes.push_back({512, 512});
  sizes.push_back({1024, 64});  // not square: a 1024 block
  for (auto [w, h] : sizes) {
    AtlasRect r;
    ASSERT_TRUE(atlas.allocate(w, h, &r)) << w << "x" << h;
    EXPECT_EQ(r.w, w);
    EXPECT_EQ(r.h, h);
    EXPECT_EQ(r.block, std::max(w, h));
    EXPECT_EQ(r.x % r.block, 0);
    EXPECT_EQ(r.y % r.block, 0);
    EXPECT_LE(r.x + r.block, 2048);
    EXPECT_LE(r.y + r.block, 2048);
    for (const AtlasRect& o : got) EXPECT_FALSE(overlap(r, o)) << r.x << "," << r.y << " over " << o.x << "," << o.y;
    got.push_back(r);
  }
  long long used = 0;
  for (const AtlasRect& r : got) used += static_cast<long long>(r.block) * r.block;
  EXPECT_EQ(atlas.free_texels(), 2048LL * 2048 - used);
}

TEST(TextureAtlas, SaysFullAndMergesFreedBlocksBackIntoTheWhole) {
  TextureAtlas atlas(256);
  std::vector<AtlasRect> blocks;
  AtlasRect r;
  for (int i = 0; i < 16; ++i) {
    ASSERT_TRUE(atlas.allocate(64, 64, &r));
    blocks.push_back(r);
  }
  EXPECT_FALSE(atlas.allocate(64, 64, &r)) << "sixteen 64s fill a 256 atlas";
  EXPECT_FALSE(atlas.allocate(4, 4, &r));
  EXPECT_FALSE(atlas.allocate(512, 512, &r)) << "larger than the atlas";
  EXPECT_FALSE(atlas.allocate(48, 64, &r)) << "not a power of two";
  EXPECT_EQ(atlas.free_texels(), 0);
  for (const AtlasRect& b : blocks) atlas.release(b);
  EXPECT_EQ(atlas.free_texels(), 256 * 256);
  ASSERT_TRUE(atlas.allocate(256, 256, &r)) << "the freed quarters merged back into the whole atlas";
  EXPECT_EQ(r.x, 0);
  EXPECT_EQ(r.y, 0);
}

TEST(TextureAtlas, RandomAllocationsAndReleasesNeverOverlapAndAlwaysAddUp) {
  TextureAtlas atlas(1024);
  std::mt19937 rng(7);
  std::vector<AtlasRect> live;
  for (int step = 0; step < 4000; ++step) {
    if (!live.empty() && rng() % 3 == 0) {
      const std::size_t k = rng() % live.size();
      atlas.release(live[k]);
      live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
    } else {
      const int w = 1 << (rng() % 9), h = 1 << (rng() % 9);
      AtlasRect r;
      if (!atlas.allocate(w, h, &r)) continue;
      for (const AtlasRect& o : live) ASSERT_FALSE(overlap(r, o)) << "step " << step;
      live.push_back(r);
    }
    long long used = 0;
    for (const AtlasRect& r : live) used += static_cast<long long>(r.block) * r.block;
    ASSERT_EQ(atlas.free_texels(), 1024LL * 1024 - used) << "step " << step;
  }
  for (const AtlasRect& r : live) atlas.release(r);
  AtlasRect whole;
  EXPECT_TRUE(atlas.allocate(1024, 1024, &whole));
}

}  // namespace
}  // namespace cf
