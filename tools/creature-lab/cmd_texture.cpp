// creature-lab texture: checks that a PNG is a usable texture.
#include "lab_args.h"
#include "render/image_io.h"
#include "core/json.h"

namespace cf::lab {

// creature-lab texture --file F.png: {"file", "width", "height"} when F is a usable texture, else
// the error (naming the file) on stderr and exit 2.
int cmd_texture(const Args& a) {
  if (!a.only({"file"})) return kExitBadInput;
  if (!a.has("file")) return fail(a, "--file PATH is required");
  Result<Image> img = load_texture_image(a.get("file"));
  if (!img) return fail(a, img.error().to_string());
  Json j;
  j["file"] = a.get("file");
  j["width"] = img->width;
  j["height"] = img->height;
  return print_json(j);
}

}  // namespace cf::lab
