#pragma once
// The grids' random bodies (the motion grid, the terrain grid): cell i of a seeded stream.
#include <algorithm>

#include <glm/glm.hpp>

#include "../retarget/test_creatures.h"

namespace cf {

// A random body with 'legs' legs (test::random_creature) and the given arms (0-4) and tail.
inline Creature grid_body(Rng& rng, int legs, int arms, bool tail) {
  Creature c = test::random_creature(rng, legs);
  const Part torso = c.parts[0];
  const float h = torso.stroke[1].y, r = torso.radius;
  const float len = glm::length(torso.stroke.back() - torso.stroke.front());
  for (int a = 0; a < arms; ++a) {
    const float side = a % 2 == 0 ? -1.0f : 1.0f;  // an odd arm out is a right arm
    const float t = a < 2 ? 0.8f : 0.55f;         // along the torso from its back
    const glm::vec3 root = glm::mix(torso.stroke.front(), torso.stroke.back(), t) + glm::vec3(side * 0.8f * r, 0, 0);
    const float s = 0.6f * std::min(root.y, 1.0f);
    Part arm;
    arm.tag = PartTag::kArm;
    arm.side = side > 0.0f ? Side::kLeft : Side::kRight;
    arm.side_given = true;
    arm.radius = 0.25f * r;
    const glm::vec3 elbow = root + s * glm::vec3(side * 0.2f, -0.3f, -0.05f);
    const glm::vec3 wrist = elbow + s * glm::vec3(0.02f * side, -0.3f, 0.12f);
    arm.stroke = {root, elbow, wrist, wrist + s * glm::vec3(0.0f, -0.08f, 0.04f)};
    c.parts.push_back(arm);
  }
  if (tail) {
    const glm::vec3 back = torso.stroke.front();
    const float drop = std::max(0.0f, std::min(0.2f * h, back.y - 0.6f * r - 0.08f));
    Part t;
    t.tag = PartTag::kTail;
    t.radius = 0.4f * r;
    t.stroke = {back + glm::vec3(0, 0, -0.02f), back + glm::vec3(0, -0.5f * drop, -0.3f * std::max(len, 0.4f)),
                back + glm::vec3(0, -drop, -0.55f * std::max(len, 0.4f))};
    c.parts.push_back(t);
  }
  return c;
}

// The random creature of grid cell i: legs 0-8, arms 0-4, a tail every other 45 cells.
inline Creature grid_creature(Rng& rng, int i) { return grid_body(rng, i % 9, (i / 9) % 5, (i / 45) % 2 == 1); }

}  // namespace cf
