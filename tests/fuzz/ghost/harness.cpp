// Fuzzes the ghost loader's parse (a replay under kGhostMemoryBudget): any bytes give a ghost or one
// error naming the file, never a crash or more memory than the budget.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "game/session/best_times.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > cf::kMaxGhostBytes) return 0;  // refused by size before parsing
  const std::string text(reinterpret_cast<const char*>(data), size);
  cf::Result<cf::Replay> r = cf::parse_replay(text, "fuzz.ghost.json", cf::kGhostMemoryBudget);
  if (!r.ok()) {
    if (r.error().file != "fuzz.ghost.json" || r.error().message.empty()) std::abort();
    return 0;
  }
  if (cf::json_memory_estimate(text) > cf::kGhostMemoryBudget) std::abort();
  if (r->inputs.size() > cf::kReplayMaxTicks) std::abort();
  return 0;
}
