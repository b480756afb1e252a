#pragma once
// Golden-image helpers for the renderer's screenshot tests.
#include <cstdint>
#include <string>
#include <vector>

#include "render/image_io.h"

namespace cf::test {

struct ImageDiff {
  bool same_size = false;
  long differing = 0;         // pixels with any channel off by more than the tolerance
  long total = 0;
  int max_channel_delta = 0;  // over all pixels
  double fraction() const { return total ? static_cast<double>(differing) / static_cast<double>(total) : 1.0; }
};

ImageDiff compare_images(const Image& a, const Image& b, int channel_tolerance);

// Compares 'actual' with the golden PNG tests/data/render/<name>.png. With CF_UPDATE_GOLDENS=1 in the
// environment it (re)writes the golden instead. Always writes the actual image next to the test binary
// (<binary dir>/render_out/<name>.png) for inspection. Returns "" on success, else what went wrong.
std::string check_golden(const std::string& name, const Image& actual, int channel_tolerance,
                         double max_fraction);

}  // namespace cf::test
