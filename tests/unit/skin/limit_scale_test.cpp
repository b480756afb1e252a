// Influence limiting at scale: long runs of tied vertices (once quadratic) and the tie search's
// switch to per-set maps, which must not change any result.
#include <gtest/gtest.h>

#include <ctime>

#include "core/rng.h"
#include "skin/limit.h"
#include "skin/weights_io.h"

namespace cf {
namespace {

// Quadratic work on 1M vertices would take hours; these bounds leave room for Debug and ASan builds.
// Debug and ASan builds run 200k vertices (quadratic work would still take many minutes there).
#if defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__)
constexpr double kBoundS = 10.0;
constexpr int kChain = 1000000;
#else
constexpr double kBoundS = 60.0;
constexpr int kChain = 200000;
#endif

// Process CPU time: the machine's other builds must not fail a test about this process's work.
double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// A chain of n vertices, each with bones 0 and 1 at 0.5 (tied for a limit of 1); 'decider' >= 0 gets
// 0.6 / 0.4 instead, which decides every tie on the chain.
void tied_chain(int n, int decider, WeightTable* w, Adjacency* adj) {
  w->influences.reserve(2 * static_cast<std::size_t>(n));
  w->offsets.reserve(static_cast<std::size_t>(n) + 1);
  adj->neighbors.reserve(2 * static_cast<std::size_t>(n));
  adj->offsets.reserve(static_cast<std::size_t>(n) + 1);
  for (int v = 0; v < n; ++v) {
    const Influence inf[2] = {{0, v == decider ? 0.6f : 0.5f}, {1, v == decider ? 0.4f : 0.5f}};
    w->add_vertex(inf, 2);
    if (v > 0) adj->neighbors.push_back(v - 1);
    if (v + 1 < n) adj->neighbors.push_back(v + 1);
    adj->offsets.push_back(static_cast<int>(adj->neighbors.size()));
  }
}

TEST(LimitScale, MillionTiedVerticesWithNoDeciderInSeconds) {
  WeightTable w;
  Adjacency adj;
  tied_chain(kChain, -1, &w, &adj);
  LimitOptions o;
  o.max_influences = 1;
  const double t0 = cpu_seconds();
  auto r = limit_weights(w, adj, 2, {}, o);
  const double s = cpu_seconds() - t0;
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_LT(s, kBoundS) << kChain << " tied vertices took " << s << " s of CPU";
  // Nothing decides: equal priority, so the higher bone index goes everywhere.
  for (int v : {0, 1, kChain / 2, kChain - 1}) {
    ASSERT_EQ(r->deleted.count(v), 1);
    EXPECT_EQ(r->deleted.begin(v)->bone, 1);
  }
}

TEST(LimitScale, MillionTiedVerticesDecidedAtOneEndInSeconds) {
  WeightTable w;
  Adjacency adj;
  tied_chain(kChain, kChain - 1, &w, &adj);
  LimitOptions o;
  o.max_influences = 1;
  o.redistribute = Redistribute::kEqual;
  // With priorities that would say the opposite, so the decider is what picks bone 1.
  const std::vector<int> priority = {0, 5};
  const double t0 = cpu_seconds();
  auto r = limit_weights(w, adj, 2, priority, o);
  const double s = cpu_seconds() - t0;
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_LT(s, kBoundS) << kChain << " tied vertices took " << s << " s of CPU";
  for (int v : {0, 1, kChain / 2, kChain - 2}) {
    ASSERT_EQ(r->deleted.count(v), 1) << v;
    EXPECT_EQ(r->deleted.begin(v)->bone, 1) << v;  // bone 0 is larger at the decider: kept
  }
}

// The per-set maps follow the same rule as the local search (nearest, lowest index among equally
// near, narrowing as it goes), so any budget gives the same output. Random meshes, coarse weights.
TEST(LimitScale, TieSearchBudgetDoesNotChangeResults) {
  Rng rng = Rng::from_seed(17);
  for (int round = 0; round < 300; ++round) {
    const int bones = 6, vc = rng.range(2, 60);
    WeightTable w;
    Adjacency adj;
    std::vector<std::vector<int>> nb(static_cast<std::size_t>(vc));
    const int edges = rng.range(0, 2 * vc);
    for (int e = 0; e < edges; ++e) {
      const int a = rng.range(0, vc - 1), b = rng.range(0, vc - 1);
      if (a == b) continue;
      nb[a].push_back(b);
      nb[b].push_back(a);
    }
    for (int v = 0; v < vc; ++v) {
      std::vector<Influence> inf;
      for (int b = 0; b < bones; ++b)
        if (rng.range(0, 3) > 0) inf.push_back({b, static_cast<float>(rng.range(0, 3)) * 0.25f});
      float sum = 0;
      for (const Influence& a : inf) sum += a.weight;
      if (inf.empty()) inf.push_back({0, 1.0f});
      else if (sum == 0) inf[0].weight = 1.0f;
      w.add_vertex(inf.data(), static_cast<int>(inf.size()));
      adj.neighbors.insert(adj.neighbors.end(), nb[v].begin(), nb[v].end());
      adj.offsets.push_back(static_cast<int>(adj.neighbors.size()));
    }
    LimitOptions local, mapped;
    local.max_influences = mapped.max_influences = rng.range(1, 3);
    local.tie_search_budget = 1 << 30;
    mapped.tie_search_budget = 1;
    auto a = limit_weights(w, adj, bones, {}, local);
    auto b = limit_weights(w, adj, bones, {}, mapped);
    ASSERT_TRUE(a.ok()) << a.error().to_string();
    ASSERT_TRUE(b.ok()) << b.error().to_string();
    ASSERT_EQ(a->deleted.offsets, b->deleted.offsets) << "round " << round;
    for (std::size_t i = 0; i < a->deleted.influences.size(); ++i)
      ASSERT_EQ(a->deleted.influences[i].bone, b->deleted.influences[i].bone) << "round " << round;
  }
}

TEST(LimitScale, ManyDeclaredBonesParseInLinearTime) {
  std::string text = "{\"bones\": [";
  for (int i = 0; i < 100000; ++i) text += (i ? ",\"b" : "\"b") + std::to_string(i) + "\"";
  text += "], \"vertices\": [{\"id\": 0, \"weights\": {\"b7\": 1}}]}";
  const double t0 = cpu_seconds();
  auto wf = parse_weight_file(text, "many.json");
  EXPECT_LT(cpu_seconds() - t0, kBoundS / 2);
  ASSERT_TRUE(wf.ok()) << wf.error().to_string();
  EXPECT_EQ(wf->bone_names.size(), 100000u);
  // A duplicate is still found, at its own index.
  const std::string dup = "{\"bones\": [\"a\", \"b\", \"c\", \"b\"], \"vertices\": []}";
  auto bad = parse_weight_file(dup, "dup.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().field, "bones[3]");
  EXPECT_NE(bad.error().message.find("'b' listed twice"), std::string::npos);
}

}  // namespace
}  // namespace cf
