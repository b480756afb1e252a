// creature-lab render: runs the geometry stage headless on the renderer's fixed test scene and prints
// what it produced; --dump FILE also writes the command list as text.
#include <sstream>

#include "core/file_io.h"
#include "lab_args.h"
#include "render/test_scene.h"
#include "core/json.h"

namespace cf::lab {
namespace {

// "bones,joints" or "all" -> OverlayKind bits; false on an unknown name.
bool parse_overlays(const std::string& s, std::uint32_t* mask, std::string* bad) {
  *mask = 0;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.empty()) continue;
    if (item == "all") {
      *mask |= kOverlayAll;
      continue;
    }
    std::uint32_t bit = 0;
    for (std::uint32_t b = 1; b < kOverlayAll; b <<= 1) {
      if (item == overlay_kind_name(b)) bit = b;
    }
    if (!bit) {
      *bad = item;
      return false;
    }
    *mask |= bit;
  }
  return true;
}

}  // namespace

// Prints {"target": [w, h], "modern", "triangles_in", "culled_back", "culled_outside", "clipped",
// "subdivided", "triangles_out", "lines_out"} for the test scene under the given settings.
int cmd_render(const Args& a) {
  if (!a.only({"modern", "snap", "buckets", "overlays", "width", "height", "window-width", "window-height",
               "dump"})) {
    return kExitBadInput;
  }
  double snap = 1, buckets = 0, width = 0, height = 0, win_w = 640, win_h = 480;
  if (!a.get_number("snap", 1, &snap) || !a.get_number("buckets", 0, &buckets) ||
      !a.get_number("width", 0, &width) || !a.get_number("height", 0, &height) ||
      !a.get_number("window-width", 640, &win_w) || !a.get_number("window-height", 480, &win_h)) {
    return kExitBadInput;
  }
  if (buckets < 0 || buckets > (1 << 20)) return fail(a, "--buckets: must be 0 (default 4096) to 1048576");
  if (width < 0 || width > 4096 || height < 0 || height > 4096) return fail(a, "--width/--height: 0 to 4096");
  if (win_w < 1 || win_w > 16384 || win_h < 1 || win_h > 16384) return fail(a, "--window-*: 1 to 16384");
  FrameSettings s;
  s.modern = a.has("modern");
  s.subpixel = snap == 0;
  s.ot_buckets = static_cast<int>(buckets);
  s.internal_width = static_cast<int>(width);
  s.internal_height = static_cast<int>(height);
  std::string bad;
  if (!parse_overlays(a.get("overlays"), &s.overlay_mask, &bad)) {
    return fail(a, "--overlays: unknown kind '" + bad +
                       "' (bones, joints, cog, ik, control, refline, planes, regions, weights, all)");
  }
  TestScene scene;
  build_test_scene(TestSceneTextures{{1}, {2}, {3}, {4}}, &scene);
  GeometryScratch scratch;
  CommandList list;
  GeometryStats stats;
  GeometryJob job = test_scene_job(scene, s, static_cast<int>(win_w), static_cast<int>(win_h));
  job.scratch = &scratch;
  job.out = &list;
  job.stats = &stats;
  if (!job.run()) return fail(a, "geometry job rejected its input", kExitFailure);
  if (a.has("dump")) {
    Status w = write_file_atomic(a.get("dump"), dump_command_list(list));
    if (!w) return fail(a, w.error.to_string());
  }
  Json j;
  j["target"] = {list.width, list.height};
  j["modern"] = list.modern;
  j["triangles_in"] = stats.triangles_in;
  j["culled_back"] = stats.culled_back;
  j["culled_outside"] = stats.culled_outside;
  j["clipped"] = stats.clipped;
  j["subdivided"] = stats.subdivided;
  j["triangles_out"] = stats.triangles_out;
  j["lines_out"] = stats.lines_out;
  return print_json(j);
}

}  // namespace cf::lab
