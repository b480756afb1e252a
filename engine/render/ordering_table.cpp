// The ordering table's walk: a stable counting sort of the frame's triangles by drawing-order key.
#include "render/ordering_table.h"

namespace cf {

OrderingTable::OrderingTable(float near_m, float far_m, int buckets, GeometryScratch* scratch)
    : scratch_(*scratch), near_(near_m), inv_near_(1.0f / near_m), inv_log_range_(1.0f / std::log(far_m / near_m)),
      buckets_(buckets) {
  scratch_.unsorted.clear();
  scratch_.bucket.clear();
}

void OrderingTable::sort_into(std::vector<ScreenTriangle>* out) {
  const auto keys = static_cast<std::size_t>(kOtLayers * buckets_);
  scratch_.counts.assign(keys + 1, 0);
  for (std::int32_t k : scratch_.bucket) ++scratch_.counts[static_cast<std::size_t>(k) + 1];
  for (std::size_t k = 1; k <= keys; ++k) scratch_.counts[k] += scratch_.counts[k - 1];
  out->resize(scratch_.unsorted.size());
  for (std::size_t i = 0; i < scratch_.unsorted.size(); ++i) {
    const auto k = static_cast<std::size_t>(scratch_.bucket[i]);
    (*out)[static_cast<std::size_t>(scratch_.counts[k]++)] = scratch_.unsorted[i];
  }
}

void OrderingTable::count_keys() {
  scratch_.counts.assign(static_cast<std::size_t>(kOtLayers * buckets_), 0);
  for (std::int32_t k : scratch_.bucket) ++scratch_.counts[static_cast<std::size_t>(k)];
}

std::size_t OrderingTable::place_runs(GeometryScratch* runs, int run_count, int buckets) {
  // Each run's triangles of a key follow the earlier runs' of that key: submission order, as in one table.
  std::int32_t place = 0;
  for (int k = 0; k < kOtLayers * buckets; ++k) {
    for (int r = 0; r < run_count; ++r) {
      std::int32_t& c = runs[r].counts[static_cast<std::size_t>(k)];
      const std::int32_t n = c;
      c = place;
      place += n;
    }
  }
  return static_cast<std::size_t>(place);
}

void OrderingTable::scatter_run(GeometryScratch* run, ScreenTriangle* out) {
  for (std::size_t i = 0; i < run->unsorted.size(); ++i) {
    out[run->counts[static_cast<std::size_t>(run->bucket[i])]++] = run->unsorted[i];
  }
}

}  // namespace cf
