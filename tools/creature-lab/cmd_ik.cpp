#include <cmath>

#include "lab_args.h"
#include "retarget/ik.h"
#include "core/json.h"

namespace cf::lab {

namespace {
Json vec_json(const glm::dvec3& v) { return Json::array({v.x, v.y, v.z}); }
}  // namespace

// Two-bone IK: prints root, joint (knee/elbow), tip, whether the target was reached, and the
// angles: each bone's one-bone angles (degrees, about Z then Y, carrying +X onto the bone) and the
// interior bend at the joint (180 = straight).
int cmd_ik(const Args& a) {
  if (!a.only({"root", "target", "l1", "l2", "pole", "flip"})) return kExitBadInput;
  double root[3], target[3], pole[3] = {0, 0, 1};
  double l1 = 0, l2 = 0;
  if (!a.get_vec3("root", root) || !a.get_vec3("target", target)) return kExitBadInput;
  if (a.has("pole") && !a.get_vec3("pole", pole)) return kExitBadInput;
  if (!a.has("l1") || !a.has("l2")) return fail(a, "--l1 and --l2 (bone lengths in metres) are required");
  if (!a.get_number("l1", 0, &l1) || !a.get_number("l2", 0, &l2)) return kExitBadInput;
  if (l1 < 0 || l2 < 0) return fail(a, "--l1/--l2: bone lengths must be >= 0");

  TwoBoneIkD job;
  job.root = {root[0], root[1], root[2]};
  job.target = {target[0], target[1], target[2]};
  job.pole = {pole[0], pole[1], pole[2]};
  job.l1 = l1;
  job.l2 = l2;
  job.flip = a.has("flip");
  TwoBoneResult<double> r;
  job.out = &r;
  if (!job.run()) return fail(a, "inputs out of range");

  auto bone_angles = [](const glm::dvec3& from, const glm::dvec3& to) {
    OneBoneAngles b = solve_one_bone(glm::vec3(to - from));
    const double deg = 180.0 / M_PI;
    return Json{{"about_z_deg", b.about_z * deg}, {"about_y_deg", b.about_y * deg}};
  };
  Json j;
  j["root"] = vec_json(r.root);
  j["joint"] = vec_json(r.joint);
  j["tip"] = vec_json(r.tip);
  j["reached"] = r.reached;
  j["error_m"] = r.error;
  j["angles"] = {{"upper", bone_angles(r.root, r.joint)},
                 {"lower", bone_angles(r.joint, r.tip)},
                 {"bend_deg", r.bend * 180.0 / M_PI}};
  return print_json(j);
}

}  // namespace cf::lab
