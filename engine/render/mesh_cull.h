#pragma once
// Whole-mesh rejection for the geometry stage (engine/render internal). A mesh whose bounding box is
// surely outside one plane of the view volume has every vertex's outcode carry that plane's bit, so the
// per-triangle path would drop every triangle as wholly outside: the stage counts them so and skips the
// mesh before transforming a vertex. "Surely": by a margin far above the rounding of mvp * p, so a box
// that only grazes a plane goes the per-triangle way and the command list cannot change.
#include <cstdint>

#include <glm/glm.hpp>

namespace cf {

// Model-space bounds of a mesh's vertices; finite is false when any coordinate is NaN or infinite (such a
// mesh is never rejected whole: its vertices' outcodes are not what the box says).
struct MeshBox {
  glm::vec3 lo{0.0f}, hi{0.0f};
  bool finite = true;
};

MeshBox mesh_box(const glm::vec3* positions, int count);

// The largest of count indices (0 for none): GeometryJob::validate() asks for every mesh every frame.
std::uint32_t max_index(const std::uint32_t* indices, int count);

// True only when every point of the box is outside the same plane (near, far, left, right, bottom, top)
// of the clip volume of mvp (model -> clip) by more than the rounding of its clip coordinates.
bool box_outside(const MeshBox& box, const glm::mat4& mvp);

}  // namespace cf
