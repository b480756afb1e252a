#pragma once
// Clip-space clipping for the geometry stage (OpenGL conventions: inside when -w <= x, y, z <= w).
// Triangles crossing the near or far plane are cut into pieces; a guard band (kGuardBand times the
// view) keeps projected coordinates small without cutting anything that is visible.
#include <cstdint>

#include <glm/glm.hpp>

namespace cf {

constexpr float kGuardBand = 8.0f;

// Outcode bits.
enum : std::uint16_t {
  kOutNear = 1u << 0,
  kOutFar = 1u << 1,
  kOutLeft = 1u << 2,
  kOutRight = 1u << 3,
  kOutBottom = 1u << 4,
  kOutTop = 1u << 5,
  kOutGuardLeft = 1u << 6,
  kOutGuardRight = 1u << 7,
  kOutGuardBottom = 1u << 8,
  kOutGuardTop = 1u << 9,
};
// Bits that, shared by all corners, put a primitive wholly outside the view volume.
constexpr std::uint16_t kOutsideMask = kOutNear | kOutFar | kOutLeft | kOutRight | kOutBottom | kOutTop;
// Bits that force a primitive through the clipper.
constexpr std::uint16_t kClipMask =
    kOutNear | kOutFar | kOutGuardLeft | kOutGuardRight | kOutGuardBottom | kOutGuardTop;

// Inline: the geometry stage asks once per vertex.
inline std::uint16_t outcode(const glm::vec4& c, float g) {
  std::uint16_t o = 0;
  if (c.z < -c.w) o |= kOutNear;
  if (c.z > c.w) o |= kOutFar;
  if (c.x < -c.w) o |= kOutLeft;
  if (c.x > c.w) o |= kOutRight;
  if (c.y < -c.w) o |= kOutBottom;
  if (c.y > c.w) o |= kOutTop;
  const float gw = g * c.w;
  if (c.x < -gw) o |= kOutGuardLeft;
  if (c.x > gw) o |= kOutGuardRight;
  if (c.y < -gw) o |= kOutGuardBottom;
  if (c.y > gw) o |= kOutGuardTop;
  return o;
}

// A vertex with the attributes interpolated by the clipper (linear in clip space).
struct ClipVertex {
  glm::vec4 pos{0.0f};    // clip space
  glm::vec4 color{0.0f};  // 0..255 per channel
  glm::vec2 uv{0.0f};
  float fog = 0;          // 0..255
};

// Up to 3 + 6 vertices result from clipping a triangle against six planes.
struct ClipPolygon {
  ClipVertex v[12];
  int count = 0;
};

// Cuts the convex polygon to the near, far and guard-band planes, keeping winding order.
// count < 3 afterwards means nothing is left.
void clip_polygon(ClipPolygon* poly, float guard_band);

// Cuts a segment to the same planes; false when nothing is left.
bool clip_segment(glm::vec4* a, glm::vec4* b, float guard_band);

}  // namespace cf
