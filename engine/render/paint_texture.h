#pragma once
// A painted creature's skin the console way: one indexed texture page (4 or 8 bits per texel) with
// its own colour table (CLUT), generated from the creature's paint. Each part has a square cell of
// the page; its tube's (u around, v along) map into the cell, turned so that u = 0.5 is the part's
// underside (the belly shading and the eyes need to know which way is down).
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "creature/creature.h"
#include "creature/eyes.h"
#include "render/command_list.h"
#include "render/image_io.h"

namespace cf {

constexpr int kPaintPageSize = 256;  // the console's largest texture page, texels a side
// Each eye texel names a cell of a kEyeGrid x kEyeGrid grid over its eye, with a grid per flank (and
// one for the odd eye on top): a blink or a look rewrites those CLUT entries only (write_eye_clut).
constexpr int kEyeGrid = 6;
constexpr int kEyeTableEntries = 3 * kEyeGrid * kEyeGrid;

struct IndexedTexture {
  int width = 0, height = 0;
  int bits = 4;                       // 4 (at most 16 CLUT entries) or 8 (at most 256)
  std::vector<std::uint8_t> texels;   // one index per texel, top row first
  std::vector<Rgba8> clut;            // the colour table; every texel indexes into it
  int eye_first = -1;                 // the eyes' kEyeTableEntries in clut (-1: no eyes); open, looking ahead
  Rgba8 eye_white, eye_pupil, eye_lid;  // the lid: the painted part's base colour, a little darker
  std::uint32_t eye_seed = 0;           // eye_seed of the creature (its blinks' rhythm)
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

// The part the eyes are painted on: the first head part, else the torso (-1: neither).
int paint_eye_part(const Creature& c);

// Per part, +1 when the eyes on the part's first flank (u in the turned cell below 0.5) face the
// creature's left (+x), -1 when they face its right: from the bind-pose normals.
float paint_first_flank(const std::vector<glm::vec2>& uvs, const std::vector<glm::vec3>& normals,
                        const std::vector<int>& vertex_part, int part, float belly_u);

// The eyes' entries of a colour table (clut holds at least page.clut.size() entries, the rest of it
// as the page's) for a look: lids over the top closure of each eye, pupils at pupil_offset.
// first_flank from paint_first_flank. No allocation.
void write_eye_clut(const IndexedTexture& page, const EyeLook& look, float first_flank, Rgba8* clut);

// The page in RGBA8 through its CLUT (what the rasterizer uploads; also the glTF's base colour).
void expand_indexed(const IndexedTexture& t, Image* out);

}  // namespace cf
