// creature-lab limit-weights: caps every vertex of a weight file at N bones (skin/limit.h).
#include "core/file_io.h"
#include "lab_args.h"
#include "skin/weights_io.h"
#include "core/json.h"

namespace cf::lab {

int cmd_limit_weights(const Args& a) {
  if (!a.only({"in", "max", "redistribute"})) return kExitBadInput;
  if (!a.values.count("in")) return fail(a, "--in FILE is required");
  double max = 4;
  if (!a.get_number("max", 4, &max)) return kExitBadInput;
  if (max < 1 || max > kMaxInfluencesLimit || max != static_cast<int>(max))
    return fail(a, "--max must be a whole number from 1 to 8");
  LimitOptions options;
  options.max_influences = static_cast<int>(max);
  if (a.has("redistribute") && !parse_redistribute(a.get("redistribute"), &options.redistribute))
    return fail(a, "--redistribute must be 'proportional' or 'equal'");
  const std::string path = a.get("in");
  auto text = read_file(path, 64u << 20);
  if (!text) return fail(a, text.error().to_string());
  auto wf = parse_weight_file(*text, path);
  if (!wf) return fail(a, wf.error().to_string());
  auto limited = limit_weights(wf->weights, wf->adjacency, static_cast<int>(wf->bone_names.size()),
                               wf->bone_priority, options);
  if (!limited) {
    Error e = limited.error();
    e.file = path;
    return fail(a, e.to_string());
  }
  Json j = limited_weights_to_json(*wf, *limited);
  Json out;
  out["max"] = options.max_influences;
  out["redistribute"] = to_string(options.redistribute);
  out["vertices"] = std::move(j["vertices"]);
  return print_json(out);
}

}  // namespace cf::lab
