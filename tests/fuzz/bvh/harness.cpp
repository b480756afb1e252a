// Fuzzes the BVH parser and, for small captures, forward kinematics and the conversion to a clip.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "motion/bvh.h"
#include "motion/bvh_import.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto bvh = cf::parse_bvh(text, "fuzz.bvh");
  if (!bvh.ok()) {
    if (bvh.error().file != "fuzz.bvh" || bvh.error().field.rfind("line ", 0) != 0) std::abort();
    return 0;
  }
  if (bvh->values.size() != static_cast<std::size_t>(bvh->frame_count) * bvh->channels_per_frame) std::abort();
  std::vector<glm::vec3> p;
  cf::bvh_joint_positions(*bvh, 0, &p);
  cf::bvh_joint_positions(*bvh, bvh->frame_count - 1, &p);
  if (bvh->values.size() > 20000) return 0;  // keep each run fast
  cf::BvhImportOptions o;
  (void)cf::bvh_to_motion(*bvh, o, "fuzz.bvh");
  o.cycle = true;
  o.max_error_m = 0.01;
  o.scale = 0.05;
  (void)cf::bvh_to_motion(*bvh, o, "fuzz.bvh");
  return 0;
}
