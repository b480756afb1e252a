// creature-lab sample --motion FILE --time T [--mirror]: a clip sampled at one instant.
#include "lab_args.h"
#include "motion/mirror.h"
#include "motion/motion_clip.h"
#include "core/json.h"

namespace cf::lab {

static Json vec3_json(const glm::vec3& v) { return Json::array({v.x, v.y, v.z}); }

// Prints every part's reference, control and pole (clip model space), the waist orientation and the
// contacts at time T. --mirror mirrors the clip across the plane x = 0 first.
int cmd_sample(const Args& a) {
  if (!a.only({"motion", "time", "mirror"})) return kExitBadInput;
  const std::string path = a.get("motion");
  if (path.empty()) return fail(a, "--motion FILE is required");
  if (!a.values.count("time")) return fail(a, "--time T (seconds) is required");
  double t = 0.0;
  if (!a.get_number("time", 0.0, &t)) return kExitBadInput;
  auto clip = load_motion(path);
  if (!clip) return fail(a, clip.error().to_string());
  MotionClip m = *clip;
  if (a.has("mirror")) mirror_clip(*clip, glm::vec3(0.0f), glm::vec3(1.0f, 0.0f, 0.0f), &m);
  MotionPose pose;
  sample_clip(m, t, &pose);
  Json j;
  j["motion"] = m.name;
  j["time"] = t;
  j["duration"] = m.duration_s;
  j["loop"] = m.loop;
  j["mirrored"] = m.mirrored;
  const glm::quat& q = pose.waist_orientation;
  j["waist_orientation"] = Json::array({q.w, q.x, q.y, q.z});
  Json parts = Json::object();
  for (int p = 0; p < kMotionPartCount; ++p) {
    const PartSample& s = pose.parts[p];
    Json o = {{"reference", vec3_json(s.reference)}, {"control", vec3_json(s.control)}};
    if (has_pole(static_cast<MotionPart>(p))) o["pole"] = vec3_json(s.pole);
    parts[to_string(static_cast<MotionPart>(p))] = o;
  }
  j["parts"] = parts;
  j["contacts"] = {{"left_foot", pose.contact[0]}, {"right_foot", pose.contact[1]},
                   {"left_hand", pose.hand_contact[0]}, {"right_hand", pose.hand_contact[1]}};
  return print_json(j);
}

}  // namespace cf::lab
