#include "skin/limit.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace cf {

const char* to_string(Redistribute r) { return r == Redistribute::kEqual ? "equal" : "proportional"; }

bool parse_redistribute(const std::string& s, Redistribute* out) {
  if (s == "proportional") *out = Redistribute::kProportional;
  else if (s == "equal") *out = Redistribute::kEqual;
  else return false;
  return true;
}

static Error vertex_error(int v, const std::string& message) {
  return Error{"", "vertices[" + std::to_string(v) + "]", message};
}

Status validate_limit_input(const WeightTable& original, const Adjacency& adjacency, int bone_count,
                            const std::vector<int>& bone_priority, const LimitOptions& options) {
  int n = options.resolved_max();
  if (n < 1 || n > kMaxInfluencesLimit)
    return Error{"", "max", "must be 1 to 8, got " + std::to_string(options.max_influences)};
  if (bone_count < 0) return Error{"", "bones", "negative bone count"};
  if (!bone_priority.empty() && static_cast<int>(bone_priority.size()) != bone_count)
    return Error{"", "bone_priority", "needs one priority per bone"};
  const int vc = original.vertex_count();
  if (vc < 0 || original.offsets.empty() || original.offsets[0] != 0 ||
      original.offsets.back() != static_cast<int>(original.influences.size()))
    return Error{"", "vertices", "malformed weight table"};
  if (adjacency.vertex_count() != vc || adjacency.offsets[0] != 0 ||
      adjacency.offsets.back() != static_cast<int>(adjacency.neighbors.size()))
    return Error{"", "neighbors", "adjacency does not match the vertex count"};
  std::vector<int> seen_at(static_cast<std::size_t>(bone_count), -1);  // last vertex each bone was seen in
  for (int v = 0; v < vc; ++v) {
    if (original.offsets[v + 1] < original.offsets[v]) return vertex_error(v, "malformed weight table");
    if (original.count(v) == 0) return vertex_error(v, "has no weights");
    double sum = 0.0;
    for (const Influence* a = original.begin(v); a != original.end(v); ++a) {
      if (a->bone < 0 || a->bone >= bone_count)
        return vertex_error(v, "unknown bone index " + std::to_string(a->bone));
      if (!std::isfinite(a->weight)) return vertex_error(v, "weight is not a finite number");
      if (a->weight < 0.0f) return vertex_error(v, "negative weight");
      if (seen_at[a->bone] == v) return vertex_error(v, "bone " + std::to_string(a->bone) + " given twice");
      seen_at[a->bone] = v;
      sum += a->weight;
    }
    if (!(sum > 0.0)) return vertex_error(v, "weights sum to zero");
    if (adjacency.offsets[v + 1] < adjacency.offsets[v]) return vertex_error(v, "malformed adjacency");
    for (int k = adjacency.offsets[v]; k < adjacency.offsets[v + 1]; ++k)
      if (adjacency.neighbors[k] < 0 || adjacency.neighbors[k] >= vc)
        return vertex_error(v, "neighbour " + std::to_string(adjacency.neighbors[k]) + " does not exist");
  }
  return {};
}

