// Overlay lines and points: projected and clipped like the triangles, drawn after them.
#include "render/overlay_lines.h"

#include "render/clip.h"

namespace cf {
namespace {

void push_line(const OverlayProjection& projection, const glm::vec4& a, const glm::vec4& b, Rgba8 color,
               std::uint32_t kind, CommandList* out) {
  glm::vec4 p0 = a, p1 = b;
  if (!clip_segment(&p0, &p1, kGuardBand)) return;
  ScreenLine l;
  float depth, inv_w;
  projection.viewport.project(p0, &l.x0, &l.y0, &depth, &inv_w);
  projection.viewport.project(p1, &l.x1, &l.y1, &depth, &inv_w);
  l.color = color;
  l.kind = kind;
  out->lines.push_back(l);
}

}  // namespace

void add_overlay_line(const OverlayProjection& projection, const OverlayLineInput& line, CommandList* out) {
  if ((line.kind & projection.mask) == 0) return;
  push_line(projection, projection.view_proj * glm::vec4(line.a_ws, 1.0f),
            projection.view_proj * glm::vec4(line.b_ws, 1.0f), line.color, line.kind, out);
}

void add_overlay_point(const OverlayProjection& projection, const OverlayPointInput& point, CommandList* out) {
  if ((point.kind & projection.mask) == 0) return;
  const glm::vec4 c = projection.view_proj * glm::vec4(point.p_ws, 1.0f);
  if (outcode(c, kGuardBand) != 0) return;
  const float r_px = (point.radius_px > 0 ? point.radius_px : 2.0f) * projection.px_scale;
  // Offsets in clip space that move r_px pixels on screen.
  const float dx = r_px * 2.0f / projection.viewport.w * c.w, dy = r_px * 2.0f / projection.viewport.h * c.w;
  const glm::vec4 east(c.x + dx, c.y, c.z, c.w), north(c.x, c.y + dy, c.z, c.w);
  const glm::vec4 west(c.x - dx, c.y, c.z, c.w), south(c.x, c.y - dy, c.z, c.w);
  push_line(projection, east, north, point.color, point.kind, out);
  push_line(projection, north, west, point.color, point.kind, out);
  push_line(projection, west, south, point.color, point.kind, out);
  push_line(projection, south, east, point.color, point.kind, out);
}

}  // namespace cf
