#pragma once
// How the level's land looks, built once per level: the ground as a grid (fine over the terrain, coarse
// round it) lifted onto the terrain and coloured by slope and height, its steep faces split off to be
// drawn as bare earth; the props' low-poly meshes; the sky and the fog matched to its horizon.
#include <cstdint>
#include <vector>

#include "render/geometry_stage.h"
#include "render/mesh_builders.h"
#include "render/sky_mesh.h"
#include "world/level.h"

namespace cf {

// Slopes steeper than this are drawn as earth, not grass (degrees; creatures walk up to about 25).
constexpr float kEarthSlope_deg = 24.0f;

// Rising ground is sorted with everything else (it may hide what is behind a hill), as if this much
// farther, so what stands on it sorts in front (a triangle's middle is within a cell of a foot on it).
constexpr float kRaisedGroundSortBias_m = 1.0f;
// A ditch (a level's gap): its floor sorts behind its inner walls, which are shown at most this deep.
constexpr float kDitchFloorSortBias_m = 2.0f;
constexpr float kDitchDepth_m = 0.8f;
constexpr Rgba8 kDitchFloorColor{28, 22, 18, 255}, kDitchWallColor{210, 165, 120, 255};

struct GroundLook {
  MeshData mesh;                        // model space: y relative to the level's ground_y
  // Triangles (indices into mesh): grass drawn with the ground texture, earth (the steep ones) with the
  // earth texture; 'low' ones lie on the level's flat ground or under it and are the ground layer (drawn
  // behind everything), 'raised' ones rise above it.
  std::vector<std::uint32_t> grass, earth, grass_raised, earth_raised;
};

// The tint a ground vertex is drawn with (multiplies the texture): grass darker in hollows and lighter on
// tops (height01: 0 at the terrain's lowest, 1 at its highest), browner as it steepens.
Rgba8 ground_tint(float slope_deg, float height01);

// Grid lines from lo to hi: every fine_step within [fine_lo, fine_hi] (when that overlaps), steps of at
// most coarse_step elsewhere. Sorted, both ends included.
std::vector<float> ground_lines(float lo, float hi, float fine_lo, float fine_hi, float fine_step, float coarse_step);

// The ground of a level: flat levels a plain tiled square (as before terrain), terrain levels the grid
// above with every vertex on the ground under it and tinted, drawn out to at least kDrawnGroundHalf_m
// (beyond the walkable square, into the fog) so no edge of the world shows.
constexpr float kDrawnGroundHalf_m = 100.0f;
GroundLook build_ground_look(const Level& level);

// A prop's mesh at scale 1, standing on y = 0 at the origin, vertex-coloured (MeshData::colors).
MeshData make_prop_mesh(Prop::Kind kind);

// The sky and fog of a level: its "sky" over the defaults (render/sky_mesh.h).
SkyLook level_sky_look(const Level& level);
// Fog (start, end, colour) for the level: the horizon's colour; from 'sky' or the default distances.
void level_fog(const Level& level, const SkyLook& look, Lighting* lighting);
constexpr float kDefaultFogStart_m = 16.0f, kDefaultFogEnd_m = 56.0f;

// The key light's direction of travel for a camera (world -> view): it comes from above and over the
// camera's right shoulder, so what the camera looks at is lit from the front whichever way it faces (a
// creature seen from behind reads in its painted colours, not in its shade). Its height above the
// horizon is fixed, so the ground's light never changes as the camera swings round.
glm::vec3 key_light_direction(const glm::mat4& camera_view);

}  // namespace cf
