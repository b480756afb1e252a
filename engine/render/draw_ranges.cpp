#include "render/draw_ranges.h"

namespace cf {

bool needs_clipping(const ScreenTriangle& t, int width, int height, bool modern) {
  const std::int32_t max_x = width * kSubpixelOne, max_y = height * kSubpixelOne;
  for (const ScreenVertex& v : t.v) {
    if (v.x < 0 || v.y < 0 || v.x > max_x || v.y > max_y) return true;
    if (modern && !(v.depth >= 0.0f && v.depth <= 1.0f && v.inv_w > 0.0f)) return true;
  }
  return false;
}

void split_for_clipping(const ScreenTriangle* tris, int first, int count, int width, int height, bool modern,
                        int max_clipped, std::vector<DrawRange>* out) {
  if (max_clipped < 1) max_clipped = 1;
  DrawRange r{first, 0};
  bool clipped = false;
  const int end = first + count;
  for (int i = first; i < end; ++i) {
    const bool clip = needs_clipping(tris[i], width, height, modern);
    // A long clean run ends here rather than dragging the clipped triangle's slow path over itself.
    if (clip && !clipped && r.count >= max_clipped) {
      out->push_back(r);
      r = DrawRange{i, 0};
    }
    ++r.count;
    clipped = clipped || clip;
    if (clipped && r.count >= max_clipped) {
      out->push_back(r);
      r = DrawRange{i + 1, 0};
      clipped = false;
    }
  }
  if (r.count > 0) out->push_back(r);
}

}  // namespace cf
