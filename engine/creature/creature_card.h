#pragma once
// Creature cards: a PNG whose picture is the creature's portrait and whose compressed iTXt chunk
// (keyword kCardKeyword) is the creature file itself, after a checksum line. The data lives in the
// chunk, never the pixels, so a card whose picture was edited or re-encoded still loads. Read and
// written through libpng, with limits on what a hostile file may claim.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace cf {

constexpr const char* kCardKeyword = "critterforge.creature/1";
// A card's picture is at most this on a side. All its text chunks together inflate to at most
// kMaxCardText (a creature file is a few KB), and it has at most kMaxCardTextChunks text chunks and
// kMaxCardExtraChunks chunks besides its pixels: a card of 250 compressed chunks of 16 MiB each took
// 4 GB when the limit was per chunk.
constexpr int kMaxCardSide = 2048;
constexpr std::size_t kMaxCardText = 1u << 20;
constexpr int kMaxCardTextChunks = 16;
constexpr int kMaxCardExtraChunks = 64;
// Largest card file read (an uncompressed 2048 x 2048 picture and its text).
constexpr std::size_t kMaxCardFileBytes = 24u << 20;

// The picture part of a card: RGBA8, top row first.
struct CardPicture {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;
};

// True when the bytes start with the PNG signature (a card, or a PNG that is not one).
bool looks_like_png(const std::uint8_t* data, std::size_t size);

// The PNG bytes of a card: the picture (w x h RGBA8, top row first) and the creature file's text.
// Fails only when libpng does.
Result<std::vector<std::uint8_t>> encode_card(int w, int h, const std::uint8_t* rgba, const std::string& creature_text);

// The creature file's text from a card's bytes, its checksum verified; with 'picture' also the
// picture. A PNG without the chunk, a truncated or damaged one, text over kMaxCardText in all (a
// decompression bomb), too many chunks or a wrong checksum fails with one line naming 'file' and
// the problem.
Result<std::string> decode_card(const std::uint8_t* data, std::size_t size, const std::string& file,
                                CardPicture* picture = nullptr);

// A creature file's text from what a file holds: a card's chunk (decode_card), else the bytes as they are.
Result<std::string> creature_text_of(const std::string& bytes, const std::string& file);

// "<dir>/<stem>.card.png" beside "<dir>/<stem>.json".
std::string card_path_beside(const std::string& json_path);

}  // namespace cf
