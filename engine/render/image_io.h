#pragma once
// PNG reading and writing (stb_image / stb_image_write), GL-free so tools and the game's screenshot
// writer can use it. Images are RGBA8, top row first.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace cf {

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4 bytes, top row first
};

// Decodes PNG bytes. 'file' names the source in errors. Images larger than 4096 on a side fail.
Result<Image> decode_png(const std::uint8_t* data, std::size_t size, const std::string& file);
// Reads and decodes a PNG file.
Result<Image> load_png(const std::string& path);
// A PNG that is also a valid texture: power-of-two sides from 1 to 1024.
Result<Image> load_texture_image(const std::string& path);
Status check_texture_image(const Image& image, const std::string& file);

// A greyscale PNG's samples at 16 bits (an 8-bit file's scaled by 257, so 255 reads 65535), top row first:
// heightmaps.
struct GreyImage {
  int width = 0, height = 0;
  int bits = 0;                         // the file's: 8 or 16
  std::vector<std::uint16_t> samples;   // width * height
};
// Decodes an 8- or 16-bit greyscale PNG (colour type 0) of at most max_side samples a side; the size is
// read from its header before anything is decoded. Any other PNG is a one-line error saying what it is.
Result<GreyImage> decode_grey_png(const std::uint8_t* data, std::size_t size, const std::string& file, int max_side);
// Reads one (at most 8 MiB) and decodes it.
Result<GreyImage> load_grey_png(const std::string& path, int max_side);

// Encodes RGBA8 (top row first) as PNG bytes; empty on failure.
std::vector<std::uint8_t> encode_png(int w, int h, const std::uint8_t* rgba);
// Writes a PNG atomically (temporary file + rename).
Status write_png(const std::string& path, int w, int h, const std::uint8_t* rgba);
inline Status write_png(const std::string& path, const Image& image) {
  return write_png(path, image.width, image.height, image.rgba.data());
}

// The texture shown when a PNG is missing or corrupt: a magenta/black checker of 'size' (power of two)
// with 'cell' pixel cells.
Image placeholder_image(int size = 16, int cell = 4);

}  // namespace cf
