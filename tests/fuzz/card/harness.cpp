// Fuzzes the creature card loader: any bytes give a creature's text (its checksum right) or one line
// naming the file; never a crash, a hang or a runaway allocation. Whatever it accepts is parsed as a
// creature file, and a card written from it reads back the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "creature/creature_card.h"
#include "creature/creature_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  cf::CardPicture pic;
  cf::Result<std::string> text = cf::decode_card(data, size, "fuzz.card.png", size % 2 ? &pic : nullptr);
  if (!text.ok()) {
    const std::string line = text.error().to_string();
    if (text.error().message.empty() || line.rfind("fuzz.card.png: ", 0) != 0) std::abort();
    return 0;
  }
  if (text->size() > cf::kMaxCardText) std::abort();
  if (size % 2 && pic.rgba.size() != static_cast<std::size_t>(pic.width) * pic.height * 4) std::abort();
  (void)cf::parse_creature(*text, "fuzz.card.png");
  const std::uint8_t px[4] = {1, 2, 3, 255};
  cf::Result<std::vector<std::uint8_t>> again = cf::encode_card(1, 1, px, *text);
  if (!again.ok()) std::abort();
  cf::Result<std::string> back = cf::decode_card(again->data(), again->size(), "again.card.png");
  if (!back.ok() || *back != *text) std::abort();
  return 0;
}
