// Capsule penetration: boxes, pipes, the level's deepest, the cheap bounds against an exhaustive loop.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "world/penetration.h"

namespace cf {
namespace {

Box box(glm::vec3 c, glm::vec3 h, float yaw = 0.0f) { return Box{c, h, yaw}; }

Wall wall(glm::vec3 c, glm::vec3 h, float yaw = 0.0f) {
  Wall w;
  w.box = box(c, h, yaw);
  return w;
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

TEST(Penetration, SkipsOnlyObjectsThatCannotTouch) {
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
