#pragma once
// The geometry stage's first pass over a drawn mesh's vertices (engine/render internal): clip position,
// outcode and screen position. Four vertices at a time with SSE2, bit for bit the scalar code: the same
// float operations in the same order on every lane (glm's mat4 * vec4 is (m0 x + m1 y) + (m2 z + m3)).
#include <cstdint>

#include <glm/glm.hpp>

#include "render/command_list.h"
#include "render/screen_projection.h"

namespace cf {

struct PlacedVertices {
  glm::vec4* clip = nullptr;
  std::uint16_t* outcode = nullptr;
  ScreenVertex* screen = nullptr;  // x, y, depth and inv_w; meaningful only where the outcode needs no clipping
  std::int32_t* xy = nullptr;      // the screen x and y again, packed (2 per vertex): the culling pass reads them
};

// Every vertex's clip position and outcode, and the screen corner of those that need no clipping.
void place_vertices(const glm::mat4& mvp, const glm::vec3* positions, int count, const Viewport& viewport,
                    const PlacedVertices& out);

// The same one vertex at a time, from vertex 'first' on (the reference for tests, and the tail).
void place_vertices_scalar(const glm::mat4& mvp, const glm::vec3* positions, int first, int count,
                           const Viewport& viewport, const PlacedVertices& out);

}  // namespace cf
