// The project's single stb_image / stb_image_write implementation TU.
#include "render/image_io.h"

#include <limits>

#include "core/file_io.h"

#define STBI_MAX_DIMENSIONS 4096
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

namespace cf {
namespace {

bool is_pow2(int v) { return v > 0 && (v & (v - 1)) == 0; }

void append_bytes(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(context);
  const auto* p = static_cast<const std::uint8_t*>(data);
  out->insert(out->end(), p, p + size);
}

std::uint32_t be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

// A chunk type for a message: its four letters, or hex when they are not letters.
std::string chunk_name(const std::uint8_t* t) {
  std::string s;
  for (int i = 0; i < 4; ++i) {
    if (!((t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= 'a' && t[i] <= 'z'))) {
      static const char kHex[] = "0123456789abcdef";
      s = "0x";
      for (int k = 0; k < 4; ++k) s += {kHex[t[k] >> 4], kHex[t[k] & 15]};
      return s;
    }
    s += static_cast<char>(t[i]);
  }
  return s;
}

// Walks the chunk list up to IEND: every chunk's length must fit in the bytes that follow. stb_image
// trusts the length and reserves that much memory first (a 1.6 GB claim in a 100-byte file).
Status check_png_chunks(const std::uint8_t* data, std::size_t size, const std::string& file) {
  std::size_t at = 8;
  for (int index = 0;; ++index) {
    const std::string where = "chunk " + std::to_string(index);
    if (size - at < 8) return Error{file, where, "corrupt PNG: the file ends before the IEND chunk"};
    const std::uint32_t length = be32(data + at);
    const std::string name = chunk_name(data + at + 4);
    const std::size_t left = size - at - 8;  // bytes after the length and type fields
    if (length > 0x7fffffffu || std::size_t{length} + 4 > left) {  // + 4: the CRC
      return Error{file, where + " (" + name + ")",
                   "corrupt PNG: length " + std::to_string(length) + " is past the end of the file (" +
                       std::to_string(left) + " bytes left)"};
    }
    if (name == "IEND") return {};
    at += 8 + std::size_t{length} + 4;
  }
}

// The checks every decode makes before stb sees the bytes: present, not too large, the signature, and
// every chunk's length within the file.
Status check_png(const std::uint8_t* data, std::size_t size, const std::string& file) {
  if (!data || size == 0) return Error{file, "", "empty file, not a PNG"};
  if (size > static_cast<std::size_t>(std::numeric_limits<int>::max())) return Error{file, "", "file too large"};
  static const std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (size < 8 || std::char_traits<char>::compare(reinterpret_cast<const char*>(data),
                                                  reinterpret_cast<const char*>(kSignature), 8) != 0)
    return Error{file, "", "not a PNG file (bad signature)"};
  return check_png_chunks(data, size, file);
}

Error decode_failed(const std::string& file) {
  const char* why = stbi_failure_reason();
  return Error{file, "", std::string("corrupt PNG: ") + (why ? why : "decode failed")};
}

// stb's w x h x channels samples copied out and its buffer freed.
template <class T>
std::vector<T> take_samples(T* pixels, int w, int h, int channels) {
  std::vector<T> out(pixels, pixels + static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * static_cast<std::size_t>(channels));
  stbi_image_free(pixels);
  return out;
}

}  // namespace

Result<Image> decode_png(const std::uint8_t* data, std::size_t size, const std::string& file) {
  if (Status st = check_png(data, size, file); !st) return st.error;
  int w = 0, h = 0, channels = 0;
  stbi_uc* pixels = stbi_load_from_memory(data, static_cast<int>(size), &w, &h, &channels, 4);
  if (!pixels) return decode_failed(file);
  Image img;
  img.width = w;
  img.height = h;
  img.rgba = take_samples(pixels, w, h, 4);
  return img;
}

Result<GreyImage> decode_grey_png(const std::uint8_t* data, std::size_t size, const std::string& file, int max_side) {
  if (Status st = check_png(data, size, file); !st) return st.error;
  // IHDR comes first (check_png_chunks saw its length fit): width, height, bit depth, colour type.
  if (size < 8 + 8 + 13 || be32(data + 8) != 13 || chunk_name(data + 12) != "IHDR")
    return Error{file, "", "corrupt PNG: no IHDR chunk first"};
  const std::uint32_t w = be32(data + 16), h = be32(data + 20);
  const int depth = data[24], colour = data[25];
  static const char* const kColour[] = {"greyscale", "?", "RGB", "palette", "greyscale with alpha", "?", "RGBA"};
  if (colour != 0 || (depth != 8 && depth != 16))
    return Error{file, "", std::string("must be an 8- or 16-bit greyscale PNG, not ") + std::to_string(depth) + "-bit " +
                               (colour <= 6 ? kColour[colour] : "?")};
  if (w < 1 || h < 1 || w > std::uint32_t(max_side) || h > std::uint32_t(max_side))
    return Error{file, "", std::to_string(w) + " x " + std::to_string(h) + " samples: at most " + std::to_string(max_side) +
                               " a side"};
  int iw = 0, ih = 0, channels = 0;
  stbi_us* pixels = stbi_load_16_from_memory(data, static_cast<int>(size), &iw, &ih, &channels, 1);
  if (!pixels) return decode_failed(file);
  GreyImage img;
  img.width = iw;
  img.height = ih;
  img.bits = depth;
  img.samples = take_samples(pixels, iw, ih, 1);
  return img;
}

Result<GreyImage> load_grey_png(const std::string& path, int max_side) {
  Result<std::string> bytes = read_file(path, 8u << 20);
  if (!bytes) return bytes.error();
  return decode_grey_png(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size(), path, max_side);
}

Result<Image> load_png(const std::string& path) {
  Result<std::string> bytes = read_file(path, 64u << 20);
  if (!bytes) return bytes.error();
  return decode_png(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size(), path);
}

Status check_texture_image(const Image& image, const std::string& file) {
  if (!is_pow2(image.width) || !is_pow2(image.height) || image.width > 1024 || image.height > 1024) {
    return Error{file, "size",
                 "texture is " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                     "; sides must be powers of two from 1 to 1024"};
  }
  if (image.rgba.size() != static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4) {
    return Error{file, "pixels", "pixel data does not match the size"};
  }
  return {};
}

Result<Image> load_texture_image(const std::string& path) {
  Result<Image> img = load_png(path);
  if (!img) return img;
  Status ok = check_texture_image(*img, path);
  if (!ok) return ok.error;
  return img;
}

std::vector<std::uint8_t> encode_png(int w, int h, const std::uint8_t* rgba) {
  std::vector<std::uint8_t> out;
  if (w <= 0 || h <= 0 || !rgba || w > (1 << 15) || h > (1 << 15)) return out;
  if (!stbi_write_png_to_func(append_bytes, &out, w, h, 4, rgba, w * 4)) out.clear();
  return out;
}

Status write_png(const std::string& path, int w, int h, const std::uint8_t* rgba) {
  const std::vector<std::uint8_t> png = encode_png(w, h, rgba);
  if (png.empty()) {
    return Error{path, "", "cannot encode a " + std::to_string(w) + "x" + std::to_string(h) + " PNG"};
  }
  return write_file_atomic(path, std::string(png.begin(), png.end()));
}

Image placeholder_image(int size, int cell) {
  if (!is_pow2(size)) size = 16;
  if (cell <= 0) cell = 4;
  Image img;
  img.width = img.height = size;
  img.rgba.resize(static_cast<std::size_t>(size) * static_cast<std::size_t>(size) * 4);
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const bool magenta = ((x / cell) + (y / cell)) % 2 == 0;
      std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(size) +
                                   static_cast<std::size_t>(x)) * 4];
      p[0] = magenta ? 255 : 0;
      p[1] = 0;
      p[2] = magenta ? 255 : 0;
      p[3] = 255;
    }
  }
  return img;
}

}  // namespace cf
