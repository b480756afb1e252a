#pragma once
// Where each texture lives in the rasterizer's one atlas texture. Software GL (llvmpipe) runs every
// branch of a shader for every pixel, so eight textures picked by an if-chain cost eight samples a
// pixel; one atlas costs one. Textures are powers of two, so a buddy allocator of square blocks packs
// them without gaps between blocks, and freeing a block merges it back with its free buddy. GL-free.
#include <vector>

namespace cf {

struct AtlasRect {
  int x = 0, y = 0;  // texels from the atlas's origin
  int w = 0, h = 0;  // the texture's own size (the block is the larger side, square)
  int block = 0;     // the block's side
};

class TextureAtlas {
 public:
  // A square atlas of 'side' texels (a power of two), blocks of at least 'min_block' texels a side.
  explicit TextureAtlas(int side = 2048, int min_block = 4);
  int side() const { return side_; }
  // A block for a w x h texture (powers of two no larger than the atlas); false when none is free.
  bool allocate(int w, int h, AtlasRect* out);
  // Gives a block back (a rect allocate returned, not yet released).
  void release(const AtlasRect& r);
  // Every block free again.
  void clear();
  // Texels in free blocks (for tests and the budget meter).
  long long free_texels() const;

 private:
  struct Pos {
    int x, y;
  };
  int level_of(int block) const;  // 0: the whole atlas
  int side_ = 0, levels_ = 0;
  std::vector<std::vector<Pos>> free_;  // free blocks by level
};

}  // namespace cf
