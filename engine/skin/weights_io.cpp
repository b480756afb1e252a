#include "skin/weights_io.h"
#include "core/json.h"

#include <cmath>
#include <map>
#include <unordered_set>

namespace cf {

namespace {

bool read_id(const Json& j, std::string* out) {
  if (j.is_string()) *out = j.get<std::string>();
  else if (j.is_number_integer() || j.is_number_unsigned()) *out = j.dump();
  else return false;
  return true;
}

Result<std::vector<std::string>> read_name_list(const Json& root, const char* key, const std::string& file) {
  std::vector<std::string> names;
  std::unordered_set<std::string> seen;  // a linear duplicate check (40k names)
  if (!root.contains(key)) return names;
  const Json& a = root[key];
  if (!a.is_array()) return Error{file, key, "must be an array of bone names"};
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_string() || a[i].get<std::string>().empty())
      return Error{file, std::string(key) + "[" + std::to_string(i) + "]", "must be a non-empty bone name"};
    const std::string& n = a[i].get_ref<const std::string&>();
    if (!seen.insert(n).second)
      return Error{file, std::string(key) + "[" + std::to_string(i) + "]", "bone '" + n + "' listed twice"};
    names.push_back(n);
  }
  return names;
}

}  // namespace

Result<WeightFile> parse_weight_file(const std::string& text, const std::string& file) {
  auto parsed = parse_json(text, file);
  if (!parsed) return parsed.error();
  const Json& root = *parsed;
  if (!root.is_object()) return Error{file, "", "must be a JSON object"};
  for (auto it = root.begin(); it != root.end(); ++it)
    if (it.key() != "vertices" && it.key() != "bones" && it.key() != "bone_priority" && it.key() != "format")
      return Error{file, it.key(), "unknown field"};
  if (!root.contains("vertices") || !root["vertices"].is_array())
    return Error{file, "vertices", "missing or not an array"};
  auto declared = read_name_list(root, "bones", file);
  if (!declared) return declared.error();
  auto priority = read_name_list(root, "bone_priority", file);
  if (!priority) return priority.error();
  const Json& verts = root["vertices"];
  WeightFile wf;
  std::map<std::string, int> bone_index;
  const bool closed = root.contains("bones");
  if (closed) {
    wf.bone_names = *declared;
  } else {  // every bone named anywhere, in name order
    std::map<std::string, int> seen;
    for (const auto& n : *priority) seen[n] = 0;
    for (const Json& v : verts)
      if (v.is_object() && v.contains("weights") && v["weights"].is_object())
        for (auto it = v["weights"].begin(); it != v["weights"].end(); ++it) seen[it.key()] = 0;
    for (const auto& [n, unused] : seen) wf.bone_names.push_back(n);
  }
  for (std::size_t b = 0; b < wf.bone_names.size(); ++b) bone_index[wf.bone_names[b]] = static_cast<int>(b);
  if (!priority->empty()) {
    wf.bone_priority.assign(wf.bone_names.size(), 0);
    const int n = static_cast<int>(priority->size());
    for (int i = 0; i < n; ++i) {
      auto it = bone_index.find((*priority)[i]);
      if (it == bone_index.end())
        return Error{file, "bone_priority[" + std::to_string(i) + "]", "unknown bone '" + (*priority)[i] + "'"};
      wf.bone_priority[it->second] = n - i;
    }
  }
  std::map<std::string, int> id_index;
  for (std::size_t v = 0; v < verts.size(); ++v) {
    const std::string where = "vertices[" + std::to_string(v) + "]";
    const Json& jv = verts[v];
    if (!jv.is_object()) return Error{file, where, "must be an object"};
    std::string id;
    if (!jv.contains("id") || !read_id(jv["id"], &id)) return Error{file, where + ".id", "missing, or not a string or integer"};
    if (!id_index.emplace(id, static_cast<int>(v)).second) return Error{file, where + ".id", "duplicate id '" + id + "'"};
    wf.vertex_ids.push_back(id);
  }
  std::vector<Influence> row;
  for (std::size_t v = 0; v < verts.size(); ++v) {
    const std::string where = "vertices[" + std::to_string(v) + "]";
    const Json& jv = verts[v];
    for (auto it = jv.begin(); it != jv.end(); ++it)
      if (it.key() != "id" && it.key() != "weights" && it.key() != "neighbors")
        return Error{file, where + "." + it.key(), "unknown field"};
    if (!jv.contains("weights") || !jv["weights"].is_object())
      return Error{file, where + ".weights", "missing or not an object of bone: weight"};
    const Json& jw = jv["weights"];
    if (jw.empty()) return Error{file, where + ".weights", "empty: a vertex needs at least one bone"};
    row.clear();
    double sum = 0.0;
    for (auto it = jw.begin(); it != jw.end(); ++it) {
      const std::string f = where + ".weights." + it.key();
      auto b = bone_index.find(it.key());
      if (b == bone_index.end()) return Error{file, f, "unknown bone '" + it.key() + "'"};
      if (!it.value().is_number()) return Error{file, f, "weight is not a number"};
      double w = it.value().get<double>();
      if (!std::isfinite(w)) return Error{file, f, "weight is not finite"};
      if (w < 0.0) return Error{file, f, "negative weight"};
      if (w > 1e6) return Error{file, f, "weight is absurdly large"};
      row.push_back(Influence{b->second, static_cast<float>(w)});
      sum += w;
    }
    if (!(sum > 0.0)) return Error{file, where + ".weights", "weights sum to zero"};
    wf.weights.add_vertex(row.data(), static_cast<int>(row.size()));
    if (jv.contains("neighbors")) {
      const Json& jn = jv["neighbors"];
      if (!jn.is_array()) return Error{file, where + ".neighbors", "must be an array of vertex ids"};
      for (std::size_t k = 0; k < jn.size(); ++k) {
        std::string id;
        const std::string f = where + ".neighbors[" + std::to_string(k) + "]";
        if (!read_id(jn[k], &id)) return Error{file, f, "not a string or integer id"};
        auto it = id_index.find(id);
        if (it == id_index.end()) return Error{file, f, "neighbour '" + id + "' does not exist"};
        wf.adjacency.neighbors.push_back(it->second);
      }
    }
    wf.adjacency.offsets.push_back(static_cast<int>(wf.adjacency.neighbors.size()));
  }
  return wf;
}

Json limited_weights_to_json(const WeightFile& in, const LimitedWeights& out) {
  Json verts = Json::array();
  auto round7 = [](float w) { return std::round(static_cast<double>(w) * 1e7) / 1e7; };
  for (int v = 0; v < out.weights.vertex_count(); ++v) {
    Json jv;
    jv["id"] = in.vertex_ids[v];
    Json w = Json::object();
    for (const Influence* a = out.weights.begin(v); a != out.weights.end(v); ++a)
      w[in.bone_names[a->bone]] = round7(a->weight);
    jv["weights"] = w;
    Json d = Json::array();
    for (const Influence* a = out.deleted.begin(v); a != out.deleted.end(v); ++a) d.push_back(in.bone_names[a->bone]);
    jv["deleted"] = d;
    Json n = Json::array();
    for (int k = in.adjacency.offsets[v]; k < in.adjacency.offsets[v + 1]; ++k)
      n.push_back(in.vertex_ids[in.adjacency.neighbors[k]]);
    jv["neighbors"] = n;
    verts.push_back(jv);
  }
  Json j;
  j["vertices"] = verts;
  return j;
}

}  // namespace cf
