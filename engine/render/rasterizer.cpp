// The rasterizer stage: with gl_program.cpp and gl_read_back.cpp, the only render code that includes GL.
#include "render/rasterizer.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "render/draw_ranges.h"
#include "render/frame_settings.h"
#include "render/gl_program.h"
#include "render/gl_read_back.h"
#include "render/texture_atlas.h"

namespace cf {
namespace {

// One vertex as the GPU sees it (converted from ScreenVertex once per frame).
struct GpuVertex {
  float x, y;          // target pixels
  float depth, inv_w;  // window depth, 1 / clip w
  float u, v;
  std::uint8_t r, g, b, a;
  std::uint8_t fog, pad;
  std::uint16_t slot;  // texture + 1 (0 = untextured) + 128 * (CLUT row + 1): the shader's u_rect index
};
static_assert(sizeof(GpuVertex) == 32, "tight vertex layout");

GpuVertex to_gpu(const ScreenVertex& s) {
  constexpr float kInv = 1.0f / static_cast<float>(kSubpixelOne);
  return GpuVertex{static_cast<float>(s.x) * kInv, static_cast<float>(s.y) * kInv, s.depth, s.inv_w, s.u, s.v,
                   s.color.r, s.color.g, s.color.b, s.color.a, s.fog, 0, 0};
}

GpuVertex line_vertex(std::int32_t x, std::int32_t y, Rgba8 c) {
  ScreenVertex s;
  s.x = x;
  s.y = y;
  s.color = c;
  GpuVertex g = to_gpu(s);
  // Lines sit on pixel centres so a one-pixel line covers the pixels it names.
  g.x += 0.5f;
  g.y += 0.5f;
  return g;
}

// A colour texture (+ optional depth renderbuffer) framebuffer, recreated when its size changes.
struct RenderTarget {
  GLuint fbo = 0, color = 0, depth = 0;
  int w = 0, h = 0;
  bool has_depth = false;

  void release() {
    if (depth) glDeleteRenderbuffers(1, &depth);
    if (color) glDeleteTextures(1, &color);
    if (fbo) glDeleteFramebuffers(1, &fbo);
    fbo = color = depth = 0;
    w = h = 0;
  }
  bool ensure(int width, int height, bool want_depth) {
    if (fbo && w == width && h == height && has_depth == want_depth) return true;
    release();
    w = width;
    h = height;
    has_depth = want_depth;
    glGenTextures(1, &color);
    glBindTexture(GL_TEXTURE_2D, color);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color, 0);
    if (want_depth) {
      glGenRenderbuffers(1, &depth);
      glBindRenderbuffer(GL_RENDERBUFFER, depth);
      glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, w, h);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
    }
    return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  }
  bool read(std::vector<std::uint8_t>* rgba, int* out_w, int* out_h) const {
    if (!fbo || !gl_read_rgba(fbo, GL_COLOR_ATTACHMENT0, w, h, rgba)) return false;
    if (out_w) *out_w = w;
    if (out_h) *out_h = h;
    return true;
  }
};

}  // namespace

struct Rasterizer::Impl {
  bool ready = false;
  int max_textures = 64;
  int clipped_run = kClippedRunTriangles;
  Program retro, modern;
  Program look[3];  // the retro path without its dither, its warp, or both; compiled when first asked for
  const Program& retro_program(bool perspective, bool dither) {
    if (!perspective && dither) return retro;
    Program& p = look[perspective ? (dither ? 1 : 2) : 0];
    if (!p.id) {
      GLuint id = 0;
      if (!compile_program(false, perspective, dither, "retro look shader", &id)) return retro;
      p = locate_program(id);
    }
    return p;
  }
  GLuint vao = 0, vbo = 0;
  std::size_t vbo_bytes = 0;
  // Every texture lives in one atlas (render/texture_atlas.h); u_rect[k] is texture k - 1's rectangle,
  // u_rect[0] and every unused entry a white texel (untextured triangles and lines).
  static constexpr int kAtlasSide = 2048;                 // 16 MiB of RGBA8; textures are at most 1024 a side
  static constexpr int kRects = 128;                      // the shader's u_rect[128]: 7 bits of the slot
  GLuint atlas = 0;
  TextureAtlas packer{kAtlasSide};
  AtlasRect white;                                        // a 1x1 white texel's block
  std::vector<AtlasRect> textures;                        // TextureId -> its rectangle; [0] is the placeholder
  std::vector<int> texels;                                // TextureId -> width x height (the budget meter's)
  std::vector<float> rects = std::vector<float>(4 * kRects, 0.0f);  // u_rect, as uploaded
  GLuint cluts = 0;                                       // kClutEntries x kClutRows colour tables, one row each
  RenderTarget target, display;
  std::vector<GpuVertex> staging;  // reused every frame
  std::vector<DrawRange> ranges;   // the frame's draw calls (render/draw_ranges.h), reused every frame
  int batches = 0;                 // texture bindings of the last frame: the atlas once, if anything was drawn
  bool drawn = false;
  int window_w = 0, window_h = 0;  // the last draw's window
  int list_w = 0, list_h = 0;      // and its target's size

