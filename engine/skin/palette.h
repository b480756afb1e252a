#pragma once
// The weight palette: weights quantized to a step (1/128 by default) with each vertex's sum kept exactly
// at 1, and one palette entry per distinct (bones, quantized weights) combination. Each vertex stores
// one 16-bit entry index, so per frame a blended matrix is computed once per entry, not per vertex.
#include <cstdint>
#include <vector>

#include "core/result.h"
#include "skin/skin_types.h"

namespace cf {

struct PaletteOptions {
  // Weight step; 1/quantum must be a whole number (2..65535). 0 means 1/128: at 1/64 the walk clip
  // moves some shipped creatures' ankle flesh up to 1.5 mm off its exact-weight position (a weight
  // error of 1/128 times the ~0.15 m the foot and shin bones pull apart there); 1/128 halves that.
  float quantum = 0.0f;
  float resolved_quantum() const { return quantum == 0.0f ? 1.0f / 128.0f : quantum; }
};

struct WeightPalette {
  float quantum = 1.0f / 128.0f;
  int steps = 128;                         // 1 / quantum: the quantized weights of an entry sum to this
  int slots = 0;                           // influences per entry, the largest entry's bone count
  std::vector<std::uint16_t> entry_bones;  // [entry * slots + k]; unused slots hold bone 0
  std::vector<float> entry_weights;        // [entry * slots + k]; unused slots hold 0
  std::vector<std::uint16_t> vertex_entry; // per vertex, its palette index

  int size() const { return slots == 0 ? 0 : static_cast<int>(entry_bones.size()) / slots; }
};

// Quantizes one vertex's weights to whole steps that sum exactly to `steps` (largest remainder: floor
// each, then give the missing steps to the largest remainders, lower bone index first on equal ones).
// Bones that end with zero steps are dropped. 'out' receives (bone, steps) pairs sorted by bone.
void quantize_weights(const Influence* first, int count, int steps, std::vector<std::pair<int, int>>* out);

// Builds the palette. Entries are numbered in order of first use by vertex index. Fails on a bad
// quantum, bone indices outside 16 bits, or more than 65536 distinct combinations.
Result<WeightPalette> build_palette(const WeightTable& weights, const PaletteOptions& options = {});

// The weights each vertex is skinned with through the palette (quantized), as a weight table.
WeightTable palette_weights(const WeightPalette& palette);

}  // namespace cf
