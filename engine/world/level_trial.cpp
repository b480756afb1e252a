// A level's optional trial course: its start gate, checkpoints in order and finish, read, checked
// and written like the rest of the level (every error names the field).
#include <cmath>

#include "world/level.h"
#include "world/level_fields.h"
#include "core/json.h"

namespace cf {
namespace {


Status parse_gate(const Json& j, TrialGate* g, const std::string& file, const std::string& where) {
  if (!j.is_object()) return Error{file, where, "must be an object {\"centre\": [x, z], \"width\", \"yaw_deg\"}"};
  if (Status s = check_keys(j, {"centre", "width", "yaw_deg", "kind"}, file, where); !s) return s;
  const std::string cw = field_path(where, "centre");
  auto c = j.find("centre");
  if (c == j.end()) return Error{file, cw, "missing"};
  if (!c->is_array() || c->size() != 2 || !(*c)[0].is_number() || !(*c)[1].is_number())
    return Error{file, cw, "must be an array of 2 numbers [x, z]"};
  g->centre_xz = glm::vec2(float((*c)[0].get<double>()), float((*c)[1].get<double>()));
  double w = 0;
  if (Status s = read_number(j, "width", &w, file, where); !s) return s;
  g->width_m = float(w);
  if (j.contains("yaw_deg")) {
    double y = 0;
    if (Status s = read_number(j, "yaw_deg", &y, file, where); !s) return s;
    g->yaw_deg = float(y);
  }
  if (j.contains("kind")) {
    if (Status s = read_string(j, "kind", &g->kind, file, where); !s) return s;
  }
  return {};
}

Status check_gate(const TrialGate& g, const std::string& file, const std::string& where) {
  if (!std::isfinite(g.centre_xz.x) || !std::isfinite(g.centre_xz.y) || std::fabs(g.centre_xz.x) > kLevelMaxCoord_m ||
      std::fabs(g.centre_xz.y) > kLevelMaxCoord_m)
    return Error{file, field_path(where, "centre"), "must be finite and within 1000 m"};
  if (!std::isfinite(g.width_m) || !(g.width_m > 0.0f) || g.width_m > 50.0f)
    return Error{file, field_path(where, "width"), "must be > 0 and at most 50 m"};
  if (!std::isfinite(g.yaw_deg) || std::fabs(g.yaw_deg) > 360.0f * 16)
    return Error{file, field_path(where, "yaw_deg"), "must be a finite angle in degrees"};
  if (g.kind != "arch" && g.kind != "flag")
    return Error{file, field_path(where, "kind"), "must be \"arch\" or \"flag\", got \"" + g.kind + "\""};
  return {};
}

Json gate_json(const TrialGate& g) {
  return Json{{"centre", Json::array({g.centre_xz.x, g.centre_xz.y})},
              {"width", g.width_m},
              {"yaw_deg", g.yaw_deg},
              {"kind", g.kind}};
}

}  // namespace

glm::vec2 TrialGate::across() const {
  const float r = glm::radians(yaw_deg);
  return glm::vec2(std::cos(r), -std::sin(r));  // Box::axis_x on the ground
}
glm::vec2 TrialGate::forward() const {
  const float r = glm::radians(yaw_deg);
  return glm::vec2(std::sin(r), std::cos(r));
}

bool gate_crossed(const TrialGate& g, glm::vec2 from, glm::vec2 to) {
  const glm::vec2 n = g.forward();
  const float a = glm::dot(from - g.centre_xz, n), b = glm::dot(to - g.centre_xz, n);
  if (!(a < 0.0f && b >= 0.0f)) return false;  // only from behind the line to on or past it
  const float t = a / (a - b);
  const glm::vec2 hit = from + (to - from) * t;
  return std::fabs(glm::dot(hit - g.centre_xz, g.across())) <= 0.5f * g.width_m;
}

Status parse_trial(const Json& j, Trial* t, const std::string& file) {
  if (!j.is_object()) return Error{file, "trial", "must be an object {\"start\", \"checkpoints\", \"finish\"}"};
  if (Status s = check_keys(j, {"start", "checkpoints", "finish"}, file, "trial"); !s) return s;
  for (const char* key : {"start", "checkpoints", "finish"})
    if (!j.contains(key)) return Error{file, field_path("trial", key), "missing"};
  if (Status s = parse_gate(j["start"], &t->start, file, "trial.start"); !s) return s;
  if (Status s = parse_gate(j["finish"], &t->finish, file, "trial.finish"); !s) return s;
  const Json& cps = j["checkpoints"];
  if (!cps.is_array()) return Error{file, "trial.checkpoints", "must be an array of gates"};
  if (cps.empty() || cps.size() > kTrialMaxCheckpoints)
    return Error{file, "trial.checkpoints", "needs 1 to " + std::to_string(kTrialMaxCheckpoints) + " checkpoints"};
  for (std::size_t i = 0; i < cps.size(); ++i) {
    TrialGate g;
    g.kind = "flag";
    if (Status s = parse_gate(cps[i], &g, file, element_path("trial.checkpoints", i)); !s) return s;
    t->checkpoints.push_back(g);
  }
  t->present = true;
  return {};
}

Status validate_trial(const Trial& t, const std::string& file) {
  if (Status s = check_gate(t.start, file, "trial.start"); !s) return s;
  if (t.checkpoints.empty() || t.checkpoints.size() > kTrialMaxCheckpoints)
    return Error{file, "trial.checkpoints", "needs 1 to " + std::to_string(kTrialMaxCheckpoints) + " checkpoints"};
  for (std::size_t i = 0; i < t.checkpoints.size(); ++i)
    if (Status s = check_gate(t.checkpoints[i], file, element_path("trial.checkpoints", i)); !s) return s;
  if (Status s = check_gate(t.finish, file, "trial.finish"); !s) return s;
  // A finish on the start line would end the run before it began.
  if (glm::length(t.finish.centre_xz - t.start.centre_xz) < 1.0f)
    return Error{file, "trial.finish", "must be at least 1 m from the start gate"};
  return {};
}

Json trial_to_json(const Trial& t) {
  Json cps = Json::array();
  for (const TrialGate& g : t.checkpoints) cps.push_back(gate_json(g));
  return Json{{"start", gate_json(t.start)}, {"checkpoints", cps}, {"finish", gate_json(t.finish)}};
}

}  // namespace cf
