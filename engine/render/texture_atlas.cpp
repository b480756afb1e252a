#include "render/texture_atlas.h"

#include <algorithm>

namespace cf {

namespace {
bool pow2(int v) { return v > 0 && (v & (v - 1)) == 0; }
}  // namespace

TextureAtlas::TextureAtlas(int side, int min_block) {
  side_ = pow2(side) ? side : 2048;
  if (!pow2(min_block) || min_block > side_) min_block = 1;
  levels_ = 1;
  for (int b = side_; b > min_block; b /= 2) ++levels_;
  clear();
}

void TextureAtlas::clear() {
  free_.assign(static_cast<std::size_t>(levels_), {});
  free_[0].push_back(Pos{0, 0});
}

int TextureAtlas::level_of(int block) const {
  int level = 0;
  for (int b = side_; b > block && level + 1 < levels_; b /= 2) ++level;
  return level;
}

bool TextureAtlas::allocate(int w, int h, AtlasRect* out) {
  if (!pow2(w) || !pow2(h) || w > side_ || h > side_) return false;
  const int want = level_of(std::max(w, h));
  int level = want;
  while (level >= 0 && free_[static_cast<std::size_t>(level)].empty()) --level;
  if (level < 0) return false;
  // The lowest free block (smallest y, then x) keeps the atlas packed toward its origin.
  std::vector<Pos>& list = free_[static_cast<std::size_t>(level)];
  const auto lowest = std::min_element(list.begin(), list.end(), [](const Pos& a, const Pos& b) {
    return a.y != b.y ? a.y < b.y : a.x < b.x;
  });
  Pos p = *lowest;
  list.erase(lowest);
  for (int block = side_ >> level; level < want; ++level) {  // split down, keeping the first quarter
    block /= 2;
    std::vector<Pos>& below = free_[static_cast<std::size_t>(level + 1)];
    below.push_back(Pos{p.x + block, p.y});
    below.push_back(Pos{p.x, p.y + block});
    below.push_back(Pos{p.x + block, p.y + block});
  }
  *out = AtlasRect{p.x, p.y, w, h, side_ >> want};
  return true;
}

void TextureAtlas::release(const AtlasRect& r) {
  int level = level_of(r.block);
  Pos p{r.x, r.y};
  for (int block = r.block; level > 0; --level, block *= 2) {  // merge while the other three are free
    const int parent = block * 2;
    const Pos origin{p.x - p.x % parent, p.y - p.y % parent};
    std::vector<Pos>& list = free_[static_cast<std::size_t>(level)];
    int found = 0;
    for (const Pos& q : list)
      if (q.x - q.x % parent == origin.x && q.y - q.y % parent == origin.y) ++found;
    if (found < 3) break;
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const Pos& q) { return q.x - q.x % parent == origin.x && q.y - q.y % parent == origin.y; }),
               list.end());
    p = origin;
  }
  free_[static_cast<std::size_t>(level)].push_back(p);
}

long long TextureAtlas::free_texels() const {
  long long n = 0;
  for (std::size_t l = 0; l < free_.size(); ++l) {
    const long long b = side_ >> l;
    n += b * b * static_cast<long long>(free_[l].size());
  }
  return n;
}

}  // namespace cf