  // Clears framebuffer fbo (window-sized) to black and scales the target into its letterbox.
  void present(GLuint fbo) const {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glViewport(0, 0, window_w, window_h);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    const PixelRect r = letterbox(window_w, window_h, list_w, list_h);
    const int y0 = window_h - (r.y + r.h);  // GL's origin is bottom-left
    glBindFramebuffer(GL_READ_FRAMEBUFFER, target.fbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
    glBlitFramebuffer(0, 0, list_w, list_h, r.x, y0, r.x + r.w, y0 + r.h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }

  // Tags each vertex with its texture's rectangle and its colour table, and splits the list into draw
  // calls only around triangles Mesa has to clip.
  void upload(const CommandList& list) {
    staging.clear();
    staging.reserve(list.triangles.size() * 3 + list.lines.size() * 2);
    for (const ScreenTriangle& t : list.triangles) {
      const int slot = texture_slot(t.texture);
      const int row = t.clut >= 0 && t.clut < kClutRows && slot > 0 ? t.clut + 1 : 0;
      for (const ScreenVertex& v : t.v) {
        staging.push_back(to_gpu(v));
        staging.back().slot = static_cast<std::uint16_t>(slot + kRects * row);
      }
    }
    ranges.clear();
    split_for_clipping(list.triangles.data(), 0, static_cast<int>(list.triangles.size()), list.width, list.height,
                       list.modern || list.perspective, clipped_run, &ranges);
    batches = list.triangles.empty() ? 0 : 1;
    for (const ScreenLine& l : list.lines) {
      staging.push_back(line_vertex(l.x0, l.y0, l.color));
      staging.push_back(line_vertex(l.x1, l.y1, l.color));
    }
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    const std::size_t bytes = staging.size() * sizeof(GpuVertex);
    if (bytes > vbo_bytes) {
      vbo_bytes = bytes * 2;
      glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vbo_bytes), nullptr, GL_STREAM_DRAW);
    }
    if (bytes) glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), staging.data());
  }

  // u_rect's index for a texture: 0 untextured, an unknown id the placeholder's.
  int texture_slot(TextureId id) const {
    if (!id.valid()) return 0;
    if (static_cast<std::size_t>(id.index) >= textures.size()) return 1;
    return id.index + 1;
  }

  void set_rect(int k, const AtlasRect& r) {
    float* e = &rects[static_cast<std::size_t>(4 * k)];
    e[0] = static_cast<float>(r.x);
    e[1] = static_cast<float>(r.y);
    e[2] = static_cast<float>(r.w);
    e[3] = static_cast<float>(r.h);
  }

  void write_atlas(const AtlasRect& r, const Image& image) const {
    glBindTexture(GL_TEXTURE_2D, atlas);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, r.x, r.y, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
    glBindTexture(GL_TEXTURE_2D, 0);
  }

  // Draws the list into the bound target: triangles in list order, the atlas bound once, one draw call
  // per range (short ones around triangles Mesa has to clip).
  void draw_primitives(const CommandList& list, const Program& p) {
    glUseProgram(p.id);
    glUniform2f(p.target, static_cast<float>(list.width), static_cast<float>(list.height));
    glUniform4fv(p.rect, kRects, rects.data());
    glUniform3f(p.fog_color, list.fog_color.r / 255.0f, list.fog_color.g / 255.0f, list.fog_color.b / 255.0f);
    glUniform1i(p.atlas, 0);
    glUniform1i(p.clut, 1);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, cluts);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, atlas);
    glBindVertexArray(vao);
    for (const DrawRange& r : ranges) glDrawArrays(GL_TRIANGLES, r.first * 3, r.count * 3);
    glActiveTexture(GL_TEXTURE0);
    if (!list.lines.empty()) {  // slot 0: untextured
      glDisable(GL_DEPTH_TEST);
      glDrawArrays(GL_LINES, static_cast<GLint>(list.triangles.size() * 3),
                   static_cast<GLsizei>(list.lines.size() * 2));
    }
    glBindVertexArray(0);
  }
};

Rasterizer::Rasterizer() : impl_(std::make_unique<Impl>()) {}
Rasterizer::~Rasterizer() { shutdown(); }
bool Rasterizer::initialized() const { return impl_->ready; }

