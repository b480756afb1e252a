#include "game/editor/editor_camera.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "core/input_frame.h"

namespace cf {

glm::mat4 editor_camera_view(DrawPlane plane) {
  // Side view: from the creature's right (-X) so its forward (+Z) points right on screen.
  // Front view: from ahead (+Z), so its left (+X) is on the right.
  const glm::vec3 eye = plane == DrawPlane::kSide ? kEditorLookAt + glm::vec3(-kEditorCameraDistance, 0.0f, 0.0f)
                                                  : kEditorLookAt + glm::vec3(0.0f, 0.0f, kEditorCameraDistance);
  return glm::lookAt(eye, kEditorLookAt, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::vec3 pointer_on_plane(DrawPlane plane, const glm::vec3& pen, std::int16_t mouse_x, std::int16_t mouse_y) {
  // The ray through the pointer, in the camera's frame: -Z ahead, the picture spans tan(fov/2).
  const float t = std::tan(0.5f * kEditorFovY);
  const glm::vec3 dir_cs(InputFrame::axis(mouse_x) * t * kEditorAspect, InputFrame::axis(mouse_y) * t, -1.0f);
  const glm::mat4 cam_to_world = glm::inverse(editor_camera_view(plane));
  const glm::vec3 eye = glm::vec3(cam_to_world[3]);
  const glm::vec3 dir = glm::mat3(cam_to_world) * dir_cs;
  // Side: x = pen.x (the camera looks along +X); front: z = pen.z (it looks along -Z).
  const float s = plane == DrawPlane::kSide ? (pen.x - eye.x) / dir.x : (pen.z - eye.z) / dir.z;
  glm::vec3 p = eye + s * dir;
  if (plane == DrawPlane::kSide) p.x = pen.x; else p.z = pen.z;  // exactly on the plane
  return p;
}

}  // namespace cf
