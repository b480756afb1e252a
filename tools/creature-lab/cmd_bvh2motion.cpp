// creature-lab bvh2motion IN.bvh OUT.json [--start S] [--end S] [--cycle] [--max-error M] [--scale K]
//   [--name NAME]: converts a motion capture into a motion clip.
#include <filesystem>

#include "lab_args.h"
#include "motion/bvh_import.h"
#include "core/json.h"

namespace cf::lab {

// Writes the clip and prints a summary: frames used, duration, keys, contacts, scale.
int cmd_bvh2motion(const Args& a) {
  if (!a.only({"start", "end", "cycle", "max-error", "scale", "name"})) return kExitBadInput;
  if (a.positional.size() != 2) return fail(a, "usage: bvh2motion IN.bvh OUT.json [--start S --end S] [--cycle] "
                                               "[--max-error M] [--scale METRES_PER_UNIT] [--name NAME]");
  BvhImportOptions o;
  if (!a.get_number("start", 0.0, &o.start_s) || !a.get_number("end", -1.0, &o.end_s) ||
      !a.get_number("max-error", 0.0, &o.max_error_m) || !a.get_number("scale", 0.0, &o.scale))
    return kExitBadInput;
  if (o.max_error_m < 0.0) return fail(a, "--max-error must be >= 0 (metres)");
  // The output must be a file path in an existing folder: a bad argument (exit 2), found before any work.
  const std::string out = a.positional[1];
  if (std::filesystem::is_directory(out)) return fail(a, out + ": is a directory, not a file");
  const std::filesystem::path parent = std::filesystem::path(out).parent_path();
  if (!parent.empty() && !std::filesystem::is_directory(parent))
    return fail(a, out + ": folder " + parent.string() + " does not exist");
  o.cycle = a.has("cycle");
  o.name = a.get("name", "bvh");
  auto bvh = load_bvh(a.positional[0]);
  if (!bvh) return fail(a, bvh.error().to_string());
  BvhImportReport report;
  auto clip = bvh_to_motion(*bvh, o, a.positional[0], &report);
  if (!clip) return fail(a, clip.error().to_string());
  if (Status s = save_motion(a.positional[1], *clip); !s) return fail(a, s.error.to_string(), kExitFailure);
  int keys = 0;
  for (const PartChannels& c : clip->parts) keys += c.reference.size() + c.control.size() + c.pole.size();
  keys += clip->waist_orientation.size();
  Json j;
  j["output"] = a.positional[1];
  j["name"] = clip->name;
  j["frames"] = static_cast<int>(std::lround(clip->duration_s / bvh->frame_time_s)) + (clip->loop ? 0 : 1);
  j["duration"] = clip->duration_s;
  j["loop"] = clip->loop;
  j["cycle_offset"] = {clip->cycle_offset_ms.x, clip->cycle_offset_ms.y, clip->cycle_offset_ms.z};
  j["keys"] = keys;
  j["contact_keys"] = {clip->foot_contact[0].size(), clip->foot_contact[1].size()};
  j["hip_height"] = clip->body.hip_height;
  j["leg_length"] = clip->body.mean_leg_length();
  j["notes"] = clip->notes;
  j["capture_frames"] = {report.first_frame, report.last_frame};
  j["skipped_frames"] = report.skipped_frames;
  j["floor_slope"] = report.floor_slope;
  j["loop_closure_m"] = report.loop_closure_m;
  return print_json(j);
}

}  // namespace cf::lab