Status Rasterizer::init(const RasterizerDesc& desc) {
  Impl& im = *impl_;
  if (im.ready) return {};
  im.max_textures = std::min(desc.max_textures > 0 ? desc.max_textures : 64, Impl::kRects - 1);
  im.clipped_run = desc.clipped_run_triangles > 0 ? desc.clipped_run_triangles : kClippedRunTriangles;
  GLuint retro = 0, modern = 0;
  Status s = compile_program(false, false, true, "retro shader", &retro);
  if (!s) return s;
  s = compile_program(true, true, false, "modern shader", &modern);
  if (!s) {
    glDeleteProgram(retro);
    return s;
  }
  im.retro = locate_program(retro);
  im.modern = locate_program(modern);
  glGenVertexArrays(1, &im.vao);
  glGenBuffers(1, &im.vbo);
  glBindVertexArray(im.vao);
  glBindBuffer(GL_ARRAY_BUFFER, im.vbo);
  const auto stride = static_cast<GLsizei>(sizeof(GpuVertex));
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(GpuVertex, x)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(GpuVertex, depth)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(GpuVertex, u)));
  glEnableVertexAttribArray(3);
  glVertexAttribPointer(3, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(offsetof(GpuVertex, r)));
  glEnableVertexAttribArray(4);
  glVertexAttribPointer(4, 1, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(offsetof(GpuVertex, fog)));
  glEnableVertexAttribArray(5);
  glVertexAttribPointer(5, 1, GL_UNSIGNED_SHORT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(GpuVertex, slot)));
  glBindVertexArray(0);
  {
    const std::vector<std::uint8_t> zero(static_cast<std::size_t>(kClutEntries) * kClutRows * 4, 0);
    glGenTextures(1, &im.cluts);
    glBindTexture(GL_TEXTURE_2D, im.cluts);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kClutEntries, kClutRows, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
  }
  {
    glGenTextures(1, &im.atlas);
    glBindTexture(GL_TEXTURE_2D, im.atlas);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, Impl::kAtlasSide, Impl::kAtlasSide, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    im.packer.clear();
    Image white;
    white.width = white.height = 1;
    white.rgba.assign(4, 255);
    im.packer.allocate(1, 1, &im.white);
    im.write_atlas(im.white, white);
    for (int k = 0; k < Impl::kRects; ++k) im.set_rect(k, im.white);
  }
  im.ready = true;
  im.textures.clear();
  im.texels.clear();
  if (create_texture(placeholder_image()) != TextureId{0}) {
    shutdown();
    return Error{"", "placeholder texture", "cannot create the placeholder texture"};
  }
  if (glGetError() != GL_NO_ERROR) {
    shutdown();
    return Error{"", "", "OpenGL error while creating the rasterizer"};
  }
  return {};
}

void Rasterizer::shutdown() {
  Impl& im = *impl_;
  if (!im.ready) return;
  glDeleteTextures(1, &im.atlas);
  im.atlas = 0;
  im.packer.clear();
  im.textures.clear();
  im.texels.clear();
  glDeleteTextures(1, &im.cluts);
  im.cluts = 0;
  im.target.release();
  im.display.release();
  glDeleteBuffers(1, &im.vbo);
  glDeleteVertexArrays(1, &im.vao);
  glDeleteProgram(im.retro.id);
  glDeleteProgram(im.modern.id);
  for (Program& p : im.look) {
    if (p.id) glDeleteProgram(p.id);
    p = Program{};
  }
  im.vbo = im.vao = 0;
  im.vbo_bytes = 0;
  im.drawn = false;
  im.ready = false;
}

TextureId Rasterizer::create_texture(const Image& image) {
  Impl& im = *impl_;
  AtlasRect r;
  if (!im.ready || !check_texture_image(image, "") ||
      im.textures.size() >= static_cast<std::size_t>(im.max_textures) || !im.packer.allocate(image.width, image.height, &r)) {
    return kNoTexture;
  }
  im.write_atlas(r, image);
  im.textures.push_back(r);
  im.texels.push_back(image.width * image.height);
  im.set_rect(static_cast<int>(im.textures.size()), r);
  return TextureId{static_cast<std::int32_t>(im.textures.size() - 1)};
}

