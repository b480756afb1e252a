#pragma once
// Influence limiting: caps every vertex at N bones. While a vertex has more than N bones the one with
// the smallest weight is deleted; a tie for the smallest is decided by the nearest vertex (breadth-
// first over mesh neighbours; among equally near ones the lowest-numbered first) whose ORIGINAL weights
// for the tied bones differ (the bone larger there is kept), then by bone priority (lower deleted), then by bone index (higher deleted). The deleted
// weight goes to the remaining bones in proportion to their weights (default) or equally.
#include <string>
#include <vector>

#include "core/result.h"
#include "skin/skin_types.h"

namespace cf {

enum class Redistribute { kProportional, kEqual };
const char* to_string(Redistribute r);                       // "proportional", "equal"
bool parse_redistribute(const std::string& s, Redistribute* out);

constexpr int kMaxInfluencesLimit = 8;

struct LimitOptions {
  int max_influences = 0;  // N, 1..8; 0 means the default 4
  Redistribute redistribute = Redistribute::kProportional;
  // Vertices a tie search visits on its own before it switches to a per-bone-set map of nearest
  // deciders (built once per set, linear); 0 means 64. The result never depends on it.
  int tie_search_budget = 0;
  int resolved_max() const { return max_influences == 0 ? 4 : max_influences; }
};

struct LimitedWeights {
  WeightTable weights;  // per vertex, at most N influences in their original order, summing to 1
  WeightTable deleted;  // per vertex, the deleted bones in deletion order (weight = weight when deleted)
};

// Checks the input: bone indices in [0, bone_count), finite non-negative weights with a positive sum,
// no bone twice in one vertex, adjacency of the same vertex count with valid indices, priorities sized
// bone_count (or empty), and the option range. Errors name the vertex and the problem.
Status validate_limit_input(const WeightTable& original, const Adjacency& adjacency, int bone_count,
                            const std::vector<int>& bone_priority, const LimitOptions& options);

// Limits every vertex. bone_priority[b] is bone b's priority (higher is kept); empty means all equal.
// A vertex that already has at most N bones and sums to 1 within 1e-6 is copied as it is; one that has
// at most N bones but another sum is only rescaled.
Result<LimitedWeights> limit_weights(const WeightTable& original, const Adjacency& adjacency, int bone_count,
                                     const std::vector<int>& bone_priority, const LimitOptions& options);

}  // namespace cf
