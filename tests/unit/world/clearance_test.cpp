// Clearance queries: rays over footprints (lref), penetration depths, regions, fence reach.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "world/clearance.h"

namespace cf {
namespace {

Box box(glm::vec3 c, glm::vec3 h, float yaw = 0.0f) { return Box{c, h, yaw}; }

Wall wall(glm::vec3 c, glm::vec3 h, float yaw = 0.0f) {
  Wall w;
  w.box = box(c, h, yaw);
  return w;
}

ClearanceQuery ray(glm::vec3 o, glm::vec3 d) {
  ClearanceQuery q;
  q.origin_ws = o;
  q.dir_ws = d;
  return q;
}

TEST(Clearance, EmptyLevelGivesMaxDistance) {
  Level lv;
  RayHit h = ray_clearance(lv, ray({0, 1, 0}, {1, 0, 0}));
  EXPECT_EQ(h.kind, HitKind::kNone);
  EXPECT_FLOAT_EQ(h.distance, 1000.0f);
}

TEST(Clearance, WallBoxDistance) {
  Level lv;
  lv.walls.push_back(wall({2, 1, 0}, {0.5f, 1, 3}));
  RayHit h = ray_clearance(lv, ray({0, 0.5f, 0}, {1, 0, 0}));
  EXPECT_EQ(h.kind, HitKind::kWallBox);
  EXPECT_EQ(h.index, 0);
  EXPECT_NEAR(h.distance, 1.5f, 1e-6f);
  // Direction y is ignored; length is normalized.
  EXPECT_NEAR(ray_clearance(lv, ray({0, 0.5f, 0}, {3, 5, 0})).distance, 1.5f, 1e-6f);
  // Away from the wall: nothing.
  EXPECT_EQ(ray_clearance(lv, ray({0, 0.5f, 0}, {-1, 0, 0})).kind, HitKind::kNone);
  // Diagonal ray: hits the face x = 1.5 at distance 1.5 * sqrt(2).
  EXPECT_NEAR(ray_clearance(lv, ray({0, 0, 0}, {1, 0, 1})).distance, 1.5f * std::sqrt(2.0f), 1e-5f);
  // Starting inside: 0.
  EXPECT_FLOAT_EQ(ray_clearance(lv, ray({2, 0, 0}, {1, 0, 0})).distance, 0.0f);
}

TEST(Clearance, RotatedWall) {
  Level lv;
  // A wall rotated 90 degrees: its local x (length 3) now runs along world -z; thickness along world x.
  lv.walls.push_back(wall({2, 1, 0}, {3, 1, 0.5f}, 90.0f));
  EXPECT_NEAR(ray_clearance(lv, ray({0, 0, 0}, {1, 0, 0})).distance, 1.5f, 1e-5f);
}

TEST(Clearance, HeightSpanFiltersObjects) {
  Level lv;
  lv.walls.push_back(wall({2, 3, 0}, {0.5f, 0.5f, 3}));  // a beam from y = 2.5 to 3.5
  ClearanceQuery q = ray({0, 0, 0}, {1, 0, 0});
  q.y_min = 0.0f;
  q.y_max = 2.0f;
  EXPECT_EQ(ray_clearance(lv, q).kind, HitKind::kNone);
  q.y_max = 2.6f;
  EXPECT_EQ(ray_clearance(lv, q).kind, HitKind::kWallBox);
}

TEST(Clearance, FencesCountExceptTheVaultedOne) {
  Level lv;
  lv.fences.push_back(box({0, 0.4f, 1}, {2, 0.4f, 0.05f}));
  lv.fences.push_back(box({1.2f, 0.4f, 1}, {0.05f, 0.4f, 2}, 0.0f));
  ClearanceQuery q = ray({0, 0, 0.5f}, {1, 0, 0});
  RayHit h = ray_clearance(lv, q);
  EXPECT_EQ(h.kind, HitKind::kFence);
  EXPECT_EQ(h.index, 1);
  EXPECT_NEAR(h.distance, 1.15f, 1e-6f);
  q.skip_fence = 1;
  EXPECT_EQ(ray_clearance(lv, q).kind, HitKind::kNone);
  q = ray({0, 0, 0}, {0, 0, 1});
  q.skip_fence = 0;
  EXPECT_EQ(ray_clearance(lv, q).kind, HitKind::kNone);
  q.skip_fence = -1;
  EXPECT_NEAR(ray_clearance(lv, q).distance, 0.95f, 1e-6f);
}

TEST(Clearance, PipesWithoutVirtualPlane) {
  Level lv;
  Wall w = wall({2, 1, 0}, {0.5f, 1, 3});
  w.pipes.push_back(Pipe{{1.4f, 0, 0.3f}, {1.4f, 2, 0.3f}, 0.05f});  // vertical pipe: a disc footprint
  w.pipes.push_back(Pipe{{1.3f, 1, -1}, {1.3f, 1, -3}, 0.1f});       // horizontal pipe along z
  lv.walls.push_back(w);
  RayHit h = ray_clearance(lv, ray({0, 0, 0.3f}, {1, 0, 0}));
  EXPECT_EQ(h.kind, HitKind::kPipe);
  EXPECT_NEAR(h.distance, 1.35f, 1e-5f);
  h = ray_clearance(lv, ray({0, 0, -2}, {1, 0, 0}));
  EXPECT_EQ(h.kind, HitKind::kPipe);
  EXPECT_NEAR(h.distance, 1.2f, 1e-5f);
  h = ray_clearance(lv, ray({0, 0, 2}, {1, 0, 0}));
  EXPECT_EQ(h.kind, HitKind::kWallBox);
  EXPECT_NEAR(h.distance, 1.5f, 1e-5f);
}

TEST(Clearance, VirtualPlaneReplacesDetail) {
  Level lv;
  Wall w = wall({2, 1, 0}, {0.5f, 1, 3});
  w.pipes.push_back(Pipe{{1.4f, 0, 0.3f}, {1.4f, 2, 0.3f}, 0.05f});
  ASSERT_TRUE(derive_virtual_plane(&w, "-x"));
  EXPECT_NEAR(w.plane_point.x, 1.35f, 1e-6f);
  lv.walls.push_back(w);
  // Everywhere along the wall the plane is what counts, pipe or not.
  for (float z : {-2.5f, 0.0f, 0.3f, 2.5f}) {
    RayHit h = ray_clearance(lv, ray({0, 0, z}, {1, 0, 0}));
    EXPECT_EQ(h.kind, HitKind::kWallPlane);
    EXPECT_NEAR(h.distance, 1.35f, 1e-5f) << z;
  }
  // Beyond the wall's lateral span the plane does not extend.
  EXPECT_EQ(ray_clearance(lv, ray({0, 0, 3.5f}, {1, 0, 0})).kind, HitKind::kNone);
  // An explicit plane further out than the geometry.
  lv.walls[0].plane_point = {1.0f, 0, 0};
  lv.walls[0].plane_face.clear();
  EXPECT_NEAR(ray_clearance(lv, ray({0, 0, 0}, {1, 0, 0})).distance, 1.0f, 1e-5f);
}

TEST(Clearance, RegionBoundary) {
  Level lv;
  lv.regions.push_back(Region{{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}, 3.0f});
  RayHit h = ray_clearance(lv, ray({0, 0, 0}, {1, 0, 0}));
  EXPECT_EQ(h.kind, HitKind::kRegionBoundary);
  EXPECT_NEAR(h.distance, 1.0f, 1e-6f);
  // A second region overlapping the first continues the movable area.
  lv.regions.push_back(Region{{{0.5f, -0.5f}, {0.5f, 0.5f}, {3, 0.5f}, {3, -0.5f}}, 3.0f});  // clockwise
  h = ray_clearance(lv, ray({0, 0, 0}, {1, 0, 0}));
  EXPECT_NEAR(h.distance, 3.0f, 1e-5f);
  EXPECT_EQ(h.index, 1);
  // Outside every region: no room at all.
  EXPECT_FLOAT_EQ(ray_clearance(lv, ray({5, 0, 5}, {1, 0, 0})).distance, 0.0f);
  // A nearer wall wins over the region boundary.
  lv.walls.push_back(wall({0.8f, 1, 0}, {0.1f, 1, 3}));
  h = ray_clearance(lv, ray({0, 0, 0}, {1, 0, 0}));
  EXPECT_EQ(h.kind, HitKind::kWallBox);
  EXPECT_NEAR(h.distance, 0.7f, 1e-6f);
}

TEST(Clearance, InRegions) {
  Level lv;
  EXPECT_TRUE(in_regions(lv, {100, 0, 100}));
  lv.regions.push_back(Region{{{-1, -1}, {1, -1}, {0, 1}}, 2.0f});
  EXPECT_TRUE(in_regions(lv, {0, 0, 0}));
  EXPECT_TRUE(in_regions(lv, {0, 1.9f, 0}));
  EXPECT_FALSE(in_regions(lv, {0, 2.1f, 0}));
  EXPECT_FALSE(in_regions(lv, {0.9f, 0, 0.9f}));
  EXPECT_FALSE(in_regions(lv, {0, 0, -1.1f}));
}

TEST(Penetration, BoxSignedDistance) {
  Box b = box({0, 1, 0}, {1, 1, 1}, 30.0f);
  EXPECT_NEAR(box_signed_distance(b, {0, 1, 0}), -1.0f, 1e-6f);
  EXPECT_NEAR(box_signed_distance(b, {0, 3, 0}), 1.0f, 1e-6f);
  glm::vec3 corner = b.to_world({1, 1, 1});
  EXPECT_NEAR(box_signed_distance(b, corner + glm::vec3(0, 0.5f, 0)), 0.5f, 1e-5f);
}

TEST(Penetration, SphereAndCapsuleAgainstBox) {
  Box b = box({0, 0.5f, 0}, {1, 0.5f, 0.05f});  // a fence, top at 1.0
  // A hand resting on top: touching is not penetrating.
  EXPECT_LT(penetration_capsule_box(Capsule{{0, 1.05f, 0}, {0, 1.05f, 0}, 0.05f}, b), 1e-6f);
  EXPECT_FLOAT_EQ(penetration_capsule_box(Capsule{{0, 1.051f, 0}, {0, 1.051f, 0}, 0.05f}, b), 0.0f);
  EXPECT_NEAR(penetration_capsule_box(Capsule{{0, 1.03f, 0}, {0, 1.03f, 0}, 0.05f}, b), 0.02f, 1e-5f);
  // A shin swept over the fence 10 cm above: clear.
  EXPECT_FLOAT_EQ(penetration_capsule_box(Capsule{{0, 1.15f, -1}, {0, 1.15f, 1}, 0.05f}, b), 0.0f);
  // Through the middle: radius + half the thickness.
  EXPECT_NEAR(penetration_capsule_box(Capsule{{0, 0.5f, -1}, {0, 0.5f, 1}, 0.05f}, b), 0.1f, 1e-5f);
  // Diagonal segment whose closest approach is mid-segment: the minimum is found, not the ends.
  EXPECT_NEAR(penetration_capsule_box(Capsule{{-0.5f, 1.5f, -1}, {0.5f, 0.96f, 1}, 0.0f}, b), 0.0f, 1e-6f);
  // y = 1 - z/2 enters the top for z in (0, 0.05]: deepest where z/2 = 0.05 - z, depth 1/60.
  EXPECT_NEAR(penetration_capsule_box(Capsule{{0, 1.5f, -1}, {0, 0.5f, 1}, 0.0f}, b), 1.0f / 60.0f, 1e-5f);
}

TEST(Penetration, AgainstPipe) {
  Pipe p{{0, 0, 0}, {0, 2, 0}, 0.1f};
  EXPECT_FLOAT_EQ(penetration_capsule_pipe(Capsule{{0.3f, 1, -1}, {0.3f, 1, 1}, 0.1f}, p), 0.0f);
  EXPECT_NEAR(penetration_capsule_pipe(Capsule{{0.15f, 1, -1}, {0.15f, 1, 1}, 0.1f}, p), 0.05f, 1e-5f);
}

TEST(Penetration, LevelDeepestAndOptions) {
  Level lv;
  lv.fences.push_back(box({0, 0.5f, 0}, {1, 0.5f, 0.05f}));
  Wall w = wall({2, 1, 0}, {0.5f, 1, 3});
  w.pipes.push_back(Pipe{{1.4f, 0, 0.5f}, {1.4f, 2, 0.5f}, 0.05f});
  lv.walls.push_back(w);
  Capsule c{{1.45f, 1, -0.5f}, {1.45f, 1, 0.5f}, 0.1f};  // 5 cm into the wall box, 10 cm into the pipe
  Penetration p = level_penetration(lv, c);
  EXPECT_EQ(p.kind, HitKind::kPipe);
  EXPECT_NEAR(p.depth, 0.1f, 1e-4f);
  PenetrationOptions o;
  o.walls = false;
  EXPECT_FLOAT_EQ(level_penetration(lv, c, o).depth, 0.0f);
  Capsule through_fence{{0, 0.5f, -1}, {0, 0.5f, 1}, 0.02f};
  EXPECT_EQ(level_penetration(lv, through_fence).kind, HitKind::kFence);
  o = {};
  o.skip_fence = 0;
  EXPECT_FLOAT_EQ(level_penetration(lv, through_fence, o).depth, 0.0f);
  o.ground = true;
  EXPECT_NEAR(level_penetration(lv, Capsule{{5, 0.01f, 5}, {5, 0.01f, 6}, 0.03f}, o).depth, 0.02f, 1e-6f);
}

// Property: capsule penetration agrees with brute-force sampling of the segment.
TEST(Penetration, MatchesDenseSampling) {
  Rng rng = Rng::from_seed(7);
  auto u = [&](double lo, double hi) { return float(rng.uniform(lo, hi)); };
  for (int i = 0; i < 300; ++i) {
    Box b = box({u(-1, 1), u(0, 1), u(-1, 1)},
                {u(0.05f, 1), u(0.05f, 1), u(0.05f, 1)}, u(-180, 180));
    Capsule c{{u(-2, 2), u(-1, 2), u(-2, 2)},
              {u(-2, 2), u(-1, 2), u(-2, 2)}, u(0, 0.3f)};
    float brute = -1e9f;
    for (int k = 0; k <= 4000; ++k) {
      glm::vec3 p = c.a + (c.b - c.a) * (float(k) / 4000.0f);
      brute = std::max(brute, c.radius - box_signed_distance(b, p));
    }
    brute = std::max(brute, 0.0f);
    float got = penetration_capsule_box(c, b);
    EXPECT_GE(got, brute - 1e-5f) << i;
    EXPECT_LE(got, brute + 2e-3f) << i;  // sampling misses at most a sliver between samples
  }
}

// With 'enough': the exact depth whenever it is under 'enough', else a value between enough and the depth.
TEST(Penetration, EnoughGivesTheDepthOrABoundPastIt) {
  Rng rng = Rng::from_seed(11);
  auto u = [&](double lo, double hi) { return float(rng.uniform(lo, hi)); };
  int bounded = 0;
  for (int i = 0; i < 2000; ++i) {
    const Box b = box({u(-1, 1), u(0, 1), u(-1, 1)}, {u(0.05f, 1), u(0.05f, 1), u(0.05f, 1)}, u(-180, 180));
    const Pipe p{{u(-1, 1), u(0, 1), u(-1, 1)}, {u(-1, 1), u(0, 1), u(-1, 1)}, u(0.02f, 0.3f)};
    const Capsule c{{u(-2, 2), u(-1, 2), u(-2, 2)}, {u(-2, 2), u(-1, 2), u(-2, 2)}, u(0, 0.3f)};
    const float enough = i % 3 == 0 ? std::numeric_limits<float>::min() : u(0, 0.5f);
    for (const auto& [exact, got] : {std::pair{penetration_capsule_box(c, b), penetration_capsule_box(c, b, enough)},
                                     std::pair{penetration_capsule_pipe(c, p), penetration_capsule_pipe(c, p, enough)}}) {
      if (exact < enough) {
        ASSERT_EQ(got, exact) << i;  // the same bits
      } else {
        ASSERT_GE(got, enough) << i;
        ASSERT_LE(got, exact) << i;
        bounded += got != exact;
      }
    }
  }
  EXPECT_GT(bounded, 50);  // the shortcut is taken
}

TEST(FenceReach, FindsTheFenceInFront) {
  Level lv;
  lv.fences.push_back(box({0, 0.4f, 2}, {1, 0.4f, 0.05f}));
  lv.fences.push_back(box({0, 0.4f, -2}, {1, 0.4f, 0.05f}));
  EXPECT_EQ(fence_in_reach(lv, {0, 0, 1.2f}, {0, 0, 1}, 1.0f), 0);
  EXPECT_EQ(fence_in_reach(lv, {0, 0, -1.2f}, {0, 0, -1}, 1.0f), 1);
  EXPECT_EQ(fence_in_reach(lv, {0, 0, 1.2f}, {0, 0, -1}, 1.0f), -1);  // facing away
  EXPECT_EQ(fence_in_reach(lv, {0, 0, 0}, {0, 0, 1}, 1.0f), -1);      // too far
  EXPECT_NEAR(distance_to_footprint(lv.fences[0], {0, 5, 1.2f}), 0.75f, 1e-6f);
}

// level_penetration skips objects whose bounds are apart from the capsule's: the answer must be exactly
// the exhaustive one (the vertical test and every exact depth), also for capsules grazing a surface.
Penetration exhaustive_penetration(const Level& lv, const Capsule& c) {
  Penetration out;
  auto consider = [&](float depth, HitKind kind, int index) {
    if (depth > out.depth) out = Penetration{depth, kind, index};
  };
  const float lo = std::min(c.a.y, c.b.y) - c.radius, hi = std::max(c.a.y, c.b.y) + c.radius;
  for (std::size_t i = 0; i < lv.fences.size(); ++i) {
    const Box& f = lv.fences[i];
    if (!(hi < f.bottom_y() || lo > f.top_y())) consider(penetration_capsule_box(c, f), HitKind::kFence, int(i));
  }
  for (std::size_t i = 0; i < lv.walls.size(); ++i) {
    const Wall& w = lv.walls[i];
    if (!(hi < w.box.bottom_y() || lo > w.box.top_y()))
      consider(penetration_capsule_box(c, w.box), HitKind::kWallBox, int(i));
    for (const Pipe& p : w.pipes) consider(penetration_capsule_pipe(c, p), HitKind::kPipe, int(i));
  }
  return out;
}

TEST(Clearance, PenetrationSkipsOnlyObjectsThatCannotTouch) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  Level lv;
  for (int i = 0; i < 3; ++i) {
    lv.fences.push_back(box({3.0f * i - 3.0f, 0.5f, 2.0f}, {0.8f, 0.5f, 0.05f}, 37.0f * i));
    Wall w = wall({3.0f * i - 3.0f, 1.0f, -2.0f}, {1.0f, 1.0f, 0.2f}, 25.0f * i + 10.0f);
    w.pipes.push_back(Pipe{w.box.to_world({-0.5f, -1.0f, 0.3f}), w.box.to_world({-0.5f, 1.0f, 0.3f}), 0.06f});
    lv.walls.push_back(w);
  }
  int touching = 0, grazing = 0;
  for (int k = 0; k < 20000; ++k) {
    Capsule c;
    c.a = glm::vec3(4.5f * u(rng), 1.2f + 1.2f * u(rng), 3.5f * u(rng));
    c.b = c.a + 0.4f * glm::vec3(u(rng), u(rng), u(rng));
    c.radius = 0.05f + 0.05f * (u(rng) + 1.0f);
    if (k % 4 == 0) {  // graze: an end point exactly one radius (+-0.1 mm) off a fence's face
      const Box& f = lv.fences[static_cast<std::size_t>(k / 4 % 3)];
      c.a = f.to_world({0.7f * u(rng), 0.4f * u(rng), f.half_extents.z + c.radius + 1e-4f * u(rng)});
      ++grazing;
    }
    const Penetration want = exhaustive_penetration(lv, c), got = level_penetration(lv, c);
    ASSERT_EQ(got.depth, want.depth) << "capsule " << k;
    ASSERT_EQ(got.kind, want.kind) << "capsule " << k;
    ASSERT_EQ(got.index, want.index) << "capsule " << k;
    touching += want.depth > 0.0f;
  }
  EXPECT_GT(touching, 1000);  // the test sees real hits, not only misses
  EXPECT_GT(grazing, 1000);
}

}  // namespace
}  // namespace cf
