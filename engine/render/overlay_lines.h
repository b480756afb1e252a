#pragma once
// Debug overlays into the command list (engine/render internal): world-space lines and point diamonds,
// projected, clipped to the guard band and kept when their kind is in the frame's overlay mask.
#include <cstdint>

#include <glm/glm.hpp>

#include "render/command_list.h"
#include "render/geometry_stage.h"
#include "render/screen_projection.h"

namespace cf {

struct OverlayProjection {
  glm::mat4 view_proj{1.0f};   // world -> clip
  Viewport viewport;
  std::uint32_t mask = 0;      // FrameSettings::overlay_mask
  float px_scale = 1.0f;       // target pixels per internal-resolution pixel (point sizes are given in those)
};

// Appends the line to out->lines when its kind is shown and some of it is on screen.
void add_overlay_line(const OverlayProjection& projection, const OverlayLineInput& line, CommandList* out);
// Appends a diamond of four lines around the projected point, radius_px across, when its kind is shown
// and the point is inside the view.
void add_overlay_point(const OverlayProjection& projection, const OverlayPointInput& point, CommandList* out);

}  // namespace cf
