// Influence limiting: the issue's example, the tie rules and random properties.
#include "skin/limit.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <gtest/gtest.h>

#include "core/rng.h"

namespace cf {
namespace {

enum { A = 0, B = 1, C = 2, D = 3 };

// Builds a table from per-vertex {bone: weight} lists and an adjacency from neighbour lists.
struct Case {
  WeightTable w;
  Adjacency adj;
  void vertex(std::vector<Influence> inf, std::vector<int> nbrs) {
    w.add_vertex(inf.data(), static_cast<int>(inf.size()));
    adj.neighbors.insert(adj.neighbors.end(), nbrs.begin(), nbrs.end());
    adj.offsets.push_back(static_cast<int>(adj.neighbors.size()));
  }
  LimitedWeights run(int n, Redistribute r = Redistribute::kProportional, std::vector<int> prio = {}) {
    LimitOptions o;
    o.max_influences = n;
    o.redistribute = r;
    auto res = limit_weights(w, adj, 4, prio, o);
    EXPECT_TRUE(res.ok()) << (res.ok() ? "" : res.error().to_string());
    return res.ok() ? *res : LimitedWeights{};
  }
};

std::map<int, float> weights_of(const LimitedWeights& l, int v) {
  std::map<int, float> m;
  for (const Influence* a = l.weights.begin(v); a != l.weights.end(v); ++a) m[a->bone] = a->weight;
  return m;
}
std::vector<int> deleted_of(const LimitedWeights& l, int v) {
  std::vector<int> d;
  for (const Influence* a = l.deleted.begin(v); a != l.deleted.end(v); ++a) d.push_back(a->bone);
  return d;
}

TEST(Limit, IssueExampleProportional) {
  Case c;
  c.vertex({{A, 0.1f}, {B, 0.5f}, {C, 0.4f}}, {});
  auto l = c.run(2);
  auto m = weights_of(l, 0);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_NEAR(m[B], 0.5 + 0.1 * 0.5 / 0.9, 1e-6);
  EXPECT_NEAR(m[C], 0.4 + 0.1 * 0.4 / 0.9, 1e-6);
  EXPECT_NEAR(m[B], 0.5556, 5e-5);
  EXPECT_NEAR(m[C], 0.4444, 5e-5);
  EXPECT_EQ(deleted_of(l, 0), std::vector<int>{A});
}

TEST(Limit, IssueExampleEqual) {
  Case c;
  c.vertex({{A, 0.1f}, {B, 0.5f}, {C, 0.4f}}, {});
  auto m = weights_of(c.run(2, Redistribute::kEqual), 0);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_NEAR(m[B], 0.55, 1e-6);
  EXPECT_NEAR(m[C], 0.45, 1e-6);
}

TEST(Limit, DeletesRepeatedlyInOrderOfSmallest) {
  Case c;
  c.vertex({{A, 0.05f}, {B, 0.15f}, {C, 0.3f}, {D, 0.5f}}, {});
  auto l = c.run(1);
  EXPECT_EQ(deleted_of(l, 0), (std::vector<int>{A, B, C}));
  EXPECT_FLOAT_EQ(weights_of(l, 0)[D], 1.0f);
}

// v0 has A and B tied for the smallest; v1 (its neighbour) has A larger, so A is kept.
TEST(Limit, TieDecidedByNeighbour) {
  Case c;
  c.vertex({{A, 0.2f}, {B, 0.2f}, {C, 0.6f}}, {1});
  c.vertex({{A, 0.3f}, {B, 0.1f}, {C, 0.6f}}, {0});
  auto l = c.run(2);
  EXPECT_EQ(deleted_of(l, 0), std::vector<int>{B});
  auto m = weights_of(l, 0);
  EXPECT_NEAR(m[A], 0.25, 1e-6);
  EXPECT_NEAR(m[C], 0.75, 1e-6);
  // And the mirror image: B larger at the neighbour keeps B.
  Case d;
  d.vertex({{A, 0.2f}, {B, 0.2f}, {C, 0.6f}}, {1});
  d.vertex({{A, 0.1f}, {B, 0.3f}, {C, 0.6f}}, {0});
  EXPECT_EQ(deleted_of(d.run(2), 0), std::vector<int>{A});
}

// A neighbour lacking both tied bones (0 and 0) does not decide; the search goes on to the next ring.
TEST(Limit, NeighbourLackingBothTiedBonesSearchesFurther) {
  Case c;
  c.vertex({{A, 0.2f}, {B, 0.2f}, {C, 0.6f}}, {1});
  c.vertex({{C, 1.0f}}, {0, 2});
  c.vertex({{A, 0.1f}, {B, 0.4f}, {C, 0.5f}}, {1});
  EXPECT_EQ(deleted_of(c.run(2), 0), std::vector<int>{A});
}

// A neighbour lacking one tied bone decides: the bone it lacks (weight 0 there) is deleted.
TEST(Limit, NeighbourLackingOneTiedBoneDecides) {
  Case c;
  c.vertex({{A, 0.2f}, {B, 0.2f}, {C, 0.6f}}, {1});
  c.vertex({{A, 0.5f}, {C, 0.5f}}, {0, 2});
  c.vertex({{A, 0.1f}, {B, 0.4f}, {C, 0.5f}}, {1});  // farther; would say the opposite
  EXPECT_EQ(deleted_of(c.run(2), 0), std::vector<int>{B});
}

// A neighbour that is itself tied does not decide either.
TEST(Limit, TiedNeighbourSearchesFurther) {
  Case c;
  c.vertex({{A, 0.2f}, {B, 0.2f}, {C, 0.6f}}, {1});
  c.vertex({{A, 0.3f}, {B, 0.3f}, {C, 0.4f}}, {0, 2});
  c.vertex({{A, 0.35f}, {B, 0.05f}, {C, 0.6f}}, {1, 3});
  c.vertex({{A, 0.05f}, {B, 0.35f}, {C, 0.6f}}, {2});
  auto l = c.run(2);
  EXPECT_EQ(deleted_of(l, 0), std::vector<int>{B});  // decided by v2, the nearer
  EXPECT_EQ(deleted_of(l, 1), std::vector<int>{B});  // v1 is tied too; v2 is its neighbour
}

// Breadth-first: a decider one step away wins over one two steps away, whatever the listing order.
TEST(Limit, NearestDeciderWins) {
  Case c;
  c.vertex({{A, 0.2f}, {B, 0.2f}, {C, 0.6f}}, {1, 3});
  c.vertex({{C, 1.0f}}, {0, 2});                       // distance 1, undecided
  c.vertex({{A, 0.9f}, {C, 0.1f}}, {1});               // distance 2: would delete B
  c.vertex({{B, 0.9f}, {C, 0.1f}}, {0});               // distance 1: deletes A
  EXPECT_EQ(deleted_of(c.run(2), 0), std::vector<int>{A});
}

TEST(Limit, UndecidedTieFallsToPriorityThenIndex) {
  Case c;
  c.vertex({{A, 0.2f}, {B, 0.2f}, {C, 0.6f}}, {1});
  c.vertex({{A, 0.3f}, {B, 0.3f}, {C, 0.4f}}, {0});  // tied as well: nothing decides
  // priority[b]: higher kept.
  EXPECT_EQ(deleted_of(c.run(2, Redistribute::kProportional, {5, 1, 0, 0}), 0), std::vector<int>{B});
  EXPECT_EQ(deleted_of(c.run(2, Redistribute::kProportional, {1, 5, 0, 0}), 0), std::vector<int>{A});
  // No priority: the higher bone index goes.
  EXPECT_EQ(deleted_of(c.run(2), 0), std::vector<int>{B});
}

TEST(Limit, ThreeWayTieNarrowsThenContinues) {
  Case c;
  c.vertex({{A, 0.1f}, {B, 0.1f}, {C, 0.1f}, {D, 0.7f}}, {1});
  c.vertex({{A, 0.5f}, {B, 0.25f}, {C, 0.25f}}, {0, 2});  // A kept; B, C still tied here
  c.vertex({{B, 0.2f}, {C, 0.8f}}, {1});                   // B goes
  auto l = c.run(3);
  EXPECT_EQ(deleted_of(l, 0), std::vector<int>{B});
}

TEST(Limit, ValidVertexUntouched) {
  Case c;
  c.vertex({{C, 0.3f}, {A, 0.7f}}, {});
  auto l = c.run(4);
  ASSERT_EQ(l.weights.count(0), 2);
  EXPECT_EQ(l.weights.begin(0)[0].bone, C);
  EXPECT_EQ(l.weights.begin(0)[0].weight, 0.3f);
  EXPECT_EQ(l.weights.begin(0)[1].weight, 0.7f);
  EXPECT_EQ(l.deleted.count(0), 0);
}

TEST(Limit, BadInputIsRejected) {
  auto bad = [](std::vector<Influence> inf, std::vector<int> nbrs, int max = 4) {
    Case c;
    c.vertex(inf, nbrs);
    LimitOptions o;
    o.max_influences = max;
    return limit_weights(c.w, c.adj, 4, {}, o);
  };
  EXPECT_FALSE(bad({{A, -0.1f}, {B, 1.1f}}, {}).ok());
  EXPECT_FALSE(bad({{A, std::nanf("")}}, {}).ok());
  EXPECT_FALSE(bad({{A, INFINITY}}, {}).ok());
  EXPECT_FALSE(bad({}, {}).ok());
  EXPECT_FALSE(bad({{7, 1.0f}}, {}).ok());  // unknown bone
  EXPECT_FALSE(bad({{A, 1.0f}}, {3}).ok());  // neighbour does not exist
  EXPECT_FALSE(bad({{A, 0.0f}}, {}).ok());   // sums to zero
  EXPECT_FALSE(bad({{A, 0.5f}, {A, 0.5f}}, {}).ok());
  EXPECT_FALSE(bad({{A, 1.0f}}, {}, 9).ok());
  auto e = bad({{A, -0.1f}, {B, 1.1f}}, {});
  EXPECT_NE(e.error().to_string().find("vertices[0]"), std::string::npos);
  EXPECT_NE(e.error().to_string().find("negative"), std::string::npos);
}

// Random weight sets on a ring mesh; half of them with coarse weights so ties are common.
TEST(Limit, RandomProperties) {
  Rng rng = Rng::from_seed(7);
  for (int round = 0; round < 200; ++round) {
    const int bones = 12, vc = 40;
    const int n = rng.range(1, 8);
    const bool coarse = round % 2 == 0;
    WeightTable w;
    Adjacency adj;
    std::vector<bool> valid(vc);
    for (int v = 0; v < vc; ++v) {
      std::vector<int> ids(bones);
      for (int b = 0; b < bones; ++b) ids[b] = b;
      for (int b = bones - 1; b > 0; --b) std::swap(ids[b], ids[rng.range(0, b)]);
      const int count = rng.range(1, bones);
      std::vector<Influence> inf;
      double sum = 0;
      for (int k = 0; k < count; ++k) {
        float x = coarse ? static_cast<float>(rng.range(0, 4)) * 0.25f : static_cast<float>(rng.uniform(0.0, 1.0));
        inf.push_back({ids[k], x});
        sum += x;
      }
      if (sum == 0) inf[0].weight = 1.0f, sum = 1.0;
      if (v % 3 == 0)  // normalized: a valid vertex when it has few bones
        for (auto& a : inf) a.weight = static_cast<float>(a.weight / sum);
      double s2 = 0;
      for (auto& a : inf) s2 += a.weight;
      valid[v] = count <= n && std::fabs(s2 - 1.0) <= 1e-6;
      w.add_vertex(inf.data(), count);
      adj.neighbors.push_back((v + 1) % vc);
      adj.neighbors.push_back((v + vc - 1) % vc);
      adj.offsets.push_back(static_cast<int>(adj.neighbors.size()));
    }
    LimitOptions o;
    o.max_influences = n;
    o.redistribute = round % 4 < 2 ? Redistribute::kProportional : Redistribute::kEqual;
    auto res = limit_weights(w, adj, bones, {}, o);
    ASSERT_TRUE(res.ok()) << res.error().to_string();
    for (int v = 0; v < vc; ++v) {
      const int kept = res->weights.count(v);
      ASSERT_LE(kept, n);
      ASSERT_EQ(kept + res->deleted.count(v), w.count(v));
      double sum = 0;
      float min_kept = 1e9f, max_deleted = -1.0f;
      auto orig = [&](int bone) {
        for (const Influence* a = w.begin(v); a != w.end(v); ++a)
          if (a->bone == bone) return a->weight;
        return -1.0f;
      };
      for (const Influence* a = res->weights.begin(v); a != res->weights.end(v); ++a) {
        ASSERT_GE(a->weight, 0.0f);
        sum += a->weight;
        min_kept = std::min(min_kept, orig(a->bone));
      }
      for (const Influence* a = res->deleted.begin(v); a != res->deleted.end(v); ++a)
        max_deleted = std::max(max_deleted, orig(a->bone));
      EXPECT_NEAR(sum, 1.0, 1e-6);
      EXPECT_GE(min_kept, max_deleted) << "vertex " << v << ": a deleted bone outweighed a kept one";
      if (w.count(v) > n) {
        EXPECT_EQ(kept, n);
      }
      if (valid[v]) {
        ASSERT_EQ(kept, w.count(v));
        for (int k = 0; k < kept; ++k) {
          EXPECT_EQ(res->weights.begin(v)[k].bone, w.begin(v)[k].bone);
          EXPECT_EQ(res->weights.begin(v)[k].weight, w.begin(v)[k].weight);
        }
      }
    }
  }
}

}  // namespace
}  // namespace cf
