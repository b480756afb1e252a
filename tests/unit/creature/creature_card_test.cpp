#include "creature/creature_card.h"

#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "core/json.h"

namespace cf {
namespace {

using Bytes = std::vector<std::uint8_t>;

std::string shipped(const std::string& name) {
  return *read_file(std::string(CF_ASSETS_DIR) + "/creatures/" + name + ".json");
}

Bytes picture(int w, int h) {
  Bytes px(static_cast<std::size_t>(w) * h * 4);
  for (std::size_t i = 0; i < px.size(); ++i) px[i] = static_cast<std::uint8_t>(i * 7);
  return px;
}

// PNG chunks made by hand, so hostile cards can say what libpng's writer never would.
void be32(Bytes* out, std::uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out->push_back(static_cast<std::uint8_t>(v >> s));
}
void chunk(Bytes* out, const char* type, const Bytes& data) {
  be32(out, static_cast<std::uint32_t>(data.size()));
  Bytes body(type, type + 4);
  body.insert(body.end(), data.begin(), data.end());
  out->insert(out->end(), body.begin(), body.end());
  be32(out, static_cast<std::uint32_t>(crc32(0L, body.data(), static_cast<uInt>(body.size()))));
}
Bytes deflate(const std::string& s) {
  uLongf n = compressBound(static_cast<uLong>(s.size()));
  Bytes out(n);
  compress2(out.data(), &n, reinterpret_cast<const Bytef*>(s.data()), static_cast<uLong>(s.size()), 9);
  out.resize(n);
  return out;
}
// A 1x1 RGBA PNG with one iTXt chunk (keyword, text; compressed or not) before its pixels.
Bytes png_with_itxt(const std::string& keyword, const std::string& text, bool compressed) {
  Bytes out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  chunk(&out, "IHDR", {0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0});
  if (!keyword.empty()) {
    Bytes t(keyword.begin(), keyword.end());
    t.insert(t.end(), {0, static_cast<std::uint8_t>(compressed ? 1 : 0), 0, 0, 0});
    const Bytes body = compressed ? deflate(text) : Bytes(text.begin(), text.end());
    t.insert(t.end(), body.begin(), body.end());
    chunk(&out, "iTXt", t);
  }
  chunk(&out, "IDAT", deflate(std::string("\0\x10\x20\x30\xff", 5)));
  chunk(&out, "IEND", {});
  return out;
}
std::string crc_line(const std::string& text) {
  char line[32];
  std::snprintf(line, sizeof line, "crc32 %08lx\n",
                static_cast<unsigned long>(crc32(0L, reinterpret_cast<const Bytef*>(text.data()), static_cast<uInt>(text.size()))));
  return line;
}

void expect_refused(const Bytes& png, const std::string& words) {
  Result<std::string> r = decode_card(png.data(), png.size(), "friend.card.png");
  ASSERT_FALSE(r.ok()) << "accepted";
  const std::string line = r.error().to_string();
  EXPECT_EQ(line.rfind("friend.card.png: ", 0), 0u) << line;  // names the file first
  EXPECT_NE(line.find(words), std::string::npos) << line;
  EXPECT_EQ(line.find('\n'), std::string::npos) << line;  // one line
}

TEST(CreatureCard, TheCreatureComesBackByteForByteAndThePictureToo) {
  const std::string text = shipped("quadruped");
  const Bytes px = picture(48, 64);
  Result<Bytes> png = encode_card(48, 64, px.data(), text);
  ASSERT_TRUE(png.ok()) << png.error().to_string();
  CardPicture pic;
  Result<std::string> back = decode_card(png->data(), png->size(), "q.card.png", &pic);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(*back, text);
  EXPECT_EQ(pic.width, 48);
  EXPECT_EQ(pic.height, 64);
  EXPECT_EQ(pic.rgba, px);
  // Compressed: the chunk is smaller than the text it holds.
  EXPECT_LT(png->size(), text.size() + px.size());
}

TEST(CreatureCard, LoadCreatureTakesACardWhereverItTakesAFile) {
  const std::string dir = ::testing::TempDir() + "card_load";
  std::filesystem::create_directories(dir);
  const std::string text = shipped("biped_arms_tail");
  const Bytes px = picture(8, 8);
  Result<Bytes> png = encode_card(8, 8, px.data(), text);
  ASSERT_TRUE(png.ok());
  ASSERT_TRUE(write_file_atomic(dir + "/b.card.png", std::string(png->begin(), png->end())).ok());
  Result<Creature> from_card = load_creature(dir + "/b.card.png");
  ASSERT_TRUE(from_card.ok()) << from_card.error().to_string();
  Result<Creature> from_file = load_creature(std::string(CF_ASSETS_DIR) + "/creatures/biped_arms_tail.json");
  ASSERT_TRUE(from_file.ok());
  EXPECT_EQ(creature_to_json(*from_card).dump(2), creature_to_json(*from_file).dump(2));
}

TEST(CreatureCard, AHandMadeChunkWithTheRightChecksumLoads) {
  // Our reader is not tied to our writer: an uncompressed iTXt as another program may write it.
  const std::string text = shipped("stubby");
  Bytes png = png_with_itxt(kCardKeyword, crc_line(text) + text, false);
  Result<std::string> r = decode_card(png.data(), png.size(), "s.card.png");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(*r, text);
}

TEST(CreatureCard, APngWithoutTheChunkIsRefused) {
  expect_refused(png_with_itxt("", "", false), "not a creature card: no critterforge.creature/1 text chunk");
  expect_refused(png_with_itxt("Comment", "hello", true), "not a creature card");
}

TEST(CreatureCard, NotAPngIsRefused) {
  const Bytes junk = {'{', '}', 0, 1, 2, 3, 4, 5, 6};
  expect_refused(junk, "not a PNG file");
}

TEST(CreatureCard, ATruncatedCardIsRefusedAtEveryLength) {
  const std::string text = shipped("biped");
  const Bytes px = picture(16, 16);
  Bytes png = *encode_card(16, 16, px.data(), text);
  for (std::size_t n = 8; n < png.size(); n += 13) {
    Bytes cut(png.begin(), png.begin() + static_cast<std::ptrdiff_t>(n));
    Result<std::string> r = decode_card(cut.data(), cut.size(), "cut.card.png");
    // Any cut is refused with the file named: a chunk that runs past the end is damage, not a short read.
    if (r.ok()) EXPECT_EQ(*r, text) << n;
    else EXPECT_NE(r.error().to_string().find("cut.card.png: "), std::string::npos);
  }
  Bytes half(png.begin(), png.begin() + 40);
  expect_refused(half, "truncated");
  // The same cut, asking for the picture too, is refused however much of the data is there.
  Bytes late(png.begin(), png.end() - 20);
  CardPicture pic;
  EXPECT_FALSE(decode_card(late.data(), late.size(), "late.card.png", &pic).ok());
}

// A card whose iTXt chunk (right after IHDR) claims 'length' bytes, cut to 'keep' bytes after its length
// field when keep > 0.
Bytes card_claiming(std::uint32_t length, std::size_t keep = 0) {
  Bytes png = png_with_itxt(kCardKeyword, "crc32 00000000\n{}", true);
  const std::size_t at = 8 + 25;
  if (keep > 0) png.resize(at + keep);
  for (int i = 0; i < 4; ++i) png[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(length >> (24 - 8 * i));
  return png;
}

TEST(CreatureCard, AChunkClaimingGigabytesIsRefusedWithoutAllocatingThem) {
  // Found by the card fuzzer: an iTXt header declaring 1.9 GB in a 150-byte file made libpng allocate it.
  const Bytes png = card_claiming(1952540472u);
  Result<std::string> r = decode_card(png.data(), png.size(), "claims.card.png");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().to_string(),
            "claims.card.png: damaged PNG: its iTXt chunk claims 1952540472 bytes, more than the file holds "
            "(truncated or corrupt)");
}

TEST(CreatureCard, AGigabyteChunkHeaderInTheFilesLastBytesIsRefusedWithoutAllocating) {
  // Found by the card fuzzer: the same 1.9 GB header with only 3 bytes after it (no room for a CRC)
  // slipped past the scan, and libpng allocated the declared length.
  const Bytes png = card_claiming(1912602954u, 11);  // its length and type, then 3 bytes
  Result<std::string> r = decode_card(png.data(), png.size(), "cut.card.png");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().to_string(),
            "cut.card.png: damaged PNG: its iTXt chunk claims 1912602954 bytes, more than the file holds "
            "(truncated or corrupt)");
  // A header whose data fits but whose CRC is cut is still libpng's truncation.
  Bytes crcless = png_with_itxt(kCardKeyword, "crc32 00000000\n{}", true);
  crcless.resize(crcless.size() - 14);  // IEND (12) and two bytes of the IDAT chunk's CRC
  Result<std::string> c = decode_card(crcless.data(), crcless.size(), "crc.card.png");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().to_string().find("claims"), std::string::npos) << c.error().to_string();
}

