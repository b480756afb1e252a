// Fuzzes the card loader's budget across chunks: the input is cut into up to 300 pieces, each deflated
// (its first byte's low bit: or stored) as one text chunk of a PNG (zTXt, iTXt or tEXt by the piece's
// second byte); whatever the pieces inflate to, the card is refused or its text is within kMaxCardText.
// A piece of one byte 'r' repeats the previous piece's plain text 256 times (bombs from small input).
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "creature/creature_card.h"
#include "png_chunks.h"

namespace {

using cf::test::png_chunk;
std::string deflated(const std::string& s) { return cf::test::deflated(s, 1); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string png("\x89PNG\r\n\x1a\n", 8);
  png_chunk(&png, "IHDR", std::string("\0\0\0\1\0\0\0\1\x08\x06\0\0\0", 13));
  std::string previous;
  std::size_t pos = 0;
  for (int n = 0; n < 300 && pos < size; ++n) {
    const std::size_t len = data[pos] % 64;
    std::string piece(reinterpret_cast<const char*>(data) + pos + 1, std::min(len, size - pos - 1));
    pos += 1 + piece.size();
    if (piece == "r") {
      std::string big;
      for (int k = 0; k < 256 && big.size() < (4u << 20); ++k) big += previous.empty() ? std::string(4096, ' ') : previous;
      piece = big;
    }
    previous = piece;
    const int kind = piece.size() > 1 ? static_cast<unsigned char>(piece[1]) % 3 : 0;
    const bool stored = !piece.empty() && (piece[0] & 1);
    if (kind == 0) {
      png_chunk(&png, "zTXt", std::string("critterforge.creature/1\0\0", 25) + deflated(piece));
    } else if (kind == 1) {
      png_chunk(&png, "iTXt", std::string("critterforge.creature/1\0", 24) + (stored ? std::string("\0\0\0\0", 4) : std::string("\1\0\0\0", 4)) +
                              (stored ? piece : deflated(piece)));
    } else {
      png_chunk(&png, "tEXt", std::string("Comment\0", 8) + piece);
    }
  }
  png_chunk(&png, "IDAT", deflated(std::string("\0\x10\x20\x30\xff", 5)));
  png_chunk(&png, "IEND", "");
  cf::Result<std::string> text = cf::decode_card(reinterpret_cast<const std::uint8_t*>(png.data()), png.size(), "fuzz.card.png");
  if (!text.ok()) {
    if (text.error().to_string().rfind("fuzz.card.png: ", 0) != 0) std::abort();
    return 0;
  }
  if (text->size() > cf::kMaxCardText) std::abort();
  return 0;
}
