#include "image_compare.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "golden_files.h"

namespace cf::test {

ImageDiff compare_images(const Image& a, const Image& b, int tol) {
  ImageDiff d;
  d.same_size = a.width == b.width && a.height == b.height && a.rgba.size() == b.rgba.size();
  if (!d.same_size) return d;
  d.total = static_cast<long>(a.width) * a.height;
  for (std::size_t i = 0; i < a.rgba.size(); i += 4) {
    int worst = 0;
    for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(int(a.rgba[i + c]) - int(b.rgba[i + c])));
    d.max_channel_delta = std::max(d.max_channel_delta, worst);
    if (worst > tol) ++d.differing;
  }
  return d;
}

std::string check_golden(const std::string& name, const Image& actual, int tol, double max_fraction) {
  const std::string out_dir = std::string(CF_BINARY_DIR) + "/render_out";
  std::filesystem::create_directories(out_dir);
  (void)write_png(out_dir + "/" + name + ".png", actual);
  const std::string golden = std::string(CF_SOURCE_DIR) + "/tests/data/render/" + name + ".png";
  if (test::updating_goldens()) {
    Status s = write_png(golden, actual);
    return s ? "" : s.error.to_string();
  }
  Result<Image> want = load_png(golden);
  if (!want) return want.error().to_string() + test::kUpdateGoldensHint;
  const ImageDiff d = compare_images(actual, *want, tol);
  if (!d.same_size) {
    return name + ": size " + std::to_string(actual.width) + "x" + std::to_string(actual.height) +
           " differs from the golden " + std::to_string(want->width) + "x" + std::to_string(want->height);
  }
  if (d.fraction() > max_fraction) {
    return name + ": " + std::to_string(d.differing) + " of " + std::to_string(d.total) +
           " pixels differ by more than " + std::to_string(tol) + " (max delta " +
           std::to_string(d.max_channel_delta) + "); actual image in " + out_dir;
  }
  return "";
}

}  // namespace cf::test
