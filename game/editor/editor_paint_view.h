#pragma once
// Paint mode's picture: the camera that shows the creature three-quarters from the front and above
// (both flanks' patterns and the eyes at once), and the HUD: what the buttons paint, the palette.
#include <glm/glm.hpp>

#include "game/editor/editor.h"
#include "render/command_list.h"

namespace cf {

glm::mat4 paint_camera_view();
// Where the paint HUD went: the text size it used (the player's, or the largest below it that fits)
// and the extents of its left column and its bottom help line, in the list's pixels.
struct PaintHudLayout {
  int text_scale = 1, help_scale = 1;
  int column_w = 0, column_h = 0;  // from (4 * scale, 4 * scale)
  int help_w = 0;
};
// The paint HUD over the list (its lines are drawn over the flesh): swatches at 'scale' pixels per
// font pixel (the picture's), text at up to 'text_scale' (the player's text size).
PaintHudLayout add_paint_hud(const Editor& editor, int scale, int text_scale, CommandList* list);

}  // namespace cf
