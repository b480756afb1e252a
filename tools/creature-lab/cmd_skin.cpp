// creature-lab skin: the creature's flesh posed by a motion at one instant, written as OBJ.
// Also defines the pose source shared with `creature-lab weights` (retargeted clip frames).
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "lab_args.h"
#include "motion/motion_clip.h"
#include "retarget/retarget.h"
#include "skeleton/rig_builder.h"
#include "skin/skinned_creature.h"
#include "core/json.h"

namespace cf::lab {

// Bone matrices of a rig over clip times (one vector of bone_ms per time) and the bind matrices,
// from the motion retargeted onto the rig (60 Hz over the clip when times is null).
Result<std::vector<std::vector<glm::mat4>>> lab_clip_frames(const Rig& rig, const std::string& motion_path,
                                                             const std::vector<double>* times, double step_s,
                                                             std::vector<glm::mat4>* bind, std::string* source) {
  auto clip = load_motion(motion_path);
  if (!clip) return clip.error();
  auto setup = build_retarget_setup(rig, *clip);
  if (!setup) return setup.error();
  bind_pose_matrices(rig, bind);
  std::vector<double> ts;
  if (times) ts = *times;
  else
    for (double t = 0.0; t < clip->duration_s; t += step_s) ts.push_back(t);
  CreaturePose pose;
  pose.resize(rig);
  std::vector<std::vector<glm::mat4>> frames;
  for (double t : ts) {
    RetargetJob job;
    job.setup = &*setup;
    job.rig = &rig;
    job.clip = &*clip;
    job.time_s = t;
    job.out = &pose;
    if (!job.run()) return Error{motion_path, "", "retargeting failed at t = " + std::to_string(t)};
    frames.push_back(pose.bone_ms);
  }
  *source = "retargeted " + motion_path;
  return frames;
}

// OBJ text: positions, texture coordinates, normals, faces v/vt/vn (1-based).
static std::string to_obj(const std::string& name, const SkinMesh& mesh, SkinSpan<const glm::vec3> pos,
                          SkinSpan<const glm::vec3> nrm) {
  std::ostringstream o;
  o.precision(6);
  o << std::fixed << "# critterforge skinned mesh\no " << name << "\n";
  for (const auto& p : pos) o << "v " << p.x << " " << p.y << " " << p.z << "\n";
  for (const auto& t : mesh.uvs) o << "vt " << t.x << " " << t.y << "\n";
  for (const auto& n : nrm) o << "vn " << n.x << " " << n.y << " " << n.z << "\n";
  for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
    o << "f";
    for (int k = 0; k < 3; ++k) {
      const unsigned v = mesh.indices[i + k] + 1;
      o << " " << v << "/" << v << "/" << v;
    }
    o << "\n";
  }
  return o.str();
}

int cmd_skin(const Args& a) {
  if (!a.only({"creature", "motion", "time", "out", "vertices", "max"})) return kExitBadInput;
  for (const char* k : {"creature", "motion", "out"})
    if (!a.values.count(k)) return fail(a, std::string("--") + k + " is required");
  double t = 0, verts = 0, max = 4;
  if (!a.get_number("time", 0, &t) || !a.get_number("vertices", 0, &verts) || !a.get_number("max", 4, &max))
    return kExitBadInput;
  if (t < 0) return fail(a, "--time must be >= 0 seconds");
  if (verts != 0 && (verts < 64 || verts > 2000000)) return fail(a, "--vertices must be 64 to 2000000");
  if (max < 1 || max > 8 || max != std::floor(max)) return fail(a, "--max must be a whole number from 1 to 8");
  auto creature = load_creature(a.get("creature"));
  if (!creature) return fail(a, creature.error().to_string());
  auto rig = build_rig(*creature);
  if (!rig) {
    Error e = rig.error();
    e.file = a.get("creature");
    return fail(a, e.to_string());
  }
  SkinOptions so;
  so.mesh.target_vertices = static_cast<int>(verts);
  so.limit.max_influences = static_cast<int>(max);
  auto sc = build_skinned_creature(rig->skeleton, so);
  if (!sc) return fail(a, a.get("creature") + ": " + sc.error().to_string());
  std::vector<glm::mat4> bind, inv_bind(rig->skeleton.size());
  std::string source;
  const std::vector<double> times{t};
  auto frames = lab_clip_frames(*rig, a.get("motion"), &times, 0.0, &bind, &source);
  if (!frames) return fail(a, frames.error().to_string());
  invert_bind_matrices(bind, inv_bind);
  SkinBuffers out;
  out.resize_for(*sc);
  if (!skin_with_palette(*sc, (*frames)[0], inv_bind, &out)) return fail(a, "skinning failed", kExitFailure);
  Status st = write_file_atomic(a.get("out"), to_obj(creature->name, sc->mesh, out.positions_ms, out.normals_ms));
  if (!st) return fail(a, st.error.to_string());
  glm::vec3 lo(1e30f), hi(-1e30f);
  for (const auto& p : out.positions_ms) lo = glm::min(lo, p), hi = glm::max(hi, p);
  Json j;
  j["out"] = a.get("out");
  j["time"] = t;
  j["pose_source"] = source;
  j["vertices"] = sc->mesh.vertex_count();
  j["triangles"] = sc->mesh.indices.size() / 3;
  j["bounds_min"] = {lo.x, lo.y, lo.z};
  j["bounds_max"] = {hi.x, hi.y, hi.z};
  return print_json(j);
}

}  // namespace cf::lab
