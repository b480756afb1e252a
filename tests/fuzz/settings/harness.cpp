// Fuzzes the settings parser: any bytes give settings within their ranges or one error naming the
// file, never a crash; accepted settings write and read back equal.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "game/options/settings.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  cf::Result<cf::Settings> s = cf::parse_settings(text, "fuzz.settings.json");
  if (!s.ok()) {
    if (s.error().file != "fuzz.settings.json" || s.error().message.empty()) std::abort();
    return 0;
  }
  const cf::LookSettings& l = s->look;
  if (l.window_w < 320 || l.window_w > 3840 || l.window_h < 240 || l.window_h > 2160) std::abort();
  if (l.text_scale < 1 || l.text_scale > 3) std::abort();
  cf::Result<cf::Settings> again = cf::parse_settings(cf::settings_to_json(*s), "again.settings.json");
  if (!again.ok() || *again != *s) std::abort();
  return 0;
}
