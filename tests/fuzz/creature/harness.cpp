// Fuzzes the creature loader and, for every creature it accepts, the rig builder: any input
// either fails with an error or builds a rig whose chains meet the normalizer's bounds.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "creature/creature_io.h"
#include "render/paint_texture.h"
#include "skeleton/rig_builder.h"
#include "core/json.h"

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
  if (!again || again->parts.size() != c->parts.size() || again->painted != c->painted) std::abort();
  if (c->painted) {
    // Paint keeps through a save, and its page is a console page whatever the paint says.
    for (std::size_t i = 0; i < c->parts.size(); ++i)
      if (again->parts[i].paint != c->parts[i].paint) std::abort();
    cf::IndexedTexture page;
    cf::build_paint_texture(*c, {}, &page);
    if (page.width > 256 || page.height > 256 || page.clut.size() > (page.bits == 4 ? 16u : 256u)) std::abort();
    for (std::uint8_t t : page.texels)
      if (t >= page.clut.size()) std::abort();
  }
  return 0;
}
