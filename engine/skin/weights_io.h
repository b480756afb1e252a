#pragma once
// The weight file read by `creature-lab limit-weights`: a small mesh given as vertices with named bone
// weights and neighbour ids.
//   {"vertices": [{"id": "v0", "weights": {"B1": 0.1, ...}, "neighbors": ["v1", ...]}, ...],
//    "bones": ["B1", ...],           optional: the known bones (others are an error); default: every bone used
//    "bone_priority": ["B2", ...]}   optional, highest first; unlisted bones have the lowest priority
// Ids are strings or integers. Bone indices follow "bones" when given, else name order.
#include <string>
#include <vector>

#include "core/json_util.h"
#include "skin/limit.h"

namespace cf {

struct WeightFile {
  std::vector<std::string> vertex_ids;  // file order
  std::vector<std::string> bone_names;  // bone index -> name
  WeightTable weights;
  Adjacency adjacency;
  std::vector<int> bone_priority;  // per bone, higher is kept; empty when the file gives none
};

// Errors name the file, the field ("vertices[3].weights.B7") and the problem: unknown bone, negative,
// NaN/infinite or non-number weight, empty weights, a neighbour id that does not exist, duplicate ids.
Result<WeightFile> parse_weight_file(const std::string& text, const std::string& file);

// {"vertices": [{"id", "weights": {bone: w}, "deleted": [bones in deletion order], "neighbors"}]}.
Json limited_weights_to_json(const WeightFile& in, const LimitedWeights& out);

}  // namespace cf
