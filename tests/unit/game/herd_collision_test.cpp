// Creatures collide as bodies: two creatures touch where their footprints (circles fitted to their
// strokes, placed by root and heading) overlap, not where their reach circles do; overlapping bodies
// are pushed apart until no circles overlap; a wandering herd never ends a tick with bodies inside
// each other or inside a wall.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "game/play/herd.h"
#include "game/play/actions/vault_action.h"
#include "game/play/scene.h"
#include "game/session/session.h"
#include "world/clearance.h"
#include "world/level.h"

namespace cf {
namespace {

Scene load(const char* creature, const char* level = "open_ground.json") {
  Result<Scene> s = load_scene(std::string(CF_ASSETS_DIR "/creatures/") + creature,
                               std::string(CF_ASSETS_DIR "/levels/") + level);
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
}

// A world of two kinds of creature (a long quadruped and a biped) on open ground, with no one in it.
struct TwoKinds {
  Scene quad = load("quadruped.json"), biped = load("biped.json");
  std::array<Species, 2> species{make_species(quad), make_species(biped)};
  SimContext ctx;
  SimState s;
  TwoKinds() {
    ctx.level = &quad.level;
    ctx.species = species.data();
    ctx.species_count = 2;
    s.creature_count = 0;
  }
  PlacedFootprint body(int i) const {
    const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
    return place_body(species[static_cast<std::size_t>(c.species)], c.root_ws, c.heading_rad);
  }
  float gap(int i, int j) const { return footprint_gap(body(i), body(j), 10.0f).gap_m; }
};

// The x at which a biped facing +Z stands beside the quadruped (at the origin, facing +Z) with its
// body 'gap' metres from the quadruped's.
float beside_at(const TwoKinds& w, float gap) {
  const PlacedFootprint q = place_body(w.species[0], glm::vec3(0.0f), 0.0f);
  float lo = 0.0f, hi = 5.0f;
  for (int k = 0; k < 60; ++k) {
    const float mid = 0.5f * (lo + hi);
    const float g = footprint_gap(q, place_body(w.species[1], glm::vec3(mid, 0.0f, 0.0f), 0.0f), 10.0f).gap_m;
    (g < gap ? lo : hi) = mid;
  }
  return 0.5f * (lo + hi);
}

TEST(HerdCollision, BodiesSideBySideWhoseReachCirclesOverlapAreNotPushed) {
  TwoKinds w;
  const float x = beside_at(w, 0.03f);
  // The case that matters: the reach circles (as wide as the longest reach) overlap, the bodies don't.
  ASSERT_LT(x, w.species[0].body_radius_m + w.species[1].body_radius_m - 0.1f);
  ASSERT_EQ(add_creature(&w.s, w.ctx, 0, glm::vec3(0.0f), 0.0f), 0);
  ASSERT_EQ(add_creature(&w.s, w.ctx, 1, glm::vec3(x, 0.0f, 0.0f), 0.0f), 1);
  const glm::vec3 a = w.s.creatures[0].root_ws, b = w.s.creatures[1].root_ws;
  separate_creatures(&w.s, w.ctx);
  EXPECT_EQ(w.s.creatures[0].root_ws, a);
  EXPECT_EQ(w.s.creatures[1].root_ws, b);
  EXPECT_NEAR(w.gap(0, 1), 0.03f, 1e-3f);
}

TEST(HerdCollision, OverlappingBodiesArePushedApartUntilTheyJustTouch) {
  TwoKinds w;
  ASSERT_EQ(add_creature(&w.s, w.ctx, 0, glm::vec3(0.0f), 0.0f), 0);
  ASSERT_EQ(add_creature(&w.s, w.ctx, 1, glm::vec3(beside_at(w, -0.15f), 0.0f, 0.0f), 0.0f), 1);
  ASSERT_LT(w.gap(0, 1), -0.14f);
  separate_creatures(&w.s, w.ctx);
  // Apart, and no further than the overlap asked: bodies touching, not reach circles.
  EXPECT_GE(w.gap(0, 1), -1e-3f);
  EXPECT_LE(w.gap(0, 1), 5e-3f);
  // Both gave way (neither vaults), sideways.
  EXPECT_LT(w.s.creatures[0].root_ws.x, -0.03f);
  EXPECT_GT(w.s.creatures[1].root_ws.x - w.s.creatures[0].root_ws.x, beside_at(w, 0.0f) - 0.05f);
  EXPECT_NEAR(w.s.creatures[1].root_ws.z, 0.0f, 0.03f);
  EXPECT_EQ(w.s.creatures[1].walker.position_ws.x, w.s.creatures[1].root_ws.x);
}

TEST(HerdCollision, ACrowdDroppedOnOneSpotEndsWithNoBodiesOverlapping) {
  TwoKinds w;
  // Eight creatures, both kinds, every heading, all within 0.4 m of one point.
  for (int k = 0; k < 8; ++k) {
    const float a = 0.8f * static_cast<float>(k);
    ASSERT_GE(add_creature(&w.s, w.ctx, k % 2, glm::vec3(0.4f * std::sin(a), 0.0f, 0.4f * std::cos(a)), a), 0);
  }
  separate_creatures(&w.s, w.ctx);
  float least = 1e9f;
  for (int i = 0; i < w.s.creature_count; ++i)
    for (int j = i + 1; j < w.s.creature_count; ++j) least = std::min(least, w.gap(i, j));
  EXPECT_GE(least, -1e-3f);
}

TEST(HerdCollision, AVaultingCreatureHoldsItsPathAndTheOtherGivesWay) {
  TwoKinds w;
  ASSERT_EQ(add_creature(&w.s, w.ctx, 0, glm::vec3(0.0f), 0.0f), 0);
  ASSERT_EQ(add_creature(&w.s, w.ctx, 1, glm::vec3(beside_at(w, -0.1f), 0.0f, 0.0f), 0.0f), 1);
  vault_of(w.s.creatures[0]).vault.phase = VaultPhase::kPlaying;
  w.s.creatures[0].current_action = w.ctx.registry().find("vault");  // as the tick keeps it when a vault starts
  const glm::vec3 held = w.s.creatures[0].root_ws;
  separate_creatures(&w.s, w.ctx);
  EXPECT_EQ(w.s.creatures[0].root_ws, held);
  EXPECT_GE(w.gap(0, 1), -1e-3f);
}

TEST(HerdCollision, APushKeepsTheBodyOutOfWalls) {
  // A wall just beside the biped: the quadruped pushes it, the wall holds it, the quadruped gives way.
  TwoKinds w;
  const float x = beside_at(w, -0.12f);
  const PlacedFootprint biped = place_body(w.species[1], glm::vec3(x, 0.0f, 0.0f), 0.0f);
  float right = -1e9f;  // the biped body's far side
  for (int k = 0; k < biped.count; ++k)
    right = std::max(right, biped.origin_ws.x + biped.circles[static_cast<std::size_t>(k)].offset_ws.x +
                                biped.circles[static_cast<std::size_t>(k)].radius);
  Wall wall;
  wall.box.centre = glm::vec3(right + 0.005f + 0.2f, 1.0f, 0.0f);
  wall.box.half_extents = glm::vec3(0.2f, 1.0f, 3.0f);
  w.quad.level.walls.push_back(wall);
  ASSERT_EQ(add_creature(&w.s, w.ctx, 0, glm::vec3(0.0f), 0.0f), 0);
  ASSERT_EQ(add_creature(&w.s, w.ctx, 1, glm::vec3(x, 0.0f, 0.0f), 0.0f), 1);
  separate_creatures(&w.s, w.ctx);
  EXPECT_GE(w.gap(0, 1), -1e-3f);
  glm::vec3 p = w.s.creatures[1].root_ws;
  EXPECT_FALSE(resolve_footprint_collisions(w.quad.level, w.species[1].footprint, 0.0f, &p));  // not in the wall
  EXPECT_LT(w.s.creatures[0].root_ws.x, -0.05f);  // the quadruped took the push
}

// A wandering herd: every tick, the least gap between two non-vaulting bodies, the deepest any body
// went into a wall or fence, whether every creature stayed on the movable ground, and how far the
// herd walked.
struct HerdWatch {
  float least_gap_m = 1e9f;
  float deepest_in_wall_m = 0.0f;
  bool off_regions = false;
  float mean_walked_m = 0.0f;
  std::uint64_t hash = 0;
};

HerdWatch watch_herd(const char* level, int n, int ticks, std::uint64_t seed) {
  HerdWatch out;
  Session s;
  Result<std::vector<HerdKind>> herd = pick_herd(n, seed, CF_ASSETS_DIR "/creatures");
  EXPECT_TRUE(herd.ok());
  EXPECT_TRUE(s.start(load("biped.json", level), seed, *herd).ok());
  EXPECT_EQ(s.state().creature_count, n + 1);
  const SimContext& ctx = s.context();
  std::vector<glm::vec3> last;
  for (int i = 0; i < s.state().creature_count; ++i) last.push_back(s.state().creatures[i].root_ws);
  double walked = 0.0;
  for (int t = 0; t < ticks; ++t) {
    s.tick(InputFrame{});
    const SimState& st = s.state();
    for (int i = 0; i < st.creature_count; ++i) {
      const CreatureState& a = st.creatures[i];
      const Species& sa = *ctx.species_of(a.species);
      if (i > 0) walked += glm::length(a.root_ws - last[static_cast<std::size_t>(i)]);
      last[static_cast<std::size_t>(i)] = a.root_ws;
      if (vault_of(a).playing()) continue;
      out.off_regions |= !in_regions(*ctx.level, a.root_ws);
      const PlacedFootprint body = place_body(sa, a.root_ws, a.heading_rad);
      if (!vault_of(a).approaching) {
        for (int k = 0; k < body.count; ++k) {
          const PlacedCircle& pc = body.circles[static_cast<std::size_t>(k)];
          const glm::vec3 at(body.origin_ws.x + pc.offset_ws.x, 0.0f, body.origin_ws.y + pc.offset_ws.y);
          for (const Wall& w : ctx.level->walls)
            out.deepest_in_wall_m = std::max(out.deepest_in_wall_m, pc.radius - distance_to_footprint(w.box, at));
          for (const Box& f : ctx.level->fences)
            out.deepest_in_wall_m = std::max(out.deepest_in_wall_m, pc.radius - distance_to_footprint(f, at));
        }
      }
      for (int j = i + 1; j < st.creature_count; ++j) {
        const CreatureState& b = st.creatures[j];
        if (vault_of(b).playing()) continue;
        const PlacedFootprint other = place_body(*ctx.species_of(b.species), b.root_ws, b.heading_rad);
        const float g = footprint_gap(body, other, 0.5f).gap_m;
        out.least_gap_m = std::min(out.least_gap_m, g);
      }
    }
  }
  out.mean_walked_m = static_cast<float>(walked / n);
  out.hash = hash_state(s.state());
  return out;
}

TEST(HerdCollision, AWanderingHerdNeverEndsATickWithBodiesInsideEachOtherOrAWall) {
  const HerdWatch w = watch_herd("default.json", 24, 600, 11);
  EXPECT_GE(w.least_gap_m, -2e-3f);
  EXPECT_LE(w.deepest_in_wall_m, 2e-3f);
  EXPECT_FALSE(w.off_regions);
  EXPECT_GT(w.mean_walked_m, 3.0f);  // the herd still walks (about 0.5 m/s over 10 s when free)
  std::printf("herd of 24, 600 ticks: least gap %.4f m, deepest in a wall %.4f m, walked %.2f m each\n",
              static_cast<double>(w.least_gap_m), static_cast<double>(w.deepest_in_wall_m),
              static_cast<double>(w.mean_walked_m));
}

}  // namespace
}  // namespace cf