bool Rasterizer::update_texture(TextureId id, const Image& image) {
  Impl& im = *impl_;
  // Slot 0 is the placeholder: never replaced.
  if (!im.ready || id.index <= 0 || static_cast<std::size_t>(id.index) >= im.textures.size() ||
      !check_texture_image(image, "")) {
    return false;
  }
  AtlasRect& r = im.textures[static_cast<std::size_t>(id.index)];
  if (image.width != r.w || image.height != r.h) {  // a new size: a new block, the old one freed
    AtlasRect fresh;
    if (im.packer.allocate(image.width, image.height, &fresh)) {
      im.packer.release(r);
    } else {
      im.packer.release(r);  // room only where the old one was
      if (!im.packer.allocate(image.width, image.height, &fresh)) {
        im.packer.allocate(r.w, r.h, &r);  // its old pixels may be elsewhere now: it shows the placeholder
        im.set_rect(id.index + 1, im.textures[0]);
        return false;
      }
    }
    r = fresh;
  }
  im.write_atlas(r, image);
  im.texels[static_cast<std::size_t>(id.index)] = image.width * image.height;
  im.set_rect(id.index + 1, r);
  return true;
}

const std::vector<int>& Rasterizer::texture_texels() const { return impl_->texels; }

bool Rasterizer::set_clut(int row, const Rgba8* colours, int count) {
  Impl& im = *impl_;
  if (!im.ready || row < 0 || row >= kClutRows || count < 0 || count > kClutEntries || !colours) return false;
  static_assert(sizeof(Rgba8) == 4, "Rgba8 is the texel layout");
  glBindTexture(GL_TEXTURE_2D, im.cluts);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  if (count > 0) glTexSubImage2D(GL_TEXTURE_2D, 0, 0, row, count, 1, GL_RGBA, GL_UNSIGNED_BYTE, colours);
  glBindTexture(GL_TEXTURE_2D, 0);
  return true;
}

bool Rasterizer::read_back_window(int w, int h, std::vector<std::uint8_t>* rgba) const {
  return impl_->ready && gl_read_rgba(0, GL_BACK, w, h, rgba);
}

TextureId Rasterizer::placeholder_texture() const { return impl_->ready ? TextureId{0} : kNoTexture; }

TextureId Rasterizer::load_texture(const std::string& path, Error* error) {
  Result<Image> img = load_texture_image(path);
  if (!img) {
    if (error) *error = img.error();
    return placeholder_texture();
  }
  const TextureId id = create_texture(*img);
  if (id == kNoTexture) {
    if (error) *error = Error{path, "", "texture table full or rasterizer not initialised"};
    return placeholder_texture();
  }
  return id;
}

void Rasterizer::draw(const CommandList& list, int window_w, int window_h) {
  Impl& im = *impl_;
  if (!im.ready || window_w <= 0 || window_h <= 0 || list.width <= 0 || list.height <= 0) return;
  // 1. The target: the list's own resolution.
  if (!im.target.ensure(list.width, list.height, list.modern)) return;
  glBindFramebuffer(GL_FRAMEBUFFER, im.target.fbo);
  glViewport(0, 0, list.width, list.height);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  const Rgba8 c = list.clear_color;
  // The clear colour is reduced to 15 bits like everything else on the retro path.
  const float q = list.modern ? 1.0f : 8.0f;
  auto reduce = [q](std::uint8_t v) { return static_cast<float>(static_cast<int>(v / q) * q) / 255.0f; };
  glClearColor(reduce(c.r), reduce(c.g), reduce(c.b), 1.0f);
  if (list.modern) {
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  } else {
    glDisable(GL_DEPTH_TEST);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  im.upload(list);
  im.draw_primitives(list, list.modern ? im.modern : im.retro_program(list.perspective, list.dither));
  glDisable(GL_DEPTH_TEST);
  im.list_w = list.width;
  im.list_h = list.height;
  // 2. Present: black bars and the target scaled with nearest filtering into the letterbox, straight into
  // the window's back buffer (one window-sized pass; llvmpipe pays for every one). read_back rebuilds the
  // same picture off screen only when asked.
  im.window_w = window_w;
  im.window_h = window_h;
  im.present(0);
  im.drawn = true;
}

bool Rasterizer::read_back(std::vector<std::uint8_t>* rgba, int* w, int* h) const {
  if (!impl_->ready || !impl_->drawn) return false;
  if (!impl_->display.ensure(impl_->window_w, impl_->window_h, false)) return false;
  impl_->present(impl_->display.fbo);  // the displayed frame again, the same blit, off screen
  const bool ok = impl_->display.read(rgba, w, h);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return ok;
}

int Rasterizer::draw_calls() const { return static_cast<int>(impl_->ranges.size()); }
int Rasterizer::texture_batches() const { return impl_->batches; }

bool Rasterizer::read_back_target(std::vector<std::uint8_t>* rgba, int* w, int* h) const {
  if (!impl_->ready || !impl_->drawn) return false;
  const bool ok = impl_->target.read(rgba, w, h);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return ok;
}

}  // namespace cf
