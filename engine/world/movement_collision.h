#pragma once
// Movement collision on the ground: a circle (a creature's body or one of its footprint circles) kept
// out of fences and walls and on the ground square. World space, metres; y is left alone.
#include <glm/glm.hpp>

#include "world/level.h"

namespace cf {

// Pushes a circle on the ground (centre p, radius r) out of a box's footprint; true when it moved.
// A centre inside the footprint leaves through the nearest face.
bool push_circle_out_of_box(const Box& box, float r, glm::vec3* p_ws);

// Pushes a circle on the ground out of a pipe seen from above (its axis's ground trace widened by its
// radius: a drain pipe is a circle, a conduit along a wall a strip); true when it moved. A centre on
// the axis leaves along +x.
bool push_circle_out_of_pipe(const Pipe& pipe, float r, glm::vec3* p_ws);

// Keeps a circle on the ground out of every fence, wall and gap (unless 'gaps' is false: a body in the
// air passes over them) and on the ground square (three passes for corners); p.y is kept. True when moved.
bool resolve_circle_collisions(const Level& level, float r, glm::vec3* p_ws, bool gaps = true);

}  // namespace cf
