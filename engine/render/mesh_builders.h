#pragma once
// Owning mesh data and builders for simple level geometry (boxes, the tiled ground) and test scenes.
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "render/geometry_stage.h"

namespace cf {

struct MeshData {
  std::vector<glm::vec3> positions_ms;
  std::vector<glm::vec3> normals_ms;
  std::vector<glm::vec2> uvs;
  std::vector<std::uint32_t> indices;  // counter-clockwise seen from outside
  std::vector<Rgba8> colors;           // optional per-vertex colours (MeshInput::vertex_colors); empty: none

  // A MeshInput viewing this data (valid while the MeshData lives and is not resized).
  MeshInput view(const glm::mat4& model_to_world, Rgba8 color, TextureId texture) const;
};

// A box centred on the model origin with the given half extents (metres). Each face is split into
// tiles of about tile_m metres (0 => one quad per face) so painter's sorting and affine texturing stay
// tolerable; UVs run uv_per_m repeats per metre.
MeshData make_box_mesh(const glm::vec3& half_extents_m, float tile_m = 0.0f, float uv_per_m = 1.0f);

// The inner walls of a pit (a ditch) under a rectangle of the y = 0 plane with the given half extents
// (x, z), from y = 0 down to y = -1 (scale y for the depth): four faces turned inward, each split into
// tiles of about tile_m metres along the ground.
MeshData make_pit_walls_mesh(float half_x_m, float half_z_m, float tile_m = 0.0f, float uv_per_m = 1.0f);

// The ground: a square in the y = 0 plane, centred on the origin, half_size_m on a side, split into
// tiles x tiles quads, facing +Y.
MeshData make_ground_mesh(float half_size_m, int tiles, float uv_per_m = 1.0f);

// A UV sphere of the given radius centred on the origin: rings x segments quads (poles as triangles).
// rings >= 2, segments >= 3; u wraps once around, v runs from the top pole (0) to the bottom (1).
MeshData make_sphere_mesh(float radius_m, int rings, int segments);

}  // namespace cf
