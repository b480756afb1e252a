// Fuzzes the replay loader: any bytes give a replay or an error naming the file, never a crash; a
// loaded replay saves and loads back to the same inputs, hashes and embedded content.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "game/session/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  cf::Result<cf::Replay> r = cf::parse_replay(text, "fuzz.replay.json");
  if (!r.ok()) {
    if (r.error().file != "fuzz.replay.json" || r.error().message.empty()) std::abort();
    return 0;
  }
  if (r->inputs.size() > cf::kReplayMaxTicks) std::abort();
  for (std::size_t i = 1; i < r->hashes.size(); ++i)
    if (r->hashes[i].tick <= r->hashes[i - 1].tick) std::abort();
  cf::Result<cf::Replay> again = cf::parse_replay(cf::replay_to_json(*r).dump(), "again.replay.json");
  if (!again.ok()) std::abort();
  if (again->inputs.size() != r->inputs.size() || again->hashes.size() != r->hashes.size() ||
      again->seed != r->seed || again->creature_json != r->creature_json || again->level_json != r->level_json)
    std::abort();
  for (std::size_t i = 0; i < r->inputs.size(); ++i)
    if (!(again->inputs[i] == r->inputs[i])) std::abort();
  return 0;
}
