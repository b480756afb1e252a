#pragma once
// The creature's flesh: one swept tube per part around the part's bones (the normalized skeleton, so
// the flesh follows what animates it), with hemispherical caps at both ends. A limb, head or tail that
// starts near the torso is extended back to the nearest torso point (the overlap hides the join) and
// its radius swells smoothly towards the torso (a fillet-like flare), so limbs grow out of the body
// instead of ending in a visible cap. Built once from the Skeleton; plain data.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "core/result.h"
#include "skeleton/skeleton.h"
#include "skin/skin_types.h"

namespace cf {

struct MeshOptions {
  int target_vertices = 0;  // about this many vertices (within a few percent); 0 means 3000
  int resolved_target() const { return target_vertices == 0 ? 3000 : target_vertices; }
};

struct SkinMesh {
  std::vector<glm::vec3> positions_ms;  // bind pose, model space, metres
  std::vector<glm::vec3> normals_ms;    // outward unit normals, model space
  std::vector<glm::vec2> uvs;           // u around the tube [0, 1], v along the part [0, 1]
  std::vector<std::uint32_t> indices;   // triangles, counter-clockwise seen from outside
  std::vector<int> vertex_part;         // creature part index per vertex
  Adjacency adjacency;                  // vertices sharing a triangle edge, plus UV-seam twins

  int vertex_count() const { return static_cast<int>(positions_ms.size()); }
};

// Builds the mesh. Fails (naming the bone) when the skeleton has no part bones, non-finite positions or
// radii, or when the target is outside 64..2,000,000.
Result<SkinMesh> build_mesh(const Skeleton& skeleton, const MeshOptions& options = {});

// Checks sizes, finite values, unit normals, index ranges and adjacency; errors name the element.
Status validate_mesh(const SkinMesh& mesh);

}  // namespace cf
