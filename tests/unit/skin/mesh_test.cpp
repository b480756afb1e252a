// The creature mesh: vertex budget, closed surfaces, outward unit normals, UVs, adjacency, and envelope
// weights.
#include "skin/mesh.h"

#include <cmath>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "skin/envelope.h"
#include "test_skeleton.h"

namespace cf {
namespace {

// Distance from p to the nearest bone segment of 'part' (the rig bones the tube follows).
float distance_to_part(const Skeleton& sk, int part, const glm::vec3& p, glm::vec3* nearest) {
  float best = 1e30f;
  for (int b = 0; b < sk.size(); ++b) {
    if (sk.part[b] != part) continue;
    glm::vec3 a = sk.head_ms[b], ab = sk.tail_ms[b] - a;
    float l2 = glm::dot(ab, ab);
    float t = l2 > 0 ? std::clamp(glm::dot(p - a, ab) / l2, 0.0f, 1.0f) : 0.0f;
    glm::vec3 q = a + ab * t;
    if (glm::length(p - q) < best) best = glm::length(p - q), *nearest = q;
  }
  return best;
}

void check_mesh(const Skeleton& sk, const SkinMesh& m, int target) {
  ASSERT_TRUE(validate_mesh(m).ok()) << validate_mesh(m).error.to_string();
  EXPECT_NEAR(m.vertex_count(), target, 0.1 * target);
  int inward = 0;
  for (int v = 0; v < m.vertex_count(); ++v) {
    ASSERT_NEAR(glm::length(m.normals_ms[v]), 1.0f, 1e-5f);
    ASSERT_GE(m.uvs[v].x, 0.0f);
    ASSERT_LE(m.uvs[v].x, 1.0f);
    ASSERT_GE(m.uvs[v].y, 0.0f);
    ASSERT_LE(m.uvs[v].y, 1.0f + 1e-6f);
    // Outward: away from the part's bones. The tube follows rounded corners, so on the inner side of
    // a sharp ankle the nearest bone is not quite the tube's axis: allow a small negative there.
    glm::vec3 q;
    distance_to_part(sk, m.vertex_part[v], m.positions_ms[v], &q);
    const float out = glm::dot(m.normals_ms[v], glm::normalize(m.positions_ms[v] - q));
    ASSERT_GT(out, -0.5f) << "normal of vertex " << v << " points inward";
    if (out <= 0.0f) ++inward;
  }
  EXPECT_LE(inward, m.vertex_count() / 100) << "more than 1% of the normals point towards the bones";
  // Closed and consistently wound: with UV-seam twins welded, every edge is used exactly once in each
  // direction; triangle normals agree with the vertex normals.
  std::map<std::tuple<float, float, float>, int> weld;
  std::vector<int> id(m.vertex_count());
  for (int v = 0; v < m.vertex_count(); ++v) {
    const glm::vec3 p = m.positions_ms[v];
    id[v] = weld.emplace(std::make_tuple(p.x, p.y, p.z), v).first->second;
  }
  std::map<std::pair<int, int>, int> directed;
  int flipped = 0;
  double volume = 0.0;
  for (std::size_t i = 0; i < m.indices.size(); i += 3) {
    int a = id[m.indices[i]], b = id[m.indices[i + 1]], c = id[m.indices[i + 2]];
    ASSERT_TRUE(a != b && b != c && a != c) << "degenerate triangle " << i / 3;
    directed[{a, b}]++;
    directed[{b, c}]++;
    directed[{c, a}]++;
    glm::vec3 pa = m.positions_ms[m.indices[i]], pb = m.positions_ms[m.indices[i + 1]],
              pc = m.positions_ms[m.indices[i + 2]];
    glm::vec3 fn = glm::cross(pb - pa, pc - pa);
    glm::vec3 vn = m.normals_ms[m.indices[i]] + m.normals_ms[m.indices[i + 1]] + m.normals_ms[m.indices[i + 2]];
    if (glm::dot(fn, vn) <= 0.0f) ++flipped;
    volume += glm::dot(pa, glm::cross(pb, pc)) / 6.0;
  }
  // Tight bends (a foot shorter than ~2 tube radii) fold a few triangles on their inner side.
  EXPECT_LT(flipped, static_cast<int>(m.indices.size() / 3 / 100)) << "triangles wound against their normals";
  EXPECT_GT(volume, 0.0) << "the surface is wound inside out";
  for (const auto& [e, n] : directed) {
    ASSERT_EQ(n, 1) << "edge used twice in one direction";
    ASSERT_EQ(directed.count({e.second, e.first}), 1u) << "open edge: the surface has a hole";
  }
  // Adjacency: symmetric, and it links every triangle edge.
  std::set<std::pair<int, int>> adj;
  for (int v = 0; v < m.vertex_count(); ++v)
    for (int k = m.adjacency.offsets[v]; k < m.adjacency.offsets[v + 1]; ++k) adj.insert({v, m.adjacency.neighbors[k]});
  for (auto [a, b] : adj) ASSERT_TRUE(adj.count({b, a}));
  for (std::size_t i = 0; i < m.indices.size(); i += 3) ASSERT_TRUE(adj.count({int(m.indices[i]), int(m.indices[i + 1])}));
}

TEST(Mesh, TestSkeletonDefaultBudget) {
  Skeleton sk = test::make_test_skeleton();
  auto m = build_mesh(sk);
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  check_mesh(sk, *m, 3000);
  std::set<int> parts(m->vertex_part.begin(), m->vertex_part.end());
  EXPECT_EQ(parts, (std::set<int>{0, 1, 2}));
}

TEST(Mesh, ShippedCreaturesAtSeveralBudgets) {
  for (const char* name : test::kShippedCreatures) {
    auto rig = test::load_shipped_rig(name);
    ASSERT_TRUE(rig.ok()) << name << ": " << rig.error().to_string();
    for (int target : {1000, 3000, 50000}) {
      if (target == 50000 && std::string(name) != "biped" && std::string(name) != "stubby") continue;  // time
      MeshOptions o;
      o.target_vertices = target;
      auto m = build_mesh(rig->skeleton, o);
      ASSERT_TRUE(m.ok()) << name << ": " << m.error().to_string();
      SCOPED_TRACE(std::string(name) + " target " + std::to_string(target));
      check_mesh(rig->skeleton, *m, target);
    }
  }
}

TEST(Mesh, LimbsGrowOutOfTheTorso) {
  Skeleton sk = test::make_test_skeleton();
  auto m = build_mesh(sk);
  ASSERT_TRUE(m.ok());
  // Some leg vertices reach inside the torso tube (the overlap that hides the join).
  int inside = 0;
  for (int v = 0; v < m->vertex_count(); ++v) {
    glm::vec3 q;
    if (m->vertex_part[v] != 0 && distance_to_part(sk, 0, m->positions_ms[v], &q) < 0.12f) ++inside;
  }
  EXPECT_GT(inside, 0);
}

TEST(Mesh, BadSkeletonIsRejected) {
  Skeleton sk = test::make_test_skeleton();
  sk.head_ms[2].y = std::nanf("");
  auto m = build_mesh(sk);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().to_string().find("bones[2]"), std::string::npos);
  sk = test::make_test_skeleton();
  sk.radius[4] = -1.0f;
  EXPECT_FALSE(build_mesh(sk).ok());
  sk = test::make_test_skeleton();
  sk.radius.pop_back();
  EXPECT_FALSE(build_mesh(sk).ok());
  MeshOptions o;
  o.target_vertices = 10;
  EXPECT_FALSE(build_mesh(test::make_test_skeleton(), o).ok());
  Skeleton empty;
  EXPECT_FALSE(build_mesh(empty).ok());
}

TEST(Mesh, ValidateCatchesBadData) {
  auto m = build_mesh(test::make_test_skeleton());
  ASSERT_TRUE(m.ok());
  SkinMesh bad = *m;
  bad.indices[5] = 999999;
  EXPECT_FALSE(validate_mesh(bad).ok());
  bad = *m;
  bad.adjacency.neighbors[0] = -3;
  EXPECT_FALSE(validate_mesh(bad).ok());
  bad = *m;
  bad.normals_ms[0] = glm::vec3(0);
  EXPECT_FALSE(validate_mesh(bad).ok());
}

TEST(Envelope, WeightsAreNormalizedAndFollowTheNearestBones) {
  Skeleton sk = test::make_test_skeleton();
  auto m = build_mesh(sk);
  ASSERT_TRUE(m.ok());
  WeightTable w = envelope_weights(sk, m->positions_ms);
  ASSERT_EQ(w.vertex_count(), m->vertex_count());
  int many = 0;
  for (int v = 0; v < w.vertex_count(); ++v) {
    double sum = 0;
    for (const Influence* a = w.begin(v); a != w.end(v); ++a) {
      EXPECT_NE(a->bone, 0) << "the cog bone has no flesh";
      EXPECT_GE(a->weight, 0.0f);
      sum += a->weight;
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
    if (w.count(v) >= 3) ++many;
  }
  EXPECT_GT(many, 0) << "envelopes overlap near joints: some vertices start with several influences";
  // A vertex on the middle of a shin is dominated by the shin bone.
  std::vector<glm::vec3> probe{{0.1f + 0.035f, 0.17f, 0.025f}};
  WeightTable pw = envelope_weights(sk, probe);
  int best = -1;
  float bw = 0;
  for (const Influence* a = pw.begin(0); a != pw.end(0); ++a)
    if (a->weight > bw) bw = a->weight, best = a->bone;
  EXPECT_EQ(sk.names[best], "leg_l_lower");
}

}  // namespace
}  // namespace cf
