// Fuzzes the PNG decoder used for textures: any bytes must give an image or an error, never a crash,
// and a decoded image must survive an encode/decode round trip unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "render/image_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  cf::Result<cf::Image> img = cf::decode_png(data, size, "fuzz.png");
  if (!img.ok()) {
    if (img.error().message.empty()) std::abort();  // every failure must say what is wrong
    return 0;
  }
  const cf::Image& a = *img;
  if (a.width <= 0 || a.height <= 0 ||
      a.rgba.size() != static_cast<std::size_t>(a.width) * static_cast<std::size_t>(a.height) * 4) {
    std::abort();
  }
  (void)cf::check_texture_image(a, "fuzz.png");
  if (static_cast<long>(a.width) * a.height <= 64 * 64) {
    const std::vector<std::uint8_t> png = cf::encode_png(a.width, a.height, a.rgba.data());
    cf::Result<cf::Image> b = cf::decode_png(png.data(), png.size(), "roundtrip.png");
    if (!b.ok() || b->rgba != a.rgba) std::abort();
  }
  return 0;
}
