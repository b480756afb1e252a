#pragma once
// A creature's footprint on the ground for collisions: circles fitted to its body (torso, legs, head,
// tail, each stroke's flesh), placed by the creature's position and heading. Walking is stopped only
// where the body itself would enter a fence or wall, not a circle as wide as the longest reach.
#include <array>

#include <glm/glm.hpp>

#include "world/level.h"

namespace cf {

struct FootprintCircle {
  glm::vec2 offset_ms{0.0f};  // model x, z relative to the point the footprint moves with, metres
  float radius = 0.0f;        // metres, > 0
};

constexpr int kMaxFootprintCircles = 32;

struct Footprint {
  std::array<FootprintCircle, kMaxFootprintCircles> circles{};
  int count = 0;
};

// Circles along each stroke (model space, x z), spaced by the stroke's radius, relative to 'origin_xz';
// strokes are given as point lists with a flesh radius. Longer bodies get fewer, larger-spaced circles
// so that at most kMaxFootprintCircles are used.
struct FootprintStroke {
  const glm::vec3* points = nullptr;
  int count = 0;
  float radius = 0.0f;
};
Footprint fit_footprint(const FootprintStroke* strokes, int stroke_count, glm::vec2 origin_xz);

// Keeps the footprint (placed at p_ws facing heading_rad: 0 faces +Z) out of every fence and wall and
// on the ground square, moving p_ws only (heading is kept); p.y is kept. True when it was moved.
bool resolve_footprint_collisions(const Level& level, const Footprint& footprint, float heading_rad, glm::vec3* p_ws);

}  // namespace cf
