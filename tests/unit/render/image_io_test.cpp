#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/file_io.h"
#include "render/image_io.h"

namespace cf {
namespace {

std::string out_dir() {
  const std::string d = std::string(CF_BINARY_DIR) + "/render_unit_out";
  std::filesystem::create_directories(d);
  return d;
}

TEST(ImageIo, WriteThenLoadRoundTrips) {
  Image img;
  img.width = 8;
  img.height = 4;
  for (int i = 0; i < 32; ++i) img.rgba.insert(img.rgba.end(), {std::uint8_t(i * 7), std::uint8_t(255 - i), 3, 255});
  const std::string path = out_dir() + "/roundtrip.png";
  ASSERT_TRUE(write_png(path, img).ok());
  Result<Image> back = load_png(path);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->width, 8);
  EXPECT_EQ(back->height, 4);
  EXPECT_EQ(back->rgba, img.rgba);
}

TEST(ImageIo, MissingFileNamesTheFile) {
  Result<Image> r = load_png("/nonexistent/dir/skin.png");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().to_string().find("/nonexistent/dir/skin.png"), std::string::npos);
}

TEST(ImageIo, CorruptDataIsAnErrorNotACrash) {
  const std::uint8_t not_png[] = {'h', 'e', 'l', 'l', 'o'};
  Result<Image> a = decode_png(not_png, sizeof not_png, "x.png");
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.error().file, "x.png");
  EXPECT_NE(a.error().message.find("not a PNG"), std::string::npos);
  // A real PNG cut short.
  const std::vector<std::uint8_t> good = encode_png(4, 4, std::vector<std::uint8_t>(64, 200).data());
  ASSERT_FALSE(good.empty());
  Result<Image> b = decode_png(good.data(), good.size() / 2, "cut.png");
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("corrupt PNG"), std::string::npos) << b.error().message;
  EXPECT_FALSE(decode_png(nullptr, 0, "empty.png").ok());
}

// Offset of the first chunk of 'type' in a PNG (its length field), or 0.
std::size_t find_chunk(const std::vector<std::uint8_t>& png, const char* type) {
  for (std::size_t at = 8; at + 8 <= png.size();) {
    const std::size_t len = (std::size_t{png[at]} << 24) | (std::size_t{png[at + 1]} << 16) |
                            (std::size_t{png[at + 2]} << 8) | png[at + 3];
    if (std::equal(type, type + 4, png.begin() + static_cast<std::ptrdiff_t>(at + 4))) return at;
    at += 12 + len;
  }
  return 0;
}

// An IDAT header claiming 1.6 GB in a file of a few dozen bytes is refused by the chunk walk before
// stb_image sees it (stb would first reserve the claimed size).
TEST(ImageIo, ChunkLengthPastTheEndOfTheFileIsRefused) {
  std::vector<std::uint8_t> png = encode_png(2, 2, std::vector<std::uint8_t>(16, 90).data());
  const std::size_t idat = find_chunk(png, "IDAT");
  ASSERT_GT(idat, 0u);
  const std::uint32_t claim = 1600000000u;
  for (int i = 0; i < 4; ++i) png[idat + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(claim >> (24 - 8 * i));
  Result<Image> r = decode_png(png.data(), png.size(), "claims.png");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().file, "claims.png");
  EXPECT_EQ(r.error().field, "chunk 1 (IDAT)");
  EXPECT_NE(r.error().message.find("length 1600000000 is past the end of the file"), std::string::npos)
      << r.error().to_string();
}

TEST(ImageIo, MissingIendAndOddChunkNamesAreReported) {
  std::vector<std::uint8_t> png = encode_png(2, 2, std::vector<std::uint8_t>(16, 90).data());
  const std::size_t iend = find_chunk(png, "IEND");
  ASSERT_GT(iend, 0u);
  std::vector<std::uint8_t> cut(png.begin(), png.begin() + static_cast<std::ptrdiff_t>(iend));
  Result<Image> r = decode_png(cut.data(), cut.size(), "noend.png");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("ends before the IEND chunk"), std::string::npos) << r.error().message;
  // Bytes that are not letters in a chunk type are shown in hex, never raw.
  png[iend + 3] = 0xff;  // the last chunk claims 255 bytes
  png[iend + 4] = 0x01;
  r = decode_png(png.data(), png.size(), "odd.png");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().field.find("(0x01454e44)"), std::string::npos) << r.error().to_string();
  // Trailing bytes after IEND are allowed.
  std::vector<std::uint8_t> good = encode_png(2, 2, std::vector<std::uint8_t>(16, 90).data());
  good.push_back(0);
  EXPECT_TRUE(decode_png(good.data(), good.size(), "trailing.png").ok());
}

TEST(ImageIo, TexturesMustBePowerOfTwo) {
  Image img;
  img.width = 12;
  img.height = 16;
  img.rgba.assign(12 * 16 * 4, 0);
  const Status s = check_texture_image(img, "odd.png");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error.to_string().find("odd.png"), std::string::npos);
  EXPECT_NE(s.error.message.find("powers of two"), std::string::npos);
  const std::string path = out_dir() + "/odd.png";
  ASSERT_TRUE(write_png(path, img).ok());
  EXPECT_FALSE(load_texture_image(path).ok());
}

TEST(ImageIo, PlaceholderIsAMagentaBlackChecker) {
  const Image p = placeholder_image(16, 4);
  ASSERT_TRUE(check_texture_image(p, "").ok());
  EXPECT_EQ(p.rgba[0], 255);
  EXPECT_EQ(p.rgba[1], 0);
  EXPECT_EQ(p.rgba[2], 255);
  const std::size_t cell = 4 * 4;  // pixel (4, 0)
  EXPECT_EQ(p.rgba[cell], 0);
  EXPECT_EQ(p.rgba[cell + 2], 0);
}

TEST(ImageIo, ProjectTexturesLoad) {
  for (const char* name : {"creature_skin", "ground", "fence_wood", "wall_brick", "pipe_metal"}) {
    Result<Image> r = load_texture_image(std::string(CF_ASSETS_DIR) + "/textures/" + name + ".png");
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_EQ(r->width, 64);
  }
}

}  // namespace
}  // namespace cf
