// The limit-weights file: parsing and the errors for bad data.
#include "skin/weights_io.h"
#include "core/json.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

const char* kGood = R"({
  "vertices": [
    {"id": "v0", "weights": {"B1": 0.1, "B2": 0.5, "B3": 0.4}, "neighbors": ["v1"]},
    {"id": "v1", "weights": {"B2": 1.0}, "neighbors": ["v0"]}
  ],
  "bone_priority": ["B3", "B1"]
})";

TEST(WeightFile, ParsesAndLimits) {
  auto wf = parse_weight_file(kGood, "w.json");
  ASSERT_TRUE(wf.ok()) << wf.error().to_string();
  EXPECT_EQ(wf->bone_names, (std::vector<std::string>{"B1", "B2", "B3"}));
  EXPECT_EQ(wf->bone_priority, (std::vector<int>{1, 0, 2}));
  EXPECT_EQ(wf->weights.vertex_count(), 2);
  EXPECT_EQ(wf->adjacency.neighbors, (std::vector<int>{1, 0}));
  LimitOptions o;
  o.max_influences = 2;
  auto l = limit_weights(wf->weights, wf->adjacency, static_cast<int>(wf->bone_names.size()), wf->bone_priority, o);
  ASSERT_TRUE(l.ok());
  Json j = limited_weights_to_json(*wf, *l);
  EXPECT_NEAR(j["vertices"][0]["weights"]["B2"].get<double>(), 0.5556, 1e-4);
  EXPECT_NEAR(j["vertices"][0]["weights"]["B3"].get<double>(), 0.4444, 1e-4);
  EXPECT_EQ(j["vertices"][0]["deleted"], Json::array({"B1"}));
  EXPECT_EQ(j["vertices"][1]["deleted"], Json::array());
}

TEST(WeightFile, IntegerIdsAndDeclaredBones) {
  auto wf = parse_weight_file(R"({"bones": ["z", "a"], "vertices": [{"id": 3, "weights": {"a": 1}, "neighbors": [3]}]})",
                              "w.json");
  ASSERT_TRUE(wf.ok()) << wf.error().to_string();
  EXPECT_EQ(wf->bone_names, (std::vector<std::string>{"z", "a"}));
  EXPECT_EQ(wf->vertex_ids[0], "3");
}

void expect_error(const std::string& text, const std::string& field, const std::string& words) {
  auto wf = parse_weight_file(text, "bad.json");
  ASSERT_FALSE(wf.ok()) << text;
  const std::string msg = wf.error().to_string();
  EXPECT_NE(msg.find("bad.json"), std::string::npos) << msg;
  EXPECT_NE(msg.find(field), std::string::npos) << msg;
  EXPECT_NE(msg.find(words), std::string::npos) << msg;
}

TEST(WeightFile, BadDataNamesFieldAndProblem) {
  expect_error(R"({"bones": ["A"], "vertices": [{"id": "v", "weights": {"Q": 1}}]})", "vertices[0].weights.Q",
               "unknown bone");
  expect_error(R"({"vertices": [{"id": "v", "weights": {"A": -0.5, "B": 1}}]})", "vertices[0].weights.A", "negative");
  expect_error(R"({"vertices": [{"id": "v", "weights": {"A": 1e999}}]})", "vertices[0].weights.A", "out of range");
  expect_error(R"({"vertices": [{"id": "v", "weights": {"A": "x"}}]})", "vertices[0].weights.A", "not a number");
  expect_error(R"({"vertices": [{"id": "v", "weights": {}}]})", "vertices[0].weights", "empty");
  expect_error(R"({"vertices": [{"id": "v", "weights": {"A": 0}}]})", "vertices[0].weights", "sum to zero");
  expect_error(R"({"vertices": [{"id": "v", "weights": {"A": 1}, "neighbors": ["w"]}]})", "vertices[0].neighbors[0]",
               "does not exist");
  expect_error(R"({"vertices": [{"id": "v", "weights": {"A": 1}}, {"id": "v", "weights": {"A": 1}}]})",
               "vertices[1].id", "duplicate");
  expect_error(R"({"vertices": [{"weights": {"A": 1}}]})", "vertices[0].id", "missing");
  expect_error(R"({"bones": ["A"], "vertices": [{"id": "v", "weights": {"A": 1}}], "bone_priority": ["Z"]})",
               "bone_priority[0]",
               "unknown bone");
  expect_error(R"({"vertices": 3})", "vertices", "not an array");
  expect_error(R"({"vertices": [], "extra": 1})", "extra", "unknown field");
  expect_error(R"({"vertices": [)", "", "");
  expect_error(R"([1, 2])", "", "object");
}

}  // namespace
}  // namespace cf
