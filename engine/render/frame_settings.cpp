#include "render/frame_settings.h"

#include <algorithm>
#include <cmath>

namespace cf {

PixelRect letterbox(int window_w, int window_h, int src_w, int src_h) {
  if (window_w <= 0 || window_h <= 0 || src_w <= 0 || src_h <= 0) return PixelRect{};
  PixelRect r;
  // Compare aspects exactly in integers: window wider than the source => bars left and right.
  const long long lhs = static_cast<long long>(window_w) * src_h;
  const long long rhs = static_cast<long long>(window_h) * src_w;
  if (lhs > rhs) {
    r.h = window_h;
    r.w = static_cast<int>((static_cast<long long>(window_h) * src_w * 2 + src_h) / (2LL * src_h));
  } else {
    r.w = window_w;
    r.h = static_cast<int>((static_cast<long long>(window_w) * src_h * 2 + src_w) / (2LL * src_w));
  }
  r.w = std::clamp(r.w, 1, window_w);
  r.h = std::clamp(r.h, 1, window_h);
  r.x = (window_w - r.w) / 2;
  r.y = (window_h - r.h) / 2;
  return r;
}

void target_size(const FrameSettings& s, int window_w, int window_h, int* w, int* h) {
  const int iw = internal_width(s), ih = internal_height(s);
  if (!(s.modern || s.full_resolution) || window_w <= 0 || window_h <= 0) {
    *w = iw;
    *h = ih;
    return;
  }
  const PixelRect r = letterbox(window_w, window_h, iw, ih);
  *w = std::max(r.w, 1);
  *h = std::max(r.h, 1);
}

}  // namespace cf
