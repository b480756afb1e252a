#include "creature/stroke_tools.h"

#include <cmath>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "math/geometry.h"

namespace cf {
namespace {

std::vector<glm::vec3> line(int n, glm::vec3 a, glm::vec3 b) {
  std::vector<glm::vec3> out;
  for (int i = 0; i < n; ++i) out.push_back(a + (b - a) * (static_cast<float>(i) / static_cast<float>(n - 1)));
  return out;
}

TEST(ResampleEven, KeepsEndsAndSpacesEvenly) {
  std::vector<glm::vec3> pts = {{0, 0, 0}, {0.01f, 0, 0}, {1, 0, 0}, {1, 0.5f, 0}};
  std::vector<glm::vec3> r = resample_even(pts, 0.1f);
  ASSERT_GE(r.size(), 3u);
  EXPECT_EQ(r.front(), pts.front());
  EXPECT_EQ(r.back(), pts.back());
  const float len = polyline_length(pts);
  const float step = len / static_cast<float>(r.size() - 1);
  for (std::size_t i = 1; i < r.size(); ++i) {
    // Chords are at most the arc step, and only corners make them shorter.
    EXPECT_LE(glm::length(r[i] - r[i - 1]), step + 1e-4f);
  }
}

TEST(ResampleEven, DegenerateInputsGiveTheCleanedInput) {
  EXPECT_TRUE(resample_even({}, 0.1f).empty());
  EXPECT_EQ(resample_even({{1, 2, 3}, {1, 2, 3}}, 0.1f).size(), 1u);
  EXPECT_EQ(resample_even(line(5, {0, 0, 0}, {1, 0, 0}), 0.0f).size(), 5u);
}

TEST(SmoothStroke, EndsStayAndAStraightLineStaysStraight) {
  std::vector<glm::vec3> pts = line(10, {0, 0, 0}, {0, 1, 0});
  smooth_stroke(&pts, 5);
  EXPECT_EQ(pts.front(), glm::vec3(0, 0, 0));
  EXPECT_EQ(pts.back(), glm::vec3(0, 1, 0));
  EXPECT_LT(max_turn_deg(pts), 1e-3f);
}

// A noisy stick: a straight pull with per-tick jitter of +-8 mm (the pen moves 15 mm a tick at full
// speed) must become a stroke with no turn sharper than 30 degrees.
TEST(TidyStroke, JitterDoesNotBecomeZigZag) {
  Rng rng = Rng::from_seed(42);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<glm::vec3> raw;
    glm::vec3 p(0.0f, 1.0f, 0.0f);
    for (int i = 0; i < 60; ++i) {
      p += glm::vec3(0.0f, -0.015f, 0.004f);
      raw.push_back(p + glm::vec3(0.0f, static_cast<float>(rng.uniform(-0.008, 0.008)), static_cast<float>(rng.uniform(-0.008, 0.008))));
    }
    EXPECT_GT(max_turn_deg(raw), 60.0f) << "the raw path should be jagged";
    const std::vector<glm::vec3> t = tidy_stroke(raw);
    EXPECT_LE(max_turn_deg(t), 30.0f) << "trial " << trial;
    EXPECT_EQ(t.front(), raw.front());
    EXPECT_EQ(t.back(), raw.back());
  }
}

TEST(TidyStroke, KeepsADeliberateCorner) {
  // A knee drawn on purpose: down 0.4 m then forward 0.3 m survives as a clear bend.
  std::vector<glm::vec3> raw = line(27, {0, 0.8f, 0}, {0, 0.4f, 0});
  std::vector<glm::vec3> b = line(20, {0, 0.4f, 0}, {0, 0.4f, 0.3f});
  raw.insert(raw.end(), b.begin() + 1, b.end());
  const std::vector<glm::vec3> t = tidy_stroke(raw);
  const glm::vec3 a = t[t.size() / 4] - t.front(), c = t.back() - t[3 * t.size() / 4];
  EXPECT_GT(std::acos(glm::dot(glm::normalize(a), glm::normalize(c))) * 57.3f, 60.0f);
}

TEST(TidyStroke, LongStrokesStayWithinThePointBudget) {
  const std::vector<glm::vec3> t = tidy_stroke(line(4000, {0, 0, 0}, {0, 0, 20}));
  EXPECT_LE(t.size(), 64u);
}

TEST(MirroredPart, MirrorsAcrossTheTorsoPlaneAndSwapsTheSide) {
  Part p;
  p.tag = PartTag::kLeg;
  p.side = Side::kLeft;
  p.stroke = {{0.3f, 1, 0}, {0.4f, 0, 0}};
  const Part m = mirrored_part(p, 0.1f);
  EXPECT_EQ(m.side, Side::kRight);
  EXPECT_FLOAT_EQ(m.stroke[0].x, -0.1f);
  EXPECT_FLOAT_EQ(m.stroke[1].x, -0.2f);
  EXPECT_EQ(m.stroke[1].y, 0.0f);
  EXPECT_EQ(mirrored_part(m, 0.1f).stroke[1].x, p.stroke[1].x);
}

TEST(SnapToTorsoSurface, LandsOneRadiusFromTheSpine) {
  Part torso;
  torso.radius = 0.15f;
  torso.stroke = {{0, 0.8f, -0.5f}, {0, 0.8f, 0.5f}};
  const glm::vec3 s = snap_to_torso_surface(torso, {0.4f, 0.8f, 0.2f});
  EXPECT_NEAR(s.x, 0.15f, 1e-5f);
  EXPECT_NEAR(s.z, 0.2f, 1e-5f);
  // On the spine itself: pushed sideways, to the side it was on.
  const glm::vec3 on = snap_to_torso_surface(torso, {-0.00001f, 0.8f, 0.0f});
  EXPECT_NEAR(std::fabs(on.x), 0.15f, 1e-5f);
}

TEST(PlantLeg, BringsTheAnkleAndToeToTheGround) {
  Part leg;
  leg.tag = PartTag::kLeg;
  leg.stroke = line(10, {0.15f, 0.7f, 0}, {0.15f, 0.1f, 0.05f});
  ASSERT_EQ(plant_leg(&leg), PlantResult::kPlanted);
  EXPECT_FLOAT_EQ(leg.stroke.front().y, 0.7f) << "the root stays on the body";
  // The last two points (ankle and the added toe) lie on the ground; the toe is ahead.
  const glm::vec3 ankle = leg.stroke[leg.stroke.size() - 2], toe = leg.stroke.back();
  EXPECT_EQ(ankle.y, 0.0f);
  EXPECT_EQ(toe.y, 0.0f);
  EXPECT_GT(toe.z, ankle.z);
  for (const glm::vec3& p : leg.stroke) EXPECT_GE(p.y, 0.0f);
}

TEST(PlantLeg, ALegDrawnBelowTheGroundIsSquashedOntoIt) {
  Part leg;
  leg.stroke = {{0.1f, 0.6f, 0}, {0.1f, 0.2f, 0.1f}, {0.1f, -0.1f, 0}, {0.1f, -0.1f, 0.15f}};
  ASSERT_EQ(plant_leg(&leg), PlantResult::kPlanted);
  EXPECT_EQ(leg.stroke[2].y, 0.0f);
  EXPECT_EQ(leg.stroke[3].y, 0.0f);
  EXPECT_EQ(leg.stroke.size(), 4u) << "a drawn foot needs no added toe";
}

TEST(PlantLeg, ALegEndingHighInTheAirIsLeftForTheRules) {
  Part leg;
  leg.stroke = line(5, {0.1f, 1.0f, 0}, {0.1f, 0.6f, 0});
  const std::vector<glm::vec3> before = leg.stroke;
  EXPECT_EQ(plant_leg(&leg), PlantResult::kTooHigh);
  EXPECT_EQ(leg.stroke, before);
}

TEST(PlantLeg, PlantingTwiceChangesNothing) {
  Part leg;
  leg.stroke = line(10, {0.15f, 0.7f, 0}, {0.15f, 0.05f, 0.0f});
  plant_leg(&leg);
  const std::vector<glm::vec3> once = leg.stroke;
  EXPECT_EQ(plant_leg(&leg), PlantResult::kAlreadyPlanted);
  EXPECT_EQ(leg.stroke, once);
}

}  // namespace
}  // namespace cf
