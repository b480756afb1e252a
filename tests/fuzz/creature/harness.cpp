// Fuzzes the creature loader and, for every creature it accepts, the rig builder: any input
// either fails with an error or builds a rig whose chains meet the normalizer's bounds.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "creature/creature_io.h"
#include "skeleton/rig_builder.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto c = cf::parse_creature(text, "fuzz.json");
  if (!c) {
    if (c.error().message.empty()) std::abort();
    return 0;
  }
  auto rig = cf::build_rig(*c);
  if (!rig) std::abort();  // a creature the loader accepts always builds
  for (const cf::LimbChain& lc : rig->limbs) {
    float r = lc.l1 / lc.l2;
    if (!(r >= 0.8f && r <= 1.25f && lc.l3 <= 0.35f * (lc.l1 + lc.l2))) std::abort();
  }
  // Saving and reloading gives the same creature.
  auto again = cf::parse_creature(cf::creature_to_json(*c).dump(), "fuzz2.json");
  if (!again || again->parts.size() != c->parts.size()) std::abort();
  return 0;
}
