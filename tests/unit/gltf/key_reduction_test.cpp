// Key reduction: what it keeps, and that the bound it promises holds when checked independently.
#include "gltf/key_reduction.h"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <random>

namespace cf {
namespace {

// A chain root -> mid -> tip along +Y, 0.5 m bones; probes at each bone's head and tail.
struct Chain {
  Skeleton sk;
  KeyReductionInput in;
  std::vector<std::vector<glm::mat4>> frames;
  Chain() {
    sk.names = {"root", "mid", "tip"};
    sk.parents = {-1, 0, 1};
    in.skeleton = &sk;
    in.probes.assign(3, {glm::vec3(0.0f), glm::vec3(0.5f, 0.0f, 0.0f), glm::vec3(0.0f, 0.1f, 0.1f)});
  }
  // Per tick: root translation and the three bones' local rotations about Z.
  void add(const glm::vec3& root_t, float a0, float a1, float a2) {
    const float angles[3] = {a0, a1, a2};
    std::vector<glm::mat4> f(3);
    glm::mat4 m = glm::translate(glm::mat4(1.0f), root_t);
    for (int b = 0; b < 3; ++b) {
      if (b > 0) m = glm::translate(m, glm::vec3(0.5f, 0.0f, 0.0f));
      m = glm::rotate(m, angles[b], glm::vec3(0, 0, 1));
      f[b] = m;
    }
    frames.push_back(f);
  }
  KeyReduction reduce(float max_error) {
    in.frames = &frames;
    in.max_error_m = max_error;
    return reduce_keys(in);
  }
};

// The worst probe distance of the kept keys played back (lerp/slerp, then forward kinematics),
// computed here without the reducer's own bookkeeping.
double replay_error(const Chain& c, const KeyReduction& r) {
  double worst = 0.0;
  for (std::size_t f = 0; f < c.frames.size(); ++f) {
    glm::dmat4 parent(1.0);
    for (int b = 0; b < 3; ++b) {
      const JointTrack& tr = r.tracks[b];
      const JointKeys& k = r.keys[b];
      auto around = [&](const std::vector<int>& keys, int* a, int* z) {
        for (std::size_t i = 0; i + 1 < keys.size(); ++i)
          if (keys[i] <= static_cast<int>(f) && static_cast<int>(f) <= keys[i + 1])
            *a = keys[i], *z = keys[i + 1];
      };
      int ta = 0, tz = 0, ra = 0, rz = 0;
      around(k.translation, &ta, &tz);
      around(k.rotation, &ra, &rz);
      const double st = tz == ta ? 0.0 : double(int(f) - ta) / (tz - ta),
                   sr = rz == ra ? 0.0 : double(int(f) - ra) / (rz - ra);
      const glm::dvec3 t = glm::mix(glm::dvec3(tr.translation[ta]), glm::dvec3(tr.translation[tz]), st);
      const glm::dquat q = slerp_shortest(glm::dquat(tr.rotation[ra]), glm::dquat(tr.rotation[rz]), sr);
      glm::dmat4 local = glm::mat4_cast(q);
      local[3] = glm::dvec4(t, 1.0);
      parent = parent * local;
      const glm::dmat4 exact(c.frames[f][b]);
      for (const glm::vec3& p : c.in.probes[b])
        worst = std::max(worst, glm::length(glm::dvec3(parent * glm::dvec4(glm::dvec3(p), 1.0)) -
                                            glm::dvec3(exact * glm::dvec4(glm::dvec3(p), 1.0))));
    }
  }
  return worst;
}

TEST(KeyReduction, StillPoseKeepsOnlyTheEndKeys) {
  Chain c;
  for (int f = 0; f < 30; ++f) c.add(glm::vec3(0.1f, 0.9f, 0.0f), 0.3f, -0.5f, 0.2f);
  const KeyReduction r = c.reduce(0.001f);
  for (const JointKeys& k : r.keys) {
    EXPECT_EQ(k.translation, (std::vector<int>{0, 29}));
    EXPECT_EQ(k.rotation, (std::vector<int>{0, 29}));
  }
  EXPECT_EQ(r.keys_before, 2 * 3 * 30);
  EXPECT_EQ(r.keys_after, 2 * 3 * 2);
  EXPECT_LT(r.max_error_m, 1e-6f);
}

TEST(KeyReduction, StraightLineTravelNeedsNoInnerKeys) {
  Chain c;
  for (int f = 0; f < 40; ++f) c.add(glm::vec3(0.0f, 0.9f, 0.02f * f), 0.0f, 0.0f, 0.0f);
  const KeyReduction r = c.reduce(0.001f);
  EXPECT_EQ(r.keys[0].translation, (std::vector<int>{0, 39}));
  EXPECT_LT(r.max_error_m, 1e-6f);
}

// Seeded random smooth motions: every bound holds when replayed, and a looser bound keeps fewer keys.
TEST(KeyReduction, RandomSmoothMotionsStayWithinTheBound) {
  std::mt19937 rng(16);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (int trial = 0; trial < 20; ++trial) {
    Chain c;
    const float w[4] = {3.0f + 3.0f * u(rng), 4.0f + 3.0f * u(rng), 5.0f + 3.0f * u(rng), 2.0f + u(rng)};
    const float amp = 0.6f + 0.4f * u(rng);
    for (int f = 0; f < 90; ++f) {
      const float t = f / 60.0f;
      c.add(glm::vec3(0.1f * std::sin(w[3] * t), 0.9f + 0.03f * std::sin(2 * w[3] * t), 0.8f * t),
            amp * std::sin(w[0] * t), amp * std::sin(w[1] * t + 1.0f), amp * std::sin(w[2] * t + 2.0f));
    }
    const KeyReduction fine = c.reduce(0.001f), coarse = c.reduce(0.01f);
    EXPECT_LE(fine.max_error_m, 0.001f) << trial;
    EXPECT_LE(coarse.max_error_m, 0.01f) << trial;
    EXPECT_LE(replay_error(c, fine), 0.001 + 1e-6) << trial;
    EXPECT_LE(replay_error(c, coarse), 0.01 + 1e-6) << trial;
    EXPECT_LT(coarse.keys_after, fine.keys_after) << trial;
    EXPECT_LT(fine.keys_after, fine.keys_before) << trial;
    EXPECT_GT(fine.keys_after, 2 * 3 * 2) << trial;  // the motion does need inner keys
  }
}

TEST(KeyReduction, RotationsAreSignContinuous) {
  Chain c;
  for (int f = 0; f < 60; ++f) c.add(glm::vec3(0.0f), 0.1f * f, 0.0f, 0.0f);  // turns past 2 pi
  const KeyReduction r = c.reduce(0.001f);
  const auto& q = r.tracks[0].rotation;
  for (std::size_t f = 1; f < q.size(); ++f) EXPECT_GE(glm::dot(q[f - 1], q[f]), 0.0f) << f;
  EXPECT_LE(replay_error(c, r), 0.001 + 1e-6);
}

TEST(KeyReduction, SlerpTakesTheShortArc) {
  const glm::dquat a(1, 0, 0, 0), b = glm::angleAxis(1.0, glm::dvec3(0, 1, 0));
  const glm::dquat half = slerp_shortest(a, -b, 0.5);  // -b is the same rotation as b
  EXPECT_NEAR(glm::angle(half), 0.5, 1e-9);
  EXPECT_NEAR(std::abs(glm::dot(slerp_shortest(a, b, 0.0), a)), 1.0, 1e-12);
  EXPECT_NEAR(std::abs(glm::dot(slerp_shortest(a, b, 1.0), b)), 1.0, 1e-12);
  // Nearly equal rotations fall back to a normalized lerp without dividing by ~0.
  const glm::dquat c = glm::angleAxis(1e-9, glm::dvec3(1, 0, 0));
  EXPECT_NEAR(glm::length(slerp_shortest(a, c, 0.5)), 1.0, 1e-12);
}

}  // namespace
}  // namespace cf
