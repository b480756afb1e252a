#pragma once
// Paint mode's picture: the camera that shows the creature three-quarters from the front and above
// (both flanks' patterns and the eyes at once), and the HUD: what the buttons paint, the palette.
#include <glm/glm.hpp>

#include "game/editor/editor.h"
#include "render/command_list.h"

namespace cf {

glm::mat4 paint_camera_view();
// The paint HUD at 'scale' pixels per font pixel over the list (its lines are drawn over the flesh).
void add_paint_hud(const Editor& editor, int scale, CommandList* list);

}  // namespace cf