namespace {

float original_weight(const WeightTable& t, int v, int bone) {
  for (const Influence* a = t.begin(v); a != t.end(v); ++a)
    if (a->bone == bone) return a->weight;
  return 0.0f;  // a vertex lacking the bone has weight 0 for it
}

// Narrows the tied bones c to those smallest at u when their original weights differ there.
// Returns true when u decided something.
bool narrow_at(const WeightTable& original, int u, std::vector<int>& c) {
  float lo = original_weight(original, u, c[0]);
  bool differ = false;
  for (std::size_t i = 1; i < c.size(); ++i) {
    const float w = original_weight(original, u, c[i]);
    if (w != lo) differ = true;
    if (w < lo) lo = w;
  }
  if (!differ) return false;
  std::size_t k = 0;  // keep only the bones smallest here; larger ones are kept at v
  for (int b : c)
    if (original_weight(original, u, b) == lo) c[k++] = b;
  c.resize(k);
  return true;
}

bool decides(const WeightTable& original, int u, const std::vector<int>& c) {
  const float w0 = original_weight(original, u, c[0]);
  for (std::size_t i = 1; i < c.size(); ++i)
    if (original_weight(original, u, c[i]) != w0) return true;
  return false;
}

// Scratch reused across vertices so the pass allocates only when a vertex needs more room.
struct Scratch {
  std::vector<Influence> current;
  std::vector<int> tied;
  std::vector<int> stamp;  // BFS visit marks, per vertex
  int stamp_value = 0;
  std::vector<int> layer, next;
  // Per tied-bone set (sorted): each vertex's nearest decider (lowest index among the equally near),
  // -1 when none. Built by one multi-source BFS when a local search runs long, so a long run of
  // tied vertices costs O(V + E) per set instead of O(V) per vertex.
  std::map<std::vector<int>, std::vector<int>> nearest;
  std::vector<int> dist;
};

constexpr int kDefaultTieBudget = 64;
constexpr std::size_t kMaxCachedSets = 16;  // bounds memory: 4 bytes per vertex per set

const std::vector<int>& nearest_deciders(const WeightTable& original, const Adjacency& adj,
                                         const std::vector<int>& c, Scratch& s) {
  std::vector<int> key = c;
  std::sort(key.begin(), key.end());
  auto it = s.nearest.find(key);
  if (it != s.nearest.end()) return it->second;
  if (s.nearest.size() >= kMaxCachedSets) s.nearest.clear();
  const int vc = original.vertex_count();
  std::vector<int>& src = s.nearest[key];
  src.assign(static_cast<std::size_t>(vc), -1);
  s.dist.assign(static_cast<std::size_t>(vc), -1);
  s.layer.clear();
  for (int u = 0; u < vc; ++u)
    if (decides(original, u, key)) {
      src[u] = u;
      s.dist[u] = 0;
      s.layer.push_back(u);
    }
  // Layer by layer; a vertex reached from several sources at the same distance keeps the lowest.
  for (int d = 0; !s.layer.empty(); ++d) {
    s.next.clear();
    for (int x : s.layer)
      for (int k = adj.offsets[x]; k < adj.offsets[x + 1]; ++k) {
        const int nb = adj.neighbors[k];
        if (s.dist[nb] < 0) {
          s.dist[nb] = d + 1;
          src[nb] = src[x];
          s.next.push_back(nb);
        } else if (s.dist[nb] == d + 1 && src[x] < src[nb]) {
          src[nb] = src[x];
        }
      }
    s.layer.swap(s.next);
  }
  return src;
}

// Narrows s.tied (bone indices) down to the one bone to delete at vertex v: breadth-first over the
// mesh, each ring in vertex order, every vertex whose original weights differ narrows the set.
int decide_tie(const WeightTable& original, const Adjacency& adj, const std::vector<int>& priority, int v,
               int budget, Scratch& s) {
  std::vector<int>& c = s.tied;
  if (++s.stamp_value == 0) {  // wrapped: clear marks
    std::fill(s.stamp.begin(), s.stamp.end(), 0);
    s.stamp_value = 1;
  }
  s.layer.assign(1, v);
  s.stamp[v] = s.stamp_value;
  int visited = 1;
  while (c.size() > 1 && !s.layer.empty()) {
    // Past the budget (and when v itself does not decide, so "nearest other than v" is "nearest"),
    // the per-set map answers; its rule is the same, so the result does not depend on the budget.
    // A v whose own original weights differ keeps searching locally; that needs rounding in a
    // redistribution to make different weights equal (redistribution otherwise keeps differences).
    if (visited > budget && !decides(original, v, c)) {
      while (c.size() > 1) {
        const int u = nearest_deciders(original, adj, c, s)[v];
        if (u < 0 || !narrow_at(original, u, c)) break;
      }
      break;
    }
    s.next.clear();
    for (int u : s.layer)
      for (int k = adj.offsets[u]; k < adj.offsets[u + 1]; ++k) {
        const int nb = adj.neighbors[k];
        if (s.stamp[nb] != s.stamp_value) {
          s.stamp[nb] = s.stamp_value;
          s.next.push_back(nb);
        }
      }
    visited += static_cast<int>(s.next.size());
    std::sort(s.next.begin(), s.next.end());
    for (int u : s.next) {
      if (c.size() == 1) break;
      narrow_at(original, u, c);
    }
    s.layer.swap(s.next);
  }
  int pick = c[0];
  for (int b : c) {
    int pb = priority.empty() ? 0 : priority[b], pp = priority.empty() ? 0 : priority[pick];
    if (pb < pp || (pb == pp && b > pick)) pick = b;
  }
  return pick;
}

}  // namespace

Result<LimitedWeights> limit_weights(const WeightTable& original, const Adjacency& adjacency, int bone_count,
                                     const std::vector<int>& bone_priority, const LimitOptions& options) {
  if (Status st = validate_limit_input(original, adjacency, bone_count, bone_priority, options); !st)
    return st.error;
  const int n = options.resolved_max();
  const int vc = original.vertex_count();
  LimitedWeights out;
  out.weights.offsets.reserve(vc + 1);
  out.weights.influences.reserve(original.influences.size());
  out.deleted.offsets.reserve(vc + 1);
  Scratch s;
  s.stamp.assign(vc, 0);
  const int budget = options.tie_search_budget > 0 ? options.tie_search_budget : kDefaultTieBudget;
  for (int v = 0; v < vc; ++v) {
    s.current.assign(original.begin(v), original.end(v));
    std::vector<Influence>& cur = s.current;
    double sum = 0.0;
    for (const Influence& a : cur) sum += a.weight;
    if (static_cast<int>(cur.size()) <= n && std::fabs(sum - 1.0) <= 1e-6) {  // already valid: untouched
      out.weights.add_vertex(cur.data(), static_cast<int>(cur.size()));
      out.deleted.offsets.push_back(static_cast<int>(out.deleted.influences.size()));
      continue;
    }
    while (static_cast<int>(cur.size()) > n) {
      float lo = cur[0].weight;
      for (const Influence& a : cur) lo = std::min(lo, a.weight);
      s.tied.clear();
      for (const Influence& a : cur)
        if (a.weight == lo) s.tied.push_back(a.bone);
      int drop = s.tied.size() == 1 ? s.tied[0]
                                    : decide_tie(original, adjacency, bone_priority, v, budget, s);
      std::size_t at = 0;
      while (cur[at].bone != drop) ++at;
      const Influence gone = cur[at];
      out.deleted.influences.push_back(gone);
      cur.erase(cur.begin() + static_cast<std::ptrdiff_t>(at));
      double rest = 0.0;
      for (const Influence& a : cur) rest += a.weight;
      for (Influence& a : cur) {
        double add = (options.redistribute == Redistribute::kProportional && rest > 0.0)
                         ? static_cast<double>(gone.weight) * a.weight / rest
                         : static_cast<double>(gone.weight) / static_cast<double>(cur.size());
        a.weight = static_cast<float>(a.weight + add);
      }
    }
    sum = 0.0;
    for (const Influence& a : cur) sum += a.weight;
    for (Influence& a : cur) a.weight = static_cast<float>(a.weight / sum);
    out.weights.add_vertex(cur.data(), static_cast<int>(cur.size()));
    out.deleted.offsets.push_back(static_cast<int>(out.deleted.influences.size()));
  }
  return out;
}

}  // namespace cf
