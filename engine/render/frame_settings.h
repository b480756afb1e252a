#pragma once
// Per-frame render settings (zero means default, sokol style) and the letterbox math shared by both stages.
#include <cstdint>

namespace cf {

struct FrameSettings {
  int internal_width = 0;          // retro target width in pixels; 0 => 320
  int internal_height = 0;         // retro target height in pixels; 0 => 240
  int ot_buckets = 0;              // ordering-table buckets (logarithmic in depth); 0 => 4096
  bool subpixel = false;           // false: vertices snapped to whole pixels (the console wobble)
  bool modern = false;             // perspective-correct, depth buffer, full window resolution, no dither
  bool whole_polygons = false;     // true: big near polygons are not split (tests that follow one primitive)
  // The retro look's parts, each on its own (the player's comfort options; modern turns them all off).
  bool perspective_correct = false;  // true: textures without the affine warp (and no polygon splitting)
  bool no_dither = false;          // true: 15-bit colour without the 4x4 ordered dither (flat bands)
  bool full_resolution = false;    // true: the retro picture at the window's resolution, not 320x240
  int text_scale = 0;              // HUD and menu text: 1..3 times the 8x8 font at 240 lines; 0 => 1
  std::uint32_t overlay_mask = 0;  // OverlayKind bits to draw (kOverlayWeights switches the weight view)
};

constexpr int kDefaultInternalWidth = 320;
constexpr int kDefaultInternalHeight = 240;
constexpr int kDefaultOtBuckets = 4096;

inline int internal_width(const FrameSettings& s) {
  return s.internal_width > 0 ? s.internal_width : kDefaultInternalWidth;
}
inline int internal_height(const FrameSettings& s) {
  return s.internal_height > 0 ? s.internal_height : kDefaultInternalHeight;
}
inline int text_scale(const FrameSettings& s) { return s.text_scale > 1 ? (s.text_scale > 3 ? 3 : s.text_scale) : 1; }
inline int ot_buckets(const FrameSettings& s) { return s.ot_buckets > 0 ? s.ot_buckets : kDefaultOtBuckets; }

// A pixel rectangle, origin top-left, y down.
struct PixelRect {
  int x = 0, y = 0, w = 0, h = 0;
};

// The largest rectangle with the aspect src_w:src_h that fits a window_w x window_h window, centred;
// the bars left over are black. Both axes round so the picture's aspect error is under one pixel.
// Degenerate sizes (<= 0) give an empty rectangle.
PixelRect letterbox(int window_w, int window_h, int src_w, int src_h);

// Size of the target the geometry stage projects to: the internal resolution, or (modern, full_resolution) the
// letterboxed rectangle's size at full window resolution. Never smaller than 1x1.
void target_size(const FrameSettings& s, int window_w, int window_h, int* w, int* h);

}  // namespace cf
