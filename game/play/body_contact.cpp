#include "game/play/body_contact.h"

#include <array>

#include "game/play/action.h"
#include "world/clearance.h"
#include "world/level.h"

namespace cf {

namespace {

constexpr float kTouchM = 1e-4f;    // overlaps shallower than this are touching, not a collision
constexpr int kPasses = 32;         // over every pair; stops once a pass needed no push
constexpr int kPushesPerPair = 4;   // a push parts the circles overlapping before it; it may make others touch

// Whether c's current action holds its path against pushes (a playing vault).
bool holds_path(const ActionRegistry& actions, const CreatureState& c) {
  const ActionId current = actions.current(c);
  return current != kLocomotion && actions[current].holds_path(c);
}

// How much of a push creature c takes: creatures whose action holds its path take none; everyone else
// (walking, sliding, walking to a vault's start, which steers back onto its line) gives way equally, so
// a creature held by a wall passes the whole push to the other.
float give(const ActionRegistry& actions, const CreatureState& c) { return holds_path(actions, c) ? 0.0f : 1.0f; }

// Moves c by delta (world x, z), then out of walls and fences; a move off the movable regions is not
// made. Its placed body follows.
void shove(const Level& lv, const Species& sp, CreatureState& c, glm::vec2 delta, PlacedFootprint* body) {
  glm::vec3 p = c.root_ws + glm::vec3(delta.x, 0.0f, delta.y);
  keep_body_out_of_walls(lv, sp, c.heading_rad, &p);
  if (!in_regions(lv, p)) return;
  c.root_ws = p;
  c.walker.position_ws = glm::vec3(p.x, c.walker.position_ws.y, p.z);
  body->origin_ws = glm::vec2(p.x, p.z);
}

}  // namespace

PlacedFootprint place_body(const Species& sp, const glm::vec3& root_ws, float heading_rad) {
  const glm::vec2 at(root_ws.x, root_ws.z);
  if (sp.footprint.count > 0) return place_footprint(sp.footprint, at, heading_rad);
  PlacedFootprint one;
  one.origin_ws = at;
  one.bound_m = sp.body_radius_m;
  one.count = 1;
  one.circles[0].radius = sp.body_radius_m;
  return one;
}

float body_bound(const Species& sp) { return sp.footprint.count > 0 ? sp.footprint.bound_m : sp.body_radius_m; }

bool keep_body_out_of_walls(const Level& level, const Species& sp, float heading_rad, glm::vec3* p) {
  return sp.footprint.count > 0 ? resolve_footprint_collisions(level, sp.footprint, heading_rad, p)
                                : resolve_circle_collisions(level, sp.body_radius_m, p);
}

void separate_creatures(SimState* s, const SimContext& ctx) {
  const Level& lv = *ctx.level;
  const int n = s->creature_count;
  const ActionRegistry& actions = ctx.registry();
  // Headings do not change here, so each body is placed once and only its origin follows the pushes.
  std::array<PlacedFootprint, kMaxCreatures> bodies;
  std::array<const Species*, kMaxCreatures> species{};
  for (int i = 0; i < n; ++i) {
    const CreatureState& c = s->creatures[static_cast<std::size_t>(i)];
    const Species* sp = ctx.species_of(c.species);
    species[static_cast<std::size_t>(i)] = sp && sp->rig ? sp : nullptr;
    if (sp) bodies[static_cast<std::size_t>(i)] = place_body(*sp, c.root_ws, c.heading_rad);
  }
  // Parts creatures i and j; true when a push was needed.
  auto part = [&](std::size_t i, std::size_t j) {
    CreatureState &a = s->creatures[i], &b = s->creatures[j];
    const float ga = give(actions, a), gb = give(actions, b);
    bool pushed = false;
    for (int k = 0; k < kPushesPerPair && ga + gb > 0.0f; ++k) {
      const FootprintPush push = footprint_push(bodies[i], bodies[j]);
      if (push.distance_m <= kTouchM) break;
      const float share = (push.distance_m + kTouchM) / (ga + gb);
      if (ga > 0.0f) shove(lv, *species[i], a, -push.direction_ab * (share * ga), &bodies[i]);
      if (gb > 0.0f) shove(lv, *species[j], b, push.direction_ab * (share * gb), &bodies[j]);
      pushed = true;
    }
    return pushed;
  };
  // Pairs with a creature holding its path go first in each pass: a body held between a vault and a
  // wall is left overlapping the vault (which passes), not another walker.
  for (int pass = 0; pass < kPasses; ++pass) {
    bool pushed = false;
    for (int held_pairs = 1; held_pairs >= 0; --held_pairs) {
      for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
        for (std::size_t j = i + 1; j < static_cast<std::size_t>(n); ++j) {
          if (!species[i] || !species[j]) continue;
          const glm::vec2 d = bodies[j].origin_ws - bodies[i].origin_ws;
          const float reach = bodies[i].bound_m + bodies[j].bound_m;
          if (glm::dot(d, d) >= reach * reach) continue;  // broad phase: the bounds do not meet
          const bool held_pair = holds_path(actions, s->creatures[i]) || holds_path(actions, s->creatures[j]);
          if (held_pair == (held_pairs == 1)) pushed |= part(i, j);
        }
      }
    }
    if (!pushed) break;
  }
}

}  // namespace cf
