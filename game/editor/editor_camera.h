#pragma once
// The editor's two cameras (side and front view) and the pointer's way onto the drawing plane: the
// view draws with the first, the editor's ticks use the second, so a click lands under the pointer.
#include <cstdint>

#include <glm/glm.hpp>

#include "game/editor/editor.h"

namespace cf {

constexpr glm::vec3 kEditorLookAt{0.0f, 0.75f, 0.0f};  // model space, metres
constexpr float kEditorCameraDistance = 3.9f;
constexpr float kEditorFovY = 0.75f;                   // radians
constexpr float kEditorAspect = 4.0f / 3.0f;           // the picture (internal 320 x 240, letterboxed)

// The editor camera for a drawing plane (world = model space: the creature stands at the origin).
glm::mat4 editor_camera_view(DrawPlane plane);

// The point of the drawing plane under the pointer (InputFrame::mouse_x/y: the picture edge to edge
// is -32767..32767, +y up). The plane is the side view's x = pen.x or the front view's z = pen.z;
// both face their camera, so every pointer position meets it. Not clamped to the pen's limits.
glm::vec3 pointer_on_plane(DrawPlane plane, const glm::vec3& pen, std::int16_t mouse_x, std::int16_t mouse_y);

}  // namespace cf
