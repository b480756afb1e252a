// Fuzzes the motion clip loader, then exercises what a loaded clip feeds: sampling, mirroring, saving.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "motion/mirror.h"
#include "motion/motion_clip.h"
#include "core/json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto clip = cf::parse_motion(text, "fuzz.json");
  if (!clip.ok()) {
    if (clip.error().file != "fuzz.json") std::abort();  // every error names the file
    return 0;
  }
  cf::MotionPose pose;
  for (double t : {-7.5, 0.0, 0.01, 0.5, clip->duration_s, 1e6, 1e300}) {
    cf::sample_clip(*clip, t, &pose);
    for (const cf::PartSample& s : pose.parts)
      if (!std::isfinite(s.reference.x + s.control.y + s.pole.z) && std::fabs(t) < 1e7) std::abort();
  }
  cf::MotionClip mirrored;
  if (cf::mirror_clip(*clip, glm::vec3(0.5f, 0.0f, 0.0f), glm::vec3(1.0f, 0.0f, 0.3f), &mirrored))
    cf::sample_clip(mirrored, 0.25, &pose);
  // What we save we can load again.
  auto again = cf::parse_motion(cf::motion_to_json(*clip).dump(), "again.json");
  if (!again.ok()) std::abort();
  // The whole file, with its description (/2), loads again to the same description.
  auto whole = cf::parse_motion(cf::motion_file_json(*clip).dump(), "whole.json");
  if (!whole.ok() || cf::description_to_json(whole->description) != cf::description_to_json(clip->description))
    std::abort();
  return 0;
}
