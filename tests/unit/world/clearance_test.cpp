// Clearance queries: rays over footprints (lref), regions, fence reach.
#include <cmath>

#include <gtest/gtest.h>

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

// Where movable ground ends: a box just outside every stretch of edge bordering open ground, none on a
// stretch two regions share; a point inside the region is never in one, a point just outside always is.
TEST(Clearance, RegionEdgesStandJustOutsideTheOpenStretches) {
  Level lv;
  EXPECT_TRUE(region_edges(lv).empty());  // no regions: the whole ground is movable
  lv.regions.push_back(Region{{{-2, -2}, {2, -2}, {2, 2}, {-2, 2}}, 3.0f});
  lv.regions.push_back(Region{{{2, -1}, {2, 1}, {5, 1}, {5, -1}}, 3.0f});  // clockwise, sharing x = 2
  const std::vector<Box> edges = region_edges(lv);
  ASSERT_FALSE(edges.empty());
  auto in_edge = [&](glm::vec3 p) {
    for (const Box& e : edges) {
      const glm::vec3 l = e.to_local(glm::vec3(p.x, e.centre.y, p.z));
      if (std::fabs(l.x) <= e.half_extents.x && std::fabs(l.z) <= e.half_extents.z) return true;
    }
    return false;
  };
  for (float t = -1.95f; t <= 1.95f; t += 0.1f) {
    EXPECT_TRUE(in_edge({t, 0, -2.1f})) << t;   // the big square's open sides
    EXPECT_TRUE(in_edge({-2.1f, 0, t})) << t;
    EXPECT_FALSE(in_edge({t, 0, -1.9f})) << t;  // inside: never
    EXPECT_FALSE(in_edge({1.9f, 0, t})) << t;
  }
  EXPECT_FALSE(in_edge({2.05f, 0, 0.0f}));  // the shared stretch is open ground on both sides
  EXPECT_TRUE(in_edge({2.1f, 0, 1.5f}));    // beside it, the square's edge borders open ground
  EXPECT_TRUE(in_edge({3.5f, 0, 1.1f}));    // the added strip's own open sides
  EXPECT_TRUE(in_edge({5.1f, 0, 0.0f}));
  for (const Box& e : edges) EXPECT_NEAR(2.0f * e.half_extents.z, kRegionEdgeDepth_m, 1e-5f);
  // Too many points to trace: none, a clear fallback (the body's centre is still kept inside).
  Region many;
  for (int k = 0; k < 200; ++k) {
    const float a = 6.2831853f * static_cast<float>(k) / 200.0f;
    many.points_xz.push_back({10.0f * std::cos(a), 10.0f * std::sin(a)});
  }
  Level big;
  for (int k = 0; k < 6; ++k) big.regions.push_back(many);
  EXPECT_TRUE(region_edges(big).empty());
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

}  // namespace
}  // namespace cf
