#include "creature/creature_card.h"

#include <png.h>
#include <zlib.h>

#include <cstdio>
#include <cstring>

namespace cf {

namespace {

// libpng reports through these; an error longjmps back to the setjmp in run_read / run_write.
struct PngCtx {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0, pos = 0;
  std::vector<std::uint8_t>* out = nullptr;
  char error[160] = {};
  char warning[160] = {};
};

void on_error(png_structp png, png_const_charp msg) {
  auto* ctx = static_cast<PngCtx*>(png_get_error_ptr(png));
  std::snprintf(ctx->error, sizeof ctx->error, "%s", msg);
  png_longjmp(png, 1);
}

void on_warning(png_structp png, png_const_charp msg) {
  auto* ctx = static_cast<PngCtx*>(png_get_error_ptr(png));
  if (!ctx->warning[0]) std::snprintf(ctx->warning, sizeof ctx->warning, "%s", msg);
}

void read_bytes(png_structp png, png_bytep to, std::size_t n) {
  auto* ctx = static_cast<PngCtx*>(png_get_io_ptr(png));
  if (n > ctx->size - ctx->pos) png_error(png, "the file ends early (truncated)");
  std::memcpy(to, ctx->data + ctx->pos, n);
  ctx->pos += n;
}

void write_bytes(png_structp png, png_bytep from, std::size_t n) {
  auto* ctx = static_cast<PngCtx*>(png_get_io_ptr(png));
  ctx->out->insert(ctx->out->end(), from, from + n);
}

void flush_nothing(png_structp) {}

std::string checksum_line(const std::string& text) {
  const auto crc = crc32(0L, reinterpret_cast<const Bytef*>(text.data()), static_cast<uInt>(text.size()));
  char line[32];
  std::snprintf(line, sizeof line, "crc32 %08lx\n", static_cast<unsigned long>(crc));
  return line;
}

// Finds the card's chunk among the text chunks libpng has read so far.
bool find_chunk(png_structp png, png_infop info, std::string* out) {
  png_textp text = nullptr;
  int n = 0;
  png_get_text(png, info, &text, &n);
  for (int i = 0; i < n; ++i) {
    if (std::strcmp(text[i].key, kCardKeyword) != 0) continue;
    const std::size_t len = text[i].compression >= PNG_ITXT_COMPRESSION_NONE ? text[i].itxt_length : text[i].text_length;
    out->assign(text[i].text, len);
    return true;
  }
  return false;
}

struct ReadOut {
  std::string chunk;
  bool found = false;
  CardPicture* picture = nullptr;
  std::vector<std::uint8_t> pixels;  // when no picture was asked for: read to reach the chunks after it
  std::vector<png_bytep> rows;
};

// No object with a destructor lives in this frame, so the longjmp of an error skips none.
int run_read(png_structp png, png_infop info, png_infop end, ReadOut* out) {
  if (setjmp(png_jmpbuf(png))) return 1;
  png_read_info(png, info);
  out->found = find_chunk(png, info, &out->chunk);
  if (out->found && !out->picture) return 0;  // the data is all that was asked for
  png_uint_32 w = 0, h = 0;
  int depth = 0, colour = 0, interlace = 0;
  png_get_IHDR(png, info, &w, &h, &depth, &colour, &interlace, nullptr, nullptr);
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  CardPicture* pic = out->picture;
  std::vector<std::uint8_t>& pixels = pic ? pic->rgba : out->pixels;
  pixels.assign(static_cast<std::size_t>(w) * h * 4, 0);
  out->rows.resize(h);
  for (png_uint_32 y = 0; y < h; ++y) out->rows[y] = pixels.data() + static_cast<std::size_t>(y) * w * 4;
  png_read_image(png, out->rows.data());
  png_read_end(png, end);
  if (pic) pic->width = static_cast<int>(w), pic->height = static_cast<int>(h);
  if (!out->found) out->found = find_chunk(png, end, &out->chunk);
  return 0;
}

int run_write(png_structp png, png_infop info, int w, int h, const std::uint8_t* rgba, png_textp text,
              std::vector<png_bytep>* rows) {
  if (setjmp(png_jmpbuf(png))) return 1;
  png_set_IHDR(png, info, static_cast<png_uint_32>(w), static_cast<png_uint_32>(h), 8, PNG_COLOR_TYPE_RGBA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_text(png, info, text, 1);  // before the pixels, so a reader finds it without decoding them
  png_write_info(png, info);
  rows->resize(static_cast<std::size_t>(h));
  for (int y = 0; y < h; ++y) (*rows)[static_cast<std::size_t>(y)] = const_cast<png_bytep>(rgba + static_cast<std::size_t>(y) * w * 4);
  png_write_image(png, rows->data());
  png_write_end(png, nullptr);
  return 0;
}

// libpng allocates a chunk's declared length before reading it, so a header claiming gigabytes costs
// gigabytes; the whole file is in memory, so every declared length is checked against what is left.
bool chunk_past_end(const std::uint8_t* data, std::size_t size, char (&type)[5], std::uint32_t* length) {
  std::size_t pos = 8;
  // A header needs only its 8 bytes for libpng to allocate the length it declares, so a header in the
  // last 8..11 bytes counts too.
  while (size - pos >= 8) {
    const std::uint32_t n = (std::uint32_t{data[pos]} << 24) | (std::uint32_t{data[pos + 1]} << 16) |
                            (std::uint32_t{data[pos + 2]} << 8) | std::uint32_t{data[pos + 3]};
    for (int i = 0; i < 4; ++i) {
      const std::uint8_t c = data[pos + 4 + i];
      type[i] = (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
    }
    type[4] = 0;
    if (n > size - pos - 8) {
      *length = n;
      return true;
    }
    if (std::memcmp(data + pos + 4, "IEND", 4) == 0) return false;
    if (std::size_t{n} + 12 > size - pos) return false;  // only the CRC is cut: libpng reports it truncated
    pos += 12 + std::size_t{n};
  }
  return false;  // a cut header is libpng's to report as truncated
}

// Bytes a compressed chunk body inflates to, counted up to 'limit' + 1 (and never kept): libpng would
// inflate each text chunk whole, so their sum is checked before libpng sees the file.
std::size_t inflated_size(const std::uint8_t* data, std::size_t size, std::size_t limit) {
  z_stream z{};
  if (inflateInit(&z) != Z_OK) return limit + 1;
  std::uint8_t scratch[16384];
  z.next_in = const_cast<Bytef*>(data);
  z.avail_in = static_cast<uInt>(size);
  std::size_t out = 0;
  for (;;) {
    z.next_out = scratch;
    z.avail_out = sizeof scratch;
    const int r = inflate(&z, Z_NO_FLUSH);
    out += sizeof scratch - z.avail_out;
    if (r != Z_OK || out > limit) break;  // the end, damage (libpng says which) or over the budget
    if (z.avail_in == 0 && z.avail_out != 0) break;
  }
  inflateEnd(&z);
  return out;
}

// Counts text chunks (tEXt, zTXt, iTXt, and iCCP, also inflated by libpng) and the other chunks
// besides the pixels, and the bytes all the text inflates to: "" when within the budget, else why not.
std::string over_budget(const std::uint8_t* data, std::size_t size) {
  std::size_t pos = 8, text = 0;
  int text_chunks = 0, extra = 0;
  while (size - pos >= 12) {
    const std::uint32_t n = (std::uint32_t{data[pos]} << 24) | (std::uint32_t{data[pos + 1]} << 16) |
                            (std::uint32_t{data[pos + 2]} << 8) | std::uint32_t{data[pos + 3]};
    if (n > size - pos - 12) break;  // chunk_past_end and libpng report it
    const char* type = reinterpret_cast<const char*>(data + pos + 4);
    const std::uint8_t* body = data + pos + 8;
    if (std::memcmp(type, "IEND", 4) == 0) break;
    const bool is_text = std::memcmp(type, "tEXt", 4) == 0 || std::memcmp(type, "zTXt", 4) == 0 ||
                         std::memcmp(type, "iTXt", 4) == 0 || std::memcmp(type, "iCCP", 4) == 0;
    if (is_text) {
      if (++text_chunks > kMaxCardTextChunks)
        return "more than " + std::to_string(kMaxCardTextChunks) + " text chunks";
      // Where the compressed part starts, if the chunk is compressed: after "keyword\0method" (zTXt,
      // iCCP) or "keyword\0flag method lang\0 key\0" (iTXt with its flag set).
      const std::uint8_t* nul = static_cast<const std::uint8_t*>(std::memchr(body, 0, n));
      std::size_t at = nul ? static_cast<std::size_t>(nul - body) + 1 : n;
      bool compressed = false;
      if (std::memcmp(type, "zTXt", 4) == 0 || std::memcmp(type, "iCCP", 4) == 0) {
        compressed = true;
        at += 1;
      } else if (std::memcmp(type, "iTXt", 4) == 0) {
        compressed = at < n && body[at] != 0;
        at += 2;
        for (int k = 0; k < 2 && at < n; ++k) {
          const void* z = std::memchr(body + at, 0, n - at);
          at = z ? static_cast<std::size_t>(static_cast<const std::uint8_t*>(z) - body) + 1 : n;
        }
      }
      if (at > n) at = n;
      const std::size_t left = kMaxCardText - text;
      text += compressed ? inflated_size(body + at, n - at, left) : n - at;
      if (text > kMaxCardText) return "its text chunks inflate past 1 MiB in all";
    } else if (std::memcmp(type, "IDAT", 4) != 0 && ++extra > kMaxCardExtraChunks) {
      return "more than " + std::to_string(kMaxCardExtraChunks) + " chunks besides its pixels";
    }
    pos += 12 + std::size_t{n};
  }
  return "";
}

}  // namespace

bool looks_like_png(const std::uint8_t* data, std::size_t size) {
  return size >= 8 && png_sig_cmp(data, 0, 8) == 0;
}

Result<std::vector<std::uint8_t>> encode_card(int w, int h, const std::uint8_t* rgba, const std::string& creature_text) {
  if (w <= 0 || h <= 0 || w > kMaxCardSide || h > kMaxCardSide) return Error{"", "card", "the picture has no size"};
  std::vector<std::uint8_t> bytes;
  PngCtx ctx;
  ctx.out = &bytes;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
  if (!png) return Error{"", "card", "libpng could not start"};
  png_infop info = png_create_info_struct(png);
  std::string body = checksum_line(creature_text) + creature_text;
  std::string key = kCardKeyword, lang, lang_key;
  png_text text{};
  text.compression = PNG_ITXT_COMPRESSION_zTXt;
  text.key = key.data();
  text.text = body.data();
  text.itxt_length = body.size();
  text.lang = lang.data();
  text.lang_key = lang_key.data();
  std::vector<png_bytep> rows;
  png_set_write_fn(png, &ctx, write_bytes, flush_nothing);
  const int failed = info ? run_write(png, info, w, h, rgba, &text, &rows) : 1;
  png_destroy_write_struct(&png, &info);
  if (failed) return Error{"", "card", std::string("cannot encode the card: ") + ctx.error};
  return bytes;
}

Result<std::string> decode_card(const std::uint8_t* data, std::size_t size, const std::string& file,
                                CardPicture* picture) {
  if (!looks_like_png(data, size)) return Error{file, "", "not a PNG file"};
  char type[5];
  std::uint32_t declared = 0;
  if (chunk_past_end(data, size, type, &declared))
    return Error{file, "", std::string("damaged PNG: its ") + type + " chunk claims " + std::to_string(declared) +
                               " bytes, more than the file holds (truncated or corrupt)"};
  if (const std::string why = over_budget(data, size); !why.empty())
    return Error{file, "", "not a creature card: " + why + " (a card holds one creature file of a few KB)"};
  PngCtx ctx;
  ctx.data = data;
  ctx.size = size;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
  if (!png) return Error{file, "", "libpng could not start"};
  png_infop info = png_create_info_struct(png);
  png_infop end = png_create_info_struct(png);
  png_set_user_limits(png, kMaxCardSide, kMaxCardSide);
  png_set_chunk_cache_max(png, kMaxCardTextChunks + kMaxCardExtraChunks);
  png_set_chunk_malloc_max(png, kMaxCardText + 4096);  // also bounds what a compressed chunk inflates to
  png_set_read_fn(png, &ctx, read_bytes);
  ReadOut out;
  out.picture = picture;
  const int failed = info && end ? run_read(png, info, end, &out) : 1;
  png_destroy_read_struct(&png, &info, &end);
  if (failed) return Error{file, "", std::string("damaged PNG: ") + (ctx.error[0] ? ctx.error : "libpng failed")};
  if (!out.found) {
    const std::string w = ctx.warning;
    if (w.rfind("iTXt", 0) == 0 || w.rfind("zTXt", 0) == 0 || w.rfind("tEXt", 0) == 0)  // libpng dropped it
      return Error{file, "", "not a creature card: its text chunk inflates past 1 MiB or is damaged (libpng: " + w + ")"};
    return Error{file, "", std::string("not a creature card: no ") + kCardKeyword + " text chunk"};
  }
  const std::size_t nl = out.chunk.find('\n');
  if (nl == std::string::npos || out.chunk.compare(0, 6, "crc32 ") != 0)
    return Error{file, kCardKeyword, "the chunk has no checksum line"};
  std::string text = out.chunk.substr(nl + 1);
  if (checksum_line(text) != out.chunk.substr(0, nl + 1))
    return Error{file, kCardKeyword, "wrong checksum: the creature in the card is damaged"};
  return text;
}

Result<std::string> creature_text_of(const std::string& bytes, const std::string& file) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  if (!looks_like_png(data, bytes.size())) return bytes;
  return decode_card(data, bytes.size(), file);
}

std::string card_path_beside(const std::string& json_path) {
  const std::string stem = json_path.size() > 5 && json_path.compare(json_path.size() - 5, 5, ".json") == 0
                               ? json_path.substr(0, json_path.size() - 5)
                               : json_path;
  return stem + ".card.png";
}

}  // namespace cf