TEST(CreatureCard, ADecompressionBombIsRefusedPastTheTextLimit) {
  // 64 MiB of spaces deflate to about 64 KiB; the card holds at most 1 MiB of text.
  const std::string huge(64u << 20, ' ');
  Bytes png = png_with_itxt(kCardKeyword, "crc32 00000000\n" + huge, true);
  EXPECT_LT(png.size(), 200000u);
  expect_refused(png, "not a creature card: its text chunks inflate past 1 MiB");
}

TEST(CreatureCard, AWrongChecksumIsRefused) {
  const std::string text = shipped("biped");
  std::string edited = text;
  edited[edited.find("0.")] = '1';  // one digit changed after the checksum was taken
  expect_refused(png_with_itxt(kCardKeyword, crc_line(text) + edited, true), "wrong checksum");
  expect_refused(png_with_itxt(kCardKeyword, text, true), "no checksum line");
}

TEST(CreatureCard, AHugePictureIsRefusedBeforeItsPixelsAreRead) {
  Bytes png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  chunk(&png, "IHDR", {0, 0, 0x40, 0, 0, 0, 0x40, 0, 8, 6, 0, 0, 0});  // 16384 x 16384
  chunk(&png, "IEND", {});
  expect_refused(png, "damaged PNG");
}

TEST(CreatureCard, ACardsPathSitsBesideItsFile) {
  EXPECT_EQ(card_path_beside("/d/creatures/my_dog.json"), "/d/creatures/my_dog.card.png");
}

}  // namespace
}  // namespace cf
