// Fuzzes the pad-script loader: any bytes give a script or an error naming the file, never a crash;
// a loaded script answers frame_at for any tick with values inside the stick and trigger ranges.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "game/session/pad_script.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  cf::Result<cf::PadScript> s = cf::parse_pad_script(text, "fuzz.pad.json");
  if (!s.ok()) {
    if (s.error().file != "fuzz.pad.json" || s.error().message.empty()) std::abort();
    return 0;
  }
  const std::uint64_t total = s->total_ticks();
  for (std::uint64_t t : {std::uint64_t{0}, std::uint64_t{1}, total / 2, total, total + 1, ~std::uint64_t{0}}) {
    const cf::InputFrame f = s->frame_at(t);
    if (f.left_trigger < 0 || f.right_trigger < 0 || f.left_x < -32767 || f.right_y < -32767) std::abort();
    cf::InputFrame released;  // past the end: all released, the pointer where the last step left it
    released.mouse_x = f.mouse_x;
    released.mouse_y = f.mouse_y;
    if (t >= total && !(f == released)) std::abort();
  }
  return 0;
}
