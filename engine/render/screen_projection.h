#pragma once
// From clip space to the target (engine/render internal): fixed-point pixels, snapped to whole pixels
// on the retro path, window depth and 1/w. Inline: the geometry stage projects every vertex.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <glm/glm.hpp>

#include "render/clip.h"
#include "render/command_list.h"
#include "render/round.h"

namespace cf {

struct Viewport {
  float w = 0, h = 0;  // target size, pixels
  bool snap = true;    // corners on whole pixels (the retro look)

  std::int32_t to_fixed(float pixels) const {
    // Clipping keeps real coordinates within the guard band; this only tames NaN/inf input.
    if (!(std::fabs(pixels) < 1e6f)) pixels = 0.0f;
    if (snap) return round_half_away(pixels) * kSubpixelOne;
    return round_half_away(pixels * static_cast<float>(kSubpixelOne));
  }
  void project(const glm::vec4& clip, std::int32_t* x, std::int32_t* y, float* depth, float* inv_w) const {
    const float iw = 1.0f / clip.w;
    const float nx = clip.x * iw, ny = clip.y * iw, nz = clip.z * iw;
    *x = to_fixed((nx * 0.5f + 0.5f) * w);
    *y = to_fixed((0.5f - ny * 0.5f) * h);
    *depth = std::min(std::max(nz * 0.5f + 0.5f, 0.0f), 1.0f);
    *inv_w = iw;
  }
};

// A clipped (or split) vertex on screen: projected, its colour and fog back to bytes.
inline ScreenVertex to_screen(const Viewport& viewport, const ClipVertex& c) {
  ScreenVertex s;
  viewport.project(c.pos, &s.x, &s.y, &s.depth, &s.inv_w);
  s.u = c.uv.x;
  s.v = c.uv.y;
  s.color = Rgba8{unit_to_byte(c.color.r / 255.0f), unit_to_byte(c.color.g / 255.0f),
                  unit_to_byte(c.color.b / 255.0f), unit_to_byte(c.color.a / 255.0f)};
  s.fog = c.fog > 0.0f ? static_cast<std::uint8_t>(round_half_away(std::min(c.fog, 255.0f))) : 0;
  return s;
}

// Signed doubled area in fixed-point screen space (y down): negative for counter-clockwise-from-outside
// faces, i.e. faces looking at the camera.
inline std::int64_t screen_area2(const ScreenVertex& v0, const ScreenVertex& v1, const ScreenVertex& v2) {
  const std::int64_t ax = v1.x - v0.x, ay = v1.y - v0.y;
  const std::int64_t bx = v2.x - v0.x, by = v2.y - v0.y;
  return ax * by - ay * bx;
}

}  // namespace cf
