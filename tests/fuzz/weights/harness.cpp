// Fuzzes the limit-weights file loader and the limiter behind it: any bytes must give either a clean
// error or limited weights that obey the limiter's contract (never a crash, hang or sanitizer report).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "skin/weights_io.h"
#include "core/json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;  // keep the BFS tie search quick
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto wf = cf::parse_weight_file(text, "fuzz.json");
  if (!wf) return 0;
  const int bones = static_cast<int>(wf->bone_names.size());
  for (int max = 1; max <= 4; max += 3) {
    cf::LimitOptions o;
    o.max_influences = max;
    o.redistribute = max == 1 ? cf::Redistribute::kEqual : cf::Redistribute::kProportional;
    auto l = cf::limit_weights(wf->weights, wf->adjacency, bones, wf->bone_priority, o);
    if (!l) continue;
    for (int v = 0; v < l->weights.vertex_count(); ++v) {
      if (l->weights.count(v) > max || l->weights.count(v) == 0) std::abort();
      double sum = 0;
      for (const cf::Influence* a = l->weights.begin(v); a != l->weights.end(v); ++a) {
        if (!(a->weight >= 0.0f)) std::abort();
        sum += a->weight;
      }
      if (std::fabs(sum - 1.0) > 1e-5) std::abort();
    }
    (void)cf::limited_weights_to_json(*wf, *l).dump();
  }
  return 0;
}
