// Fuzzes the glTF animation reader (motion/gltf_anim_import.h) on any bytes: a .glb or a .gltf with its
// buffers embedded. It must refuse bad input with one line naming the file, never open a path named by
// the content, and give only valid library motions. The budget is small so each run stays fast under
// ASan (the real sets take the default one).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "motion/gltf_anim_import.h"
#include "motion/motion_clip.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  cf::GltfImportOptions o;
  o.source = "fuzz";
  o.budget.max_file_bytes = 1u << 20;
  o.budget.max_json_memory = 8u << 20;
  o.budget.max_nodes = 256;
  o.budget.max_animations = 16;
  o.budget.max_channels = 1024;
  o.budget.max_clip_s = 20.0;
  o.budget.max_samples = 2e5;
  cf::Result<cf::GltfAnimImport> r = cf::import_gltf_animations(bytes, "fuzz.glb", o);
  if (!r.ok()) {
    const std::string line = r.error().to_string();
    if (r.error().file != "fuzz.glb" || line.find('\n') != std::string::npos) std::abort();
    return 0;
  }
  if (r->clips.size() + r->skipped.size() > static_cast<std::size_t>(r->animations)) std::abort();
  for (const cf::ImportedClip& c : r->clips) {
    if (!cf::validate_motion(c.clip, "fuzz.glb").ok()) std::abort();
    if (c.clip.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos) std::abort();
    if (!(c.error_m >= 0.0f) || !(c.bound_m >= 0.0f)) std::abort();
  }
  return 0;
}
