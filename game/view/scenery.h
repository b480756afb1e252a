#pragma once
// The level's detail the player must see besides fences and walls: wall pipes (drain pipes, conduits)
// and the borders of the movable regions, a low post-and-rail fence where open grass ends.
// Built once per level; the view draws them like fences.
#include <vector>

#include <glm/glm.hpp>

#include "render/mesh_builders.h"
#include "world/level.h"

namespace cf {

struct SceneryPiece {
  enum class Kind { kPipe, kRegionRail, kGate };
  Kind kind = Kind::kPipe;
  MeshData mesh;
  glm::mat4 model_to_world{1.0f};
  Rgba8 color{255, 255, 255, 255};  // a gate's: start white, checkpoints blue, finish red
  glm::vec3 half_extents{0.0f};      // a gate's box, in its own frame
};

// Pipes as square-section posts along their axis; a post-and-rail fence along each of the level's edges
// (Level::edges: where a region borders ground outside all regions); a trial's
// gates as arches (two posts and a bar) or flags (a pole at each end, a pennant on top). Gates never collide.
std::vector<SceneryPiece> build_scenery(const Level& level);

// How a gate's piece is drawn from the camera at eye_ws looking at the player: hidden when the eye is in
// it or all but touching it (it would be a band across the picture), dithered see-through when the
// eye is near it or looks through it at the player (the console way), else solid. Other pieces: solid.
enum class GateLook { kSolid, kSeeThrough, kHidden };
GateLook gate_look(const SceneryPiece& piece, const glm::vec3& eye_ws, const glm::vec3& player_ws);

}  // namespace cf
