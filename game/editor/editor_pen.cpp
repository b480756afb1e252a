// The editor's pen: its response to the stick and the mouse, and where it goes by itself (after a
// part is made, onto the body's side for limbs, onto a selected part); see editor.h.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/gtc/matrix_transform.hpp>

#include "core/tick.h"
#include "creature/creature_rules.h"
#include "creature/stroke_tools.h"
#include "game/editor/editor.h"
#include "game/modes/modes.h"
#include "math/geometry.h"

namespace cf {

namespace {

// A stick as a pen velocity share: the direction kept, the length through the response curve.
glm::vec2 stick_response(std::int16_t x, std::int16_t y) {
  const glm::vec2 v(InputFrame::axis(x), InputFrame::axis(y));
  const float m = glm::length(v);
  return m > 0.0f ? v * (pen_speed_share(m) / m) : glm::vec2(0.0f);
}


std::string metres(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f m", static_cast<double>(v));
  return buf;
}

}  // namespace

float pen_speed_share(float deflection) {
  return std::clamp((deflection - kStickDeadZone) / (kStickFullAt - kStickDeadZone), 0.0f, 1.0f);
}

glm::vec3 clamp_pen(glm::vec3 p) {
  p.x = std::clamp(p.x, -kPenLimit_m, kPenLimit_m);
  p.z = std::clamp(p.z, -kPenLimit_m, kPenLimit_m);
  p.y = std::clamp(p.y, 0.0f, 2.0f * kPenLimit_m);
  return p;
}

void Editor::move_pen(const InputFrame& in) {
  const bool slow = map_actions(ModeId::kEditor, in, 0) & kActionEditSlow;
  const float speed = slow ? kPenSlowSpeed_mps * precise_scale_ : kPenSpeed_mps * pen_scale_;
  // The right stick (and a mouse drag, which the platform maps onto it) moves the pen as well.
  glm::vec2 v = stick_response(in.left_x, in.left_y) + stick_response(InputFrame::stick(in.right_x), InputFrame::stick(in.right_y));
  const float m = glm::length(v);
  if (m > 1.0f) v /= m;
  const float step = speed * kTick_sf;
  if (pen_.plane == DrawPlane::kSide) {
    pen_.pos.z += v.x * step;  // the side view looks at the creature's right: +Z (forward) is to the right
  } else {
    pen_.pos.x += v.x * step;  // the front view faces the creature: its left (+X) is to the right
  }
  pen_.pos.y += v.y * step;
  // The mouse: the pen follows the pointer on the plane while it moves or its left button is held
  // (a resting mouse leaves the pen to the stick).
  const bool pointer_moved = in.mouse_x != prev_in_.mouse_x || in.mouse_y != prev_in_.mouse_y;
  if (pointer_moved || in.held(kButtonMouseLeft)) {
    pen_.pos = pointer_on_plane(pen_.plane, pen_.pos, in.mouse_x, in.mouse_y);
  }
  pen_.pos = clamp_pen(pen_.pos);
}

void Editor::place_pen_after(const Part& made) {
  if (made.stroke.empty()) return;
  glm::vec3 target = made.stroke.front();  // a limb, head or tail: its root, on the body
  if (made.tag == PartTag::kTorso) {
    // Where legs start: under the lower end of an upright torso, under the front end of a level one.
    const glm::vec3 a = made.stroke.front(), b = made.stroke.back();
    const bool upright = std::fabs(a.y - b.y) > std::fabs(a.z - b.z);
    const glm::vec3 end = upright ? (a.y < b.y ? a : b) : (a.z > b.z ? a : b);
    const glm::vec3 other = upright ? (a.y < b.y ? b : a) : (a.z > b.z ? b : a);
    target = end;
    if (!upright && glm::length(other - end) > 1e-4f) {
      target += glm::normalize(other - end) * std::min(made.radius, 0.25f * glm::length(other - end));
      target.y -= made.radius;
    }
  }
  // In the plane only: the depth stays where the player (or fit_plane_to_tag) put it.
  if (pen_.plane == DrawPlane::kSide) {
    pen_.pos.y = target.y, pen_.pos.z = target.z;
  } else {
    pen_.pos.x = target.x, pen_.pos.y = target.y;
  }
  pen_.pos = clamp_pen(pen_.pos);
}

bool Editor::fit_plane_to_tag(PartTag tag, bool say) {
  if (!doc_.symmetry || pen_.plane != DrawPlane::kSide || pen_.drawing) return false;
  const int torso = find_torso(doc_.creature);
  if (torso < 0) return false;
  const Part& t = doc_.creature.parts[static_cast<std::size_t>(torso)];
  const float mid = torso_mid_x(t), off = pen_.pos.x - mid;
  if (is_limb(tag) && std::fabs(off) <= kCentreLineEps_m) {
    // The near side (the side camera looks from the creature's right); the twin goes on the far one.
    pen_.pos.x = mid - t.radius;
    if (say) set_message(std::string(to_string(tag)) + "s go on the body's side: depth " + metres(t.radius) + " right");
    return true;
  }
  if (!is_limb(tag) && tag != PartTag::kTorso && std::fabs(off) > kCentreLineEps_m &&
      std::fabs(off) <= t.radius + kCentreLineEps_m) {
    pen_.pos.x = mid;  // a head or tail continues the spine, on the centre line
    if (say) set_message(std::string("the ") + to_string(tag) + " goes on the centre line: depth 0");
    return true;
  }
  return false;
}

void Editor::pen_to_selected() {
  const Creature& c = doc_.creature;
  if (doc_.selected < 0 || doc_.selected >= static_cast<int>(c.parts.size())) {
    set_message("no part selected - the pen stays");
    return;
  }
  const Part& p = c.parts[static_cast<std::size_t>(doc_.selected)];
  if (p.stroke.empty()) return;
  // A torso: its middle; any other part: its root, where a neighbour would start.
  pen_.pos = clamp_pen(p.tag == PartTag::kTorso ? polyline_point_at(p.stroke, 0.5f * polyline_length(p.stroke))
                                                : p.stroke.front());
  set_message("pen on " + describe_part(c, doc_.selected));
}

void Editor::depth_to_body(bool side) {
  const int torso = find_torso(doc_.creature);
  if (torso < 0) {
    set_message("draw the torso first");
    return;
  }
  const Part& t = doc_.creature.parts[static_cast<std::size_t>(torso)];
  if (pen_.plane == DrawPlane::kSide) {
    const float mid = torso_mid_x(t);
    // Side: the near side first, pressed again the far side.
    const bool near = std::fabs(pen_.pos.x - (mid - t.radius)) < 1e-4f;
    pen_.pos.x = side ? (near ? mid + t.radius : mid - t.radius) : mid;
    set_message(side ? "depth " + metres(t.radius) + (near ? " left" : " right") + ": the body's side"
                     : std::string("depth 0: the centre line"));
  } else {
    float front = -kPenLimit_m;
    double sum = 0.0;
    for (const glm::vec3& q : t.stroke) front = std::max(front, q.z), sum += q.z;
    const float middle = t.stroke.empty() ? 0.0f : static_cast<float>(sum / static_cast<double>(t.stroke.size()));
    pen_.pos.z = side ? front : middle;
    set_message(side ? "depth: the body's front end" : "depth: the body's middle");
  }
  pen_.pos = clamp_pen(pen_.pos);
}

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
