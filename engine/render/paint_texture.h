#pragma once
// A painted creature's skin the console way: one indexed texture page (4 or 8 bits per texel) with
// its own colour table (CLUT), generated from the creature's paint. Each part has a square cell of
// the page; its tube's (u around, v along) map into the cell, turned so that u = 0.5 is the part's
// underside (the belly shading and the eyes need to know which way is down).
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "creature/creature.h"
#include "render/command_list.h"
#include "render/image_io.h"

namespace cf {

constexpr int kPaintPageSize = 256;  // the console's largest texture page, texels a side

struct IndexedTexture {
  int width = 0, height = 0;
  int bits = 4;                       // 4 (at most 16 CLUT entries) or 8 (at most 256)
  std::vector<std::uint8_t> texels;   // one index per texel, top row first
  std::vector<Rgba8> clut;            // the colour table; every texel indexes into it
};

// Cells per side of the page for n parts (1, 2, 4 or 8) and each cell's size in texels.
int paint_grid(int part_count);

// Per part, the u (around its tube) where its surface faces down most: from the bind-pose normals.
// Parts without vertices get 0.5. Output has part_count entries.
void paint_belly_u(const std::vector<glm::vec2>& uvs, const std::vector<glm::vec3>& normals,
                   const std::vector<int>& vertex_part, int part_count, std::vector<float>* out);
// The mesh's uvs mapped into the page: part p's (u, v) into its cell, half a texel in from its edges.
void paint_uvs(const std::vector<glm::vec2>& uvs, const std::vector<int>& vertex_part, int part_count,
               std::vector<glm::vec2>* out);

// The page for a painted creature (belly_u from paint_belly_u; empty means 0.5 for every part).
// Reuses out's buffers (an editor change rebuilds it; nothing per frame).
void build_paint_texture(const Creature& c, const std::vector<float>& belly_u, IndexedTexture* out);

// The page in RGBA8 through its CLUT (what the rasterizer uploads; also the glTF's base colour).
void expand_indexed(const IndexedTexture& t, Image* out);

}  // namespace cf
