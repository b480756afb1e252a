#include "skin/palette.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace cf {

void quantize_weights(const Influence* first, int count, int steps, std::vector<std::pair<int, int>>* out) {
  out->clear();
  double sum = 0.0;
  for (int i = 0; i < count; ++i) sum += first[i].weight;
  if (!(sum > 0.0)) return;
  struct Part {
    int bone;
    int units;
    double remainder;
  };
  Part parts[64];
  Part* p = parts;
  std::vector<Part> big;  // only for vertices with more than 64 influences
  if (count > 64) {
    big.resize(count);
    p = big.data();
  }
  int given = 0;
  for (int i = 0; i < count; ++i) {
    double exact = first[i].weight / sum * steps;
    int units = static_cast<int>(std::floor(exact));
    p[i] = Part{first[i].bone, units, exact - units};
    given += units;
  }
  std::sort(p, p + count, [](const Part& a, const Part& b) {
    return a.remainder != b.remainder ? a.remainder > b.remainder : a.bone < b.bone;
  });
  for (int i = 0; given < steps && i < count; ++i, ++given) p[i].units += 1;
  for (int i = 0; i < count; ++i)
    if (p[i].units > 0) out->emplace_back(p[i].bone, p[i].units);
  std::sort(out->begin(), out->end());
}

Result<WeightPalette> build_palette(const WeightTable& weights, const PaletteOptions& options) {
  const float q = options.resolved_quantum();
  if (!std::isfinite(q) || q <= 0.0f || q > 0.5f)
    return Error{"", "quantum", "must be in (0, 0.5], got " + std::to_string(q)};
  const double inv = 1.0 / static_cast<double>(q);
  const long steps = std::lround(inv);
  if (std::fabs(inv - static_cast<double>(steps)) > 1e-3 * inv || steps > 65535)
    return Error{"", "quantum", "1/quantum must be a whole number up to 65535, got " + std::to_string(inv)};
  WeightPalette pal;
  pal.steps = static_cast<int>(steps);
  pal.quantum = static_cast<float>(1.0 / static_cast<double>(steps));
  const int vc = weights.vertex_count();
  pal.vertex_entry.resize(vc);
  std::map<std::vector<std::pair<int, int>>, int> index;
  std::vector<std::vector<std::pair<int, int>>> entries;
  std::vector<std::pair<int, int>> key;
  for (int v = 0; v < vc; ++v) {
    quantize_weights(weights.begin(v), weights.count(v), pal.steps, &key);
    if (key.empty()) return Error{"", "vertices[" + std::to_string(v) + "]", "has no positive weight"};
    for (const auto& [bone, units] : key)
      if (bone < 0 || bone > 65535)
        return Error{"", "vertices[" + std::to_string(v) + "]", "bone index does not fit 16 bits"};
    auto [it, added] = index.emplace(key, static_cast<int>(entries.size()));
    if (added) {
      if (entries.size() >= 65536) return Error{"", "palette", "more than 65536 weight combinations"};
      entries.push_back(key);
      pal.slots = std::max(pal.slots, static_cast<int>(key.size()));
    }
    pal.vertex_entry[v] = static_cast<std::uint16_t>(it->second);
  }
  pal.entry_bones.assign(entries.size() * pal.slots, 0);
  pal.entry_weights.assign(entries.size() * pal.slots, 0.0f);
  for (std::size_t e = 0; e < entries.size(); ++e)
    for (std::size_t k = 0; k < entries[e].size(); ++k) {
      pal.entry_bones[e * pal.slots + k] = static_cast<std::uint16_t>(entries[e][k].first);
      pal.entry_weights[e * pal.slots + k] =
          static_cast<float>(static_cast<double>(entries[e][k].second) / static_cast<double>(pal.steps));
    }
  return pal;
}

WeightTable palette_weights(const WeightPalette& palette) {
  WeightTable t;
  t.offsets.reserve(palette.vertex_entry.size() + 1);
  for (std::uint16_t e : palette.vertex_entry) {
    for (int k = 0; k < palette.slots; ++k) {
      float w = palette.entry_weights[e * palette.slots + k];
      if (w > 0.0f) t.influences.push_back(Influence{palette.entry_bones[e * palette.slots + k], w});
    }
    t.offsets.push_back(static_cast<int>(t.influences.size()));
  }
  return t;
}

}  // namespace cf
