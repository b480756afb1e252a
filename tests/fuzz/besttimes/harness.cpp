// Fuzzes the best-times table parser: any bytes give a table or one error naming the file, never a
// crash; every ghost named is one entry of trials/ghosts, and an accepted table writes and reads back.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/file_name.h"
#include "game/session/best_times.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  cf::Result<cf::BestTimes> t = cf::parse_best_times(text, "fuzz.best_times.json");
  if (!t.ok()) {
    if (t.error().file != "fuzz.best_times.json" || t.error().message.empty()) std::abort();
    return 0;
  }
  for (const cf::BestRun& r : t->runs)
    if (!r.ghost.empty() && !cf::is_one_component(r.ghost)) std::abort();
  cf::Result<cf::BestTimes> again = cf::parse_best_times(cf::best_times_to_json(*t).dump(), "again.json");
  if (!t->old_format && (!again.ok() || again->runs.size() != t->runs.size())) std::abort();
  return 0;
}
