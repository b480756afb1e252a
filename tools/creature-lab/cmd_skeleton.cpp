#include "creature/creature_io.h"
#include "lab_args.h"
#include "skeleton/rig_builder.h"
#include "core/json.h"

namespace cf::lab {

static Json vec(const glm::vec3& v) { return Json::array({v.x, v.y, v.z}); }

static Json nodes(const std::array<glm::vec3, 4>& n) {
  Json j;
  j["A"] = vec(n[0]);
  j["B"] = vec(n[1]);
  j["C"] = vec(n[2]);
  j["D"] = vec(n[3]);
  return j;
}

// Prints the rig built from a creature file: bones, limb chains (drawn and normalized) and the cog.
int cmd_skeleton(const Args& a) {
  if (!a.only({"creature", "raw"})) return kExitBadInput;
  std::string path = a.get("creature");
  if (path.empty()) return fail(a, "--creature FILE is required");
  auto creature = load_creature(path);
  if (!creature) return fail(a, creature.error().to_string());
  RigOptions opt;
  opt.normalize = !a.has("raw");
  auto rig = build_rig(*creature, opt);
  if (!rig) {
    Error e = rig.error();
    e.file = path;
    return fail(a, e.to_string());
  }
  const Skeleton& sk = rig->skeleton;
  Json out;
  out["bones"] = Json::array();
  for (int i = 0; i < sk.size(); ++i) {
    auto u = static_cast<std::size_t>(i);
    Json b;
    b["name"] = sk.names[u];
    b["parent"] = sk.parents[u] < 0 ? Json(nullptr) : Json(sk.names[static_cast<std::size_t>(sk.parents[u])]);
    b["class"] = to_string(sk.classes[u]);
    b["side"] = to_string(sk.sides[u]);
    b["head"] = vec(sk.head_ms[u]);
    b["tail"] = vec(sk.tail_ms[u]);
    b["length"] = glm::length(sk.tail_ms[u] - sk.head_ms[u]);
    b["counterpart"] =
        sk.counterpart[u] < 0 ? Json(nullptr) : Json(sk.names[static_cast<std::size_t>(sk.counterpart[u])]);
    out["bones"].push_back(std::move(b));
  }
  out["chains"] = Json::array();
  for (const LimbChain& lc : rig->limbs) {
    Json c;
    c["part"] = lc.part;
    c["tag"] = to_string(lc.tag);
    c["side"] = to_string(lc.side);
    c["drawn"] = nodes(lc.drawn);
    c["normalized"] = nodes(lc.nodes);
    c["L1"] = lc.l1;
    c["L2"] = lc.l2;
    c["L3"] = lc.l3;
    c["cases"] = Json::array();
    for (char ch : lc.cases) c["cases"].push_back(std::string(1, ch));
    c["pole"] = vec(lc.pole);
    out["chains"].push_back(std::move(c));
  }
  out["cog"] = vec(rig->cog);
  return print_json(out);
}

}  // namespace cf::lab
