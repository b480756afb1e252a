#pragma once
// How deep flesh goes into a level: capsules (a bone with its flesh radius) against boxes, pipes and
// everything in a level. World space, metres. No allocation, no exceptions.
#include <glm/glm.hpp>

#include "world/hit_kind.h"
#include "world/level.h"

namespace cf {

// A limb segment with flesh: every point within radius of segment ab. a == b gives a sphere.
struct Capsule {
  glm::vec3 a{0.0f}, b{0.0f};  // world space
  float radius = 0.0f;         // metres, >= 0
};

// Signed distance from p to the box (negative inside), world space, metres.
float box_signed_distance(const Box& box, const glm::vec3& p);
// How deep the capsule goes into the box or pipe: max(0, radius - min signed distance), metres.
float penetration_capsule_box(const Capsule& c, const Box& box);
float penetration_capsule_pipe(const Capsule& c, const Pipe& pipe);  // pipe as a capsule
// The same, except that when an end of the capsule alone already goes 'enough' deep, that end's depth
// (<= the whole depth, >= enough) comes back without searching the segment. For "does it touch" and
// "is it deeper than" questions.
float penetration_capsule_box(const Capsule& c, const Box& box, float enough);
float penetration_capsule_pipe(const Capsule& c, const Pipe& pipe, float enough);

struct PenetrationOptions {
  bool walls = true;       // wall boxes and their pipes (never the virtual planes)
  bool fences = true;
  int skip_fence = -1;     // a fence to ignore, -1 for none
  bool ground = false;     // also count depth below the ground plane
};
struct Penetration {
  float depth = 0.0f;      // metres, >= 0; 0 when nothing enters
  HitKind kind = HitKind::kNone;
  int index = -1;
};
// The deepest penetration of the capsule into anything in the level.
Penetration level_penetration(const Level& level, const Capsule& c, const PenetrationOptions& opt = {});
// level_penetration(level, c, opt).depth > 0, stopping at the first touch (no depth is measured).
bool level_touches(const Level& level, const Capsule& c, const PenetrationOptions& opt = {});

}  // namespace cf
