// creature-lab import --gltf FILE [--map FILE] | --bvh FILE --out DIR [--source NAME] [--max-error SHARE] [--order N]:
//   every clip of a capture as one library motion file in DIR, and a table of what was found. --map: a rig
//   map (critterforge.rigmap/1) naming the legs, arms, head and tail of an odd glTF rig.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "core/file_io.h"
#include "core/file_name.h"
#include "lab_args.h"
#include "motion/bvh_import.h"
#include "motion/gltf_anim_import.h"

namespace cf::lab {

namespace {

std::string limbs_text(const GltfBodyPlan& p) {
  std::string s = std::to_string(p.legs) + " legs";
  if (p.arms > 0) s += " " + std::to_string(p.arms) + " wings";
  if (p.head) s += " head";
  if (p.tail) s += " tail";
  return s;
}

}  // namespace

// Writes DIR/<motion name>.json per clip (names are [a-z0-9_] only, so every file stays in DIR) and prints
// one row per clip: motion, source clip, kind, limbs found, frames, contacts, keys, reduction error.
int cmd_import(const Args& a) {
  if (!a.only({"gltf", "bvh", "map", "out", "source", "max-error", "order"})) return kExitBadInput;
  const bool gltf = a.has("gltf"), bvh = a.has("bvh");
  if (gltf == bvh || !a.has("out") || !a.positional.empty())
    return fail(a, "usage: import --gltf FILE [--map FILE] | --bvh FILE --out DIR [--source NAME] [--max-error SHARE] [--order N]");
  if (a.has("map") && !gltf) return fail(a, "--map names a glTF rig's joints: it goes with --gltf (a BVH's joints are found by their names)");
  const std::string in = a.get(gltf ? "gltf" : "bvh"), out = a.get("out");
  double max_error = 0.01, order = 200;
  if (!a.get_number("max-error", 0.01, &max_error) || !a.get_number("order", 200, &order)) return kExitBadInput;
  if (!(max_error >= 0.0 && max_error <= 1.0)) return fail(a, "--max-error must be a share of the leg's reach from 0 to 1");
  if (!(order >= 0 && order <= 250 && order == std::floor(order))) return fail(a, "--order must be a whole number from 0 to 250");
  std::error_code ec;
  if (!std::filesystem::is_directory(out, ec)) {
    const std::filesystem::path parent = std::filesystem::path(out).parent_path();
    if (!parent.empty() && !std::filesystem::is_directory(parent, ec)) return fail(a, out + ": folder " + parent.string() + " does not exist");
    if (!std::filesystem::create_directory(out, ec) || ec) return fail(a, out + ": cannot make the folder");
  }
  // The source's name: --source, else the file name's first word ("fox-animations.glb": fox).
  std::string source = a.get("source", "");
  if (source.empty()) {
    source = sanitize_motion_name(std::filesystem::path(in).stem().string());
    source = source.substr(0, source.find('_'));
  }
  source = sanitize_motion_name(source);

  struct Row {
    MotionClip clip;
    std::string from;
    int frames = 0, contacts = 0, keys = 0;
    float error_m = 0.0f, bound_m = 0.0f;
  };
  std::vector<Row> rows;
  std::string limbs;
  std::vector<std::string> skipped;
  const auto t0 = std::chrono::steady_clock::now();
  if (gltf) {
    GltfImportOptions o;
    o.source = source;
    o.max_error = max_error;
    o.order = static_cast<int>(order);
    if (a.has("map")) {
      Result<std::string> text = read_file(a.get("map"), kMaxRigMapBytes + 1);
      if (!text) return fail(a, text.error().to_string());
      Result<RigMap> map = parse_rig_map(*text, a.get("map"));
      if (!map) return fail(a, map.error().to_string());
      o.map = std::move(*map);
    }
    Result<GltfAnimImport> r = import_gltf_file(in, o);
    if (!r) return fail(a, r.error().to_string());
    limbs = limbs_text(r->plan);
    skipped = r->skipped;
    for (ImportedClip& c : r->clips)
      rows.push_back({std::move(c.clip), c.source_name, c.frames, c.contacts, c.keys, c.error_m, c.bound_m});
  } else {
    Result<BvhClip> b = load_bvh(in);
    if (!b) return fail(a, b.error().to_string());
    Result<BvhMapping> m = map_bvh_joints(*b, in);
    if (!m) return fail(a, m.error().to_string());
    BvhImportOptions o;
    o.name = source;
    // The bound in metres: the share of the capture's leg (its rest pose, in metres once scaled).
    const double scale = detect_bvh_scale(*b, *m);
    const double leg = scale * 0.5 *
                       (glm::length(b->joints[m->knee[0]].offset) + glm::length(b->joints[m->ankle[0]].offset) +
                        glm::length(b->joints[m->knee[1]].offset) + glm::length(b->joints[m->ankle[1]].offset));
    o.max_error_m = max_error * (leg > 0.0 ? leg : 0.9);
    Result<MotionClip> clip = bvh_to_motion(*b, o, in);
    if (!clip) return fail(a, clip.error().to_string());
    std::string hud = source;
    if (!hud.empty()) hud[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(hud[0])));
    guess_description(&*clip, "Capture " + hud, false, false, static_cast<int>(order));
    clip->description.source = "Capture";  // the motion menu's group
    Row row;
    row.from = std::filesystem::path(in).filename().string();
    row.frames = static_cast<int>(std::lround(clip->duration_s / b->frame_time_s)) + 1;
    for (int s = 0; s < 2; ++s)
      for (float v : clip->foot_contact[static_cast<std::size_t>(s)].values) row.contacts += v > 0.5f;
    for (const PartChannels& c : clip->parts) row.keys += c.reference.size() + c.control.size() + c.pole.size();
    row.bound_m = static_cast<float>(o.max_error_m);
    row.error_m = row.bound_m;  // the BVH reduction keeps every channel within its bound
    row.clip = std::move(*clip);
    limbs = "2 legs 2 arms head";
    rows.push_back(std::move(row));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // Files are named from the input file's name and the clip's place in it, never from the file's content
  // (a clip's name inside the file becomes the motion's name only).
  std::string stem = file_slug(std::filesystem::path(in).stem().string(), 40);
  if (stem.empty()) stem = "motion";
  for (std::size_t k = 0; k < rows.size(); ++k) {
    char index[32];
    std::snprintf(index, sizeof index, "_%02zu.json", k);
    const std::string path = (std::filesystem::path(out) / (stem + index)).string();
    if (Status s = save_motion(path, rows[k].clip); !s) return fail(a, s.error.to_string(), kExitFailure);
  }
  std::printf("%-30s %-22s %-10s %-24s %6s %8s %6s %9s %9s\n", "motion", "clip", "kind", "limbs found", "frames",
              "contacts", "keys", "error_mm", "bound_mm");
  float worst = 0.0f;
  for (const Row& r : rows) {
    std::printf("%-30s %-22s %-10s %-24s %6d %8d %6d %9.2f %9.2f\n", r.clip.name.c_str(),
                Error::escape_control_bytes(r.from.substr(0, 22)).c_str(), to_string(r.clip.description.kind),
                limbs.c_str(), r.frames, r.contacts, r.keys, 1000.0 * r.error_m, 1000.0 * r.bound_m);
    worst = std::max(worst, r.error_m);
  }
  for (const std::string& s : skipped) std::printf("skipped: %s\n", Error::escape_control_bytes(s).c_str());
  std::printf("imported %zu clips into %s in %.3f s; largest reduction error %.2f mm (bound %.3g of the leg's reach)\n",
              rows.size(), out.c_str(), seconds, 1000.0 * worst, max_error);
  return kExitOk;
}

}  // namespace cf::lab
